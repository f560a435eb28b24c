"""Meridian's rules as checked on records: each rule broken at its exact place, and kept.

The one-rule cases are data in ``cases/meridian_rules.py``; this file runs them and holds
the tests that need more than one record: pushes, the 2-player game, rulings, scoring.
"""

from __future__ import annotations

import random
from dataclasses import replace
from importlib.resources import files
from pathlib import Path

import pytest
from cases.meridian_rules import CASES, SEVERAL_RULES, TESTED_APART, SeveralRules
from conftest import (
    ALL_CARDS,
    THREE,
    TWO,
    Case,
    assert_legal,
    assert_only,
    check_one,
    errors,
    found,
    record,
    spot,
)
from meridian_records import DECK_37, ROUND_TAIL, finished, turns
from meridina.rules.meridian.engine import apply
from meridina.rules.meridian.model import Card, Tower
from meridina.rules.meridian.random_play import play_game
from meridina.rules.meridian.state import State


def final_state(text: str) -> State:
    report = check_one(text)
    assert report.run is not None, report.problems
    state = report.run.final
    assert isinstance(state, State), report.problems
    return state


def column(text: str, meridian: int) -> list[Tower | None]:
    return list(final_state(text).columns[meridian - 1])


# ---------------------------------------------------------------- one rule, one place


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_rule_broken_at_its_place(case: Case) -> None:
    assert_only(check_one(case.bad), case.rule, case.at)


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_rule_kept_by_nearby_record(case: Case) -> None:
    assert_legal(check_one(case.good))


# Every rule a Meridian record can break: each has a case, or is in TESTED_APART.
ALL_RULES = {
    *(f"MER-S{n}" for n in range(1, 4)),
    *(f"MER-T{n}" for n in range(1, 6)),
    *(f"MER-R{n}" for n in range(1, 12)),
    *(f"MER-E{n}" for n in range(1, 6)),
    "MER-B1",
    "MER-B2",
    *(f"REC-{n}" for n in range(1, 6)),
    "DATA-1",
}


def test_every_rule_has_a_case() -> None:
    assert {case.rule for case in CASES} | TESTED_APART == ALL_RULES


# ---------------------------------------------------------------- pushes


def test_shorter_tower_pushes_a_chain_up() -> None:
    text = turns("1. orange 7: 3@2", "2. black 4-5-6-7/7: 4@3", "3. grey 4-5-6-7/7: 2@2")
    assert_legal(check_one(text))
    assert column(text, 7) == [
        None,
        Tower("grey", 2),
        Tower("orange", 3),
        Tower("black", 4),
        None,
    ]


def test_taller_tower_pushes_a_chain_down() -> None:
    text = turns("1. orange 7: 3@3", "2. black 4-5-6-7/7: 4@4", "3. grey 4-5-6-7/7: 5@4")
    assert_legal(check_one(text))
    assert column(text, 7) == [
        None,
        Tower("orange", 3),
        Tower("black", 4),
        Tower("grey", 5),
        None,
    ]


def test_push_stops_at_the_first_empty_city() -> None:
    text = turns("1. orange 7: 3@2", "2. black 4-5-6-7/7: 5@4", "3. grey 4-5-6-7/7: 2@2")
    assert_legal(check_one(text))
    assert column(text, 7) == [
        None,
        Tower("grey", 2),
        Tower("orange", 3),
        Tower("black", 5),
        None,
    ]


@pytest.mark.parametrize(
    ("towers", "push", "place"),
    [
        (("1. orange 7: 3@4", "2. black 4-5-6-7/7: 4@5"), "3. grey 4-5-6-7/7: 2@4", "2@4"),
        (("1. orange 7: 2@1", "2. black 4-5-6-7/7: 3@2"), "3. grey 4-5-6-7/7: 4@2", "4@2"),
    ],
    ids=["off-the-top", "off-the-bottom"],
)
def test_push_off_the_board_leaves_the_meridian_as_it_was(
    towers: tuple[str, str], push: str, place: str
) -> None:
    text = turns(*towers, push)
    before = column(turns(*towers), 7)
    report = check_one(text)
    assert_only(report, "MER-R6", spot(text, push, place))
    assert column(text, 7) == before
    assert final_state(text).hands["grey"] == 20


# ---------------------------------------------------------------- the 2-player game


