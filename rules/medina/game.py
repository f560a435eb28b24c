"""Play a whole Medina game from its setup and turns, and check its stated result."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from meridina.rules.common import Problem
from meridina.rules.game import GameRun as BaseRun
from meridina.rules.game import compare_result

from .engine import Step, apply, expected_player, finished, initial_state, nobody_can_place
from .model import Setup, Turn
from .scoring import ScoreSheet, score
from .state import State


@dataclass(frozen=True, slots=True)
class Unreadable:
    """A turn the record does not state clearly; ``player`` is the mover, if known."""

    player: str | None


GameRun = BaseRun[State, Step, ScoreSheet]


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
    over = finished(state) or nobody_can_place(state)
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
    seats = [
        (player.name or player.colour, (player.name, player.colour)) for player in state.players
    ]
    totals = [row.total for row in sheet.players]
    return compare_result(setup.result, seats, totals, "MED-E6", setup.result_at)
