"""Play a whole Meridian game from its setup and turns, and check its stated result."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from meridina.rules.common import Problem

from .engine import Step, apply, initial_state, pass_over
from .model import Setup, Turn
from .scoring import ScoreSheet, score
from .state import State


@dataclass(frozen=True, slots=True)
class Unreadable:
    """A turn the record does not state clearly; ``colour`` is the mover, if known."""

    colour: str | None


@dataclass
class GameRun:
    """Everything a command needs to know about a played game."""

    start_problems: tuple[Problem, ...]
    start: State | None
    steps: list[Step | None] = field(default_factory=list)  # None for an unreadable turn
    result_problems: tuple[Problem, ...] = ()
    sheet: ScoreSheet | None = None

    @property
    def final(self) -> State | None:
        for step in reversed(self.steps):
            if step is not None:
                return step.state
        return self.start

    def states(self) -> list[State]:
        """The state after each turn (the previous one for an unreadable turn)."""
        assert self.start is not None
        current = self.start
        result = []
        for step in self.steps:
            if step is not None:
                current = step.state
            result.append(current)
        return result


def play(setup: Setup, turns: Iterable[Turn | Unreadable], base: Path | None = None) -> GameRun:
    started = initial_state(setup, base=base)
    run = GameRun(started.problems, started.state)
    state = started.state
    if state is None:
        return run
    for turn in turns:
        if isinstance(turn, Unreadable):
            state = pass_over(state, turn.colour)
            run.steps.append(None)
            continue
        step = apply(state, turn)
        state = step.state
        run.steps.append(step)
    run.sheet = score(state)
    run.result_problems = tuple(check_result(setup, state, run.sheet))
    return run


def check_result(setup: Setup, state: State, sheet: ScoreSheet) -> list[Problem]:
    """Compare the record's Result tag with the computed points (rule MER-E5)."""
    if setup.result is None:
        return []
    problems = []
    if state.cards_known and not state.finished:
        left = sheet.cards_left
        problems.append(
            Problem(
                "MER-E5",
                f"the record states a result, but {left} card{'s' if left != 1 else ''} "
                "remain to be played",
                setup.result_at,
            )
        )
        return problems
    named: dict[str, int] = {}
    for index, player in enumerate(state.players):
        for key in (player.name, *player.colours):
            if key:
                named[key.lower()] = index
    stated: dict[int, int] = {}
    for name, (points, at) in setup.result.items():
        seat = named.get(name.lower())
        if seat is None:
            problems.append(Problem("MER-E5", f"the result names {name!r}, who is not playing", at))
            continue
        stated[seat] = points
        actual = sheet.players[seat].points
        if points != actual:
            problems.append(
                Problem(
                    "MER-E5", f"the result gives {name} {points} points; they score {actual}", at
                )
            )
    for player_score in sheet.players:
        if player_score.index not in stated:
            who = player_score.name or " and ".join(player_score.colours)
            problems.append(
                Problem(
                    "MER-E5",
                    f"the result leaves out {who} (who scores {player_score.points})",
                    setup.result_at,
                )
            )
    return problems