def test_two_player_game_interleaves_the_colours() -> None:
    text = turns(
        "1. orange 7: 3@3",
        "2. grey 8: 2@1",
        "3. black 9: 2@1",
        "4. brown 10: 2@1",
        "5. orange 6: 2@1",
        players=TWO,
    )
    assert_legal(check_one(text))


def test_two_player_game_allows_two_towers_per_meridian() -> None:
    text = turns(
        "1. orange 7: 2@2",
        "2. grey 8: pass",
        "3. black 7: 4@4",
        players=TWO,
    )
    assert_legal(check_one(text))
    assert column(text, 7) == [None, Tower("orange", 2), None, Tower("black", 4), None]


def test_two_player_other_colour_tower_uses_that_colours_pieces() -> None:
    text = turns("1. orange 7: black 3@2", players=TWO)
    assert_legal(check_one(text))
    state = final_state(text)
    assert state.columns[6][1] == Tower("black", 3)
    assert state.hands == {"orange": 20, "black": 17, "grey": 20, "brown": 20}
    assert "7" in {card.label for card in state.played["orange"]}


def test_two_player_towers_of_both_colours_count_for_one_player() -> None:
    text = finished("1: orange 2@5", "2: black 2@5", "3: grey 2@5", players=TWO)
    report = check_one(text)
    assert_legal(report)
    assert report.run is not None and report.run.sheet is not None
    ann, ben = report.run.sheet.players
    assert (ann.points, ann.islands, ann.pieces_left) == (3, ("a",), 36)
    assert (ben.points, ben.islands) == (0, ())


@pytest.mark.parametrize(
    ("ruling", "expected"),
    [("chain", None), ("never", "MER-R7"), ("any", None)],
)
def test_own_push_along_a_chain(ruling: str, expected: str | None) -> None:
    # black 1@2 pushes grey 2 up, and grey pushes orange 3, Ann's other colour, along.
    text = turns(
        "1. orange 7: 3@3",
        "2. grey 7: 2@2",
        "3. black 7: 1@2",
        players=TWO,
        tags=(f'[Rulings "own-push={ruling}"]',),
    )
    report = check_one(text)
    if expected is None:
        assert_legal(report)
        assert column(text, 7)[1:4] == [Tower("black", 1), Tower("grey", 2), Tower("orange", 3)]
    else:
        assert_only(report, expected, spot(text, "3. black", "1@2"))


@pytest.mark.parametrize(
    ("ruling", "expected"),
    [("chain", "MER-R7"), ("never", "MER-R7"), ("any", None)],
)
def test_own_push_direct(ruling: str, expected: str | None) -> None:
    # black 2@3 would displace orange 3, Ann's other colour, straight up.
    text = turns(
        "1. orange 7: 3@3",
        "2. grey 8: 2@2",
        "3. black 7: 2@3",
        players=TWO,
        tags=(f'[Rulings "own-push={ruling}"]',),
    )
    report = check_one(text)
    if expected is None:
        assert_legal(report)
        assert column(text, 7)[2:4] == [Tower("black", 2), Tower("orange", 3)]
    else:
        assert_only(report, expected, spot(text, "3. black", "2@3"))


def test_opponents_towers_may_always_be_pushed_in_two_player_game() -> None:
    text = turns(
        "1. orange 7: 3@3",
        "2. grey 8: pass",
        "3. black 7: 4@4",
        "4. brown 4-5-6-7/7: 2@3",
        players=TWO,
        tags=('[Rulings "own-push=never"]',),
    )
    assert_legal(check_one(text))
    assert column(text, 7)[2:5] == [Tower("brown", 2), Tower("orange", 3), Tower("black", 4)]


@pytest.mark.parametrize("tags", [(), ('[Rulings "two-player-turns=free"]',)])
def test_two_player_free_turns_let_a_player_choose_the_colour(tags: tuple[str, ...]) -> None:
    # Free turns are the default: the rulebook lets a player use both colours as one.
    text = turns(
        "1. black 7: 3@3",
        "2. brown 8: 2@1",
        "3. black 9: 2@1",
        "4. grey 10: 2@1",
        players=TWO,
        tags=tags,
    )
    assert_legal(check_one(text))


def test_two_player_colours_ruling_keeps_the_fixed_rotation() -> None:
    text = turns(
        "1. black 7: 3@3",
        "2. brown 8: 2@1",
        "3. black 9: 2@1",
        players=TWO,
        tags=('[Rulings "two-player-turns=colours"]',),
    )
    assert ("MER-T1", spot(text, "1. black", "black")) in errors(check_one(text))


