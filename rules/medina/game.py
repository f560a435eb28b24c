"""The Medina rules core behind the shared interface, and the check of a stated result."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from meridina.rules.codes import RuleCode
from meridina.rules.common import Place, Problem
from meridina.rules.game import (
    Applied,
    PlaysUntilFault,
    ResultFacts,
    SaysOnce,
    Unreadable,
    result_faults,
    result_words,
)
from meridina.rules.game import GameRun as BaseRun
from meridina.rules.rule_home import decides, words

from . import consequences, engine
from .engine import Step, expected_player, finished, nobody_can_place
from .faults import Fault
from .game_position import GamePosition
from .model import Setup, Turn
from .scoring import ScoreSheet, score
from .state import State
from .ties import roof_order_warnings

GameRun = BaseRun[State, Step, ScoreSheet]


class MedinaRules:
    """Medina as the shared ``RulesCore``: the one way the record checker plays a game."""

    def initial_state(self, setup: Setup, base: Path | None = None) -> Applied[State | None]:
        return engine.initial_state(setup, base)

    apply = staticmethod(engine.apply)  # called once a turn: no method of its own in between
    # A refused roof's consequence told once per palace in a game's list (``SaysOnce``).
    told = staticmethod(consequences.told)

    def play_until_fault(
        self, start: State, turns: Sequence[Turn | Unreadable]
    ) -> tuple[State, int]:
        """Play on one position in place while each turn is plain and legal; the turn with
        the first fault is taken back, and ``apply`` plays on from there, collecting."""
        position = GamePosition(start)
        played = position.push_until_fault(turns)
        return position.release(), played

    def pass_over(self, state: State, mover: str | None) -> State:
        """Only the order moves on: the next turn is the one after the stated mover's."""
        if mover not in state.seat_colours:
            return state
        state = state.copy()
        state.next_seat = state.seat_colours.index(mover) + 1
        return state

    def legal_turns(self, state: State) -> Iterator[Turn]:
        return engine.legal_turns(state)

    def score(self, state: State) -> ScoreSheet:
        over = finished(state) or nobody_can_place(state)
        return score(state, over)

    def check_result(self, setup: Setup, state: State, sheet: ScoreSheet) -> list[Problem]:
        return [*check_result(setup, state, sheet), *roof_order_warnings(setup, state, sheet)]


RULES = MedinaRules()
_SAYS_ONCE: SaysOnce[State, Turn, Step] = RULES  # checked by the type checker
_UNTIL_FAULT: PlaysUntilFault[State, Turn] = RULES


def check_result(setup: Setup, state: State, sheet: ScoreSheet) -> list[Problem]:
    """Compare the record's Result tag with the computed points (rule MED-E6)."""
    return [fault.at(at) for fault, at in e6_stated_result(setup, state, sheet)]


@decides("MED-E6")
def e6_stated_result(
    setup: Setup, state: State, sheet: ScoreSheet
) -> list[tuple[Fault, Place | None]]:
    """A Result tag stated once the game is over (or of a position), naming each player
    once with the points they score; each fault with its place."""
    if setup.result is None:
        return []
    if not sheet.finished and setup.position is None:
        return [(E6StatedResult.Early(expected_player(state)), setup.result_at)]
    seats = [
        (player.name or player.colour, (player.name, player.colour)) for player in state.players
    ]
    totals = [row.total for row in sheet.players]
    return [
        (E6StatedResult.Points(facts), at)
        for facts, at in result_faults(setup.result, seats, totals, setup.result_at)
    ]


@words("MED-E6")
class E6StatedResult:
    """MED-E6's faults: a result stated before the game is over (``mover`` can still
    place), or one whose points are wrong (``result_faults``'s facts)."""

    @dataclass(slots=True)
    class Early(Fault):
        rule: ClassVar[RuleCode] = "MED-E6"
        mover: str

        def words(self) -> str:
            return (
                f"the record states a result, but the game is not over ({self.mover} can "
                "still place a piece)"
            )

    @dataclass(slots=True)
    class Points(Fault):
        rule: ClassVar[RuleCode] = "MED-E6"
        facts: ResultFacts

        def words(self) -> str:
            return result_words(*self.facts)
