"""The example records: legal games check clean, the rulebook's figures come out as
the rulebook shows them, and errors.mrec gives exactly the problems it was made with."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import problem_places
from meridina.notation.driver import GameReport, check_file, check_text
from meridina.rules.meridian.model import DECK, Tower
from meridina.rules.meridian.placement import Push
from meridina.rules.meridian.scoring import IslandScore, ScoreSheet
from meridina.rules.meridian.state import State

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "meridian"
# errors.mrec and typos.mrec break rules and notation on purpose (see their own tests).
LEGAL = sorted(
    path.name for path in EXAMPLES.glob("*.mrec") if path.name not in ("errors.mrec", "typos.mrec")
)

# Seats of the figure records: Ann orange, Ben black, Cy grey, Di brown.
ANN, BEN, CY, DI = range(4)


def reports(name: str) -> list[GameReport]:
    return list(check_file(EXAMPLES / name))


def only_report(name: str) -> GameReport:
    found = reports(name)
    assert len(found) == 1
    return found[0]


def final(report: GameReport) -> State:
    assert report.run is not None
    state = report.run.final
    assert isinstance(state, State)
    return state


def sheet(report: GameReport) -> ScoreSheet:
    assert report.run is not None
    result = report.run.sheet
    assert isinstance(result, ScoreSheet)
    return result


def column(state: State, meridian: int) -> dict[int, Tower]:
    return dict(state.towers_on(meridian))


def problem_rules(text: str) -> list[str]:
    found = check_text(text)
    return [problem.rule for report in found for problem in report.problems]


# ---------------------------------------------------------------- every legal example


def test_the_examples_are_there() -> None:
    assert {
        "figure-a.mrec",
        "figure-b.mrec",
        "figure-c.mrec",
        "figure-d.mrec",
        "final-position.mrec",
        "midgame.mrec",
        "two-players.mrec",
        "three-players.mrec",
        "four-players.mrec",
        "errors.mrec",
    } <= {path.name for path in EXAMPLES.glob("*.mrec")}


@pytest.mark.parametrize("name", LEGAL)
def test_legal_example_has_no_problems(name: str) -> None:
    found = reports(name)
    assert found
    for report in found:
        assert report.game == "Meridian"
        assert report.problems == []
        assert report.valid
        assert report.run is not None and report.run.sheet is not None


@pytest.mark.parametrize(
    ("name", "players", "turns"),
    [
        ("two-players.mrec", 2, 52),
        ("three-players.mrec", 3, 39),
        ("four-players.mrec", 4, 52),
        ("midgame.mrec", 4, 28),
        ("final-position.mrec", 4, 0),
    ],
)
def test_complete_games_are_finished_and_state_their_result(
    name: str, players: int, turns: int
) -> None:
    report = only_report(name)
    assert report.record is not None and report.record.setup is not None
    setup = report.record.setup
    assert len(setup.players) == players
    assert len(report.record.entries) == turns
    state = final(report)
    assert state.finished
    assert all(state.played[colour] == frozenset(DECK) for colour in state.colours)
    stated = {name: points for name, (points, _) in (setup.result or {}).items()}
    assert stated == {player.name: player.points for player in sheet(report).players}
    assert report.record.game.comments or any(e.text.comments for e in report.record.entries)


def test_midgame_starts_from_a_position_with_cards_played() -> None:
    report = only_report("midgame.mrec")
    assert report.record is not None and report.record.setup is not None
    position = report.record.setup.position
    assert position is not None and position.played is not None
    assert sum(len(cards) for cards in position.played.values()) == 24
    assert report.record.entries[0].text.number == 25
    assert report.run is not None and report.run.start is not None
    assert report.run.start.cards_known


# ---------------------------------------------------------------- figures A and B

FIGURE_TURN = "1. orange 7: "


def test_figure_a_move_1_builds_on_the_free_city() -> None:
    report = reports("figure-a.mrec")[0]
    assert column(final(report), 7) == {
        2: Tower("grey", 1),
        3: Tower("orange", 2),
        4: Tower("brown", 3),
        5: Tower("black", 4),
    }


def test_figure_a_move_2_pushes_grey_down() -> None:
    report = reports("figure-a.mrec")[1]
    assert column(final(report), 7) == {
        1: Tower("grey", 1),
        2: Tower("orange", 2),
        4: Tower("brown", 3),
        5: Tower("black", 4),
    }
    assert report.run is not None
    step = report.run.steps[0]
    assert step is not None and step.effect is not None
    assert step.effect.pushes == (Push(Tower("grey", 1), 2, 1),)


@pytest.mark.parametrize(("move", "rule"), [("2@4", "MER-R6"), ("2@1", "MER-R3")])
def test_figure_a_illegal_moves(move: str, rule: str) -> None:
    text = (EXAMPLES / "figure-a.mrec").read_text(encoding="utf-8")
    assert FIGURE_TURN + "2@3" in text
    changed = text.replace(FIGURE_TURN + "2@3", FIGURE_TURN + move, 1)
    assert problem_rules(changed) == [rule]


def test_figure_b_pushes_black_and_brown_down() -> None:
    report = only_report("figure-b.mrec")
    assert column(final(report), 7) == {
        2: Tower("grey", 1),
        3: Tower("brown", 3),
        4: Tower("black", 4),
        5: Tower("orange", 5),
    }
    assert report.run is not None
    step = report.run.steps[0]
    assert step is not None and step.effect is not None
    assert set(step.effect.pushes) == {
        Push(Tower("black", 4), 5, 4),
        Push(Tower("brown", 3), 4, 3),
    }


@pytest.mark.parametrize("height", [5, 6, 8])
@pytest.mark.parametrize("city", [1, 2, 3, 4, 5])
def test_figure_b_a_tall_tower_fits_only_on_the_top_city(height: int, city: int) -> None:
    text = (EXAMPLES / "figure-b.mrec").read_text(encoding="utf-8")
    assert FIGURE_TURN + "5@5" in text
    changed = text.replace(FIGURE_TURN + "5@5", f"{FIGURE_TURN}{height}@{city}", 1)
    assert problem_rules(changed) == ([] if city == 5 else ["MER-R3"])


# ---------------------------------------------------------------- figure C


def test_figure_c_rebuilds_lower_and_keeps_two_pieces() -> None:
    report = only_report("figure-c.mrec")
    assert report.run is not None and report.run.start is not None
    assert report.run.start.hands["orange"] == 16
    state = final(report)
    assert column(state, 7) == {
        1: Tower("grey", 1),
        2: Tower("orange", 2),
        4: Tower("brown", 3),
    }
    assert state.hands["orange"] == 18
    step = report.run.steps[0]
    assert step is not None and step.effect is not None
    assert step.effect.removed == (5, Tower("orange", 4))
    assert step.effect.placed == (2, Tower("orange", 2))
    assert step.effect.pushes == (Push(Tower("grey", 1), 2, 1),)


# ---------------------------------------------------------------- figure D


def test_figure_d_scores_the_islands() -> None:
    report = only_report("figure-d.mrec")
    assert report.record is not None and report.record.entries == ()
    scored: dict[str, IslandScore] = {s.island.name: s for s in sheet(report).islands}
    a, b, c, d = (scored[name] for name in "abcd")
    assert (a.island.points, a.garrisons, a.holder) == (3, {BEN: 1, CY: 1}, None)
    assert (b.island.points, b.garrisons, b.holder) == (3, {DI: 1}, DI)
    assert (c.island.points, c.garrisons, c.holder) == (4, {ANN: 2, BEN: 2}, None)
    assert c.island.capital == (7, 5)
    assert (d.island.points, d.garrisons, d.holder) == (5, {CY: 3, BEN: 2}, CY)
    assert d.island.capital == (3, 4)
    others = [s for name, s in scored.items() if name not in "abcd"]
    assert all(not s.garrisons for s in others)
    assert [p.points for p in sheet(report).players] == [0, 0, 5, 3]
    assert sheet(report).players[CY].islands == ("d",)
    assert sheet(report).players[DI].islands == ("b",)


# ---------------------------------------------------------------- errors.mrec

EXPECTED_ERRORS: list[list[tuple[int, int, str]]] = [
    [
        (5, 9, "MER-E5"),
        (8, 14, "MER-R1"),
        (10, 12, "MER-R2"),
        (11, 13, "MER-R3"),
        (12, 14, "MER-R5"),
        (13, 10, "MER-T4"),
        (14, 4, "MER-T1"),
        (15, 11, "MER-T2"),
        (16, 10, "REC-3"),
        (17, 10, "REC-3"),
        (18, 1, "REC-4"),
    ],
    [
        (33, 14, "MER-R6"),
        (34, 13, "MER-R9"),
        (35, 1, "MER-T5"),
        (36, 13, "MER-R4"),
        (37, 14, "MER-R8"),
        (38, 15, "MER-R10"),
    ],
    [
        (49, 25, "MER-S3"),
        (52, 14, "MER-R7"),
        (53, 9, "MER-T3"),
        (54, 13, "MER-R11"),
    ],
    [
        (61, 24, "MER-E5"),
    ],
]


def test_errors_example_gives_exactly_the_expected_problems() -> None:
    found = reports("errors.mrec")
    assert problem_places(found) == EXPECTED_ERRORS
    assert not any(problem.warning for report in found for problem in report.problems)


def test_errors_example_names_each_rule_in_a_comment() -> None:
    text = (EXAMPLES / "errors.mrec").read_text(encoding="utf-8")
    for game in EXPECTED_ERRORS:
        for _, _, rule in game:
            assert rule in text


def test_errors_example_placements_stand_despite_card_and_order_faults() -> None:
    # A fault of turn order or of the card is reported, but a legal placement stands,
    # since later turns build on it.
    order_and_cards, _, two_players, _ = reports("errors.mrec")
    assert order_and_cards.run is not None and two_players.run is not None
    states = order_and_cards.run.states()
    assert dict(states[5].towers_on(5)) == {}
    assert dict(states[6].towers_on(5)) == {2: Tower("brown", 2)}  # 7. brown 5: 2@2, out of turn
    assert len(states[7].towers_on(7)) == len(states[6].towers_on(7)) + 1  # 8. orange 7 again
    assert dict(two_players.run.states()[1].towers_on(6)) != {}  # 2. grey 6, not face up