# ---------------------------------------------------------------- rulings on empty meridians


TAKE_OFF_THEN_ONE_HIGH = (
    "1. orange 7: 2@2",
    *ROUND_TAIL,
    "5. orange 4-5-6-7/7: x",
    "6. black 4-5-6-7/7: 1@1",
)


@pytest.mark.parametrize(
    ("tags", "expected"),
    [((), "MER-R1"), (('[Rulings "empty-meridian=always"]',), "MER-R1")],
    ids=["default", "always"],
)
def test_emptied_meridian_needs_two_high_when_always(tags: tuple[str, ...], expected: str) -> None:
    text = turns(*TAKE_OFF_THEN_ONE_HIGH, tags=tags)
    assert_only(check_one(text), expected, spot(text, "6. black", "1@1"))


def test_emptied_meridian_takes_one_high_when_only_first_counts() -> None:
    text = turns(*TAKE_OFF_THEN_ONE_HIGH, tags=('[Rulings "empty-meridian=first"]',))
    assert_legal(check_one(text))
    assert column(text, 7)[0] == Tower("black", 1)


def test_never_built_meridian_needs_two_high_even_when_only_first_counts() -> None:
    text = turns("1. orange 7: 1@2", tags=('[Rulings "empty-meridian=first"]',))
    assert_only(check_one(text), "MER-R1", spot(text, "1. orange", "1@2"))


def test_one_high_tower_on_an_occupied_meridian() -> None:
    text = turns("1. orange 7: 2@3", "2. black 4-5-6-7/7: 1@1")
    assert_legal(check_one(text))


# ---------------------------------------------------------------- face-up cards


@pytest.mark.parametrize(
    ("card", "legal"),
    [("1", True), ("3", True), ("2", False), ("4", False)],
)
def test_face_up_cards_follow_the_deck(card: str, legal: bool) -> None:
    # Orange's deck starts 3 7 1 2: after 7 is played, 3 and 1 are face up.
    text = turns(
        "1. orange 7: 3@2",
        *ROUND_TAIL,
        f"5. orange {card}: 2@1",
        tags=(f'[Decks "orange {DECK_37}"]',),
    )
    report = check_one(text)
    if legal:
        assert_legal(report)
    else:
        assert_only(report, "MER-T3", spot(text, "5. orange", f"{card}:"))


@pytest.mark.parametrize(
    "before",
    [
        ("1. orange 5: 2@2", *ROUND_TAIL),  # 5 was played although not face up
        ("position", "played: orange 10 black 1 grey 2 brown 3"),
    ],
    ids=["after-a-card-from-deep-in-the-deck", "position-with-a-deep-card-played"],
)
def test_face_up_cards_are_the_first_two_unplayed(before: tuple[str, ...]) -> None:
    # 3 and 7 are still unplayed at the top of the deck, so 1 is not face up yet.
    text = turns(*before, "5. orange 1: 2@1", tags=(f'[Decks "orange {DECK_37}"]',))
    assert ("MER-T3", spot(text, "5. orange", "1:")) in errors(check_one(text))


def test_colours_without_a_deck_are_not_checked_for_face_up_cards() -> None:
    text = turns(
        "1. orange 7: 3@2",
        "2. black 5: 2@1",
        tags=(f'[Decks "orange {DECK_37}"]',),
    )
    assert_legal(check_one(text))


# ---------------------------------------------------------------- cards and turn order


def test_colour_out_of_cards_is_a_card_fault_not_an_order_fault() -> None:
    text = (
        record(
            "position",
            "played: orange "
            + ALL_CARDS
            + " black 1 2 3 4 5 6 7 8 9 10 1-2-3 4-5-6-7"
            + " grey 1 2 3 4 5 6 7 8 9 10 1-2-3 4-5-6-7"
            + " brown 1 2 3 4 5 6 7 8 9 10 1-2-3 4-5-6-7",
        )
        + "1. orange 7: pass\n"
        + "2. black 8-9-10/9: pass\n"
    )
    # Said once, at the colour: the card itself need not be reported again.
    assert errors(check_one(text)) == [("MER-T2", spot(text, "1. orange", "orange"))]


