"""Small readers for the values inside header tags, shared by both games' bridges.

The same tag values come back game after game (the same players, rulings and results
in a file of many games), so what a value says is worked out once and kept by its text,
as immutable values with each part's place as a column offset; every game still gets
places of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import lru_cache
from typing import TypeVar

from meridina.rules.common import Fix, Place, Problem
from meridina.rules.numbers import number_fault, read_number

from . import kept
from .slips import tag_fault
from .suggest import TAG_CUTOFF, nearest, sure_match
from .text import GameText, Tag

# Tags every game knows; each game adds its own.
COMMON_TAGS = ("Game", "Event", "Site", "Date", "Round", "Players", "Board", "Rulings", "Result")

# A value longer than this is read afresh every time: the caches hold short texts only.
LONGEST_KEPT = 512
KEPT_VALUES = 256

T = TypeVar("T")

# A part of a tag value: its text, stripped, and the column offset of its place from the
# value's place.
Part = tuple[str, int]


def kept_by_text(read: Callable[[str], T], size: int = KEPT_VALUES) -> Callable[[str], T]:
    """``read``, whose results for tag values up to ``LONGEST_KEPT`` long are kept."""
    return kept.kept_by_text(read, size, LONGEST_KEPT)


def _splitter(separators: str) -> Callable[[str], tuple[Part, ...]]:
    """A reader of the parts between any of ``separators`` (single characters)."""
    first, others = separators[0], separators[1:]

    def split(value: str) -> tuple[Part, ...]:
        for other in others:
            value = value.replace(other, first)  # one character for another: columns stay
        found = []
        offset = 1  # the value's place is the column before its first character
        for piece in value.split(first):
            stripped = piece.strip()
            if stripped:
                found.append((stripped, offset + len(piece) - len(piece.lstrip())))
            offset += len(piece) + 1
        return tuple(found)

    return split


_SPLITTERS: dict[str, Callable[[str], tuple[Part, ...]]] = {
    ";,": kept_by_text(_splitter(";,")),
    ";": kept_by_text(_splitter(";")),
}


def split_value(value: str, separators: str = ";,") -> tuple[Part, ...]:
    """A tag value's parts between separators, each with its column offset (see ``Part``)."""
    split = _SPLITTERS.get(separators)
    if split is None:
        split = _splitter(separators)
        if len(_SPLITTERS) < 16:
            _SPLITTERS[separators] = split = kept_by_text(split)
    return split(value)


def parts(tag: Tag, separators: str = ";,") -> list[tuple[str, Place]]:
    """Split a tag value at separators, each part with its place in the file."""
    at = tag.value_at
    line, col = at.line, at.col
    return [
        (text, Place(line, col + offset)) for text, offset in split_value(tag.value, separators)
    ]


def shift(at: Place, columns: int) -> Place:
    return Place(at.line, at.col + columns)


def tags_by_name(game: GameText) -> dict[str, Tag]:
    """A game's tags by lower-case name; the first of a name, as ``GameText.tag`` finds."""
    found: dict[str, Tag] = {}
    for tag in game.tags:
        found.setdefault(tag.name.lower(), tag)
    return found


def scores(tag: Tag) -> list[tuple[str, int | None, Place]]:
    """``orange 14; Ben 11`` -> [(name, points or None if unreadable, place)]."""
    line, col = tag.value_at.line, tag.value_at.col
    return [
        (name, points, Place(line, col + offset))
        for name, points, offset, _ in _stated_scores(tag.value)
    ]


# A Result tag's parts: (name, points or None, offset, the fault's message when unreadable).
StatedScore = tuple[str, int | None, int, str | None]


def _read_scores(value: str) -> tuple[StatedScore, ...]:
    result: list[StatedScore] = []
    for text, offset in split_value(value):
        words = text.split()
        last = words[-1]
        if len(last) <= 4 and last.isdigit() and last.isascii():
            number: int | None = int(last)  # what read_number gives, without its call
        else:
            number = read_number(last)
        if number is None:
            usual = f"{text!r}: a result reads 'name points' or 'colour points'"
            result.append((text, None, offset, number_fault(last, usual)))
        else:
            result.append((" ".join(words[:-1]), number, offset, None))
    return tuple(result)


_stated_scores = kept_by_text(_read_scores)


def reads_back_in_a_result(name: str) -> bool:
    """Whether a Result tag that states ``name``'s points reads the name back as written
    (it holds no separator and no run of spaces)."""
    read = _read_scores(f"{name} 0")
    return len(read) == 1 and read[0][0] == name and read[0][1] == 0


def read_result(
    tag: Tag | None, problems: list[Problem]
) -> dict[str, tuple[int, Place | None]] | None:
    """The points a Result tag states, by player name or colour; None when it states none."""
    if tag is None:
        return None
    value = tag.value
    if value.strip() in ("", "*"):
        return None
    line, col = tag.value_at.line, tag.value_at.col
    result: dict[str, tuple[int, Place | None]] = {}
    for name, points, offset, fault in _stated_scores(value):
        if fault is not None:
            problems.append(tag_fault(fault, Place(line, col + offset)))
        elif points is not None:
            result[name] = (points, Place(line, col + offset))
    return result


@lru_cache(maxsize=8)
def _lowered(known: tuple[str, ...]) -> frozenset[str]:
    return frozenset(name.lower() for name in known)


def read_tag_names(game: GameText, known: Sequence[str], problems: list[Problem]) -> GameText:
    """Warn of unknown tags that are close to a known one (a warning names the one meant).

    A misspelt tag stands for the tag it probably means when the game lacks that tag,
    so ``[Player "..."]`` is read as ``[Players "..."]``; the game is returned so.
    """
    known_names = _lowered(tuple(known))
    for tag in game.tags:
        if tag.name.lower() not in known_names:
            break
    else:
        return game  # the usual game: every tag is known
    present = {tag.name.lower() for tag in game.tags}
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
        fix = None if index not in renamed else _tag_fix(tag, known)
        problems.append(tag_fault(message, tag.at, warning=True, fix=fix))
    if not renamed:
        return game
    tags = tuple(renamed.get(index, tag) for index, tag in enumerate(game.tags))
    return replace(game, tags=tags)


def _tag_fix(tag: Tag, known: Sequence[str]) -> Fix | None:
    """The tag's name mended, when exactly one known tag is near it."""
    meant = sure_match(tag.name, known, TAG_CUTOFF)
    return Fix(tag.at, tag.name, meant) if meant is not None else None
