"""Play a whole Medina game from its setup and turns, and check its stated result."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from meridina.rules.common import Problem

from .engine import Step, apply, expected_player, finished, initial_state
from .model import Setup, Turn
from .scoring import ScoreSheet, score
from .state import State


@dataclass(frozen=True, slots=True)
class Unreadable:
    """A turn the record does not state clearly; ``player`` is the mover, if known."""

    player: str | None


@dataclass
class GameRun:
    start_problems: tuple[Problem, ...]
    start: State | None
    steps: list[Step | None] = field(default_factory=list)
    result_problems: tuple[Problem, ...] = ()
    sheet: ScoreSheet | None = None

    @property
    def final(self) -> State | None:
        for step in reversed(self.steps):
            if step is not None:
                return step.state
        return self.start

    def states(self) -> list[State]:
        assert self.start is not None
        current = self.start
        result = []
        for step in self.steps:
            if step is not None:
                current = step.state
            result.append(current)
        return result


def play(setup: Setup, turns: Iterable[Turn | Unreadable], base: Path | None = None) -> GameRun:
    started = initial_state(setup, base)
    run = GameRun(started.problems, started.state)
    state = started.state
    if state is None:
        return run
    for turn in turns:
        if isinstance(turn, Unreadable):
            if turn.player in state.seat_colours:
                state = state.copy()
                state.next_seat = state.seat_colours.index(turn.player) + 1
            run.steps.append(None)
            continue
        step = apply(state, turn)
        state = step.state
        run.steps.append(step)
    over = finished(state) or (all(not state.has_pieces(p.colour) for p in state.players))
    run.sheet = score(state, over)
    run.result_problems = tuple(check_result(setup, state, run.sheet))
    return run


def check_result(setup: Setup, state: State, sheet: ScoreSheet) -> list[Problem]:
    if setup.result is None:
        return []
    if not sheet.finished and setup.position is None:
        mover = expected_player(state)
        return [
            Problem(
                "MED-E6",
                f"the record states a result, but the game is not over ({mover} can still place "
                "a piece)",
                setup.result_at,
            )
        ]
    named: dict[str, int] = {}
    for index, player in enumerate(state.players):
        for key in (player.name, player.colour):
            if key:
                named[key.lower()] = index
    problems = []
    stated: set[int] = set()
    for name, (points, at) in setup.result.items():
        seat = named.get(name.lower())
        if seat is None:
            problems.append(Problem("MED-E6", f"the result names {name!r}, who is not playing", at))
            continue
        stated.add(seat)
        actual = sheet.players[seat].total
        if points != actual:
            problems.append(
                Problem(
                    "MED-E6", f"the result gives {name} {points} points; they score {actual}", at
                )
            )
    for row in sheet.players:
        if row.index not in stated:
            problems.append(
                Problem(
                    "MED-E6",
                    f"the result leaves out {row.name or row.colour} (who scores {row.total})",
                    setup.result_at,
                )
            )
    return problems
