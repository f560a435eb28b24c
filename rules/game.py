"""The small interface every rules core offers to the commands."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar, cast

from .common import Place, Problem

StateT = TypeVar("StateT")
SetupT = TypeVar("SetupT", contravariant=True)
TurnT = TypeVar("TurnT")
ScoreT = TypeVar("ScoreT", covariant=True)


@dataclass(frozen=True, slots=True)
class Applied(Generic[StateT]):
    """The state after a step and the problems found on the way.

    After an illegal turn the state is the one the game goes on from, so later
    turns are still checked.
    """

    state: StateT
    problems: tuple[Problem, ...] = ()

    @property
    def legal(self) -> bool:
        return not any(not problem.warning for problem in self.problems)


class RulesCore(Protocol[SetupT, StateT, TurnT, ScoreT]):
    """One game's rules: set up, play a turn, list legal turns, score."""

    def initial_state(self, setup: SetupT) -> Applied[StateT | None]: ...

    def apply(self, state: StateT, turn: TurnT) -> Applied[StateT]: ...

    def legal_turns(self, state: StateT) -> Iterator[TurnT]: ...

    def score(self, state: StateT) -> ScoreT: ...


StateCo = TypeVar("StateCo", covariant=True)


class HasState(Protocol[StateCo]):
    @property
    def state(self) -> StateCo: ...


StepT = TypeVar("StepT", bound=HasState[Any])
SheetT = TypeVar("SheetT")


@dataclass
class GameRun(Generic[StateT, StepT, SheetT]):
    """A played game: the start, each turn's step, the score and the result's problems."""

    start_problems: tuple[Problem, ...]
    start: StateT | None
    steps: list[StepT | None] = field(default_factory=list)  # None for an unreadable turn
    result_problems: tuple[Problem, ...] = ()
    sheet: SheetT | None = None

    @property
    def final(self) -> StateT | None:
        for step in reversed(self.steps):
            if step is not None:
                return cast(StateT, step.state)
        return self.start

    def states(self) -> list[StateT]:
        """The state after each turn (the previous one for an unreadable turn)."""
        assert self.start is not None
        current = self.start
        result = []
        for step in self.steps:
            if step is not None:
                current = cast(StateT, step.state)
            result.append(current)
        return result


def compare_result(
    stated: dict[str, tuple[int, Place | None]],
    seats: Sequence[tuple[str, Sequence[str]]],
    totals: Sequence[int],
    rule: str,
    result_at: Place | None,
) -> list[Problem]:
    """Check a Result tag's points against the computed ones.

    ``seats`` gives each player's label and the names that may stand for them.
    """
    named = {key.lower(): index for index, (_, keys) in enumerate(seats) for key in keys if key}
    problems = []
    seen: set[int] = set()
    for name, (points, at) in stated.items():
        seat = named.get(name.lower())
        if seat is None:
            problems.append(Problem(rule, f"the result names {name!r}, who is not playing", at))
            continue
        seen.add(seat)
        if points != totals[seat]:
            problems.append(
                Problem(
                    rule, f"the result gives {name} {points} points; they score {totals[seat]}", at
                )
            )
    for index, (label, _) in enumerate(seats):
        if index not in seen:
            problems.append(
                Problem(
                    rule, f"the result leaves out {label} (who scores {totals[index]})", result_at
                )
            )
    return problems
