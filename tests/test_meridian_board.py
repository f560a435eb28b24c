"""Meridian boards: the bundled ones, board files named by a record, and their faults."""

from __future__ import annotations

import re
from importlib.resources import files
from pathlib import Path

import pytest
from conftest import (
    FOUR,
    THREE,
    assert_legal,
    assert_only,
    check_one,
    found,
    record,
    run_cli,
    spot,
)
from meridina.notation.driver import check_file
from meridina.rules.common import RecordError
from meridina.rules.meridian.board import Board, board_names, load_board

BUNDLED = files("meridina.rules.meridian") / "boards"
FIVE_CITY = (BUNDLED / "five-city.toml").read_text("utf-8")
FOUR_CITY = (BUNDLED / "four-city.toml").read_text("utf-8")

TOP_ROW = "a a a b b b C c c c"
BOTTOM_ROW = "k k k l l L l m m m"


def line_of(text: str, needle: str) -> int:
    """The line of ``text`` (from 1) on which ``needle`` stands; it must stand on one."""
    hits = [n for n, line in enumerate(text.split("\n"), start=1) if needle in line]
    assert len(hits) == 1, f"{needle!r} is on {len(hits)} lines"
    return hits[0]


def edited(old: str, new: str, source: str = FIVE_CITY) -> str:
    assert source.count(old) == 1, old
    return source.replace(old, new)


def game_on(board: str, *body: str, players: str | None = None) -> str:
    tags = (f'[Board "{board}"]',)
    if players is None:
        return record(*body, tags=tags)
    return record(*body, tags=tags, players=players)


def write_board(folder: Path, text: str, name: str = "mine.toml") -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, "utf-8")
    return path


# ---------------------------------------------------------------- bundled boards


@pytest.mark.parametrize(
    ("name", "islands", "capitals", "cities", "players"),
    [("five-city", 13, 7, 5, (2, 4)), ("four-city", 11, 5, 4, (3,))],
)
def test_bundled_board(
    name: str, islands: int, capitals: int, cities: int, players: tuple[int, ...]
) -> None:
    board = load_board(name)
    assert board.warnings == ()
    assert board.name == name
    assert len(board.islands) == islands
    assert sum(1 for island in board.islands if island.capital is not None) == capitals
    assert board.cities == cities
    assert board.players == players
    assert sum(island.points for island in board.islands) == 10 * cities


def test_bundled_board_names() -> None:
    assert board_names() == ["five-city", "four-city"]


@pytest.mark.parametrize("name", ["five-city", "four-city"])
def test_every_city_is_on_the_island_that_lists_it(name: str) -> None:
    board = load_board(name)
    for meridian in range(1, 11):
        for city in range(1, board.cities + 1):
            island = board.islands[board.island_at[meridian - 1][city - 1]]
            assert (meridian, city) in island.cities
            assert board.is_capital(meridian, city) == (island.capital == (meridian, city))


def test_capital_letters_mark_capitals() -> None:
    board = load_board("five-city")
    assert board.is_capital(7, 5)  # the C of the top row
    assert not board.is_capital(8, 5)
    assert board.is_capital(3, 4)  # the D of the second row, city 4


@pytest.mark.parametrize(
    ("players", "cities"),
    [("Ann orange black; Ben grey brown", 5), (THREE, 4), (FOUR, 5)],
    ids=["two", "three", "four"],
)
def test_default_board_by_number_of_players(players: str, cities: int) -> None:
    report = check_one(record(players=players))
    assert_legal(report)
    assert report.run is not None and report.run.start is not None
    assert report.run.start.board.cities == cities


# ---------------------------------------------------------------- board files


SWAPPED = "\n".join(
    {TOP_ROW: BOTTOM_ROW, BOTTOM_ROW: TOP_ROW}.get(line, line) for line in FIVE_CITY.split("\n")
)


def test_board_file_next_to_the_record_is_used(tmp_path: Path) -> None:
    # The top and bottom rows change places: city 5 of meridian 1 is on island k.
    write_board(tmp_path, SWAPPED)
    assert load_board(str(tmp_path / "mine.toml")).warnings == ()
    position = ("position", "1: orange 2@5")
    bundled = check_one(game_on("five-city", *position))
    mine = check_one(game_on("mine.toml", *position), base=tmp_path)
    for report, island in ((bundled, "a"), (mine, "k")):
        assert_legal(report)
        assert report.run is not None and report.run.sheet is not None
        assert report.run.sheet.players[0].islands == (island,)


