"""The words of a turn's body, split with the grammar's own terminals.

A TURN token joins its words with runs of separators only, so a body is split on those and
each run between them is read word by word, as Lark's lexer reads it. The readings of short
texts are kept: the same few runs make up most turns, and in Meridian whole bodies recur too.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final

from .grammar import turn_separator, turn_words
from .kept import kept_by_text

Words = tuple[tuple[str, str, int], ...]  # kind, text and offset of each word

_KINDS = {"WORD": "word", "NUMBER": "number", "PLACE": "place", "KEY": "key"}


def _plain_parts(body: str) -> tuple[str, ...] | None:
    """``body.split(" ")`` when every part of it is one or more words; else None.

    A part holding any other separator is not plain here: ``body_words`` then splits the
    body on every separator. Each part is read through a bounded cache, without a word made.
    """
    if not splits_on_space():
        return None
    parts = body.split(" ")
    return tuple(parts) if all(map(pieces, filter(None, parts))) else None


def _body_words(body: str) -> Words | None:
    """The words of a turn's body: kind, text and offset; None when it is not plain."""
    found: list[tuple[str, str, int]] = []
    offset = 0
    parts = _separators().split(body) if _other_separators().search(body) else None
    if parts is None:
        for part in body.split(" "):
            if part and not _add_pieces(part, offset, found):
                return None
            offset += len(part) + 1
        return tuple(found)
    is_piece = True  # the split alternates pieces and the separators between them
    for part in parts:
        if is_piece and part and not _add_pieces(part, offset, found):
            return None
        offset += len(part)
        is_piece = not is_piece
    return tuple(found)


def _add_pieces(part: str, offset: int, found: list[tuple[str, str, int]]) -> bool:
    """Add the words of ``part``, found at ``offset`` in its body; False when not plain."""
    run = pieces(part)
    if run is None:
        return False
    for kind, text, at in run:
        found.append((kind, text, offset + at))
    return True


@lru_cache(maxsize=1)
def _separators() -> re.Pattern[str]:
    """The runs between a turn's words, kept by ``split``."""
    return re.compile(f"({turn_separator()})")


@lru_cache(maxsize=1)
def splits_on_space() -> bool:
    """Whether spaces, alone or in runs, separate a turn's words."""
    return _other_separators().pattern != "."


@lru_cache(maxsize=1)
def _other_separators() -> re.Pattern[str]:
    """A character a separator run takes besides a space (any character, without a space):
    a body without them is split by ``str.split(" ")``."""
    separator = turn_separator()
    chars = [chr(code) for code in range(128) if re.fullmatch(separator, chr(code))]
    if " " not in chars or re.fullmatch(separator, "  ") is None:
        return re.compile(".", re.DOTALL)  # a space alone does not separate words
    return re.compile("|".join(re.escape(char) for char in chars if char != " "))


def _pieces(piece: str) -> Words | None:
    """The words of one run of a turn between separators: kind, text and offset in the run.

    None when the run holds a character no word takes, or a separator; the turn then goes
    to the full parse. Empty for an empty run.
    """
    found = []
    for word in turn_words().finditer(piece):
        kind = word.lastgroup
        if kind is None or kind not in _KINDS:
            return None
        text = word.group()
        found.append((_KINDS[kind], text[:-1] if kind == "KEY" else text, word.start()))
    return tuple(found)


KEPT: Final = 4096  # bodies, and runs of words, whose reading is kept
plain_parts = kept_by_text(_plain_parts, KEPT)
body_words = kept_by_text(_body_words, KEPT)
pieces = kept_by_text(_pieces, KEPT)
