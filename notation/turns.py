"""Turns as written and as understood, shared by every game's bridge."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Final, Generic, TypeVar

from meridina.rules.common import Problem

from .text import GameText, TurnText

NUMBERING_RULE: Final = "REC-4"

T = TypeVar("T")
TurnCo = TypeVar("TurnCo", covariant=True)  # an entry is read-only


@dataclass(frozen=True)
class TurnEntry(Generic[TurnCo]):
    """A turn as written and as understood (``turn`` is None when unreadable)."""

    text: TurnText
    turn: TurnCo | None
    problems: tuple[Problem, ...] = ()
    colour: str | None = None  # the mover, when at least that could be read


def read_turns(
    texts: Iterable[TurnText], read_turn: Callable[[TurnText], TurnEntry[T]]
) -> tuple[TurnEntry[T], ...]:
    """Read each turn; turn numbers must follow on by one from the first (REC-4)."""
    entries = []
    expected: int | None = None
    for text in texts:
        entry = read_turn(text)
        if expected is not None and text.number != expected:
            numbering = Problem(
                NUMBERING_RULE,
                f"turn {text.number} follows turn {expected - 1}; expected {expected}",
                text.at,
            )
            entry = TurnEntry(entry.text, entry.turn, (numbering, *entry.problems), entry.colour)
        expected = text.number + 1
        entries.append(entry)
    return tuple(entries)


S = TypeVar("S")


@dataclass(frozen=True)
class GameRecord(Generic[S, T]):
    """A game given its meaning: its text, its setup (None when unreadable), its turns."""

    game: GameText
    setup: S | None
    problems: tuple[Problem, ...]
    entries: tuple[TurnEntry[T], ...] = ()
