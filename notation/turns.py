"""Turns as written and as understood, shared by every game's bridge."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Final, Generic, TypeVar

from meridina.rules.common import Problem, value

from .text import GameText, TurnText

NUMBERING_RULE: Final = "REC-4"

T = TypeVar("T")
TurnCo = TypeVar("TurnCo", covariant=True)  # an entry is read-only


@value
class TurnEntry(Generic[TurnCo]):
    """A turn as written and as understood (``turn`` is None when unreadable)."""

    text: TurnText
    turn: TurnCo | None
    problems: tuple[Problem, ...] = ()
    colour: str | None = None  # the mover, when at least that could be read


def read_turns(
    texts: Iterable[TurnText], read_turn: Callable[[TurnText], TurnEntry[T]]
) -> tuple[TurnEntry[T], ...]:
    """Read each turn; turn numbers must follow on by one from the first (REC-4).

    A number miswritten on one turn is one problem: when the next turn's number fits
    the count, the count goes on from there rather than from the miswritten number.
    """
    entries = []
    expected: int | None = None
    listed = list(texts)
    for index, text in enumerate(listed):
        entry = _read(text, read_turn) if text.problems else read_turn(text)
        number = text.number
        if number != expected and expected is not None:
            numbering = Problem(
                NUMBERING_RULE,
                f"turn {number} follows turn {expected - 1}; expected {expected}",
                text.at,
            )
            entry = TurnEntry(entry.text, entry.turn, (numbering, *entry.problems), entry.colour)
            following = listed[index + 1].number if index + 1 < len(listed) else None
            if following == expected + 1:
                number = expected
        expected = number + 1
        entries.append(entry)
    return tuple(entries)


def _read(text: TurnText, read_turn: Callable[[TurnText], TurnEntry[T]]) -> TurnEntry[T]:
    """A turn with a syntax fault is not played; only its mover, if readable, is kept."""
    entry = read_turn(text)
    if text.broken:
        return TurnEntry(text, None, text.problems, entry.colour)
    return TurnEntry(text, entry.turn, (*text.problems, *entry.problems), entry.colour)


S = TypeVar("S")


@dataclass(frozen=True)
class GameRecord(Generic[S, T]):
    """A game given its meaning: its text, its setup (None when unreadable), its turns."""

    game: GameText
    setup: S | None
    problems: tuple[Problem, ...]
    entries: tuple[TurnEntry[T], ...] = ()
