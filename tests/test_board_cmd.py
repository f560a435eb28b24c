"""``meridina board new|check|draw``: transcribing a printed Meridian board safely."""

from __future__ import annotations

import json
import re
from importlib.resources import files
from pathlib import Path

import click
import pytest
from conftest import run_cli as run
from hypothesis import given, settings
from hypothesis import strategies as st
from meridina.rules.common import RecordError
from meridina.rules.datafile import DataFile
from meridina.rules.meridian.board import board_from_data, load_board
from meridina.rules.meridian.board_check import check_board
from svg_reading import parse, pieces

FIVE_CITY = (files("meridina.rules.meridian") / "boards" / "five-city.toml").read_text("utf-8")
MAP = FIVE_CITY[FIVE_CITY.index('map = """') :]


def filled(cities: int) -> str:
    """The template with the map of the bundled board of that many cities typed in."""
    text = run("board", "new", "--cities", str(cities)).stdout
    name = "five-city" if cities == 5 else "four-city"
    source = (files("meridina.rules.meridian") / "boards" / f"{name}.toml").read_text("utf-8")
    return text[: text.index('map = """')] + source[source.index('map = """') :]


@pytest.mark.parametrize("cities", [5, 4])
def test_template_blanks_are_one_fault_with_their_count(tmp_path: Path, cities: int) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(run("board", "new", "--cities", str(cities)).stdout, "utf-8")
    result = run("board", "check", str(path))
    assert result.exit_code == 1
    lines = [line for line in result.stdout.splitlines() if "MER-B1" in line]
    text_lines = path.read_text("utf-8").split("\n")
    first_row = text_lines.index("? " * 9 + "?") + 1
    assert lines == [
        f"{path}:{first_row}:1: MER-B1 meridian 1, city {cities}: '?' is not an island letter "
        f"(every city belongs to exactly one island); {cities * 10 - 1} more cities hold '?' too"
    ]


def test_each_wrong_text_is_said_once_at_its_first_city(tmp_path: Path) -> None:
    text = filled(5).replace("a a a b b b C c c c", "a ? a b - b C ? c -")
    text = text.replace("k k k l l L l m m m", "k k k l l L l m m 1")
    path = tmp_path / "mine.toml"
    path.write_text(text, "utf-8")
    row = text.split("\n").index("a ? a b - b C ? c -") + 1
    last = row + 4
    said = run("board", "check", str(path)).stdout.splitlines()
    letter = "is not an island letter (every city belongs to exactly one island)"
    assert said == [
        f"{path}:{row}:3: MER-B1 meridian 2, city 5: '?' {letter}; 1 more city holds '?' too",
        f"{path}:{row}:9: MER-B1 meridian 5, city 5: '-' {letter}; 1 more city holds '-' too",
        f"{path}:{last}:19: MER-B1 meridian 10, city 1: '1' {letter}",
    ]


