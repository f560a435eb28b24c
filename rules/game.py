"""The small interface every rules core offers to the commands."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from .common import Problem

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
