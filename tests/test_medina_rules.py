"""Medina's rules as checked on records: each rule broken at its exact place, and kept.

The one-rule cases and the position faults are data in ``cases/medina_rules.py``; this
file runs them and holds the tests that need more than one record. Fields are named on
the standard grid, as ``medina_records.py`` says.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from cases.medina_rules import CASES, POSITION_FAULTS, TESTED_APART, PositionFault
from conftest import Case, assert_legal, assert_only, check_one, errors, spot
from medina_records import (
    ALL_OPTIONS,
    BLOCKED_STREET,
    FOUR,
    LAST_ROOFS,
    NAMES,
    OPENING,
    TEA_START,
    TWO,
    medina,
    second,
    sheet_of,
    stated_result,
    totals,
)
from meridina.notation.driver import GameReport
from meridina.rules.medina.model import parse_cell
from meridina.rules.medina.state import State


def cell(name: str) -> tuple[int, int]:
    found = parse_cell(name)
    assert found is not None
    return found


def final_state(text: str) -> State:
    report = check_one(text)
    assert report.run is not None and report.run.final is not None, report.problems
    final: State = report.run.final
    return final


# ---------------------------------------------------------------- one rule, one place


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_rule_broken_at_its_place(case: Case) -> None:
    assert_only(check_one(case.bad), case.rule, case.at)


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_rule_kept_by_nearby_record(case: Case) -> None:
    assert_legal(check_one(case.good))


# Every rule a Medina record can break: each has a case, or is in TESTED_APART.
ALL_RULES = {
    *(f"MED-S{n}" for n in range(1, 4)),
    *(f"MED-T{n}" for n in range(1, 7)),
    *(f"MED-B{n}" for n in range(1, 7)),
    *(f"MED-R{n}" for n in range(1, 4)),
    "MED-M1",
    "MED-M2",
    "MED-W1",
    "MED-W2",
    "MED-PT1",
    "MED-TT1",
    "MED-TT2",
    "MED-TEA1",
    *(f"MED-E{n}" for n in range(1, 7)),
    "MED-P1",
    "MED-D1",
    "REC-2",
    "REC-3",
    "REC-4",
    "REC-5",
}


def test_every_rule_has_a_case() -> None:
    assert {case.rule for case in CASES} | TESTED_APART == ALL_RULES


# ---------------------------------------------------------------- palaces


Cells = set[tuple[int, int]]


def palaces_of(state: State, colour: str) -> list[tuple[Cells, Cells]]:
    """Each palace of a colour as (buildings, stables), in the order they were started."""
    return [
        (palace.buildings, palace.stables)
        for _, palace in sorted(state.palaces.items())
        if palace.colour == colour
    ]


def test_palace_grows_by_buildings_next_to_its_buildings() -> None:
    text = medina("1. red orange@E5 orange@E6", "2. blue orange@F6 stable@D5")
    assert_legal(check_one(text))
    assert palaces_of(final_state(text), "orange") == [
        ({cell("E5"), cell("E6"), cell("F6")}, {cell("D5")})
    ]


def test_stuck_palace_lets_a_new_palace_of_its_colour_start() -> None:
    # B2 has the ring on two sides; the stables on B3 and C2 leave it no field to grow into.
    text = medina(
        "1. red orange@B2 stable@B3",
        "2. blue stable@C2 orange@K5",
        "3. green orange@K6 roof@B2",
    )
    assert_legal(check_one(text))
    state = final_state(text)
    assert palaces_of(state, "orange") == [
        ({cell("B2")}, {cell("B3"), cell("C2")}),
        ({cell("K5"), cell("K6")}, set()),
    ]
    stuck = state.palace(cell("B2"))
    assert stuck is not None and stuck.owner == "green"


def test_roofed_palace_leaves_the_next_building_to_start_a_new_palace() -> None:
    text = medina("1. red orange@E5 roof@E5", "2. blue orange@E7 orange@E8")
    assert_legal(check_one(text))
    assert palaces_of(final_state(text), "orange") == [
        ({cell("E5")}, set()),
        ({cell("E7"), cell("E8")}, set()),
    ]


def test_stable_joins_a_roofed_palace_and_adds_to_its_points() -> None:
    text = medina("1. red orange@E5 roof@E5", "2. blue stable@E6 stable@F5")
    report = check_one(text)
    assert_legal(report)
    assert palaces_of(final_state(text), "orange") == [({cell("E5")}, {cell("E6"), cell("F5")})]
    assert totals(report) == [3 + 4, 0, 0]


# ---------------------------------------------------------------- palace tiles (MED-PT1)


def tile_holders(text: str) -> list[dict[str, str | None]]:
    """After each turn: each palace tile that lies with a palace, and who it scores for."""
    report = check_one(text)
    assert_legal(report)
    assert report.run is not None
    return [
        {c: s.holder_of_palace_tile(c) for c, ident in s.palace_tiles.items() if ident is not None}
        for s in report.run.states()
    ]


PALACE_TILE_TURNS = (
    "1. red orange@E5 roof@E5",  # the first roofed orange palace takes the tile
    "2. blue orange@K5 roof@K5",  # as large: red keeps it
    "3. green stable@K6 merchant@H8",  # blue's palace grows by a stable: 2 > 1
    "4. red stable@E6 stable@E4",  # red's grows to 3
    "5. blue stable@K4 merchant@H9",  # blue's to 3: a tie, red keeps it
)


def test_palace_tile_passes_only_to_a_strictly_larger_palace() -> None:
    text = medina(*PALACE_TILE_TURNS)
    assert [h.get("orange") for h in tile_holders(text)] == ["red", "red", "blue", "red", "red"]
    report = check_one(text)
    sheet = sheet_of(report)
    assert [p.palace_tiles for p in sheet.players] == [("orange",), (), ()]
    assert totals(report) == [3 + 4, 3, 0]


def test_palace_tile_goes_to_the_first_roofed_palace_not_the_first_built() -> None:
    text = medina(
        "1. red orange@E5 orange@E6",
        "2. blue orange@E7 roof@E5",
        "3. green grey@K5 roof@K5",
    )
    assert tile_holders(text)[-1] == {"orange": "blue", "grey": "green"}


def test_palace_tile_of_a_neutral_palace_scores_for_nobody() -> None:
    text = second(
        *OPENING,
        "3. green neutral@E5 merchant@H9",
        "4. red orange@K5 roof@K5",  # as large as the neutral palace: the tile stays
        "5. blue stable@K6 merchant@H10",  # now larger: red takes it
        options=ALL_OPTIONS,
    )
    assert [h.get("orange") for h in tile_holders(text)] == [None, None, None, None, "red"]
    report = check_one(text)
    assert totals(report) == [2 + 4, 0, 0]


def test_position_gives_the_palace_tile_to_the_largest_palace() -> None:
    text = medina("position", "orange: E5 E6 K5", "roofs: blue@K5 red@E5")
    report = check_one(text)
    assert_legal(report)
    assert [p.palace_tiles for p in sheet_of(report).players] == [("orange",), (), ()]


# ---------------------------------------------------------------- tower tiles (MED-TT1)


@pytest.mark.parametrize(
    ("turns", "holder"),
    [
        (("1. red wall@B1 wall@C1", "2. blue orange@C2 roof@C2"), "blue"),
        (("1. red orange@C2 roof@C2", "2. blue wall@B1 wall@C1"), "red"),
        (
            (
                "1. red orange@C3 roof@C3",
                "2. blue wall@B1 wall@C1",
                "3. green stable@C2 merchant@H8",
            ),
            "red",
        ),
        (("1. red orange@B3 roof@B3", "2. blue wall@A2 wall@A3"), "red"),
    ],
    ids=["by-roof", "by-wall", "by-stable", "by-wall-on-the-side"],
)
def test_tower_tile(turns: tuple[str, ...], holder: str) -> None:
    report = check_one(medina(*turns))
    assert_legal(report)
    assert report.run is not None
    assert report.run.final.tower_tiles == {4: holder}
    seat = ["red", "blue", "green"].index(holder)
    assert sheet_of(report).players[seat].tower_tiles == (4,)


def test_tower_tile_not_for_an_unroofed_palace() -> None:
    text = medina("1. red orange@C2 orange@D2", "2. blue wall@B1 wall@C1")
    assert_legal(check_one(text))
    assert final_state(text).tower_tiles == {}


def test_tower_tile_waits_for_the_roof_on_a_palace_a_stable_connected() -> None:
    text = medina(
        "1. red wall@B1 wall@C1",
        "2. blue orange@C3 stable@C2",  # C2 touches C1, but the palace has no roof
        "3. green orange@C4 merchant@H8",
        "4. red roof@C3 merchant@H9",  # the roof takes the tile
    )
    report = check_one(text)
    assert_legal(report)
    assert report.run is not None
    assert [s.tower_tiles for s in report.run.states()] == [{}, {}, {}, {4: "red"}]


LAST_CONNECTED_TURNS = (
    "1. red orange@C2 roof@C2",  # not yet next to a wall
    "2. blue wall@B1 wall@C1",  # C1 connects red's palace: tower 4 to red
    "3. green wall@D1 wall@E1",
    "4. red merchant@H8 merchant@H9",
    "5. blue grey@E2 roof@E2",  # E1 is tower 4's: blue's palace is the last connected
    "6. green stable@B2 merchant@H10",  # B2 touches B1, but red's palace was connected
)


def test_tower_tile_goes_to_the_palace_connected_last() -> None:
    text = medina(*LAST_CONNECTED_TURNS)
    assert_legal(check_one(text))
    report = check_one(text)
    assert report.run is not None
    assert [s.tower_tiles.get(4) for s in report.run.states()] == [
        None, "red", "red", "red", "blue", "blue",
    ]  # fmt: skip


TWO_TOWERS = (
    "position",
    "orange: I2 J2 K2",
    "walls: B1 C1 D1 E1 F1 G1 H1 I1 Q1 P1 O1 N1 M1 L1 K1",  # J1 is the gate
    "next: red",
    "1. red roof@J2 merchant@H8",
)


def test_palace_connected_to_two_towers_takes_both_tiles() -> None:
    text = medina(*TWO_TOWERS)
    report = check_one(text)
    assert_legal(report)
    assert final_state(text).tower_tiles == {2: "red", 4: "red"}
    ann = sheet_of(report).players[0]
    assert ann.tower_tiles == (2, 4)
    assert ann.total == 3 + 2 + 4 + 2 + 4  # buildings, walls I1 and K1, orange tile, towers


def test_position_gives_a_tower_tile_to_its_only_claimant() -> None:
    text = medina("position", "orange: C2", "walls: B1 C1", "roofs: red@C2")
    assert_legal(check_one(text))
    assert final_state(text).tower_tiles == {4: "red"}


def test_position_must_name_the_holder_when_several_palaces_touch_a_tower() -> None:
    body = ("position", "orange: C2", "grey: E2", "walls: B1 C1 D1 E1", "roofs: red@C2 blue@E2")
    text = medina(*body)
    assert_only(check_one(text), "MED-TT1", spot(text, "position"))
    named = medina(*body, "tower-tiles: 4 blue")
    assert_legal(check_one(named))
    assert final_state(named).tower_tiles == {4: "blue"}


# ---------------------------------------------------------------- tower merchants (MED-TT2)

# Tower 1 stands on A13; B13 starts its top arm and touches B12.
TOWER_ONE = ("1. red orange@B12", "2. blue wall@B13")


def merchants_in_hand(state: State) -> dict[str, int]:
    return {colour: hand.merchants for colour, hand in state.hands.items()}


def test_tower_merchants_go_to_the_first_claimer_only() -> None:
    text = second(
        *TOWER_ONE,
        "3. green roof@B12 merchant@H8",  # tower 1 with its 3 merchants: 8 - 1 + 3
        "4. red grey@D12 roof@D12",
        "5. blue wall@C13 wall@D13",  # D13 connects red's grey palace: the tile moves alone
    )
    report = check_one(text)
    assert_legal(report)
    assert report.run is not None
    states = report.run.states()
    assert states[2].tower_tiles == {1: "green"}
    assert merchants_in_hand(states[2]) == {"red": 8, "blue": 8, "green": 10}
    final = states[-1]
    assert final.tower_tiles == {1: "red"}
    assert merchants_in_hand(final) == {"red": 8, "blue": 8, "green": 10}
    assert final.tower_merchants == {1: 0, 2: 2, 3: 1, 4: 0}


def test_tower_merchants_need_the_option() -> None:
    text = second(*TOWER_ONE, "3. green roof@B12 merchant@H8", options="well, tea")
    assert_legal(check_one(text))
    state = final_state(text)
    assert state.tower_tiles == {1: "green"}
    assert merchants_in_hand(state) == {"red": 8, "blue": 8, "green": 7}


# Green takes tower 1 with its 3 merchants and places all eleven, from H8 up to H12, along
# row 12 to C12 and at the street's other end, H6; red and blue build walls meanwhile.
ELEVEN_MERCHANTS = (
    *TOWER_ONE,
    "3. green roof@B12 merchant@H8",
    "4. red wall@C13 wall@D13",
    "5. blue wall@E13 wall@F13",
    "6. green merchant@H9 merchant@H10",
    "7. red wall@B1 wall@C1",
    "8. blue wall@D1 wall@E1",
    "9. green merchant@H11 merchant@H12",
    "10. red wall@F1 wall@G1",
    "11. blue wall@H1 wall@I1",
    "12. green merchant@G12 merchant@F12",
    "13. red wall@J1 wall@K1",
    "14. blue wall@L1 wall@M1",
    "15. green merchant@E12 merchant@D12",
    "16. red wall@Q13 wall@P13",
    "17. blue wall@O13 wall@N13",
    "18. green merchant@C12 merchant@H6",
)


def test_tower_merchants_join_the_supply_and_can_be_placed() -> None:
    text = second(*ELEVEN_MERCHANTS)
    assert_legal(check_one(text))
    assert merchants_in_hand(final_state(text))["green"] == 0


def test_without_tower_merchants_the_ninth_merchant_is_missing() -> None:
    text = second(*ELEVEN_MERCHANTS[:15], options="well, tea")
    assert_only(check_one(text), "MED-T6", spot(text, "15. green", "merchant@D12"))


# ---------------------------------------------------------------- a roof on a stable (MED-R1)


@pytest.mark.parametrize(
    ("body", "anchor", "word", "written"),
    [
        (("1. red orange@E5 stable@E6", "2. blue roof@E6 merchant@H8"), "2. blue", "roof@", "roof"),
        (("position", "orange: E5 F5", "stables: E6", "roofs: red@E6"), "roofs:", "red@", "red"),
    ],
    ids=["turn", "position"],
)
def test_a_roof_on_a_stable_says_which_palace_and_how_to_name_it(
    body: tuple[str, ...], anchor: str, word: str, written: str
) -> None:
    text = medina(*body)
    report = check_one(text)
    assert_only(report, "MED-R1", spot(text, anchor, word))
    assert [problem.message for problem in report.errors] == [
        "E6 holds a stable of the orange palace at E5; a roof names its palace by one of the "
        f"palace's buildings, as {written}@E5"
    ]


# ---------------------------------------------------------------- neutral roofs (MED-R3)


def test_neutral_roof_takes_tiles_from_everybody() -> None:
    text = second(
        *TOWER_ONE,
        "3. green neutral@B12 merchant@H8",  # tower 1 to nobody; its 3 merchants leave
        "4. red grey@D12 roof@D12",
        "5. blue wall@C13 wall@D13",  # red's grey palace takes tower 1, without merchants
        options=ALL_OPTIONS,
    )
    report = check_one(text)
    assert_legal(report)
    assert report.run is not None
    after_neutral, final = report.run.states()[2], report.run.states()[-1]
    assert after_neutral.tower_tiles == {1: None}
    assert after_neutral.holder_of_palace_tile("orange") is None
    assert after_neutral.tower_merchants[1] == 0
    assert merchants_in_hand(after_neutral) == {"red": 8, "blue": 8, "green": 7}
    assert final.tower_tiles == {1: "red"}
    assert merchants_in_hand(final) == {"red": 8, "blue": 8, "green": 7}
    # The neutral palace scores for nobody: green has no points from it.
    assert totals(report) == [1 + 1 + 1 + 1, 0, 0]  # grey D12, wall D13, grey tile, tower 1


def test_neutral_roofs_in_the_game_of_two_need_no_option() -> None:
    text = second(
        "1. red orange@E5",
        "2. blue neutral@E5 orange@K5",
        "3. red neutral@K5 grey@E9",
        "4. blue neutral@E9 merchant@H7",
        players=TWO,
        setup="merchant H6",
        options="none",
    )
    assert_legal(check_one(text))
    state = final_state(text)
    assert {colour: hand.neutral_roofs for colour, hand in state.hands.items()} == {
        "red": 1,
        "blue": 0,
    }


def test_neutral_roof_may_go_on_a_colour_the_player_owns() -> None:
    text = second(
        "1. red orange@E5",
        "2. blue merchant@H8",
        "3. green roof@E5 orange@K5",
        "4. red merchant@H9 merchant@H10",
        "5. blue wall@B1 wall@C1",
        "6. green neutral@K5 merchant@H11",  # green owns an orange palace: MED-R2 does not apply
        options=ALL_OPTIONS,
    )
    assert_legal(check_one(text))
    state = final_state(text)
    assert [p.owner for _, p in sorted(state.palaces.items())] == ["green", "neutral"]


def test_neutral_roof_does_not_count_towards_retiring_a_colour() -> None:
    text = second(
        "1. red grey@C3",
        "2. blue neutral@C3",
        "3. green grey@E3 roof@E3",
        "4. red grey@G3 roof@G3",
        "5. blue grey@J3 merchant@H8",  # only red and green own grey: grey stays in play
        options=ALL_OPTIONS,
    )
    assert_legal(check_one(text))
    assert final_state(text).retired == set()


# ---------------------------------------------------------------- tea tiles (MED-TEA1, MED-T5)


def tea_in_hand(state: State) -> dict[str, int]:
    return {colour: hand.tea for colour, hand in state.hands.items()}


def test_first_three_black_roofs_bring_three_two_and_one_tea_tiles() -> None:
    text = second(
        "1. red black@C3",
        "2. blue roof@C3",
        "3. green black@E3 roof@E3",
        "4. yellow black@G3 roof@G3",
        "5. red black@J3 roof@J3",
        players=FOUR,
    )
    assert_legal(check_one(text))
    assert tea_in_hand(final_state(text)) == {"red": 0, "blue": 3, "green": 2, "yellow": 1}


def test_tea_tiles_are_played_one_a_turn_until_none_is_left() -> None:
    text = second(
        *TEA_START,  # green holds 3
        "6. green merchant@H12 tea",
        "7. red merchant@G7 wall@D1",
        "8. blue wall@E1 wall@F1",
        "9. green merchant@G12 tea",
        "10. red merchant@F7 wall@G1",
        "11. blue wall@H1 wall@I1",
        "12. green merchant@F12 tea",
        "13. red merchant@E7 wall@J1",
        "14. blue wall@K1 wall@L1",
        "15. green merchant@E12 tea",
    )
    report = check_one(text)
    assert errors(report) == [("MED-T5", spot(text, "15. green", "tea"))]
    assert report.run is not None
    assert [tea_in_hand(s)["green"] for s in report.run.states()[4:]] == [
        3, 2, 2, 2, 1, 1, 1, 0, 0, 0, 0,
    ]  # fmt: skip


def test_neutral_roof_on_black_uses_up_a_share_of_tea() -> None:
    text = second(
        "1. red black@C3",
        "2. blue neutral@C3",
        "3. green black@E3 roof@E3",
        "4. red black@G3 roof@G3",
        "5. blue black@J3 roof@J3",
        options=ALL_OPTIONS,
    )
    assert_legal(check_one(text))
    assert tea_in_hand(final_state(text)) == {"red": 1, "blue": 0, "green": 2}


def test_no_tea_tiles_without_the_option() -> None:
    text = second("1. red black@C3", "2. blue roof@C3", options="well, tower-merchants")
    assert_legal(check_one(text))
    assert tea_in_hand(final_state(text)) == {"red": 0, "blue": 0, "green": 0}


def test_no_tea_tiles_in_the_first_edition() -> None:
    text = medina("1. red black@C3 roof@C3")
    assert_legal(check_one(text))
    assert tea_in_hand(final_state(text)) == {"red": 0, "blue": 0, "green": 0}


def test_tea_tiles_score_nothing() -> None:
    text = second(*TEA_START)
    report = check_one(text)
    assert_legal(report)
    assert totals(report) == [0, 0, 1 + 2]  # green: the black palace and its tile


# ---------------------------------------------------------------- turns


def test_second_edition_opening_turns_place_one_piece_each() -> None:
    three = second(*OPENING, "3. green merchant@H9 merchant@H10")
    assert_legal(check_one(three))
    two = second(
        "1. red orange@E5",
        "2. blue merchant@H7 merchant@H8",
        players=TWO,
        setup="well L8; merchant H6",
    )
    assert_legal(check_one(two))
    assert final_state(two).board.name == "two-player"


def test_first_edition_has_no_opening_turns() -> None:
    text = medina("1. red orange@E5", "2. blue merchant@H8")
    assert errors(check_one(text)) == [
        ("MED-T2", spot(text, "1. red")),
        ("MED-T2", spot(text, "2. blue")),
    ]


def test_position_is_past_the_opening_turns() -> None:
    text = second("position", "orange: E5", "1. red orange@E6 merchant@H8")
    assert_legal(check_one(text))


# The last-roofs scenario again, in the 2nd edition: the rule is gone.
LAST_ROOFS_SECOND = (
    "1. red merchant@H8",
    "2. blue merchant@H9",
    "3. green grey@E3 roof@E3",
    "4. red merchant@H10 merchant@H11",
    "5. blue grey@C3 roof@C3",
    "6. green black@E5 roof@E5",
    "7. red wall@B1 wall@C1",
    "8. blue black@C5 roof@C5",
    "9. green brown@E7 roof@E7",
    "10. red grey@K3 wall@D1",
    "11. blue brown@C7 roof@C7",
    "12. green orange@E9 roof@E9",
    "13. red wall@E1 wall@F1",
    "14. blue orange@C9 roof@C9",
    "15. green wall@G1 wall@H1",
)


def test_last_roofs_rule_is_not_in_the_second_edition() -> None:
    text = second(
        *LAST_ROOFS_SECOND, "16. red wall@I1 wall@J1", setup="merchant H7", options="none"
    )
    assert_legal(check_one(text))
    hands = final_state(text).hands
    assert [hands[c].roofs for c in ("red", "blue", "green")] == [4, 0, 0]


def test_last_roofs_rule_is_kept_by_a_roof_as_either_piece() -> None:
    for turn in ("13. red roof@K3 wall@E1", "13. red wall@E1 roof@K3"):
        assert_legal(check_one(medina(*LAST_ROOFS, turn)))


def test_last_roofs_rule_counts_a_roof_that_a_first_building_makes_possible() -> None:
    # Without red's grey building on K3 no palace is open for a roof when turn 13 starts,
    # but red owns nothing yet: a new orange palace on K3 can take red's roof at once.
    turns = list(LAST_ROOFS)
    turns[9] = "10. red wall@D1 wall@E1"
    bad = medina(*turns, "13. red wall@F1 merchant@H12")
    report = check_one(bad)
    assert_only(report, "MED-T4", spot(bad, "13. red"))
    assert_legal(check_one(medina(*turns, "13. red orange@K3 roof@K3")))
    # The message names one way to do it, and that way is a legal turn.
    message = report.errors[0].message
    suggested = message[message.index("for example ") + len("for example ") : -1]
    assert_legal(check_one(medina(*turns, f"13. red {suggested}")))


# Blue and green own a palace of every colour, two buildings each; red owns none.
ALL_ROOFED = (
    "position",
    "grey: C3 C4 F3 F4",
    "black: I3 I4 L3 L4",
    "brown: C7 C8 F7 F8",
    "orange: I7 I8 L7 L8",
    "roofs: blue@C3 green@F3 blue@I3 green@L3 blue@C7 green@F7 blue@I7 green@L7",
    "palace-tiles: grey blue black blue brown blue orange blue",
    "next: red",
)


def test_last_roofs_rule_needs_a_roof_that_can_go_down() -> None:
    # With palaces of two buildings at least, a new palace cannot take a roof this turn.
    turn = "1. red wall@B1 wall@C1"
    kept = medina(*ALL_ROOFED, turn, tags=('[Rulings "min-roof-size=2"]',))
    assert_legal(check_one(kept))
    broken = medina(*ALL_ROOFED, turn)
    assert_only(check_one(broken), "MED-T4", spot(broken, "1. red"))


def test_wrong_player_is_reported_and_play_goes_on_after_them() -> None:
    text = medina(
        "1. red orange@E5 orange@E6",
        "2. green merchant@H8 merchant@H9",  # blue's turn: reported, but the pieces stand
        "3. red grey@K5 grey@K6",  # after green comes red again
        "4. blue wall@B1 wall@C1",
    )
    report = check_one(text)
    assert errors(report) == [("MED-T1", spot(text, "2. green", "green"))]
    assert final_state(text).streets == [[cell("H7"), cell("H8"), cell("H9")]]


def test_turn_by_a_stranger_is_ignored() -> None:
    text = medina("1. yellow orange@E5 orange@E6", "2. red orange@E5 orange@E6")
    report = check_one(text)
    assert errors(report) == [("MED-S1", spot(text, "1. yellow", "yellow"))]
    assert final_state(text).hands["red"].buildings["orange"] == 4


# ---------------------------------------------------------------- colours leave the game (MED-B5)

GREY_FOR_ALL = (
    "1. red grey@C3 roof@C3",
    "2. blue grey@E3 roof@E3",
    "3. green grey@G3 roof@G3",
)


def test_colour_owned_by_every_player_leaves_the_game() -> None:
    report = check_one(medina(*GREY_FOR_ALL))
    assert_legal(report)
    state = final_state(medina(*GREY_FOR_ALL))
    assert state.retired == {"grey"}
    assert {c: hand.buildings["grey"] for c, hand in state.hands.items()} == {
        "red": 0,
        "blue": 0,
        "green": 0,
    }
    assert state.hands["red"].buildings["orange"] == 6


def test_retiring_is_a_ruling_in_both_editions() -> None:
    kept = medina(*GREY_FOR_ALL, tags=('[Rulings "retire-colours=no"]',))
    assert final_state(kept).retired == set()
    assert final_state(kept).hands["red"].buildings["grey"] == 5
    turns = (
        "1. red grey@C3",
        "2. blue roof@C3",
        "3. green grey@E3 roof@E3",
        "4. red grey@G3 roof@G3",
    )
    assert final_state(second(*turns)).retired == {"grey"}
    no = second(*turns, tags=('[Rulings "retire-colours=no"]',))
    assert final_state(no).retired == set()


def test_colour_is_not_retired_while_a_player_owns_none() -> None:
    text = medina(*GREY_FOR_ALL[:2], "3. green grey@G3 merchant@H8", "4. red roof@G3 merchant@H9")
    report = check_one(text)
    assert errors(report) == [("MED-R2", spot(text, "4. red", "roof@G3"))]
    assert final_state(text).retired == set()


# ---------------------------------------------------------------- market streets (MED-M1, MED-M2)


def test_new_street_starts_when_both_ends_are_blocked() -> None:
    text = medina(*BLOCKED_STREET, "3. green merchant@B2 merchant@H8", setup="merchant C3")
    assert_legal(check_one(text))
    assert final_state(text).streets == [
        [cell("C3"), cell("C2"), cell("B2")],
        [cell("H8")],
    ]


def test_new_street_is_the_current_one() -> None:
    text = medina(
        *BLOCKED_STREET,
        "3. green merchant@B2 merchant@H8",
        "4. red merchant@H9 merchant@H10",
        "5. blue merchant@B3 merchant@H11",  # the old street can no longer grow
        setup="merchant C3",
    )
    report = check_one(text)
    assert errors(report) == [("MED-M1", spot(text, "5. blue", "merchant@B3"))]
    assert final_state(text).streets[-1] == [cell(f"H{row}") for row in range(8, 12)]


def test_street_grows_at_both_ends() -> None:
    text = medina("1. red merchant@H8 merchant@H6", "2. blue merchant@G6 merchant@I8")
    assert_legal(check_one(text))
    assert final_state(text).streets == [
        [cell("G6"), cell("H6"), cell("H7"), cell("H8"), cell("I8")]
    ]


def test_merchant_may_stand_next_to_palaces_walls_and_the_well() -> None:
    text = second(
        "1. red orange@G8",
        "2. blue wall@B1",
        "3. green merchant@H8 merchant@I8",  # next to the orange palace
        "4. red merchant@J8 merchant@K8",
        "5. blue merchant@L8 merchant@M8",
        "6. green merchant@N8 merchant@O9",  # N8 is next to the well, O9 is the well
    )
    report = check_one(text)
    assert errors(report) == [("MED-M1", spot(text, "6. green", "merchant@O9"))]
    text = text.replace("merchant@N8 merchant@O9", "merchant@N8 merchant@N9")
    assert_legal(check_one(text))


# ---------------------------------------------------------------- keep going after an error


def test_later_errors_are_found_and_legal_pieces_stand() -> None:
    text = medina(
        "1. red orange@E5 orange@E7",  # MED-B2: E7 is not placed, E5 stands
        "2. blue orange@E6 wall@D1",  # E6 joins red's palace; MED-W1: D1 is not placed
        "3. green roof@E5 wall@D1",  # MED-W1 again: the wall on D1 never went down
        "4. red tower@E8 wall@B1",  # REC-3: the turn changes nothing
        "5. blue wall@B1 wall@C1",
        "6. green stable@E4 roof@E4",  # MED-R1: a stable names no palace
    )
    report = check_one(text)
    assert errors(report) == [
        ("MED-B2", spot(text, "1. red", "orange@E7")),
        ("MED-W1", spot(text, "2. blue", "wall@D1")),
        ("MED-W1", spot(text, "3. green", "wall@D1")),
        ("REC-3", spot(text, "4. red", "tower@E8")),
        ("MED-R1", spot(text, "6. green", "roof@E4")),
    ]
    state = final_state(text)
    palace = state.palace(cell("E5"))
    assert palace is not None
    assert (palace.buildings, palace.stables, palace.owner) == (
        {cell("E5"), cell("E6")},
        {cell("E4")},
        "green",
    )
    assert state.wall_tower == {cell("B1"): 4, cell("C1"): 4}


def test_an_illegal_turn_after_an_illegal_setup_is_still_judged() -> None:
    text = medina("1. red orange@A5 orange@E5", setup="merchant B7")
    assert errors(check_one(text)) == [
        ("MED-S3", spot(text, "[Setup", "merchant")),
        ("MED-B1", spot(text, "1. red", "orange@A5")),
    ]


# ---------------------------------------------------------------- scoring (MED-E2 to MED-E5)

# Red's orange palace B2 B3 C2 with a stable on B4 touches the walls B1, C1, A2 and A3 and the
# merchants C3 (next to two of its pieces, counted once) and D2; blue's grey palace on E2
# touches D2 as well, which counts for both.
CORNER = (
    "position",
    "orange: B2 B3 C2",
    "grey: E2",
    "stables: B4",
    "walls: B1 C1 A2 A3",
    "merchants: C3 D3 D2",
    "roofs: red@B2 blue@E2",
)


def test_palace_points() -> None:
    report = check_one(medina(*CORNER, setup=None))
    assert_legal(report)
    ann, ben, cy = sheet_of(report).players
    (orange,) = ann.palaces
    assert (orange.buildings, orange.stables, orange.walls, orange.merchants, orange.well) == (
        3, 1, 4, 2, 0,
    )  # fmt: skip
    (grey,) = ben.palaces
    assert (grey.buildings, grey.stables, grey.walls, grey.merchants) == (1, 0, 0, 1)
    assert (ann.palace_tiles, ann.tower_tiles, ann.tiles) == (("orange",), (4,), 4 + 4)
    assert (ben.palace_tiles, ben.tiles) == (("grey",), 1)
    assert [ann.total, ben.total, cy.total] == [10 + 8, 2 + 1, 0]
    assert [ann.rank, ben.rank, cy.rank] == [1, 2, 3]


@pytest.mark.parametrize(
    ("result", "faults"),
    [
        ("Ann 18; Ben 3; Cy 0", []),
        ("red 18; blue 3; green 0", []),
        ("Cy 0; Ann 18; blue 3", []),
        ("Ann 18; Ben 4; Cy 0", [("Ben", "Ben 4")]),
        ("Ann 17; Ben 3; Cy 0", [("Ann", "Ann 17")]),
        ("Ann 18; Ben 3; Cy 0; Dora 0", [("Dora", "Dora")]),
        ("Ann 18; Ben 3", [("", '"')]),
    ],
    ids=["names", "colours", "any-order", "wrong-points", "wrong-winner", "stranger", "left-out"],
)
def test_result_tag(result: str, faults: list[tuple[str, str]]) -> None:
    text = medina(*CORNER, setup=None, tags=(f'[Result "{result}"]',))
    report = check_one(text)
    assert errors(report) == [("MED-E6", spot(text, "[Result", word)) for _, word in faults]


def test_unroofed_and_neutral_palaces_score_for_nobody() -> None:
    text = second(
        "position",
        "orange: E5 E6",
        "grey: K5",
        "black: N3",
        "merchants: H7",
        "roofs: neutral@E5",
        setup="well O9",
        options=ALL_OPTIONS,
    )
    report = check_one(text)
    assert_legal(report)
    assert totals(report) == [0, 0, 0]
    assert all(player.palaces == () for player in sheet_of(report).players)


# The well on O9: M9 and O7 are two steps from it in a straight line.
WELL_POSITION = (
    "position",
    "orange: M9 M10",
    "grey: O6",
    "stables: L9 O7",
    "merchants: H7",
    "roofs: red@M9 blue@O6",
)


def test_well_bonus() -> None:
    body = WELL_POSITION
    report = check_one(second(*body, setup="well O9"))
    assert_legal(report)
    ann, ben, _ = sheet_of(report).players
    assert [palace.well for palace in ann.palaces] == [4]  # the building on M9
    assert [palace.well for palace in ben.palaces] == [4]  # the stable on O7
    assert [ann.total, ben.total] == [3 + 4 + 4, 2 + 4 + 1]
    elsewhere = check_one(second(*body, setup="well K3"))  # not two steps from anything
    assert_legal(elsewhere)
    assert totals(elsewhere) == [3 + 4, 2 + 1, 0]


def test_no_well_bonus_without_the_well() -> None:
    body = ("position", "orange: M9 M10", "merchants: H7", "roofs: red@M9")
    report = check_one(second(*body, setup=None, options="tea"))
    assert_legal(report)
    assert totals(report) == [2 + 4, 0, 0]


@pytest.mark.parametrize(
    ("colour", "points"),
    [
        ("grey", 1),
        ("black", 2),
        ("brown", 3),
        ("orange", 4),
        ("white", 1),
        ("purple", 2),
        ("maroon", 3),
    ],
)
def test_palace_tile_points(colour: str, points: int) -> None:
    report = check_one(second("position", f"{colour}: E5", "roofs: red@E5", setup="well O9"))
    assert_legal(report)
    assert totals(report) == [1 + points, 0, 0]


@pytest.mark.parametrize(
    ("walls", "field", "tower"),
    [("B13", "B12", 1), ("R2", "Q2", 2), ("Q13", "Q12", 3), ("B1", "B2", 4)],
)
def test_tower_tile_points(walls: str, field: str, tower: int) -> None:
    text = medina("position", f"grey: {field}", f"walls: {walls}", f"roofs: red@{field}")
    report = check_one(text)
    assert_legal(report)
    ann = sheet_of(report).players[0]
    assert ann.tower_tiles == (tower,)
    assert ann.total == 1 + 1 + 1 + tower  # building, wall, grey tile, tower


# Equal points and equal largest palaces: red's black palace (2 buildings, tile 2) and blue's
# grey one (2 buildings, merchant H9, tile 1) both score 4.
TIE = (
    "1. red black@C5 black@C6",
    "2. blue grey@I9 grey@J9",
    "3. green merchant@H8 merchant@H9",
)
TIE_RED_FIRST = ("4. red roof@C5 wall@B1", "5. blue roof@I9 wall@C1")


@pytest.mark.parametrize(
    ("turns", "ranks"),
    [
        (TIE_RED_FIRST, [1, 2, 3]),
        (
            (
                "4. red wall@B1 wall@C1",
                "5. blue roof@I9 wall@D1",
                "6. green wall@E1 wall@F1",
                "7. red roof@C5 wall@G1",
            ),
            [2, 1, 3],
        ),
    ],
    ids=["red-roofed-first", "blue-roofed-first"],
)
def test_tie_goes_to_the_earlier_roof(turns: tuple[str, ...], ranks: list[int]) -> None:
    report = check_one(medina(*TIE, *turns))
    assert_legal(report)
    sheet = sheet_of(report)
    assert totals(report) == [4, 4, 0]
    assert [p.largest for p in sheet.players] == [2, 2, 0]
    assert [p.rank for p in sheet.players] == ranks
    assert [p.colour for p in sheet.ranking()] == [
        colour for _, colour in sorted(zip(ranks, ("red", "blue", "green"), strict=True))
    ]


def test_tie_goes_to_the_larger_palace_and_full_ties_share_a_place() -> None:
    text = medina(
        "position",
        "orange: E5",
        "grey: K5 K6 K7 K8",
        "roofs: red@E5 blue@K5",
        players=FOUR,
    )
    report = check_one(text)
    assert_legal(report)
    sheet = sheet_of(report)
    assert totals(report) == [1 + 4, 4 + 1, 0, 0]
    assert [p.rank for p in sheet.players] == [2, 1, 3, 3]


@pytest.mark.parametrize(
    ("roofs", "ranks"),
    [
        ("red@E5 blue@B12 red@K5", [1, 2, 3]),
        ("red@K5 blue@B12 red@E5", [1, 2, 3]),
        ("blue@B12 red@E5 red@K5", [2, 1, 3]),
    ],
    ids=["first-palace-first", "second-palace-first", "blue-first"],
)
def test_tie_break_counts_the_earlier_of_two_largest_palaces(roofs: str, ranks: list[int]) -> None:
    # Red: orange E5 and grey K5 (1 + 4, 1 + 1); blue: brown B12 with the walls A12 and B13
    # (1 + 2 + 3, and tower 1). All three palaces have one building.
    text = medina(
        "position",
        "orange: E5",
        "grey: K5",
        "brown: B12",
        "walls: A12 B13",
        f"roofs: {roofs}",
    )
    report = check_one(text)
    assert_legal(report)
    assert totals(report) == [7, 7, 0]
    assert [p.rank for p in sheet_of(report).players] == ranks


# ---------------------------------------------------------------- stated results (MED-E6)

Builder = Callable[[tuple[str, ...]], str]

# Records that may state a result: each starts from a position, so it need not be over.
STATED: dict[str, tuple[Builder, list[int]]] = {
    "palace-tile-by-stables": (
        lambda tags: medina("position", *PALACE_TILE_TURNS, tags=tags),
        [3 + 4, 3, 0],
    ),
    "tower-tile-last-connected": (
        # Red: C2 and the stable B2 next to B1 and C1, orange tile. Blue: E2 next to E1, grey
        # tile and tower 4.
        lambda tags: medina("position", *LAST_CONNECTED_TURNS, tags=tags),
        [2 + 2 + 4, 1 + 1 + 1 + 4, 0],
    ),
    "two-towers": (lambda tags: medina(*TWO_TOWERS, tags=tags), [3 + 2 + 4 + 2 + 4, 0, 0]),
    "corner": (lambda tags: medina(*CORNER, setup=None, tags=tags), [18, 3, 0]),
    "well": (lambda tags: second(*WELL_POSITION, setup="well O9", tags=tags), [11, 7, 0]),
    "tea-scores-nothing": (
        lambda tags: second(
            "position", "black: E5", "next: green", "1. green roof@E5 merchant@H8", tags=tags
        ),
        [0, 0, 1 + 2],
    ),
    "neutral-palace": (
        lambda tags: second(
            "position",
            "orange: E5 E6",
            "roofs: neutral@E5",
            "next: red",
            "1. red grey@K5 roof@K5",
            options=ALL_OPTIONS,
            tags=tags,
        ),
        [1 + 1, 0, 0],
    ),
    "tie-by-roof-order": (
        lambda tags: medina("position", *TIE, *TIE_RED_FIRST, tags=tags),
        [4, 4, 0],
    ),
}


@pytest.mark.parametrize("name", sorted(STATED))
def test_stated_result_is_checked(name: str) -> None:
    build, points = STATED[name]
    report = check_one(build(()))
    assert_legal(report)
    assert totals(report) == points
    assert_legal(check_one(build((stated_result(points),))))
    text = build((stated_result([n + 1 for n in points]),))
    assert errors(check_one(text)) == [
        ("MED-E6", spot(text, "[Result", f"{player} ")) for player in NAMES[:3]
    ]
    # Ann's and Ben's points swapped: both are wrong unless they score alike.
    text = build((stated_result([points[1], points[0], points[2]]),))
    swapped = [(NAMES[0], points[1]), (NAMES[1], points[0])] if points[0] != points[1] else []
    assert errors(check_one(text)) == [
        ("MED-E6", spot(text, "[Result", f"{player} {n}")) for player, n in swapped
    ]


# ---------------------------------------------------------------- positions (MED-P1 and friends)


@pytest.mark.parametrize("case", POSITION_FAULTS, ids=[case.name for case in POSITION_FAULTS])
def test_position_fault(case: PositionFault) -> None:
    text = medina("position", *case.entries, setup=None)
    assert_only(check_one(text), case.rule, spot(text, case.anchor, case.word))


def test_position_may_show_finished_palaces_of_one_colour() -> None:
    # Two unroofed orange palaces, but B2 is stuck: only K5 is unfinished.
    text = medina("position", "orange: B2 K5", "stables: B3 C2")
    assert_legal(check_one(text))


def test_position_sets_the_player_to_move_and_the_roofs_left() -> None:
    text = medina(
        "position",
        "orange: E5",
        "grey: K5",
        "roofs: red@E5 red@K5",
        "next: green",
        "1. green merchant@H8 merchant@H9",
    )
    assert_legal(check_one(text))
    hands = final_state(text).hands
    assert [hands[c].roofs for c in ("red", "blue", "green")] == [2, 4, 4]


def test_position_current_street_is_the_one_written_last() -> None:
    text = medina(
        "position",
        "merchants: C3 H7 H8",
        "1. red merchant@H9 merchant@H10",
        setup=None,
    )
    assert_legal(check_one(text))
    text = text.replace("C3 H7 H8", "H7 H8 C3").replace("H9 merchant@H10", "H9 merchant@C4")
    assert_only(check_one(text), "MED-M1", spot(text, "1. red", "merchant@H9"))


def test_position_tower_tile_holder_has_taken_the_merchants() -> None:
    text = second(
        "position",
        "orange: B12",
        "grey: E12",
        "walls: B13 C13 D13 E13",
        "roofs: red@B12 blue@E12",
        "tower-tiles: 1 blue",
        "next: red",
        "1. red merchant@H8 merchant@H9",
    )
    assert_legal(check_one(text))
    state = final_state(text)
    assert state.tower_tiles == {1: "blue"}
    assert 1 not in state.tower_merchants


def test_position_tea_tiles_can_be_played() -> None:
    text = second("position", "black: E5", "roofs: red@E5", "tea: red 1", "1. red merchant@H8 tea")
    assert_legal(check_one(text))
    assert tea_in_hand(final_state(text)) == {"red": 0, "blue": 0, "green": 0}


def test_position_retires_a_colour_every_player_owns() -> None:
    text = medina(
        "position",
        "grey: C3 E3 G3",
        "roofs: red@C3 blue@E3 green@G3",
        "palace-tiles: grey red",
        "1. red grey@J3 merchant@H8",
    )
    assert_only(check_one(text), "MED-B5", spot(text, "1. red", "grey@J3"))


def test_position_with_a_neutral_roof_leaves_the_others_in_the_supplies() -> None:
    text = second(
        "position",
        "orange: E5",
        "grey: J5",
        "roofs: neutral@E5",
        "1. red neutral@J5 merchant@H7",
        players=TWO,
        setup="well L8; merchant H6",
    )
    assert_legal(check_one(text))


def test_position_with_too_many_neutral_roofs() -> None:
    # Two players hold four neutral roofs between them.
    text = second(
        "position",
        "orange: C3",
        "grey: C5",
        "black: C7",
        "brown: C9",
        "white: E3",
        "roofs: neutral@C3 neutral@C5 neutral@C7 neutral@C9 neutral@E3",
        players=TWO,
        setup="well L8; merchant H6",
    )
    assert_only(check_one(text), "MED-P1", spot(text, "position"))


# ---------------------------------------------------------------- known faults


def test_board_must_suit_the_player_count() -> None:
    text = second(setup="well J7; merchant H5", tags=('[Board "two-player"]',))
    assert_only(check_one(text), "MED-S2", spot(text, "[Board", '"'))


# ---------------------------------------------------------------- rulings with values


def test_well_bonus_counts_each_piece_unless_the_ruling_says_per_palace() -> None:
    # Red's palace has two buildings on bonus fields of the well on O9: M9 and O7.
    body = ("position", "orange: M7 M8 M9 N7 O7", "merchants: H7", "roofs: red@M9")
    each = check_one(second(*body, setup="well O9"))
    assert_legal(each)
    assert [p.well for p in sheet_of(each).players[0].palaces] == [8]
    once = check_one(second(*body, setup="well O9", tags=('[Rulings "well-bonus=palace"]',)))
    assert_legal(once)
    assert [p.well for p in sheet_of(once).players[0].palaces] == [4]


@pytest.mark.parametrize("setup", ["merchant C2", "merchant H2"])
def test_setup_fields_ruling_lets_the_first_merchant_stand_on_a_border_field(setup: str) -> None:
    strict = medina(setup=setup)
    assert_only(check_one(strict), "MED-S3", spot(strict, "[Setup", "merchant"))
    assert_legal(check_one(medina(setup=setup, tags=('[Rulings "setup-fields=any"]',))))


def test_setup_fields_ruling_still_keeps_the_well_off_the_ring() -> None:
    text = second(setup="well A9; merchant H7", tags=('[Rulings "setup-fields=any"]',))
    assert_only(check_one(text), "MED-S3", spot(text, "[Setup", "well"))
    assert_legal(
        check_one(second(setup="well B9; merchant H7", tags=('[Rulings "setup-fields=any"]',)))
    )


# Red's roofed palace on C3 is one field from the wall C1; a stable on C2 connects it.
STABLE_CONNECTS = ("1. red orange@C3 roof@C3", "2. blue wall@B1 wall@C1")


@pytest.mark.parametrize(
    ("turns", "tags", "holder"),
    [
        (("3. green stable@C2 merchant@H8",), (), "red"),
        (("3. green stable@C2 merchant@H8",), ('[Rulings "stable-tower=owner"]',), None),
        (
            ("3. green merchant@H8 merchant@H9", "4. red stable@C2 merchant@H10"),
            ('[Rulings "stable-tower=owner"]',),
            "red",
        ),
    ],
    ids=["anyone-by-default", "owner-ruling-not-by-another", "owner-ruling-by-the-owner"],
)
def test_stable_tower_ruling(
    turns: tuple[str, ...], tags: tuple[str, ...], holder: str | None
) -> None:
    report = check_one(medina(*STABLE_CONNECTS, *turns, tags=tags))
    assert_legal(report)
    assert report.run is not None and report.run.final is not None
    assert report.run.final.tower_tiles.get(4) == holder


def test_tie_break_ruling_none_lets_equal_points_share_a_place() -> None:
    report = check_one(medina(*TIE, *TIE_RED_FIRST, tags=('[Rulings "tie-break=none"]',)))
    assert_legal(report)
    assert totals(report) == [4, 4, 0]
    assert [p.rank for p in sheet_of(report).players] == [1, 1, 3]


# ---------------------------------------------------------------- a position's roof order


def warnings_of(report: GameReport) -> list[tuple[str, object]]:
    return [(p.rule, p.at) for p in report.problems if p.warning]


def test_a_tie_decided_by_the_order_of_a_positions_roofs_is_said() -> None:
    # Red and blue score 7 each with palaces of one building: the roofs: order decides.
    body = ("position", "orange: E5", "grey: K5", "brown: B12", "walls: A12 B13")
    for roofs, upper, later in (
        ("red@E5 blue@B12 red@K5", "Ann", "blue@B12"),
        ("blue@B12 red@E5 red@K5", "Ben", "red@E5"),
    ):
        text = medina(*body, f"roofs: {roofs}")
        report = check_one(text)
        assert report.valid
        assert warnings_of(report) == [("MED-E5", spot(text, "roofs:", later))]
        warning = next(p for p in report.problems if p.warning)
        assert warning.message.startswith(f"{upper} ranks above")


def test_no_roof_order_warning_when_the_turns_show_the_order() -> None:
    report = check_one(medina(*TIE, *TIE_RED_FIRST))
    assert_legal(report)
    assert warnings_of(report) == []


def test_no_roof_order_warning_when_the_palaces_decide() -> None:
    text = medina("position", "orange: E5", "grey: K5 K6 K7 K8", "roofs: red@E5 blue@K5")
    assert warnings_of(check_one(text)) == []


# Two grey palaces of equal size, red's on C3 C4 and blue's from K3; red's roof is listed
# first. Only a stable on red's palace lets it have grown after blue's roof.
EQUAL_GREY = ("position", "grey: C3 C4 K3", "roofs: red@C3 blue@K3")


@pytest.mark.parametrize(
    ("extra", "holder", "legal"),
    [
        (("grey: K4",), "red", True),
        (("grey: K4",), "blue", False),
        (("stables: K4",), "blue", False),
        (("stables: C5", "grey: K4 K5"), "blue", True),
    ],
    ids=["first-roofed-keeps", "later-cannot-hold", "later-grew-by-a-stable", "earlier-grew"],
)
def test_palace_tile_holder_must_fit_the_roof_order(
    extra: tuple[str, ...], holder: str, legal: bool
) -> None:
    text = medina(*EQUAL_GREY[:2], *extra, *EQUAL_GREY[2:], f"palace-tiles: grey {holder}")
    report = check_one(text)
    if legal:
        assert_legal(report)
    else:
        assert_only(report, "MED-PT1", spot(text, "palace-tiles:", holder))


# A position whose largest orange palace is blue's (Ben's) and whose tower 4 touches red's (Ann's).
HOLDER_BOARD = ("position", "orange: C2 K5 K6", "walls: B1 C1", "roofs: red@C2 blue@K5")


@pytest.mark.parametrize("word", ["Ben", "ben", "blue"])
def test_a_palace_tile_holder_is_a_player_or_a_roof_colour(word: str) -> None:
    report = check_one(medina(*HOLDER_BOARD, f"palace-tiles: orange {word}"))
    assert_legal(report)
    ben = sheet_of(report).players[1]
    assert ben.palace_tiles == ("orange",)


@pytest.mark.parametrize("word", ["Ann", "red"])
def test_a_tower_tile_holder_is_a_player_or_a_roof_colour(word: str) -> None:
    report = check_one(medina(*HOLDER_BOARD, f"tower-tiles: 4 {word}"))
    assert_legal(report)
    assert sheet_of(report).players[0].tower_tiles == (4,)


@pytest.mark.parametrize(
    ("entry", "rule", "message"),
    [
        (
            "palace-tiles: orange Ann",
            "MED-PT1",
            "the orange palace tile belongs with a largest orange palace; Ann (red) has none",
        ),
        (
            "tower-tiles: 4 Ben",
            "MED-TT1",
            "tower tile 4 goes to the owner of a roofed palace touching tower 4's walls; "
            "Ben (blue) has none",
        ),
        (
            "palace-tiles: orange Zed",
            "MED-PT1",
            "Zed is neither a player nor a roof colour here: "
            "name one of Ann (red), Ben (blue), Cy (green), or nobody",
        ),
    ],
)
def test_a_wrong_tile_holder_is_named_with_player_and_colour(
    entry: str, rule: str, message: str
) -> None:
    text = medina(*HOLDER_BOARD, entry)
    report = check_one(text)
    assert_only(report, rule, spot(text, entry, entry.split()[-1]))
    assert [problem.message for problem in report.errors] == [message]


def test_a_tile_tie_says_a_holder_may_be_named_either_way() -> None:
    report = check_one(medina("position", "orange: E5 K5", "roofs: red@E5 blue@K5"))
    assert [problem.message for problem in report.errors] == [
        "the largest orange palaces tie: say who holds the orange palace tile "
        "(palace-tiles: orange PLAYER, by name or roof colour)"
    ]


# ---------------------------------------------------------------- streets in a position


# A street of four and a newer one started on G9, next to H9: a T-shaped group of merchants.
T_STREETS = ("merchants: H7 H8 H9 H10", "merchants: G9 F9 F10")


def test_position_with_a_new_street_touching_an_old_one() -> None:
    text = medina("position", *T_STREETS, setup=None)
    report = check_one(text)
    assert_legal(report)
    assert report.run is not None and report.run.start is not None
    streets = report.run.start.streets
    assert streets == [[cell(c) for c in s.split()[1:]] for s in T_STREETS]


@pytest.mark.parametrize(
    "entries",
    [("merchants: H7 H8 H9",), ("merchants: H9 H8 H7",), ("merchants: H8 H9", "merchants: H7")],
    ids=["first", "last-of-the-line", "own-entry"],
)
def test_position_may_list_the_setup_merchant(entries: tuple[str, ...]) -> None:
    # The Setup tag puts a merchant on H7; a position copied from the board lists it too.
    report = check_one(medina("position", *entries))
    assert_legal(report)
    assert report.run is not None and report.run.start is not None
    merchants = sorted(c for street in report.run.start.streets for c in street)
    assert merchants == sorted(cell(c) for c in ("H7", "H8", "H9"))


def test_position_listing_the_setup_merchant_twice_is_refused() -> None:
    text = medina("position", "merchants: H8 H7", "merchants: H7")
    report = check_one(text)
    assert_only(report, "MED-P1", spot(text, "merchants: H7", "H7"))
    assert [p.message for p in report.errors] == ["H7 is given twice (merchant and merchant)"]


def test_position_streets_follow_the_new_street_ruling() -> None:
    strict = medina("position", *T_STREETS, setup=None, tags=('[Rulings "new-street-touch=none"]',))
    assert_only(check_one(strict), "MED-M2", spot(strict, T_STREETS[1], "G9"))
    one = medina("position", *T_STREETS, setup=None, tags=('[Rulings "new-street-touch=one"]',))
    assert_legal(check_one(one))


def test_a_written_street_is_ruled_by_the_market_street_deciders(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The check of a position asks the deciders of MED-M1 and MED-M2 what play asks them,
    # rather than counting a street's contacts again: each is asked once of the new street.
    from meridina.rules.medina import position, streets_walls

    assert callable(position.apply_position)  # (imported before the deciders are watched)

    asked: list[tuple[str, object]] = []
    for name in ("m1_street_end", "m2_new_street_touch"):
        decide = getattr(streets_walls, name)

        def spy(*args: object, decide: Callable[..., object] = decide, **kwargs: object) -> object:
            asked.append((decide.__name__, args[1:]))
            return decide(*args, **kwargs)

        monkeypatch.setattr(streets_walls, name, spy)
    strict = medina("position", *T_STREETS, setup=None, tags=('[Rulings "new-street-touch=none"]',))
    assert_only(check_one(strict), "MED-M2", spot(strict, T_STREETS[1], "G9"))
    assert ("m2_new_street_touch", (cell("G9"), 1)) in asked
    names = [name for name, _ in asked]
    assert "m1_street_end" in names and names.count("m2_new_street_touch") == 1


@pytest.mark.parametrize(
    ("entries", "anchor", "word"),
    [
        # In one entry the T is not a line.
        (("merchants: H7 H8 H9 H10 G9 F9 F10",), "position", None),
        # The newer street touches the older one twice: at G9 and at G8.
        (("merchants: H7 H8 H9 H10", "merchants: G8 G9 F9"), "merchants: G8", "G9"),
    ],
    ids=["one-entry", "touching-twice"],
)
def test_position_streets_that_no_play_can_make(
    entries: tuple[str, ...], anchor: str, word: str | None
) -> None:
    text = medina("position", *entries, setup=None)
    assert_only(check_one(text), "MED-M1", spot(text, anchor, word))


def test_a_roof_order_warning_does_not_make_the_result_disagree() -> None:
    from meridina.cli.commands.score_cmd import result_agrees

    text = medina(
        "position",
        "orange: E5",
        "grey: K5",
        "brown: B12",
        "walls: A12 B13",
        "roofs: red@E5 blue@B12 red@K5",
        tags=(stated_result([7, 7, 0]),),
    )
    report = check_one(text)
    assert report.valid and warnings_of(report)
    assert result_agrees(report) is True