@pytest.mark.parametrize("cities", [5, 4])
def test_template_filled_in_is_a_clean_board(tmp_path: Path, cities: int) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(filled(cities), "utf-8")
    result = run("board", "check", str(path), "--format", "json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["valid"] and data["problems"] == []
    bundled = load_board("five-city" if cities == 5 else "four-city")
    assert data["board"]["name"] == "my-board" and data["board"]["cities"] == cities
    assert [i["island"] for i in data["board"]["islands"]] == [i.name for i in bundled.islands]


def test_check_reports_every_fault_with_its_line(tmp_path: Path) -> None:
    text = filled(5).replace("cities-per-meridian = 5", "cities-per-meridian = 6")
    text = text.replace("a a a b b b C c c c", "a a a b b b C c C 1")
    text = text.replace("k k k l l L l m m m", "k k k l l L l m m")
    path = tmp_path / "mine.toml"
    path.write_text(text, "utf-8")
    result = run("board", "check", str(path))
    assert result.exit_code == 1
    lines = text.split("\n")
    row = next(i for i, line in enumerate(lines, 1) if line.startswith("a a a"))
    last = next(i for i, line in enumerate(lines, 1) if line.startswith("k k k"))
    cities = next(i for i, line in enumerate(lines, 1) if line.startswith("cities-per"))
    said = result.stdout
    assert f"mine.toml:{cities}:1: MER-B1 'cities-per-meridian' must be 4 or 5" in said
    assert f"mine.toml:{row}:17: MER-B1 island 'c' has 2 capitals" in said
    assert f"mine.toml:{row}:19: MER-B1 meridian 10, city 5: '1' is not an island letter" in said
    assert f"mine.toml:{last}:1: MER-B1 map row 5 has 9 cities" in said


@pytest.mark.parametrize(
    ("old", "new", "says"),
    [
        ('description = "5', "description = 5 # ", "'description' must be a quoted text"),
        (
            "cities-per-meridian = 5",
            "cities-per-meridian = 5.0",
            "'cities-per-meridian' must be 4 or 5",
        ),
    ],
    ids=["description-not-text", "cities-not-whole"],
)
def test_check_places_every_fault_loading_finds(
    tmp_path: Path, old: str, new: str, says: str
) -> None:
    """A fault loading stops at is listed by check at its line, beside the others."""
    text = filled(5).replace(old, new, 1).replace("k k k l l L l m m m", "k k k l l L l m m")
    path = tmp_path / "mine.toml"
    path.write_text(text, "utf-8")
    result = run("board", "check", str(path))
    assert result.exit_code == 1
    lines = text.split("\n")
    key = next(i for i, line in enumerate(lines, 1) if line.startswith(new))
    last = next(i for i, line in enumerate(lines, 1) if line.startswith("k k k"))
    assert result.stdout.splitlines() == [
        f"{path}:{key}:1: MER-B1 {says}",
        f"{path}:{last}:1: MER-B1 map row 5 has 9 cities; every row needs one per meridian (10)",
    ]
    with pytest.raises(RecordError) as caught:
        load_board(str(path))
    assert caught.value.problem.message == f"board file {path}:{key}:1: {says}"


def test_warnings_keep_a_board_usable(tmp_path: Path) -> None:
    text = filled(5).replace('name = "my-board"', 'name = "my-board"\ncolour = "blue"')
    path = tmp_path / "mine.toml"
    path.write_text(text, "utf-8")
    result = run("board", "check", str(path))
    assert result.exit_code == 0
    assert "MER-B2 warning: unknown key 'colour'" in result.stdout


def test_a_copied_stand_in_file_is_told_to_drop_its_mark(tmp_path: Path) -> None:
    path = tmp_path / "copy.toml"
    path.write_text(FIVE_CITY, "utf-8")
    result = run("board", "check", str(path))
    assert result.exit_code == 0 and "delete 'stand-in = true'" in result.stdout


def test_bad_toml_is_one_fault_with_its_place(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text('name = "x"\nplayers = [2,\n', "utf-8")
    result = run("board", "check", str(path))
    assert result.exit_code == 1 and "mine.toml:2:1: DATA-1 not valid TOML" in result.stdout
    path.write_text('name = "x"\nplayers = [2 4]\ncities-per-meridian = 5\n', "utf-8")
    result = run("board", "check", str(path))
    assert result.exit_code == 1 and "mine.toml:2:" in result.stdout


@pytest.mark.parametrize(
    ("content", "message"),
    [(None, "no such file"), (b"\xff\xfe", "not UTF-8"), (b"x" * 300_000, "at most")],
)
def test_unreadable_board_file(tmp_path: Path, content: bytes | None, message: str) -> None:
    path = tmp_path / "mine.toml"
    if content is not None:
        path.write_bytes(content)
    result = run("board", "check", str(path))
    assert result.exit_code == 2 and message in result.stderr


def test_board_draw_shows_every_city_on_its_island(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(filled(5), "utf-8")
    out = tmp_path / "board.svg"
    result = run("board", "draw", str(path), "-o", str(out))
    assert result.exit_code == 0
    root = parse(out.read_text("utf-8"))
    board = load_board("five-city")
    cities = {(int(c["meridian"]), int(c["city"])): c for c in pieces(root, "city")}
    assert len(cities) == 50
    for island in board.islands:
        for meridian, city in island.cities:
            drawn = cities[(meridian, city)]
            assert drawn["island"] == island.name
            assert drawn["capital"] == ("true" if island.capital == (meridian, city) else "false")
    assert sorted(p["island"] for p in pieces(root, "island")) == [i.name for i in board.islands]


def test_board_draw_refuses_a_faulty_file(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(run("board", "new", "--cities", "4").stdout, "utf-8")
    result = run("board", "draw", str(path))
    assert result.exit_code == 1 and "<svg" not in result.stdout and "MER-B1" in result.stderr


@pytest.mark.parametrize(("command", "stream"), [("check", "stdout"), ("draw", "stderr")])
def test_faults_are_coloured_as_validate_colours_them_only_when_asked(
    tmp_path: Path, command: str, stream: str
) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(run("board", "new", "--cities", "4").stdout, "utf-8")
    plain = getattr(run("board", command, str(path), "--color", "never"), stream)
    coloured = getattr(run("board", command, str(path), "--color", "always"), stream)
    assert "MER-B1" in plain and "\x1b[" not in plain
    assert click.unstyle(coloured) == plain
    faults = [line for line in plain.splitlines() if " MER-B1 " in line]
    rule = click.style("MER-B1", fg="red", bold=True)
    for line in faults:  # the file in bold, the rule in red
        rest = line.removeprefix(str(path)).replace(" MER-B1 ", f" {rule} ", 1)
        assert click.style(str(path), bold=True) + rest in coloured.splitlines()
    assert getattr(run("board", command, str(path)), stream) == plain  # not a terminal


@settings(max_examples=150, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, len(MAP) - 1), st.sampled_from(list("aAbB?1 \n\t"))),
        min_size=1,
        max_size=4,
    )
)
def test_check_agrees_with_loading(edits: list[tuple[int, str]]) -> None:
    """Checking finds a fault exactly when loading fails, and first the one loading names."""
    chars = list(MAP)
    for index, char in edits:
        chars[index % len(chars)] = char
    text = FIVE_CITY[: FIVE_CITY.index('map = """')] + "".join(chars)
    board, problems = check_board("mine.toml", text)
    faults = [p for p in problems if not p.warning]
    try:
        loaded = board_from_data(DataFile("mine.toml", text))
    except RecordError as error:
        assert board is None and faults
        first = faults[0]
        # Loading stops at the first fault, so it cannot count the cities that repeat it.
        alone = re.sub(r"; (1 more city holds|\d+ more cities hold) .* too$", "", first.message)
        assert alone in error.problem.message
        if first.at is not None and re.search(r"mine\.toml:\d", error.problem.message):
            assert f"mine.toml:{first.at.line}:" in error.problem.message
        return
    assert board is not None and not faults
    assert board.islands == loaded.islands


# ---------------------------------------------------------------- bundled boards by name


@pytest.mark.parametrize(("name", "cities"), [("five-city", 5), ("four-city", 4)])
def test_check_and_draw_take_a_bundled_board_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, cities: int
) -> None:
    monkeypatch.chdir(tmp_path)  # no file of that name here
    result = run("board", "check", name)
    assert result.exit_code == 0
    assert f"{name}: board {name}, {cities} cities per meridian" in result.stdout
    out = tmp_path / "board.svg"
    assert run("board", "draw", name, "-o", str(out)).exit_code == 0
    drawn = {(int(c["meridian"]), int(c["city"])) for c in pieces(parse(out.read_text()), "city")}
    assert len(drawn) == cities * 10


