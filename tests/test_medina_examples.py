"""The Medina example records: legal games check clean, the rulebook's scoring example
scores as the rulebook shows it, and errors.mrec gives exactly the problems it was
made with."""

from __future__ import annotations

from pathlib import Path

import pytest
from canonical import canonical_text
from conftest import problem_places
from make_medina_examples import EXAMPLES as GENERATED
from make_medina_examples import Example
from medina_games import random_game
from meridina.notation.driver import GameReport, check_file, check_text
from meridina.rules.medina.engine import finished
from meridina.rules.medina.model import NEUTRAL, Kind, parse_cell
from meridina.rules.medina.scoring import PalaceScore, ScoreSheet
from meridina.rules.medina.state import MERCHANT, State

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "medina"
# errors.mrec and typos.mrec break rules and notation on purpose (see their own tests).
LEGAL = sorted(
    path.name for path in EXAMPLES.glob("*.mrec") if path.name not in ("errors.mrec", "typos.mrec")
)
COMPLETE = {
    "first-edition-3p.mrec": ("1", 3),
    "first-edition-4p.mrec": ("1", 4),
    "second-edition-2p.mrec": ("2", 2),
    "second-edition-3p.mrec": ("2", 3),
    "second-edition-4p.mrec": ("2", 4),
}


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


def kinds_played(report: GameReport) -> list[Kind]:
    assert report.record is not None
    return [p.kind for e in report.record.entries if e.turn for p in e.turn.placements]


# ---------------------------------------------------------------- every legal example


def test_the_examples_are_there() -> None:
    assert {*COMPLETE, "scoring-example.mrec", "final-position.mrec", "errors.mrec"} <= {
        path.name for path in EXAMPLES.glob("*.mrec")
    }


@pytest.mark.parametrize("name", LEGAL)
def test_legal_example_has_no_problems(name: str) -> None:
    found = reports(name)
    assert found
    for report in found:
        assert report.game == "Medina"
        assert report.problems == []
        assert report.valid
        assert report.run is not None and report.run.sheet is not None


@pytest.mark.parametrize(
    ("name", "edition", "players"), sorted((n, *v) for n, v in COMPLETE.items())
)
def test_complete_games_are_finished_and_state_their_result(
    name: str, edition: str, players: int
) -> None:
    report = only_report(name)
    assert report.record is not None and report.record.setup is not None
    setup = report.record.setup
    assert setup.edition == edition
    assert len(setup.players) == players
    state = final(report)
    assert finished(state)
    assert sheet(report).finished
    stated = {name: points for name, (points, _) in (setup.result or {}).items()}
    assert stated == {row.name: row.total for row in sheet(report).players}
    assert report.record.game.comments


@pytest.mark.parametrize("name", sorted(COMPLETE))
def test_complete_games_end_with_every_piece_placed(name: str) -> None:
    state = final(only_report(name))
    assert all(hand.pieces() == 0 for hand in state.hands.values())
    assert all(len(state.owned(player.colour)) >= 3 for player in state.players)


def test_the_final_position_is_a_finished_game_only_with_its_supplies_spent() -> None:
    """final-position.mrec is the end of second-edition-3p.mrec; 'supplies: spent' is what
    makes it a finished game, which the standings count."""
    report, game = only_report("final-position.mrec"), only_report("second-edition-3p.mrec")
    assert report.valid and sheet(report).finished and sheet(report).supplies_known
    assert [(r.name, r.total, r.rank) for r in sheet(report).players] == [
        (r.name, r.total, r.rank) for r in sheet(game).players
    ]
    text = (EXAMPLES / "final-position.mrec").read_text("utf-8")
    assert text.rstrip().endswith("\n  supplies: spent")
    (unsaid,) = check_text(text.replace("  supplies: spent\n", ""), EXAMPLES)
    assert unsaid.valid and unsaid.run is not None
    assert not unsaid.run.sheet.finished


def test_the_game_for_two_is_on_the_small_board_with_neutral_roofs() -> None:
    report = only_report("second-edition-2p.mrec")
    state = final(report)
    assert state.board.name == "two-player"
    assert "neutral-roofs" in state.options
    assert kinds_played(report).count(Kind.NEUTRAL_ROOF) == 4
    assert Kind.TEA in kinds_played(report)


