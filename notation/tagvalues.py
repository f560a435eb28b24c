"""Small readers for the values inside header tags, shared by both games' bridges."""

from __future__ import annotations

import re

from meridina.rules.common import Place

from .text import Tag

TAG_RULE = "REC-2"

_PART = re.compile(r"[^;,]+")


def parts(tag: Tag, separators: str = ";,") -> list[tuple[str, Place]]:
    """Split a tag value at separators, each part with its place in the file."""
    pattern = _PART if separators == ";," else re.compile(rf"[^{re.escape(separators)}]+")
    found = []
    for match in pattern.finditer(tag.value):
        text = match.group(0)
        stripped = text.strip()
        if stripped:
            lead = len(text) - len(text.lstrip())
            found.append((stripped, shift(tag.value_at, 1 + match.start() + lead)))
    return found


def shift(at: Place, columns: int) -> Place:
    return Place(at.line, at.col + columns)


def scores(tag: Tag) -> list[tuple[str, int | None, Place]]:
    """``orange 14; Ben 11`` -> [(name, points or None if unreadable, place)]."""
    result = []
    for text, at in parts(tag):
        words = text.split()
        number = int(words[-1]) if words and words[-1].isdigit() else None
        name = " ".join(words[:-1]) if number is not None else text
        result.append((name, number, at))
    return result