def test_a_bundled_name_wins_over_a_file_of_that_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "five-city").write_text(run("board", "new", "--cities", "5").stdout, "utf-8")
    assert run("board", "check", "five-city").exit_code == 0
    assert run("board", "check", "./five-city").exit_code == 1  # the blank template


def test_an_unknown_board_names_the_bundled_ones(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = run("board", "check", "five-cty")
    assert result.exit_code == 2
    assert "five-cty: no such file, nor a bundled board (five-city, four-city)" in result.stderr


@pytest.mark.parametrize(("name", "cities"), [("five-city", 5), ("four-city", 4)])
def test_new_from_a_bundled_board_copies_its_map(tmp_path: Path, name: str, cities: int) -> None:
    text = run("board", "new", "--from", name).stdout
    path = tmp_path / "mine.toml"
    path.write_text(text, "utf-8")
    board, problems = check_board("mine.toml", text)
    assert board is not None and board.name == "my-board" and board.cities == cities
    shipped = load_board(name)
    assert (board.islands, board.island_at) == (shipped.islands, shipped.island_at)
    # Still the stand-in's layout: the copy says so until its map is corrected.
    assert [p.message for p in problems if p.warning] == [
        "the file says it is a stand-in layout; delete 'stand-in = true' once it holds "
        "the printed board"
    ]
    assert run("board", "new", "--from", name, "--cities", str(cities)).stdout == text


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((), "give --cities 5 or 4, or --from a bundled board"),
        (("--from", "four-city", "--cities", "5"), "four-city has 4 cities per meridian, not 5"),
        (("--from", "three-city"), "'three-city' is not one of"),
    ],
)
def test_new_needs_a_side(args: tuple[str, ...], message: str) -> None:
    result = run("board", "new", *args)
    assert result.exit_code == 2 and message in result.stderr
