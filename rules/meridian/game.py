"""The Meridian rules core behind the shared interface, and the check of a stated result."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from meridina.rules.common import Problem
from meridina.rules.game import Applied, compare_result
from meridina.rules.game import GameRun as BaseRun

from . import engine
from .engine import Step
from .legal import legal_turns
from .model import Setup, Turn
from .scoring import ScoreSheet, score
from .state import State

GameRun = BaseRun[State, Step, ScoreSheet]


class MeridianRules:
    """Meridian as the shared ``RulesCore``: the one way the record checker plays a game."""

    def initial_state(self, setup: Setup, base: Path | None = None) -> Applied[State | None]:
        return engine.initial_state(setup, base=base)

    # The engine's own functions, so that a turn costs no extra call.
    apply = staticmethod(engine.apply)
    pass_over = staticmethod(engine.pass_over)

    def legal_turns(self, state: State) -> Iterator[Turn]:
        return legal_turns(state)

    def score(self, state: State) -> ScoreSheet:
        return score(state)

    def check_result(self, setup: Setup, state: State, sheet: ScoreSheet) -> list[Problem]:
        return check_result(setup, state, sheet)


RULES = MeridianRules()


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
