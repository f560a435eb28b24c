"""A Medina piece that breaks several rules names every one of them, most basic first.

The supply comes first, then the field, then the rules of the piece's kind; no rule
is named twice for one piece, and a rule that only repeats what another already
says about the same palace is left out.
"""

from __future__ import annotations

from collections import Counter

import pytest
from conftest import check_one, errors, spot
from hypothesis import given, settings
from hypothesis import strategies as st
from medina_games import random_game
from meridina.rules.medina.engine import check_placement, legal_placements, placement_faults
from meridina.rules.medina.model import Kind, Placement

THREE = "Ann red; Ben blue; Cy green"


def medina(*body: str, edition: str = "1", setup: str = "merchant H7") -> str:
    lines = [
        '[Game "Medina"]',
        f'[Edition "{edition}"]',
        f'[Players "{THREE}"]',
        f'[Setup "{setup}"]',
        *body,
    ]
    return "\n".join(lines) + "\n"


# (name, record, the line's anchor, the piece's word, the rules it breaks in order)
SEVERAL: list[tuple[str, str, str, str, list[str]]] = [
    (
        "no-neutral-roofs-and-no-palace",
        medina("1. red neutral@E5 merchant@H8"),
        "1. red",
        "neutral@E5",
        ["MED-R3", "MED-R1"],
    ),
    (
        "next-to-the-well-and-off-the-unfinished-palace",
        medina(
            "1. red orange@E5",
            "2. blue orange@N8",
            edition="2",
            setup="well O9; merchant H7",
        ),
        "2. blue",
        "orange@N8",
        ["MED-B1", "MED-B2"],
    ),
    (
        "off-the-unfinished-palace-and-touching-another",
        medina("1. red orange@E5 grey@G5", "2. blue orange@H5 merchant@H8"),
        "2. blue",
        "orange@H5",
        ["MED-B2", "MED-B3"],
    ),
    (
        "roofed-palace-grown-and-touching-another",
        medina(
            "1. red orange@E5 roof@E5",
            "2. blue grey@G6 merchant@H8",
            "3. green orange@F5 merchant@H9",
        ),
        "3. green",
        "orange@F5",
        ["MED-B4", "MED-B3"],
    ),
    (
        "stable-next-to-the-well-and-to-no-building",
        medina("1. red stable@N8", edition="2", setup="well O9; merchant H7"),
        "1. red",
        "stable@N8",
        ["MED-B1", "MED-B6"],
    ),
    (
        "roofed-already-and-colour-owned",
        medina(
            "1. red orange@E5 roof@E5",
            "2. blue orange@J5 roof@J5",
            "3. green merchant@H8 merchant@H9",
            "4. red roof@J5 merchant@H10",
        ),
        "4. red",
        "roof@J5",
        ["MED-R1", "MED-R2"],
    ),
]


@pytest.mark.parametrize(
    ("record", "anchor", "word", "rules"),
    [case[1:] for case in SEVERAL],
    ids=[case[0] for case in SEVERAL],
)
def test_every_rule_a_piece_breaks_is_named_in_order(
    record: str, anchor: str, word: str, rules: list[str]
) -> None:
    report = check_one(record)
    at = spot(record, anchor, word)
    assert [rule for rule, place in errors(report) if place == at] == rules, report.problems
    assert all(place == at for _, place in errors(report)), report.problems


def test_each_of_two_pieces_names_its_own_rules() -> None:
    record = medina("1. red neutral@E5 neutral@A5")
    report = check_one(record)
    first = spot(record, "1. red", "neutral@E5")
    second = spot(record, "1. red", "neutral@A5")
    assert errors(report) == [
        ("MED-R3", first),
        ("MED-R1", first),
        ("MED-R3", second),
        ("MED-R1", second),
    ]


OWN_ROOF = (
    "1. red orange@E5 roof@E5",
    "2. blue merchant@H8 merchant@H9",
    "3. green wall@B1 wall@C1",
    "4. red roof@E5 merchant@H10",
)


@pytest.mark.parametrize(
    ("body", "word", "rule"),
    [
        # A field that cannot hold a building at all says all there is to say.
        (("1. red orange@E5 merchant@H8", "2. blue grey@E5 merchant@H9"), "grey@E5", "MED-B1"),
        (("1. red orange@A5 merchant@H8",), "orange@A5", "MED-B1"),
        # Next to the palace's stable only: the palace is named once, by MED-B2.
        (("1. red orange@E5 stable@E6", "2. blue orange@E7 merchant@H8"), "orange@E7", "MED-B2"),
        # A roof on one's own roofed palace is not also "a second palace of that colour".
        (OWN_ROOF, "roof@E5 merchant@H10", "MED-R1"),
    ],
    ids=["taken", "ring", "stable-only", "own-roof"],
)  # fmt: skip
def test_a_rule_that_adds_nothing_is_not_named(body: tuple[str, ...], word: str, rule: str) -> None:
    record = medina(*body)
    report = check_one(record)
    at = spot(record, body[-1][:8], word)
    assert errors(report) == [(rule, at)], report.problems


seeds = st.integers(min_value=0, max_value=2**32 - 1)
kinds_of_game = st.sampled_from([("1", 3), ("1", 4), ("2", 2), ("2", 3), ("2", 4)])


@settings(max_examples=6, deadline=None)
@given(seed=seeds, kind=kinds_of_game, data=st.data())
def test_faults_agree_with_the_first_fault_and_with_legal_placements(
    seed: int, kind: tuple[str, int], data: st.DataObject
) -> None:
    game = random_game(seed, kind[0], kind[1])
    index = data.draw(st.integers(min_value=0, max_value=len(game.turns) - 1))
    state = game.before[index]
    player = game.turns[index].player
    legal = set(legal_placements(state, player))
    board = state.board
    kinds = [Kind.ROOF, Kind.NEUTRAL_ROOF, Kind.STABLE, Kind.MERCHANT, Kind.WALL]
    for cell in board.cells():
        tried = [Placement(Kind.BUILDING, cell, c) for c in state.edition.colours]
        tried += [Placement(k, cell) for k in kinds]
        for placement in tried:
            target, faults = placement_faults(state, player, placement)
            first = check_placement(state, player, placement)
            assert first == (target, faults[0] if faults else None)
            assert (placement in legal) == (not faults)
            assert max(Counter(f.rule for f in faults).values(), default=1) == 1, faults