@pytest.mark.parametrize(
    ("mover", "legal"),
    [("brown", True), ("grey", True), ("black", False), ("orange", False)],
)
def test_free_turns_after_a_position_the_player_behind_moves(mover: str, legal: bool) -> None:
    text = turns(
        "position",
        "played: orange 1 black 2 grey 1",
        f"1. {mover} 7: pass",
        players=TWO,
        tags=('[Rulings "two-player-turns=free"]',),
    )
    report = check_one(text)
    if legal:
        assert_legal(report)
    else:
        assert_only(report, "MER-T1", spot(text, "1. ", mover))


def test_group_card_passes_without_naming_a_meridian() -> None:
    assert_legal(check_one(turns("1. orange 4-5-6-7: pass", "2. black 8-9-10: pass")))


def test_group_card_stuck_checks_all_its_meridians() -> None:
    text = turns("position", "7: orange 19@5", "1. orange 4-5-6-7: stuck")
    # one piece is left: too few for an empty meridian, but meridian 7 holds a tower
    report = check_one(text)
    assert_only(report, "MER-T5", spot(text, "1. orange", "1."))
    assert_legal(check_one(turns("position", "7: orange 19@5", "1. orange 1-2-3: stuck")))


def test_stuck_while_a_take_off_is_open() -> None:
    text = turns("position", "7: orange 20@5", "1. orange 7: stuck")
    assert_only(check_one(text), "MER-T5", spot(text, "1. orange", "1."))


def test_two_player_rebuild_in_the_other_colour() -> None:
    text = turns(
        "1. orange 7: 3@3",
        "2. grey 8: pass",
        "3. black 8: pass",
        "4. brown 9: pass",
        "5. orange 4-5-6-7/7: x black 3@3",
        players=TWO,
    )
    assert_legal(check_one(text))
    assert column(text, 7)[2] == Tower("black", 3)


def test_position_hand_of_absent_colour_at_the_colour() -> None:
    text = turns("position", "hand: brown 20", players=THREE)
    assert_only(check_one(text), "MER-S1", spot(text, "hand:", "brown"))


def test_position_played_by_absent_colour_at_the_colour() -> None:
    text = turns("position", "played: orange 7 brown 1", players=THREE)
    assert_only(check_one(text), "MER-S1", spot(text, "played:", "brown"))


# ---------------------------------------------------------------- keep going after an error


def test_later_errors_are_found_and_later_legal_turns_pass() -> None:
    text = turns(
        "1. orange 7: 3@3",
        "2. black 4-5-6-7/7: 3@1",  # MER-R2: discarded, the game goes on
        "3. grey 9: 2@1",
        "4. brown 10: 2@1",
        "5. orange 8: 2@1",
        "6. black 4: 2@6",  # MER-R5: found although an earlier turn was illegal
        "7. grey 4-5-6-7/7: 2@1",
        "8. brown 4-5-6-7/7: 4@4",
    )
    report = check_one(text)
    assert errors(report) == [
        ("MER-R2", spot(text, "2. black", "3@1")),
        ("MER-R5", spot(text, "6. black", "2@6")),
    ]
    state = final_state(text)
    assert state.columns[6] == (Tower("grey", 2), None, Tower("orange", 3), Tower("brown", 4), None)
    assert state.hands["black"] == 20
    assert {card.label for card in state.played["black"]} == {"4-5-6-7", "4"}


def test_unreadable_turn_does_not_stop_the_checking() -> None:
    text = turns(
        "1. orange 7: 3@3",
        "2. black 4-5-6-7: 2@1",  # REC-3: the meridian is not named
        "3. grey 4-5-6-7/7: 3@1",  # MER-R2
        "4. brown 10: 2@1",
    )
    report = check_one(text)
    assert errors(report) == [
        ("REC-3", spot(text, "2. black", "4-5-6-7:")),
        ("MER-R2", spot(text, "3. grey", "3@1")),
    ]


@pytest.mark.parametrize(
    ("faulty", "tags", "rule", "word"),
    [
        ("1. orange 5: 3@3", (f'[Decks "orange {DECK_37}"]',), "MER-T3", "5:"),
        ("1. black 5: 3@3", (), "MER-T1", "black"),
    ],
    ids=["not-face-up", "out-of-turn"],
)
def test_card_fault_is_reported_and_a_legal_placement_stands(
    faulty: str, tags: tuple[str, ...], rule: str, word: str
) -> None:
    text = turns(faulty, tags=tags)
    assert_only(check_one(text), rule, spot(text, faulty, word))
    colour = faulty.split()[1]
    assert column(text, 5)[2] == Tower(colour, 3)


