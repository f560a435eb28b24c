"""Both rules cores behind the one shared interface, reached through their game specs."""

from __future__ import annotations

import random
from typing import Any

import pytest
from meridina.notation.driver import GAMES, GameSpec
from meridina.notation.parser import parse_game
from meridina.notation.splitter import GameChunk

HEADERS = {
    "Meridian": '[Game "Meridian"]\n[Players "Ann orange; Ben black; Cy grey"]\n',
    "Medina": (
        '[Game "Medina"]\n[Edition "2"]\n[Players "Ann red; Ben blue"]\n'
        '[Setup "well H6; merchant F8"]\n'
    ),
}
MERIDIAN, MEDINA = GAMES["meridian"], GAMES["medina"]
MOST_TURNS = 400  # more than any game of either can last


def setup_of(spec: GameSpec[Any, Any, Any, Any, Any], header: str) -> Any:
    record = spec.read_record(parse_game(GameChunk(header, 1)))
    assert record.problems == () and record.setup is not None
    return record.setup


def test_every_game_is_registered_by_its_name() -> None:
    assert {key: spec.name for key, spec in GAMES.items()} == {
        "meridian": "Meridian",
        "medina": "Medina",
    }


# (Medina lists thousands of legal turns in a position: one game of it is seconds of work.)
@pytest.mark.parametrize(
    ("spec", "seed"),
    [(MERIDIAN, 3), (MERIDIAN, 7), (MEDINA, 3)],
    ids=["Meridian-3", "Meridian-7", "Medina-3"],
)
def test_a_random_game_through_the_interface_is_legal_and_ends(
    spec: GameSpec[Any, Any, Any, Any, Any], seed: int
) -> None:
    rules = spec.rules
    setup = setup_of(spec, HEADERS[spec.name])
    started = rules.initial_state(setup)
    assert started.legal and started.state is not None
    state = started.state
    rng = random.Random(seed)
    for _ in range(MOST_TURNS):
        options = list(rules.legal_turns(state))
        if not options:
            break
        step = rules.apply(state, rng.choice(options))
        assert not [p for p in step.problems if not p.warning], step.problems
        state = step.state
    assert list(rules.legal_turns(state)) == []
    sheet = rules.score(state)
    assert sheet.finished
    assert rules.check_result(setup, state, sheet) == []


@pytest.mark.parametrize("spec", [MERIDIAN, MEDINA], ids=lambda spec: spec.name)
def test_an_unreadable_turn_only_moves_the_order_on(
    spec: GameSpec[Any, Any, Any, Any, Any],
) -> None:
    rules = spec.rules
    state = rules.initial_state(setup_of(spec, HEADERS[spec.name])).state
    skipped = rules.pass_over(state, None)
    assert skipped is state
    mover = "orange" if spec is MERIDIAN else "red"
    after = rules.pass_over(state, mover)
    assert set(rules.legal_turns(after)).isdisjoint({turn for turn in rules.legal_turns(state)})


def test_a_bad_header_gives_problems_and_no_state() -> None:
    header = '[Game "Meridian"]\n[Players "Ann orange; Ben black; Cy grey"]\n[Board "five-city"]\n'
    started = MERIDIAN.rules.initial_state(setup_of(MERIDIAN, header))
    assert started.state is None
    assert [problem.rule for problem in started.problems] == ["MER-S2"]
