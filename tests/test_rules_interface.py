"""The Meridian rules core behind the shared interface every game's core offers."""

from __future__ import annotations

import random

from meridina.rules.game import RulesCore
from meridina.rules.meridian.engine import MeridianRules
from meridina.rules.meridian.model import Player, Setup, Turn
from meridina.rules.meridian.scoring import ScoreSheet
from meridina.rules.meridian.state import State

SEATS = (Player("Ann", ("orange",)), Player("Ben", ("black",)), Player("Cy", ("grey",)))


def test_a_whole_game_through_the_interface_is_legal_and_finished() -> None:
    rules: RulesCore[Setup, State, Turn, ScoreSheet] = MeridianRules()
    started = rules.initial_state(Setup(SEATS, "four-city"))
    assert started.legal and started.state is not None
    state = started.state
    rng = random.Random(7)
    for _ in range(13 * 3):
        options = list(rules.legal_turns(state))
        builds = [turn for turn in options if turn.build is not None]
        applied = rules.apply(state, rng.choice(builds or options))
        assert applied.legal, applied.problems
        state = applied.state
    assert isinstance(state, State) and state.finished
    assert list(rules.legal_turns(state)) == []
    sheet = rules.score(state)
    assert sum(player.points for player in sheet.players) == sum(
        result.island.points for result in sheet.islands if result.holder is not None
    )


def test_a_bad_header_gives_problems_and_no_state() -> None:
    started = MeridianRules().initial_state(Setup(SEATS, "five-city"))
    assert started.state is None
    assert [problem.rule for problem in started.problems] == ["MER-S2"]
