"""The parts of a game the API gives as values: its players in seat order and its turns
as the record holds them, each with its comments, its place and the problems found in it.

Both games give the same shapes: a Medina player has one colour, a Meridian player one or
two; a turn is written as its game's notation writes it.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from meridina.notation.driver import GameReport
from meridina.rules.codes import TITLES
from meridina.rules.common import Problem as FoundProblem


class MeridinaError(ValueError):
    """A call the API cannot answer: the sentence says why (a problem *in a record* is not
    raised, it is a ``Problem`` of its game)."""


@dataclass(frozen=True)
class Problem:
    """A fault found in a record, as ``validate --format json`` writes one.

    ``rule`` is the rule ID it breaks (``MER-R3``); ``title`` that rule's title;
    ``line`` and ``col`` its place in the file (1-based; None where no place is known);
    ``turn`` which turn of the game holds that place, counting from 1 (the turn
    ``Game.played_turns[turn - 1]``; None for the header, or a problem with no place).
    """

    rule: str
    title: str
    message: str
    line: int | None
    col: int | None
    severity: Literal["error", "warning"]
    turn: int | None = None

    @classmethod
    def of(cls, found: FoundProblem) -> Problem:
        """The public form of a problem the checker found."""
        at = found.at
        return cls(
            found.rule,
            TITLES.get(found.rule, found.rule),
            found.message,
            at.line if at else None,
            at.col if at else None,
            "warning" if found.warning else "error",
        )


@dataclass(frozen=True)
class Player:
    """A player of a game: ``seat`` counts from 1 in the order the Players tag gives
    (the order of play); ``colours`` are the colours they play, as turns name them."""

    seat: int
    name: str
    colours: tuple[str, ...]


@dataclass(frozen=True)
class PlayedTurn:
    """One turn of a record, as read and checked.

    ``text`` is the turn as a record writes it, without its number (a turn that could not
    be read is given word for word); ``mover`` the colour that plays it when at least that
    could be read; ``comments`` the words of the comments after it; ``line`` and ``col``
    where it starts in the file; ``problems`` the problems whose place lies in it.
    ``str()`` of a turn is its number then its text, as ``Game.turns`` gives it.
    """

    number: int
    text: str
    mover: str | None
    readable: bool
    comments: tuple[str, ...]
    line: int
    col: int
    problems: tuple[Problem, ...]

    def __str__(self) -> str:
        return f"{self.number}. {self.text}"


def turn_of_place(starts: Sequence[tuple[int, int]], line: int | None, col: int | None) -> int:
    """The index of the turn whose text holds the place (``line``, ``col``), given where
    each turn starts in file order; -1 when it lies before the first turn or has no place."""
    if line is None or col is None:
        return -1
    return bisect_right(starts, (line, col)) - 1


def tied(report: GameReport, problems: tuple[Problem, ...]) -> tuple[Problem, ...]:
    """The problems, each tied to the turn whose text holds its place."""
    record = report.record
    if record is None or not record.entries:
        return problems
    starts = [(entry.text.at.line, entry.text.at.col) for entry in record.entries]
    return tuple(
        replace(problem, turn=index + 1)
        if (index := turn_of_place(starts, problem.line, problem.col)) >= 0
        else problem
        for problem in problems
    )