def test_card_played_twice_is_reported_and_a_legal_placement_stands() -> None:
    text = turns("1. orange 7: 3@3", *ROUND_TAIL, "5. orange 7: x 2@1")
    assert_only(check_one(text), "MER-T2", spot(text, "5. orange", "7:"))
    assert column(text, 7)[:3] == [Tower("orange", 2), None, None]


def test_card_fault_and_placement_fault_are_both_reported() -> None:
    text = turns("1. orange 5: 1@3", tags=(f'[Decks "orange {DECK_37}"]',))
    assert errors(check_one(text)) == [
        ("MER-T3", spot(text, "1. orange", "5:")),
        ("MER-R1", spot(text, "1. orange", "1@3")),
    ]
    assert column(text, 5) == [None] * 5


# ---------------------------------------------------------------- scoring (MER-E2, MER-E3)


@pytest.mark.parametrize(
    ("towers", "points", "islands"),
    [
        (("1: orange 2@5",), [3, 0, 0, 0], [("a",), (), (), ()]),
        (("1: orange 2@5", "2: orange 2@5", "3: black 2@5"), [3, 0, 0, 0], [("a",), (), (), ()]),
        (("1: orange 2@5", "2: black 2@5"), [0, 0, 0, 0], [(), (), (), ()]),
        (("7: black 2@5", "8: orange 2@5"), [0, 4, 0, 0], [(), ("c",), (), ()]),
        (("7: black 2@5", "8: orange 2@5", "9: orange 2@5"), [0, 0, 0, 0], [(), (), (), ()]),
        (("1: orange 2@5", "3: orange 2@4"), [8, 0, 0, 0], [("a", "d"), (), (), ()]),
        (
            ("1: orange 4@5", "1: grey 2@4", "2: grey 2@4", "3: brown 2@4"),
            [3, 0, 0, 0],
            [("a",), (), (), ()],
        ),
        (
            ("1: orange 4@5", "1: grey 2@4", "2: grey 2@4", "3: brown 2@4", "4: grey 2@4"),
            [3, 0, 5, 0],
            [("a",), (), ("d",), ()],
        ),
    ],
    ids=[
        "sole-garrison",
        "most-garrisons",
        "tie-unassigned",
        "capital-counts-two",
        "capital-tie-unassigned",
        "islands-add-up",
        "two-cities-tie-a-capital",
        "three-cities-beat-a-capital",
    ],
)
def test_island_holders_and_points(
    towers: tuple[str, ...], points: list[int], islands: list[tuple[str, ...]]
) -> None:
    report = check_one(finished(*towers))
    assert_legal(report)
    assert report.run is not None and report.run.sheet is not None
    sheet = report.run.sheet
    assert sheet.finished and sheet.cards_left == 0
    assert [p.points for p in sheet.players] == points
    assert [p.islands for p in sheet.players] == islands
    names = ["Ann", "Ben", "Cy", "Di"]
    stated = "; ".join(f"{name} {n}" for name, n in zip(names, points, strict=True))
    assert_legal(check_one(finished(*towers, result=stated)))
    wrong = "; ".join(f"{name} {n + 1}" for name, n in zip(names, points, strict=True))
    text = finished(*towers, result=wrong)
    report = check_one(text)
    assert not report.valid
    assert errors(report) == [("MER-E5", spot(text, "[Result", f"{name} ")) for name in names]


def test_result_may_name_colours() -> None:
    text = finished("1: orange 2@5", result="orange 3; black 0; grey 0; brown 0")
    assert_legal(check_one(text))


def test_unfinished_game_is_scored_without_a_result() -> None:
    report = check_one(turns("1. orange 1: 2@5"))
    assert_legal(report)
    assert report.run is not None and report.run.sheet is not None
    assert not report.run.sheet.finished
    assert report.run.sheet.cards_left == 51
    assert report.run.sheet.players[0].points == 3


# ---------------------------------------------------------------- ranking (MER-E4)


def test_points_tie_is_broken_by_pieces_left() -> None:
    # Ann and Ben hold 3 points each; Ben has 18 pieces left, Ann 15.
    report = check_one(finished("1: orange 5@5", "4: black 2@5"))
    assert_legal(report)
    assert report.run is not None and report.run.sheet is not None
    sheet = report.run.sheet
    assert [(p.points, p.pieces_left) for p in sheet.players] == [
        (3, 15),
        (3, 18),
        (0, 20),
        (0, 20),
    ]
    assert [p.rank for p in sheet.players] == [2, 1, 3, 3]
    assert [p.name for p in sheet.ranking()] == ["Ben", "Ann", "Cy", "Di"]


