"""Medina boards and editions: the bundled data, board files named by a record, and faults."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

import pytest
from conftest import assert_legal, assert_only, check_one, found, spot
from meridina.notation.driver import GameReport
from meridina.rules.common import RecordError
from meridina.rules.datafile import DataFile
from meridina.rules.medina.board import (
    board_names,
    edition_from_data,
    edition_names,
    load_board,
    load_edition,
)
from meridina.rules.medina.model import cell_name, parse_cell
from meridina.rules.medina.state import State

MEDINA = files("meridina.rules.medina")
STANDARD = (MEDINA / "boards" / "standard.toml").read_text("utf-8")
EDITION_2 = (MEDINA / "editions" / "2.toml").read_text("utf-8")

THREE = "Ann red; Ben blue; Cy green"

# A palace on B2 roofed by red; the walls B1 and C1 belong to the arm of the bottom-left tower.
WALLED = ("1. red orange@B2 roof@B2", "2. blue wall@B1 wall@C1")


def cell(name: str) -> tuple[int, int]:
    found_cell = parse_cell(name)
    assert found_cell is not None
    return found_cell


def line_of(text: str, needle: str) -> int:
    """The line of ``text`` (from 1) on which ``needle`` stands; it must stand on one."""
    hits = [n for n, line in enumerate(text.split("\n"), start=1) if needle in line]
    assert len(hits) == 1, f"{needle!r} is on {len(hits)} lines"
    return hits[0]


def edited(old: str, new: str, source: str = STANDARD) -> str:
    assert source.count(old) == 1, old
    return source.replace(old, new)


def game(
    *body: str,
    board: str | None = None,
    edition: str = "1",
    players: str = THREE,
    setup: str = "merchant H7",
) -> str:
    lines = ['[Game "Medina"]', f'[Edition "{edition}"]', f'[Players "{players}"]']
    lines.append(f'[Setup "{setup}"]')
    if board is not None:
        lines.append(f'[Board "{board}"]')
    return "\n".join([*lines, *body]) + "\n"


def start_of(report: GameReport) -> State:
    assert report.run is not None and report.run.start is not None, report.problems
    start: State = report.run.start
    return start


def final_of(report: GameReport) -> State:
    assert report.run is not None and report.run.final is not None, report.problems
    final: State = report.run.final
    return final


def write_board(folder: Path, text: str, name: str = "mine.toml") -> Path:
    path = folder / name
    path.write_text(text, "utf-8")
    return path


# ---------------------------------------------------------------- bundled boards


def test_bundled_board_names() -> None:
    assert board_names() == ["standard", "two-player"]


@pytest.mark.parametrize(
    ("name", "columns", "rows", "towers"),
    [
        ("standard", 18, 13, {"A13": 1, "R13": 3, "R1": 2, "A1": 4}),
        ("two-player", 16, 12, {"A12": 1, "P12": 3, "P1": 2, "A1": 4}),
    ],
)
def test_bundled_board(name: str, columns: int, rows: int, towers: dict[str, int]) -> None:
    board = load_board(name)
    assert board.name == name
    assert (board.columns, board.rows) == (columns, rows)
    assert {cell_name(c): n for c, n in board.towers.items()} == towers
    inside = (columns - 2) * (rows - 2)
    fields = board.cells()
    assert len(fields) == columns * rows
    assert sum(1 for c in fields if board.is_building_field(c)) == inside
    assert sum(1 for c in fields if board.is_border(c)) == inside - (columns - 4) * (rows - 4)
    assert sum(1 for c in fields if board.is_ring(c)) == 2 * (columns + rows) - 4


@pytest.mark.parametrize("name", ["standard", "two-player"])
def test_each_side_holds_two_arms_growing_towards_each_other(name: str) -> None:
    board = load_board(name)
    assert len(board.arms) == 8
    sides: dict[int, list[tuple[int, tuple[tuple[int, int], ...]]]] = {}
    for arm in board.arms:
        sides.setdefault(arm.side, []).append((arm.tower, arm.cells))
    assert len(sides) == 4
    for (tower_a, cells_a), (tower_b, cells_b) in sides.values():
        assert tower_a != tower_b
        assert cells_a == tuple(reversed(cells_b))
        assert all(board.is_ring(c) and not board.is_corner(c) for c in cells_a)
    # Every tower has one arm on each of its two sides.
    assert sorted(arm.tower for arm in board.arms) == [1, 1, 2, 2, 3, 3, 4, 4]
    ring = {c for c in board.cells() if board.is_ring(c) and not board.is_corner(c)}
    assert set(board.arm_of) == ring


def test_standard_board_geometry() -> None:
    board = load_board("standard")
    assert board.is_building_field(cell("B2")) and board.is_building_field(cell("Q12"))
    assert not board.is_building_field(cell("A5")) and not board.is_building_field(cell("R13"))
    assert board.is_border(cell("B7")) and board.is_border(cell("H12"))
    assert not board.is_border(cell("C3")) and not board.is_border(cell("P11"))
    assert board.inner_field(cell("B1")) == cell("B2")
    assert board.inner_field(cell("A12")) == cell("B12")
    assert board.inner_field(cell("R7")) == cell("Q7")
    assert not board.on_grid(cell("S5")) and not board.on_grid(cell("E14"))


@pytest.mark.parametrize(
    ("edition", "players", "setup", "name"),
    [
        ("1", THREE, "merchant H7", "standard"),
        ("1", f"{THREE}; Di yellow", "merchant H7", "standard"),
        ("2", "Ann red; Ben blue", "well L8; merchant H6", "two-player"),
        ("2", THREE, "well J7; merchant H7", "standard"),
        ("2", f"{THREE}; Di yellow", "well J7; merchant H7", "standard"),
    ],
)
def test_default_board_by_edition_and_players(
    edition: str, players: str, setup: str, name: str
) -> None:
    report = check_one(game(edition=edition, players=players, setup=setup))
    assert_legal(report)
    assert start_of(report).board.name == name


def test_two_player_board_towers_score() -> None:
    # P12 is tower 3 on the small board: Q12 of the standard board is off its building fields.
    text = game(
        "1. red orange@O11",
        "2. blue wall@O12 wall@N12",
        "3. red roof@O11 merchant@H7",
        edition="2",
        players="Ann red; Ben blue",
        setup="well L8; merchant H6",
    )
    report = check_one(text)
    assert_legal(report)
    assert final_of(report).tower_tiles == {3: "red"}


# ---------------------------------------------------------------- bundled editions


def test_bundled_edition_names() -> None:
    assert edition_names() == ["1", "2"]


def test_first_edition_data() -> None:
    edition = load_edition("1")
    assert edition.players == (3, 4)
    assert edition.colours == ("grey", "black", "brown", "orange")
    assert edition.palace_tiles == {"grey": 1, "black": 2, "brown": 3, "orange": 4}
    assert edition.last_roofs_rule
    assert edition.options == ()
    assert edition.single_piece_turns == {}
    assert edition.tea_tiles == ()
    three, four = edition.supply[3], edition.supply[4]
    assert (three.buildings, three.roofs, three.stables, three.merchants, three.walls) == (
        6,
        4,
        4,
        8,
        10,
    )
    assert (four.buildings, four.roofs, four.stables, four.merchants, four.walls) == (
        5,
        4,
        3,
        6,
        8,
    )
    assert edition.colour("white") is None


def test_second_edition_data() -> None:
    edition = load_edition("2")
    assert edition.players == (2, 3, 4)
    assert not edition.last_roofs_rule
    assert set(edition.options) == {"well", "tea", "tower-merchants", "neutral-roofs"}
    assert set(edition.default_options) == {"well", "tea", "tower-merchants"}
    assert edition.boards == {2: "two-player", 3: "standard", 4: "standard"}
    assert edition.single_piece_turns == {2: 1, 3: 2, 4: 2}
    assert edition.tower_merchants == {1: 3, 2: 2, 3: 1, 4: 0}
    assert edition.tea_tiles == (3, 2, 1)
    assert (edition.well_bonus, edition.well_distance) == (4, 2)
    assert [edition.supply[n].neutral_roofs for n in (2, 3, 4)] == [2, 1, 0]
    assert [edition.supply[n].walls for n in (2, 3, 4)] == [15, 12, 9]
    assert [edition.colour(word) for word in ("White", "purple", "maroon", "orange")] == [
        "grey",
        "black",
        "brown",
        "orange",
    ]


def test_second_edition_colour_names_in_turns_and_positions() -> None:
    text = game(
        "position",
        "white: E5",
        "purple: K5",
        "maroon: E9",
        "roofs: red@E5 blue@K5 green@E9",
        "1. red purple@K7 merchant@H8",
        edition="2",
        setup="well O9; merchant H7",
    )
    report = check_one(text)
    assert_legal(report)
    colours = sorted(p.colour for p in final_of(report).palaces.values())
    assert colours == ["black", "black", "brown", "grey"]


def test_unknown_edition() -> None:
    text = game(edition="3")
    assert_only(check_one(text), "MED-S2", spot(text, "[Edition", '"'))
    with pytest.raises(RecordError) as caught:
        load_edition("3")
    assert caught.value.problem.rule == "MED-S2"
    assert "1 or 2" in caught.value.problem.message


def test_first_edition_when_no_edition_is_named() -> None:
    text = "\n".join(['[Game "Medina"]', f'[Players "{THREE}"]', '[Setup "merchant H7"]']) + "\n"
    report = check_one(text)
    assert_legal(report)
    assert start_of(report).edition.name == "1"


# ---------------------------------------------------------------- board files


# Towers 1 and 4 change places: walls from the bottom-left corner now belong to tower 1.
SWAPPED = edited("A13 = 1\nR13 = 3\nR1 = 2\nA1 = 4", "A13 = 4\nR13 = 3\nR1 = 2\nA1 = 1")


def test_board_file_changes_tower_tile_values(tmp_path: Path) -> None:
    write_board(tmp_path, SWAPPED)
    bundled = check_one(game(*WALLED))
    mine = check_one(game(*WALLED, board="mine.toml"), base=tmp_path)
    for report, tower in ((bundled, 4), (mine, 1)):
        assert_legal(report)
        assert final_of(report).tower_tiles == {tower: "red"}
        assert report.run is not None and report.run.sheet is not None
        ann = report.run.sheet.players[0]
        assert ann.tower_tiles == (tower,)
        assert ann.total == 1 + 1 + 4 + tower  # building, wall B1, orange tile, tower


def test_board_file_by_absolute_path(tmp_path: Path) -> None:
    path = write_board(tmp_path, SWAPPED)
    report = check_one(game(*WALLED, board=str(path)))
    assert_legal(report)
    assert final_of(report).tower_tiles == {1: "red"}
    assert load_board(str(path)).towers[cell("A1")] == 1


def test_board_file_changes_tower_merchants(tmp_path: Path) -> None:
    # 2nd edition: tower 1 carries three merchants.
    write_board(tmp_path, SWAPPED)
    body = ("1. red orange@B2", "2. blue wall@B1", "3. green roof@B2 merchant@H8")
    for board, merchants in ((None, 8 - 1), ("mine.toml", 8 - 1 + 3)):
        text = game(*body, board=board, edition="2", setup="well J7; merchant H7")
        report = check_one(text, base=tmp_path)
        assert_legal(report)
        assert final_of(report).hands["green"].merchants == merchants


def test_board_file_may_be_larger(tmp_path: Path) -> None:
    text = edited("columns = 18", "columns = 20")
    text = edited("R13 = 3\nR1 = 2", "T13 = 3\nT1 = 2", text)
    write_board(tmp_path, text)
    report = check_one(game("1. red orange@S5 orange@S6", board="mine.toml"), base=tmp_path)
    assert_legal(report)
    assert start_of(report).board.columns == 20


def test_standard_board_file_gives_no_problem(tmp_path: Path) -> None:
    write_board(tmp_path, STANDARD)
    report = check_one(game(*WALLED, board="mine.toml"), base=tmp_path)
    assert found(report) == []


@pytest.mark.parametrize(
    ("old", "new", "key", "words"),
    [
        ("A13 = 1", "B13 = 1", "B13", "not a corner"),
        ("A13 = 1", "A12 = 1", "A12", "not a corner"),
        ("R1 = 2", "R1 = 7", "R1", "numbered 1 to 4"),
        ("R1 = 2", 'R1 = "two"', "R1", "numbered 1 to 4"),
        ("columns = 18", "columns = 30", "columns", "'columns'"),
        ("columns = 18", "columns = 4", "columns", "'columns'"),
        ("columns = 18", 'columns = "18"', "columns", "'columns'"),
        ("rows = 13", "rows = 100", "rows", "'rows'"),
    ],
    ids=[
        "tower-off-the-corners",
        "tower-on-the-ring",
        "tower-number-too-high",
        "tower-number-not-a-number",
        "too-many-columns",
        "too-few-columns",
        "columns-not-a-number",
        "too-many-rows",
    ],
)
def test_board_file_fault_at_its_line(
    tmp_path: Path, old: str, new: str, key: str, words: str
) -> None:
    bad = edited(old, new)
    path = write_board(tmp_path, bad)
    text = game(board="mine.toml")
    report = check_one(text, base=tmp_path)
    assert_only(report, "MED-D1", spot(text, "[Board", '"'))
    message = report.problems[0].message
    assert f"{path}:{line_of(bad, f'{key} =')}:1:" in message
    assert words in message


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("R1 = 2", "R1 = 1"),
        ("R1 = 2\n", ""),
        ("[towers]\nA13 = 1\nR13 = 3\nR1 = 2\nA1 = 4\n", ""),
    ],
    ids=["duplicate-tower-number", "corner-without-tower", "no-towers"],
)
def test_board_file_towers_fault(tmp_path: Path, old: str, new: str) -> None:
    write_board(tmp_path, edited(old, new))
    text = game(board="mine.toml")
    report = check_one(text, base=tmp_path)
    assert_only(report, "MED-D1", spot(text, "[Board", '"'))
    assert "mine.toml" in report.problems[0].message
    with pytest.raises(RecordError) as caught:
        load_board(str(tmp_path / "mine.toml"))
    assert caught.value.problem.rule == "MED-D1"


def test_board_file_towers_fault_names_the_towers_line(tmp_path: Path) -> None:
    bad = edited("R1 = 2", "R1 = 1")
    path = write_board(tmp_path, bad)
    report = check_one(game(board="mine.toml"), base=tmp_path)
    message = report.problems[0].message
    towers = line_of(bad, "[towers]")
    lines = [f"{path}:{n}:1:" for n in range(towers, towers + 5)]
    assert any(where in message for where in lines), message


def test_unknown_board_name() -> None:
    text = game(board="castle")
    report = check_one(text)
    assert_only(report, "MED-D1", spot(text, "[Board", '"'))
    message = report.problems[0].message
    assert "castle" in message and "standard" in message and "two-player" in message


def test_board_file_that_is_not_toml(tmp_path: Path) -> None:
    write_board(tmp_path, 'name = "unclosed\n')
    text = game(board="mine.toml")
    report = check_one(text, base=tmp_path)
    assert_only(report, "DATA-1", spot(text, "[Board", '"'))
    assert "mine.toml:1:" in report.problems[0].message


def test_board_fault_stops_the_game() -> None:
    text = game("1. red orange@A5 orange@B5", board="castle")
    report = check_one(text)
    assert_only(report, "MED-D1", spot(text, "[Board", '"'))
    assert report.run is not None and report.run.start is None


# ---------------------------------------------------------------- edition files


def load_edition_text(text: str) -> None:
    edition_from_data(DataFile("mine", text))


def test_bundled_edition_text_loads() -> None:
    load_edition_text(EDITION_2)


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [
        (
            'colours = ["grey", "black", "brown", "orange"]',
            'colours = ["grey", "black", "brown"]',
            "'colours'",
        ),
        ("palace-tiles = { grey = 1,", "palace-tiles = { white = 1,", "'palace-tiles'"),
        ("walls = 12\n", "", "'supply.3.walls' is missing"),
        ('4 = "standard"\n', "", "'[boards]'"),
    ],
    ids=["three-colours", "tile-for-an-unknown-colour", "supply-incomplete", "board-missing"],
)
def test_edition_file_fault(old: str, new: str, words: str) -> None:
    bad = edited(old, new, EDITION_2)
    with pytest.raises(RecordError) as caught:
        load_edition_text(bad)
    problem = caught.value.problem
    assert problem.rule == "MED-D1"
    assert problem.message.startswith("edition file mine")
    assert words in problem.message


def test_edition_file_fault_names_the_line_of_its_key() -> None:
    bad = edited('colours = ["grey", "black", "brown", "orange"]', 'colours = "grey"', EDITION_2)
    with pytest.raises(RecordError) as caught:
        load_edition_text(bad)
    assert f"mine:{line_of(bad, 'colours =')}:1:" in caught.value.problem.message