def test_the_game_for_three_has_every_option_and_uses_it() -> None:
    report = only_report("second-edition-3p.mrec")
    state = final(report)
    assert state.options == {"well", "tea", "tower-merchants", "neutral-roofs"}
    assert state.well is not None
    played = kinds_played(report)
    assert played.count(Kind.NEUTRAL_ROOF) == 3
    assert Kind.TEA in played
    assert any(p.owner == NEUTRAL for p in state.palaces.values())
    assert state.tower_merchants == {} or not any(state.tower_merchants.values())


def test_the_game_for_four_takes_the_default_options() -> None:
    report = only_report("second-edition-4p.mrec")
    assert report.record is not None and report.record.game.tag("Options") is None
    assert final(report).options == {"well", "tea", "tower-merchants"}


def test_first_edition_games_have_a_pass_and_no_second_edition_pieces() -> None:
    for name in ("first-edition-3p.mrec", "first-edition-4p.mrec"):
        report = only_report(name)
        assert report.record is not None
        assert any(e.turn is not None and e.turn.passed for e in report.record.entries)
        assert not {Kind.TEA, Kind.NEUTRAL_ROOF} & set(kinds_played(report))


@pytest.mark.parametrize("example", GENERATED, ids=lambda example: example.name)
def test_generated_examples_come_from_their_seeds(example: Example) -> None:
    game = random_game(
        example.seed,
        example.edition,
        example.players,
        options=example.options,
        options_tag_written=example.options_tag_written,
        comments=example.comments,
        event=example.event,
        date=example.date,
        intro=example.intro,
    )
    assert (EXAMPLES / example.name).read_text(encoding="utf-8") == canonical_text(game.text)


# ---------------------------------------------------------------- the scoring example


def palaces_by_colour(report: GameReport) -> dict[str, tuple[str, PalaceScore]]:
    found: dict[str, tuple[str, PalaceScore]] = {}
    for row in sheet(report).players:
        for palace in row.palaces:
            found[palace.palace.colour] = (row.colour, palace)
    return found


def test_scoring_example_palaces_score_as_in_the_rulebook() -> None:
    report = only_report("scoring-example.mrec")
    assert report.problems == []
    palaces = palaces_by_colour(report)
    expected = {
        # colour: (owner, buildings, stables, walls, merchants, total)
        "orange": ("red", 4, 2, 2, 3, 11),
        "black": ("blue", 5, 0, 1, 4, 10),
        "grey": ("green", 4, 1, 5, 3, 13),
    }
    got = {
        colour: (owner, p.buildings, p.stables, p.walls, p.merchants, p.total)
        for colour, (owner, p) in palaces.items()
    }
    assert got == expected
    assert all(p.well == 0 for _, p in palaces.values())


def test_scoring_example_two_merchants_count_for_grey_and_black() -> None:
    report = only_report("scoring-example.mrec")
    state = final(report)
    palaces = palaces_by_colour(report)

    def merchants_next_to(colour: str) -> set[tuple[int, int]]:
        cells = palaces[colour][1].palace.cells()
        return {
            n
            for cell in cells
            for n in state.board.neighbours(cell)
            if state.pieces.get(n) == MERCHANT
        }

    shared = merchants_next_to("grey") & merchants_next_to("black")
    assert shared == {parse_cell("F2"), parse_cell("F3")}
    assert not merchants_next_to("orange") & (
        merchants_next_to("grey") | merchants_next_to("black")
    )


def test_scoring_example_city_is_one_street_and_walls_from_one_tower() -> None:
    state = final(only_report("scoring-example.mrec"))
    assert len(state.streets) == 1 and len(state.streets[0]) == 12
    assert set(state.wall_tower.values()) == {4}
    assert not finished(state)


def test_scoring_example_totals_and_tiles() -> None:
    report = only_report("scoring-example.mrec")
    rows = {row.name: row for row in sheet(report).players}
    assert {name: row.total for name, row in rows.items()} == {"Ann": 15, "Ben": 12, "Cy": 18}
    assert rows["Ann"].palace_tiles == ("orange",)
    assert rows["Ben"].palace_tiles == ("black",)
    assert rows["Cy"].palace_tiles == ("grey",)
    assert rows["Cy"].tower_tiles == (4,)
    assert [row.rank for row in sheet(report).players] == [2, 3, 1]


