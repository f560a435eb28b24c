"""Turns as written and as understood, shared by every game's bridge."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from meridina.rules.common import Fix, Problem
from meridina.rules.values_fast import fast_value

from .slips import later, numbering_fault
from .text import GameText, TurnText

T = TypeVar("T")
TurnCo = TypeVar("TurnCo", covariant=True)  # an entry is read-only


@fast_value
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
    listed = texts if type(texts) is tuple else tuple(texts)
    entries = [_read(text, read_turn) if text.problems else read_turn(text) for text in listed]
    numbers = [text.number for text in listed]
    if numbers and numbers != list(range(numbers[0], numbers[0] + len(numbers))):
        _number_faults(listed, numbers, entries)
    return tuple(entries)


def _number_faults(
    listed: Sequence[TurnText], numbers: list[int], entries: list[TurnEntry[T]]
) -> None:
    """Add to ``entries`` a problem for each number that does not follow on (REC-4)."""
    expected = numbers[0]
    for index, text in enumerate(listed):
        number = numbers[index]
        if number != expected:
            numbering = numbering_fault(
                later(misnumbered, number, expected),
                text.at,
                fix=Fix(text.at, str(number), str(expected)) if text.numbered else None,
            )
            entry = entries[index]
            entries[index] = TurnEntry(
                entry.text, entry.turn, (numbering, *entry.problems), entry.colour
            )
            following = numbers[index + 1] if index + 1 < len(numbers) else None
            if following == expected + 1:
                number = expected
        expected = number + 1


def misnumbered(number: int, expected: int) -> str:
    return f"turn {number} follows turn {expected - 1}; expected {expected}"


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
