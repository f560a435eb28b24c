"""Small readers for the values inside header tags, shared by both games' bridges."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from enum import Enum
from typing import Any, Final

from meridina.rules.common import Place, Problem
from meridina.rules.numbers import number_fault, read_number

from .suggest import TAG_CUTOFF, nearest
from .text import GameText, Tag

TAG_RULE: Final = "REC-2"

# Tags every game knows; each game adds its own.
COMMON_TAGS = ("Game", "Event", "Site", "Date", "Round", "Players", "Board", "Rulings", "Result")

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
        number = read_number(words[-1]) if words else None
        name = " ".join(words[:-1]) if number is not None else text
        result.append((name, number, at))
    return result


def read_result(
    tag: Tag | None, problems: list[Problem]
) -> dict[str, tuple[int, Place | None]] | None:
    """The points a Result tag states, by player name or colour; None when it states none."""
    if tag is None or tag.value.strip() in ("", "*"):
        return None
    result: dict[str, tuple[int, Place | None]] = {}
    for name, points, at in scores(tag):
        if points is None:
            last = name.split()[-1] if name.split() else ""
            usual = f"{name!r}: a result reads 'name points' or 'colour points'"
            problems.append(Problem(TAG_RULE, number_fault(last, usual), at))
        else:
            result[name] = (points, at)
    return result


def read_rulings(
    tag: Tag | None, names: Mapping[str, type], problems: list[Problem]
) -> dict[str, Any]:
    """``name=value`` pairs of a Rulings tag, as keyword arguments of the game's Rulings.

    ``names`` maps each ruling to its type: an Enum of the allowed values, or int.
    """
    chosen: dict[str, Any] = {}
    if tag is None:
        return chosen
    for text, at in parts(tag):
        name, _, value = (piece.strip().lower() for piece in text.partition("="))
        kind = names.get(name)
        if kind is None:
            known = ", ".join(names)
            problems.append(Problem(TAG_RULE, f"unknown ruling {name!r} (known: {known})", at))
            continue
        try:
            chosen[name.replace("-", "_")] = _ruling_value(kind, value)
        except ValueError:
            allowed = (
                ", ".join(str(m.value) for m in kind) if issubclass(kind, Enum) else "a number"
            )
            problems.append(Problem(TAG_RULE, f"ruling {name} takes one of: {allowed}", at))
    return chosen


def read_tag_names(game: GameText, known: Sequence[str], problems: list[Problem]) -> GameText:
    """Warn of unknown tags that are close to a known one (a warning names the one meant).

    A misspelt tag stands for the tag it probably means when the game lacks that tag,
    so ``[Player "..."]`` is read as ``[Players "..."]``; the game is returned so.
    """
    present = {tag.name.lower() for tag in game.tags}
    known_names = {name.lower() for name in known}
    renamed: dict[int, Tag] = {}
    for index, tag in enumerate(game.tags):
        if tag.name.lower() in known_names:
            continue
        meant = nearest(tag.name, known, TAG_CUTOFF)
        if meant is None:
            continue
        if meant.lower() in present:
            message = f"unknown tag [{tag.name}]; did you mean [{meant}]?"
        else:
            present.add(meant.lower())
            renamed[index] = replace(tag, name=meant)
            message = f"unknown tag [{tag.name}]: read as [{meant}], which it probably means"
        problems.append(Problem(TAG_RULE, message, tag.at, warning=True))
    if not renamed:
        return game
    tags = tuple(renamed.get(index, tag) for index, tag in enumerate(game.tags))
    return replace(game, tags=tags)


def _ruling_value(kind: type, value: str) -> Any:
    """An Enum member, or a bounded number of ASCII digits; ValueError when neither."""
    if kind is int:
        number = read_number(value)
        if number is None:
            raise ValueError(value)
        return number
    return kind(value)