# ---------------------------------------------------------------- errors.mrec

EXPECTED_ERRORS: list[list[tuple[int, int, str]]] = [
    [
        (6, 24, "MED-E6"),
        (10, 9, "MED-B2"),
        (11, 10, "MED-B1"),
        (12, 8, "MED-B3"),
        (13, 17, "MED-B6"),
        (14, 10, "MED-B4"),
        (15, 8, "MED-R1"),
        (17, 10, "MED-M1"),
        (18, 9, "MED-W1"),
        (18, 17, "MED-R3"),
        (19, 10, "MED-R2"),
        (20, 5, "MED-T1"),
        (21, 1, "MED-T2"),
        (22, 29, "MED-T2"),
        (23, 18, "MED-T5"),
        (24, 10, "REC-3"),
        (25, 1, "REC-4"),
        (26, 5, "MED-S1"),
        (27, 1, "MED-T3"),
        (28, 1, "MED-T3"),
        (29, 1, "MED-T3"),
        (30, 1, "MED-E1"),
    ],
    [
        (50, 8, "MED-M2"),
        (51, 9, "MED-T6"),
        (51, 9, "MED-R2"),
        (51, 17, "MED-W2"),
        (52, 18, "MED-B5"),
        (53, 1, "MED-T4"),
    ],
    [
        (67, 1, "MED-M1"),
        (67, 1, "MED-B2"),
        (68, 9, "MED-P1"),
        (68, 15, "MED-B3"),
        (72, 12, "MED-B6"),
        (74, 16, "MED-W1"),
        (75, 24, "MED-R2"),
        (75, 31, "MED-R1"),
        (75, 50, "MED-R1"),
        (76, 22, "MED-PT1"),
        (77, 18, "MED-TT1"),
        (78, 3, "REC-5"),
    ],
    [
        (84, 18, "MED-S3"),
        (86, 9, "MED-E6"),
        (89, 8, "MED-B1"),
        (90, 19, "MED-T2"),
        (91, 10, "MED-T5"),
        (92, 16, "MED-T5"),
        (93, 9, "MED-R3"),
        (93, 9, "MED-R1"),
        (98, 1, "MED-T5"),
    ],
    [
        (103, 8, "MED-D1"),
        (105, 10, "MED-S2"),
    ],
    [
        (114, 10, "MED-S1"),
        (114, 10, "MED-S1"),
    ],
]


def test_errors_example_gives_exactly_the_expected_problems() -> None:
    found = reports("errors.mrec")
    assert problem_places(found) == EXPECTED_ERRORS
    assert not any(problem.warning for report in found for problem in report.problems)
    assert all(report.game == "Medina" and not report.valid for report in found)


def test_errors_example_names_each_rule_in_a_comment() -> None:
    text = (EXAMPLES / "errors.mrec").read_text(encoding="utf-8")
    for game in EXPECTED_ERRORS:
        for _, _, rule in game:
            assert rule in text


def test_errors_example_covers_many_rules() -> None:
    rules = {rule for game in EXPECTED_ERRORS for _, _, rule in game}
    assert len({rule for rule in rules if rule.startswith("MED-")}) >= 25


def test_errors_example_legal_placements_stand_beside_illegal_ones() -> None:
    placing, late, _, second, _, _ = reports("errors.mrec")
    assert placing.run is not None
    states = placing.run.states()
    black = parse_cell("K5")
    assert black is not None
    assert states[1].palace(black) is not None  # 2. blue orange@H10 black@K5: K5 stands
    assert parse_cell("H10") not in states[1].pieces
    # 12. red out of turn: the turn's pieces stand and play goes on after red
    assert states[11].pieces.get(parse_cell("H5") or (0, 0)) == MERCHANT
    # 16. unreadable: nothing changes
    assert states[15].pieces == states[14].pieces
    assert late.run is not None
    after_roof = late.run.states()[2]
    assert "grey" in after_roof.retired
    assert second.run is not None
    assert second.run.states()[6].hands["red"].tea == 3