def test_more_points_beat_more_pieces() -> None:
    report = check_one(finished("1: orange 9@5", "3: orange 2@4", "4: black 2@5"))
    assert report.run is not None and report.run.sheet is not None
    assert [p.rank for p in report.run.sheet.players] == [1, 2, 3, 3]


def test_two_player_ranking_counts_both_colours_pieces() -> None:
    # Both hold 3 points; Ann has 36 pieces left, Ben 35.
    text = finished("1: orange 2@5", "2: black 2@5", "4: grey 5@5", players=TWO)
    report = check_one(text)
    assert report.run is not None and report.run.sheet is not None
    ann, ben = report.run.sheet.players
    assert (ann.points, ann.pieces_left, ann.rank) == (3, 36, 1)
    assert (ben.points, ben.pieces_left, ben.rank) == (3, 35, 2)


# ---------------------------------------------------------------- boards in records


BOARD = files("meridina.rules.meridian") / "boards" / "five-city.toml"


def test_board_file_in_the_record_folder(tmp_path: Path) -> None:
    (tmp_path / "mine.toml").write_text(BOARD.read_text("utf-8"), "utf-8")
    text = turns("1. orange 7: 3@2", tags=('[Board "mine.toml"]',))
    assert_legal(check_one(text, base=tmp_path))


def test_invalid_toml_board_is_data_1(tmp_path: Path) -> None:
    (tmp_path / "bad.toml").write_text('name = "unclosed\n', "utf-8")
    text = turns("1. orange 7: 3@2", tags=('[Board "bad.toml"]',))
    report = check_one(text, base=tmp_path)
    assert_only(report, "DATA-1", spot(text, "[Board", '"'))
    assert "bad.toml:1:17:" in report.problems[0].message
    (tmp_path / "bad.toml").write_text(BOARD.read_text("utf-8"), "utf-8")
    assert_legal(check_one(text, base=tmp_path))


def odd_board() -> str:
    """The five-city board with island m grown into island l's bottom row."""
    return BOARD.read_text("utf-8").replace("k k k l l L l m m m", "k k k l l L m m m m")


def test_odd_board_warns_with_mer_b2(tmp_path: Path) -> None:
    (tmp_path / "odd.toml").write_text(odd_board(), "utf-8")
    text = turns("1. orange 7: 3@2", tags=('[Board "odd.toml"]',))
    report = check_one(text, base=tmp_path)
    assert report.valid
    board_at = spot(text, "[Board", '"')
    assert {(rule, at) for rule, at in found(report)} == {("MER-B2", board_at)}
    assert all(problem.warning for problem in report.problems)


def test_standard_board_file_gives_no_mer_b2(tmp_path: Path) -> None:
    (tmp_path / "same.toml").write_text(BOARD.read_text("utf-8"), "utf-8")
    report = check_one(turns("1. orange 7: 3@2", tags=('[Board "same.toml"]',)), base=tmp_path)
    assert found(report) == []


# ---------------------------------------------------------------- every rule a turn breaks


@pytest.mark.parametrize("case", SEVERAL_RULES, ids=[case.name for case in SEVERAL_RULES])
def test_a_turn_names_every_rule_it_breaks(case: SeveralRules) -> None:
    text = turns(*case.lines, players=case.players)
    build = case.lines[-1].split(": ")[-1]
    at = spot(text, case.anchor, build)
    assert errors(check_one(text)) == [(rule, at) for rule in case.rules]


# ---------------------------------------------------------------- the end, and cards as values


def test_a_turn_after_the_last_breaks_mer_e1_whichever_card_it_names() -> None:
    game = play_game(random.Random(3), 3)
    for extra in (game.turns[0], game.turns[-1]):
        step = apply(game.final, extra)
        assert [p.rule for p in step.problems] == ["MER-E1"]
        assert step.ignored and step.state is game.final


def test_a_card_equal_to_a_deck_card_is_that_card() -> None:
    """A card is a value: one equal to the deck's own plays as it does."""
    game = play_game(random.Random(5), 4)
    state = game.before[0]
    for turn in game.turns:
        copied = replace(turn, card=Card(turn.card.numbers))
        assert copied.card is not turn.card
        step = apply(state, copied)
        assert step.problems == (), step.problems
        state = step.state
    assert state.finished