def test_board_file_in_a_subfolder(tmp_path: Path) -> None:
    write_board(tmp_path, SWAPPED, "boards/mine.toml")
    assert_legal(check_one(game_on("boards/mine.toml", "1. orange 7: 3@2"), base=tmp_path))


def test_board_file_by_absolute_path(tmp_path: Path) -> None:
    path = write_board(tmp_path, SWAPPED)
    assert_legal(check_one(game_on(str(path), "1. orange 7: 3@2")))


def test_board_file_beside_a_checked_file(tmp_path: Path) -> None:
    write_board(tmp_path, SWAPPED)
    games = tmp_path / "games.txt"
    games.write_text(game_on("mine.toml", "1. orange 7: 3@2"), "utf-8")
    reports = list(check_file(games))
    assert [report.valid for report in reports] == [True]


def test_board_file_names_its_players(tmp_path: Path) -> None:
    write_board(tmp_path, edited("players = [2, 4]", "players = [3]"))
    text = game_on("mine.toml", "1. orange 7: 3@2")
    report = check_one(text, base=tmp_path)
    assert_only(report, "MER-S2", spot(text, "[Board", '"'))
    assert "'five-city'" in report.problems[0].message
    assert "3 players" in report.problems[0].message


def test_unknown_board_lists_the_bundled_boards(tmp_path: Path) -> None:
    text = game_on("moon", "1. orange 7: 3@2")
    report = check_one(text, base=tmp_path)
    assert_only(report, "MER-B1", spot(text, "[Board", '"'))
    message = report.problems[0].message
    assert "'moon'" in message
    assert "five-city" in message and "four-city" in message


def test_three_players_on_the_five_city_board() -> None:
    text = game_on("five-city", "1. orange 7: 3@2", players=THREE)
    report = check_one(text)
    assert_only(report, "MER-S2", spot(text, "[Board", '"'))
    assert "five-city" in report.problems[0].message


# ---------------------------------------------------------------- faults in board files (MER-B1)


FAULTS = [
    pytest.param(
        edited(BOTTOM_ROW + "\n", ""),
        line_of(FIVE_CITY, "map ="),
        1,
        "4 rows",
        id="four-rows-for-five-cities",
    ),
    pytest.param(
        edited(BOTTOM_ROW, "k k k l l L l m m"),
        line_of(FIVE_CITY, BOTTOM_ROW),
        1,
        "9 cities",
        id="row-of-nine-cells",
    ),
    pytest.param(
        edited(BOTTOM_ROW, "k k k l l L l m 1 m"),
        line_of(FIVE_CITY, BOTTOM_ROW),
        len("k k k l l L l m ") + 1,
        "'1' is not an island letter",
        id="digit-cell",
    ),
    pytest.param(
        edited(BOTTOM_ROW, "k k k l l L l mm m m"),
        line_of(FIVE_CITY, BOTTOM_ROW),
        len("k k k l l L l ") + 1,
        "'mm' is not an island letter",
        id="two-letter-cell",
    ),
    pytest.param(
        edited("cities-per-meridian = 5", "cities-per-meridian = 6"),
        line_of(FIVE_CITY, "cities-per-meridian"),
        1,
        "'cities-per-meridian' must be 4 or 5",
        id="six-cities-per-meridian",
    ),
    pytest.param(
        edited("cities-per-meridian = 5", "cities-per-meridian = 4"),
        line_of(FIVE_CITY, "map ="),
        1,
        "5 rows but the board has 4 cities",
        id="cities-per-meridian-against-the-map",
    ),
    pytest.param(
        edited("players = [2, 4]", "players = [2, 5]"),
        line_of(FIVE_CITY, "players ="),
        1,
        "'players'",
        id="five-players",
    ),
    pytest.param(
        edited("a a a b b b C c c c", "A a A b b b C c c c"),
        line_of(FIVE_CITY, TOP_ROW),
        len("A a ") + 1,
        "island 'a' has 2 capitals",
        id="two-capitals-on-one-island",
    ),
]


