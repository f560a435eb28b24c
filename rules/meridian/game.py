"""The Meridian rules core behind the shared interface, and the check of a stated result."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from meridina.rules.codes import RuleCode
from meridina.rules.common import Place, Problem
from meridina.rules.game import Applied, ResultFacts, SaysOnce, result_faults, result_words
from meridina.rules.game import GameRun as BaseRun
from meridina.rules.identity_memory import IdentityMemory
from meridina.rules.rule_home import decides, words
from meridina.rules.wording import agreeing, counted

from . import consequences, engine
from .engine import Step
from .faults import Fault, word
from .model import Setup, Turn
from .position import Position
from .scoring import ScoreSheet, score
from .state import Seating, State

GameRun = BaseRun[State, Step, ScoreSheet]


class MeridianRules:
    """Meridian as the shared ``RulesCore``: the one way the record checker plays a game."""

    def initial_state(self, setup: Setup, base: Path | None = None) -> Applied[State | None]:
        return engine.initial_state(setup, base=base)

    # Each plays its turns on a ``Position``, through the one loop that plays a turn.
    apply = staticmethod(engine.apply)
    pass_over = staticmethod(engine.pass_over)
    # A whole game on one position, up to its first problem (``PlaysUntilFault``).
    play_until_fault = staticmethod(engine.play_until_fault)
    # A refused tower's consequence told once per meridian in a game's list (``SaysOnce``).
    told = staticmethod(consequences.told)

    def legal_turns(self, state: State) -> Iterator[Turn]:
        return Position(state).legal_turns()

    def score(self, state: State) -> ScoreSheet:
        return score(state)

    def check_result(self, setup: Setup, state: State, sheet: ScoreSheet) -> list[Problem]:
        return check_result(setup, state, sheet)


RULES = MeridianRules()
_SAYS_ONCE: SaysOnce[State, Turn, Step] = RULES  # checked by the type checker


def check_result(setup: Setup, state: State, sheet: ScoreSheet) -> list[Problem]:
    """Compare the record's Result tag with the computed points (rule MER-E5)."""
    return [
        Problem(fault.rule, word(fault, 0), at)
        for fault, at in e5_stated_result(setup, state, sheet)
    ]


@decides("MER-E5")
def e5_stated_result(
    setup: Setup, state: State, sheet: ScoreSheet
) -> list[tuple[Fault, Place | None]]:
    """A Result tag stated once every card is played (when the cards are known), naming
    each player once with the points they score; each fault with its place."""
    stated = setup.result
    if stated is None:
        return []
    if state.cards_known and not state.finished:
        return [(StatedResult.TooEarly(sheet.cards_left or 0), setup.result_at)]
    seating = state.seating
    totals = sheet.points
    if _agrees(stated, _seat_of(seating), totals):
        return []
    seats = [
        (player.name or " and ".join(player.colours), (player.name, *player.colours))
        for player in seating.players
    ]
    return [
        (StatedResult.Wrong(facts), at)
        for facts, at in result_faults(stated, seats, totals, setup.result_at)
    ]


@words("MER-E5")
class StatedResult:
    """MER-E5's faults."""

    @dataclass(slots=True)
    class TooEarly(Fault):
        """A result stated while ``left`` cards remain to be played."""

        rule: ClassVar[RuleCode] = "MER-E5"
        left: int

        def words(self, meridian: int, colour: str, who: str) -> str:
            left = self.left
            return (
                f"the record states a result, but {counted(left, 'card')} "
                f"{agreeing(left, 'remains', 'remain')} to be played"
            )

    @dataclass(slots=True)
    class Wrong(Fault):
        """What a Result tag gets wrong, as the shared comparison of results says it."""

        rule: ClassVar[RuleCode] = "MER-E5"
        facts: ResultFacts

        def words(self, meridian: int, colour: str, who: str) -> str:
            return result_words(*self.facts)


def _agrees(
    stated: dict[str, tuple[int, Place | None]], seat_of: dict[str, int], totals: tuple[int, ...]
) -> bool:
    """The usual result, with nothing for ``result_faults`` to say: every player named
    (by name or colour) once, with the points they score."""
    if len(stated) != len(totals):
        return False
    seen = set()
    for name, (points, _) in stated.items():
        seat = seat_of.get(name.lower())
        if seat is None or points != totals[seat] or seat in seen:
            return False
        seen.add(seat)
    return True


_SEATS: IdentityMemory[Seating, dict[str, int]] = IdentityMemory(256)


def _seat_of(seating: Seating) -> dict[str, int]:
    """Each seat by the lower-case names that may stand for it, as ``result_faults`` has
    them; once per seating."""
    known = _SEATS.get(seating)
    if known is not None:
        return known
    keys = [(player.name, *player.colours) for player in seating.players]
    named = {key.lower(): index for index, names in enumerate(keys) for key in names if key}
    return _SEATS.put(seating, named)
