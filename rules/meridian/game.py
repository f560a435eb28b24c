"""Play a whole Meridian game from its setup and turns, and check its stated result."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from meridina.rules.common import Problem
from meridina.rules.game import GameRun as BaseRun
from meridina.rules.game import compare_result

from .engine import Step, apply, initial_state, pass_over
from .model import Setup, Turn
from .scoring import ScoreSheet, score
from .state import State


@dataclass(frozen=True, slots=True)
class Unreadable:
    """A turn the record does not state clearly; ``colour`` is the mover, if known."""

    colour: str | None


GameRun = BaseRun[State, Step, ScoreSheet]


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
    seats = [
        (player.name or " and ".join(player.colours), (player.name, *player.colours))
        for player in state.players
    ]
    totals = [row.points for row in sheet.players]
    return compare_result(setup.result, seats, totals, "MER-E5", setup.result_at)