@pytest.mark.parametrize(("text", "line", "col", "says"), FAULTS)
def test_board_fault_names_its_line(
    tmp_path: Path, text: str, line: int, col: int, says: str
) -> None:
    path = write_board(tmp_path, text)
    with pytest.raises(RecordError) as caught:
        load_board(str(path))
    problem = caught.value.problem
    assert problem.rule == "MER-B1"
    assert not problem.warning
    assert says in problem.message
    assert f"{path}:{line}:{col}: " in problem.message


@pytest.mark.parametrize(("text", "line", "col", "says"), FAULTS)
def test_board_fault_is_reported_at_the_board_tag(
    tmp_path: Path, text: str, line: int, col: int, says: str
) -> None:
    write_board(tmp_path, text)
    record_text = game_on("mine.toml", "1. orange 7: 3@2")
    report = check_one(record_text, base=tmp_path)
    assert_only(report, "MER-B1", spot(record_text, "[Board", '"'))
    assert says in report.problems[0].message
    assert f"mine.toml:{line}:{col}: " in report.problems[0].message


def test_indented_map_row_fault_names_the_file_column(tmp_path: Path) -> None:
    text = edited(BOTTOM_ROW, "  k k k l l L l m 1 m")
    path = write_board(tmp_path, text)
    with pytest.raises(RecordError) as caught:
        load_board(str(path))
    line = line_of(text, "k k k l l L l m 1 m")
    assert f"{path}:{line}:{len('  k k k l l L l m ') + 1}: " in caught.value.problem.message


def test_map_row_on_the_key_line_fault_names_the_file_column(tmp_path: Path) -> None:
    opening = 'map = """a a a b b 1'
    text = edited('map = """\n' + TOP_ROW, opening + " C c c c")
    path = write_board(tmp_path, text)
    with pytest.raises(RecordError) as caught:
        load_board(str(path))
    line = line_of(text, opening)
    assert f"{path}:{line}:{len(opening)}: " in caught.value.problem.message


def test_map_missing(tmp_path: Path) -> None:
    path = write_board(tmp_path, FIVE_CITY.split("map =")[0])
    with pytest.raises(RecordError) as caught:
        load_board(str(path))
    assert caught.value.problem.rule == "MER-B1"
    assert "'map' is missing" in caught.value.problem.message


def test_invalid_toml_is_data_1(tmp_path: Path) -> None:
    text = edited('name = "five-city"', 'name = "five-city')
    path = write_board(tmp_path, text)
    with pytest.raises(RecordError) as caught:
        load_board(str(path))
    problem = caught.value.problem
    assert problem.rule == "DATA-1"
    unclosed = 'name = "five-city'
    line, col = line_of(text, unclosed), len(unclosed) + 1  # the end of the line
    assert f"{path}:{line}:{col}: " in problem.message
    record_text = game_on("mine.toml", "1. orange 7: 3@2")
    assert_only(check_one(record_text, base=tmp_path), "DATA-1", spot(record_text, "[Board", '"'))


def test_board_file_not_utf8_is_data_1(tmp_path: Path) -> None:
    (tmp_path / "mine.toml").write_bytes(FIVE_CITY.encode("utf-8") + b"# caf\xe9\n")
    record_text = game_on("mine.toml", "1. orange 7: 3@2")
    report = check_one(record_text, base=tmp_path)
    assert_only(report, "DATA-1", spot(record_text, "[Board", '"'))
    assert "UTF-8" in report.problems[0].message


# ---------------------------------------------------------------- odd boards (MER-B2)


WARNINGS = [
    pytest.param(
        edited(TOP_ROW, "A a a b b b C c c c"),
        ["'a' has 3 cities and a capital"],
        id="capital-on-three",
    ),
    pytest.param(
        edited(TOP_ROW, "a a a b b b c c c c"),
        ["'c' has 4 cities but no capital"],
        id="no-capital-on-four",
    ),
    pytest.param(
        edited(TOP_ROW, "a a b b b a C c c c"),
        ["'a' does not span neighbouring meridians"],
        id="island-not-in-one-piece",
    ),
    pytest.param(
        edited("i i I i i j j j J j", "k i I i i j j j J j"),
        ["'k' has two cities on one meridian", "island sizes are"],
        id="two-cities-on-one-meridian",
    ),
    pytest.param(
        edited(BOTTOM_ROW, "k k k l l L l l l l"),
        ["island sizes are 5 of 3, 2 of 4, 4 of 5, 1 of 7 cities"],
        id="island-mix",
    ),
]


def warning_texts(board: Board) -> list[str]:
    assert all(w.rule == "MER-B2" and w.warning for w in board.warnings)
    return [w.message for w in board.warnings]


@pytest.mark.parametrize(("text", "says"), WARNINGS)
def test_odd_board_loads_with_warnings(tmp_path: Path, text: str, says: list[str]) -> None:
    path = write_board(tmp_path, text)
    messages = warning_texts(load_board(str(path)))
    for part in says:
        assert any(part in message for message in messages), messages


@pytest.mark.parametrize(("text", "says"), WARNINGS)
def test_odd_board_warnings_reach_the_report(tmp_path: Path, text: str, says: list[str]) -> None:
    write_board(tmp_path, text)
    record_text = game_on("mine.toml", "1. orange 7: 3@2")
    report = check_one(record_text, base=tmp_path)
    assert report.valid
    board_at = spot(record_text, "[Board", '"')
    assert {at for _, at in found(report)} == {board_at}
    assert {rule for rule, _ in found(report)} == {"MER-B2"}
    assert len(report.problems) >= len(says)


@pytest.mark.parametrize(("text", "says"), WARNINGS)
def test_odd_board_warnings_name_their_line(tmp_path: Path, text: str, says: list[str]) -> None:
    path = write_board(tmp_path, text)
    lines = text.split("\n")
    map_line = next(n for n, line in enumerate(lines, 1) if line.startswith("map ="))
    for warning in load_board(str(path)).warnings:
        assert warning.at is not None, warning
        assert f"board file {path}:{warning.at.line}:{warning.at.col}: " in warning.message
        island = re.match(r".*: island '(\w)'", warning.message)
        if island is None:  # the island sizes: the whole map
            assert (warning.at.line, warning.at.col) == (map_line, 1)
        else:  # a city of that island
            assert lines[warning.at.line - 1][warning.at.col - 1].lower() == island.group(1)
    record_text = game_on("mine.toml", "1. orange 7: 3@2")
    report = check_one(record_text, base=tmp_path)
    assert all(re.search(r"board file \S*mine\.toml:\d+:\d+: ", p.message) for p in report.problems)
    assert len({p.message for p in report.problems}) == len(report.problems)


def test_two_cities_on_one_meridian_are_shown_at_the_second(tmp_path: Path) -> None:
    text = edited("i i I i i j j j J j", "k i I i i j j j J j")
    path = write_board(tmp_path, text)
    # Meridian 1 holds k on the row 'k i I i i ...' and again on the row below it.
    row = text.split("\n").index("k i I i i j j j J j") + 2
    result = run_cli("board", "check", str(path))
    assert f"{path}:{row}:1: MER-B2 warning: island 'k' has two cities on one meridian" in (
        result.stdout.splitlines()
    )


def test_four_city_board_copy_has_no_warnings(tmp_path: Path) -> None:
    write_board(tmp_path, FOUR_CITY)
    text = game_on("mine.toml", "1. orange 7: 3@2", players=THREE)
    report = check_one(text, base=tmp_path)
    assert_legal(report)
    assert found(report) == []


def test_a_bundled_board_name_wins_over_a_file_of_that_name(tmp_path: Path) -> None:
    write_board(tmp_path, "not a board", name="five-city")
    assert_legal(check_one(game_on("five-city", "1. orange 7: 3@2"), base=tmp_path))
    text = game_on("./five-city", "1. orange 7: 3@2")
    assert_only(check_one(text, base=tmp_path), "DATA-1", spot(text, "[Board", '"'))


def test_a_key_after_a_blank_line_is_placed_on_its_own_line() -> None:
    from meridina.rules.datafile import DataFile

    data = DataFile("b.toml", '# a board\n\nname = "x"\n\n\n[supply]\nwalls = 3\n')
    assert data.line_of_key("name") == 3
    assert data.line_of_key("supply") == 6
    assert data.line_of_key("supply.walls") == 7
