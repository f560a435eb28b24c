"""Club standings: one table per game, only valid finished games by default, every other listed."""

from __future__ import annotations

import csv
import io
import json
import re
from importlib.resources import files
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from conftest import run_cli
from hypothesis import given
from hypothesis import strategies as st
from meridina.cli.running import batch

TOP = Path(__file__).resolve().parent.parent
EXAMPLES = TOP / "examples"


def example(name: str, players: str) -> str:
    """A bundled finished game with other players' names and no Result tag."""
    text = (EXAMPLES / name).read_text("utf-8")
    text = re.sub(r'\[Players "[^"]*"\]', f'[Players "{players}"]', text)
    return re.sub(r"\[Result \"[^\"]*\"\]\n", "", text)


# final-position.mrec: brown 13, grey 5, orange 6, black 10 (the bundled five-city board)
MERIDIAN_1 = example("meridian/final-position.mrec", "Ann brown; Ben grey; Cy orange; Di black")
MERIDIAN_2 = example("meridian/final-position.mrec", "Ben brown; Ann grey; Cy orange; Di black")
# first-edition-3p.mrec: red 31, yellow 61, green 31
MEDINA_1 = example("medina/first-edition-3p.mrec", "Ann red; Ben yellow; Cy green")
# second-edition-2p.mrec: green 46, red 50
MEDINA_2 = example("medina/second-edition-2p.mrec", "Ann green; Ben red")
# finished, but its Result tag is wrong: a game with a problem (seats other than game 1's,
# so that it is not the same game recorded twice)
WRONG_RESULT = example(
    "meridian/final-position.mrec", "Ann brown; Ben grey; Di orange; Cy black"
).replace("[Players", '[Result "Ann 1; Ben 5; Di 6; Cy 10"]\n[Players', 1)
# a position without the cards played: whether the game is over cannot be told
OPEN_POSITION = (
    '[Game "Meridian"]\n[Players "Ann orange; Ben black; Cy grey; Di brown"]\n\n'
    "position\n  6: orange 2@2\n  7: orange 3@1 grey 4@5\n"
)
CLUB = {
    "1-meridian.mrec": MERIDIAN_1,
    "2-meridian.mrec": MERIDIAN_2,
    "3-medina.mrec": MEDINA_1,
    "4-medina.mrec": MEDINA_2,
    "5-wrong-result.mrec": WRONG_RESULT,
    "6-open.mrec": OPEN_POSITION,
}


@pytest.fixture
def club(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "club").mkdir()
    for name, text in CLUB.items():
        (tmp_path / "club" / name).write_text(text, "utf-8")
    return tmp_path


def standings(*args: str) -> dict[str, Any]:
    result = run_cli("score", *args, "--standings", "--format", "json")
    data: dict[str, Any] = json.loads(result.stdout)
    schema = json.loads(
        (files("meridina.cli.formats") / "schemas" / "standings.schema.json").read_text("utf-8")
    )
    jsonschema.validate(data, schema)
    return data


def tables(data: dict[str, Any]) -> dict[str, dict[str, tuple[int, int, int, int]]]:
    """Per table title: player -> (rank, games, wins, points)."""
    found = {}
    for table in data["tables"]:
        title = table["name"] + (f" {table['edition']}" if table["edition"] else "")
        found[title] = {
            p["name"]: (p["rank"], p["games"], p["wins"], p["points"]) for p in table["players"]
        }
    return found


def test_each_game_and_edition_has_its_own_table(club: Path) -> None:
    data = standings("club")
    assert tables(data) == {
        "Meridian": {
            "Ann": (1, 2, 1, 18),
            "Ben": (1, 2, 1, 18),
            "Di": (3, 2, 0, 20),
            "Cy": (4, 2, 0, 12),
        },
        "Medina 1": {"Ben": (1, 1, 1, 61), "Ann": (2, 1, 0, 31), "Cy": (2, 1, 0, 31)},
        "Medina 2": {"Ben": (1, 1, 1, 50), "Ann": (2, 1, 0, 46)},
    }
    assert data["games"] == 4


def test_each_number_of_players_has_its_own_table_ranked_as_said(club: Path) -> None:
    """A 2-player Meridian game scores about twice a 4-player one: Ann's one 2-player game
    must not put her ahead of the 4-player table on average, so it has a table of its own."""
    (club / "club" / "7-two-players.mrec").write_text(
        example("meridian/two-players.mrec", "Ann grey brown; Eve black orange"), "utf-8"
    )
    data = standings("club")
    assert data["ranked_by"] == ["wins", "points", "average"]
    meridian = {t["player_count"]: t for t in data["tables"] if t["name"] == "Meridian"}
    assert sorted(meridian) == [2, 4]
    assert [(p["name"], p["points"]) for p in meridian[2]["players"]] == [("Ann", 29), ("Eve", 21)]
    assert {p["name"]: p["games"] for p in meridian[4]["players"]} == {
        "Ann": 2,
        "Ben": 2,
        "Cy": 2,
        "Di": 2,
    }
    text = run_cli("score", "club", "--standings").stdout
    lines = text.splitlines()
    headings = [n for n, line in enumerate(lines) if line.endswith("counted")]
    assert [lines[n] for n in headings] == [
        "Meridian, 2 players: 1 game counted",
        "Meridian, 4 players: 2 games counted",
        "Medina, 1st edition, 3 players: 1 game counted",
        "Medina, 2nd edition, 2 players: 1 game counted",
    ]
    rule = "  ranked by wins, then points, then average points a game"
    assert all(lines[n + 1] == rule for n in headings)
    rows = list(
        csv.DictReader(
            io.StringIO(
                run_cli("score", "club", "--standings", "--format", "csv").stdout.split("\n\n")[0]
            )
        )
    )
    assert [(r["game"], r["player_count"], r["player"]) for r in rows[:2]] == [
        ("Meridian", "2", "Ann"),
        ("Meridian", "2", "Eve"),
    ]
    assert {r["player_count"] for r in rows if r["game"] == "Meridian"} == {"2", "4"}


def test_games_with_problems_are_listed_not_counted(club: Path) -> None:
    data = standings("club")
    assert [(g["file"], g["reason"]) for g in data["not_counted"]] == [
        ("club/5-wrong-result.mrec", "1 problem"),
        (
            "club/6-open.mrec",
            "a position whose cards played are unknown: it may not be over "
            "(a 'played:' entry gives them)",
        ),
    ]
    assert data["counted_with_problems"] == []
    text = run_cli("score", "club", "--standings").stdout
    assert "not counted: 2 games; only valid, finished games count" in text
    assert "  club/5-wrong-result.mrec:1: game 1, Meridian: 1 problem" in text
    assert "With problems" not in text


def test_an_option_counts_games_with_problems_and_marks_them(club: Path) -> None:
    data = standings("club", "--include-problems")
    assert data["include_problems"] is True
    assert data["not_counted"] == []
    marked = data["counted_with_problems"]
    assert [g["file"] for g in marked] == ["club/5-wrong-result.mrec", "club/6-open.mrec"]
    (meridian,) = [t for t in data["tables"] if t["name"] == "Meridian"]
    assert meridian["games"] == 4
    assert {p["name"]: p["games_with_problems"] for p in meridian["players"]} == {
        "Ann": 2,
        "Ben": 2,
        "Cy": 2,
        "Di": 2,
    }
    text = run_cli("score", "club", "--standings", "--include-problems").stdout
    assert "counted with problems (marked in 'With problems'): 2 games" in text
    rows = list(
        csv.reader(
            io.StringIO(
                run_cli(
                    "score", "club", "--standings", "--include-problems", "--format", "csv"
                ).stdout
            )
        )
    )
    listed = rows[rows.index([]) + 1 :]
    assert listed[0] == ["file", "line", "game", "number", "counted", "reason"]
    assert [row[0] for row in listed[1:]] == ["club/5-wrong-result.mrec", "club/6-open.mrec"]
    assert {row[4] for row in listed[1:]} == {"yes"}


def test_the_bundled_examples_count_only_their_valid_finished_games() -> None:
    """Every game is either counted (valid and finished) or listed with a reason."""
    scored = json.loads(run_cli("score", str(EXAMPLES), "--format", "json").stdout)
    good: set[tuple[str, int]] = set()
    other: set[tuple[str, int]] = set()
    for entry in scored["files"]:
        for game in entry["games"]:
            key = (entry["file"], game["game"])
            valid = not any(p["severity"] == "error" for p in game["problems"])
            finished = game["score"] is not None and game["score"]["finished"]
            (good if valid and finished else other).add(key)
    data = standings(str(EXAMPLES))
    assert data["games"] == len(good)
    assert {(g["file"], g["game"]) for g in data["not_counted"]} == other
    assert all(g["reason"] for g in data["not_counted"])
    assert [(t["name"], t["edition"], t["player_count"]) for t in data["tables"]] == [
        ("Meridian", None, 2),
        ("Meridian", None, 3),
        ("Meridian", None, 4),
        ("Medina", "1", 3),
        ("Medina", "1", 4),
        ("Medina", "2", 2),
        ("Medina", "2", 3),
        ("Medina", "2", 4),
    ]


@pytest.mark.parametrize(("kind", "name"), [("medina", "Medina"), ("MERIDIAN", "Meridian")])
def test_game_picks_one_game_in_every_format(club: Path, kind: str, name: str) -> None:
    data = standings("club", "--game", kind, "--include-problems")
    assert {t["name"] for t in data["tables"]} == {name}
    assert {g["name"] for g in data["counted_with_problems"]} <= {name}
    text = run_cli("score", "club", "--standings", "--game", kind).stdout
    headings = [line for line in text.splitlines() if line.endswith("counted")]
    assert headings and all(line.startswith(name) for line in headings)
    rows = csv.DictReader(
        io.StringIO(
            run_cli("score", "club", "--standings", "--game", kind, "--format", "csv").stdout.split(
                "\n\n"
            )[0]
        )
    )
    assert {row["game"] for row in rows} == {name}
    plain = run_cli("score", "club", "--game", kind, "--format", "json")
    games = [g for f in json.loads(plain.stdout)["files"] for g in f["games"]]
    assert games and {g["name"] for g in games} == {name}


@pytest.mark.parametrize("output_format", ["text", "json", "junit"])
def test_score_of_one_game_names_only_files_that_hold_it(club: Path, output_format: str) -> None:
    args = ["score", "club", "--game", "medina", "--format", output_format]
    one, two = run_cli(*args), run_cli(*args, "-j", "2")
    assert (two.exit_code, two.stdout) == (one.exit_code, one.stdout)
    assert "3-medina.mrec" in one.stdout and "4-medina.mrec" in one.stdout
    assert "meridian.mrec" not in one.stdout and "open.mrec" not in one.stdout


def test_game_still_takes_a_number_and_refuses_anything_else(club: Path) -> None:
    two = (Path("club") / "two.mrec").resolve()
    two.write_text(MERIDIAN_1 + "\n" + MEDINA_2, "utf-8")
    old = run_cli("score", str(two), "--game", "2", "--format", "json")
    data = json.loads(old.stdout)
    assert [g["name"] for g in data["files"][0]["games"]] == ["Medina"]
    assert "--game 2 (the game's number) is deprecated; use --game-number 2" in old.stderr
    for bad in ("0", "medna", "\u0663", "1" * 30, ""):
        result = run_cli("score", str(two), "--game", bad)
        assert result.exit_code == 2, bad
        assert "meridian, medina" in result.output


def test_no_text_line_starts_with_a_player_name(club: Path) -> None:
    names = ("Ann", "Ben", "Cy", "Di")
    for extra in ([], ["--include-problems"]):
        text = run_cli("score", "club", "--standings", *extra).stdout
        assert text.count("Ann") >= 3
        assert not [line for line in text.splitlines() if line.startswith(names)]


def test_standings_with_two_jobs_are_those_with_one(
    club: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(batch, "BATCH_GAMES", 1)
    for output_format in ("text", "json", "csv"):
        args = ["score", "club", str(EXAMPLES), "--standings", "--format", output_format]
        one, two = run_cli(*args, "-j", "1"), run_cli(*args, "-j", "2")
        assert (two.exit_code, two.stdout, two.stderr) == (one.exit_code, one.stdout, one.stderr)


@pytest.mark.parametrize("start", ["=", "+", "-", "@", "\t", "\r"])
def test_a_cell_that_a_spreadsheet_would_run_gets_a_quote(start: str) -> None:
    from meridina.cli.formats.standings import spreadsheet_cell
    from meridina.shown import visible

    assert spreadsheet_cell(f"{start}SUM(A1)") == visible(f"'{start}SUM(A1)")
    assert spreadsheet_cell(f"Ann{start}") == visible(f"Ann{start}")


def test_a_cell_shows_control_characters_as_escapes() -> None:
    from meridina.cli.formats.standings import spreadsheet_cell

    assert spreadsheet_cell("Ann\x1b[2J") == "Ann\\x1b[2J"


@given(st.text(max_size=12))
def test_a_spreadsheet_cell_never_starts_a_formula_and_keeps_the_text(text: str) -> None:
    from meridina.cli.formats.standings import FORMULA_STARTS, spreadsheet_cell
    from meridina.shown import visible

    cell = spreadsheet_cell(text)
    assert not cell.startswith(FORMULA_STARTS)
    assert cell in (visible(text), visible("'" + text))


def test_game_completes_to_the_names_of_the_games() -> None:
    from click.testing import CliRunner
    from meridina.cli.main import cli

    words = {"COMP_WORDS": "meridina score --game me", "COMP_CWORD": "3"}
    result = CliRunner().invoke(
        cli, [], prog_name="meridina", env={"_MERIDINA_COMPLETE": "bash_complete", **words}
    )
    assert result.stdout.splitlines() == ["plain,meridian", "plain,medina"]


def test_csv_standings_write_no_formula(club: Path) -> None:
    for number, players in enumerate(("=1+2 green; +3 red", "-4 green; @SUM(A1) red")):
        (club / "club" / f"formula-{number}.mrec").write_text(
            example("medina/second-edition-2p.mrec", players), "utf-8"
        )
    (club / "=cmd.mrec").write_text(OPEN_POSITION, "utf-8")
    result = run_cli("score", "club", "=cmd.mrec", "--standings", "--format", "csv")
    cells = [cell for row in csv.reader(io.StringIO(result.stdout)) for cell in row]
    assert {"'=1+2", "'+3", "'-4", "'@SUM(A1)", "'=cmd.mrec"} <= set(cells)
    assert not [cell for cell in cells if cell.startswith(("=", "+", "-", "@", "\t", "\r"))]


def test_a_game_whose_only_problems_are_ignored_is_counted(club: Path) -> None:
    counted = standings("club/5-wrong-result.mrec", "--ignore", "MER-E5")
    assert counted["games"] == 1
    assert standings("club/5-wrong-result.mrec")["games"] == 0


def test_a_game_recorded_twice_counts_once_and_is_listed(club: Path) -> None:
    """The same game, players and turns with another layout, comments and Event: one game."""
    again = MEDINA_2.replace("\n1.", "\n; typed in again from the score pad\n1.", 1)
    again = re.sub(r"(?m)^(\d+)\.\s+", r"\1.   ", again.replace("Weekend game", "Club night"))
    assert again != MEDINA_2
    (club / "club" / "8-again.mrec").write_text(again, "utf-8")
    data = standings("club")
    assert tables(data)["Medina 2"] == {"Ben": (1, 1, 1, 50), "Ann": (2, 1, 0, 46)}
    assert data["games"] == 4
    reason = "the same game as game 1 at club/4-medina.mrec:1, counted once"
    assert ("club/8-again.mrec", reason) in [(g["file"], g["reason"]) for g in data["not_counted"]]


def test_other_seats_are_another_game(club: Path) -> None:
    """Same turns, players in other seats: two games, both counted."""
    swapped = example("medina/second-edition-2p.mrec", "Ben green; Ann red")
    (club / "club" / "8-swapped.mrec").write_text(swapped, "utf-8")
    data = standings("club")
    assert tables(data)["Medina 2"] == {"Ann": (1, 2, 1, 96), "Ben": (1, 2, 1, 96)}


def test_a_repeat_naming_a_hostile_file_is_listed_escaped(club: Path) -> None:
    """A repeat's reason names the file of its first place: escaped as the file is."""
    first = club / "club" / "0-\x1b[31mred.mrec"
    first.write_text(MEDINA_2, "utf-8")
    text = run_cli("score", "club", "--standings", "--color", "never").stdout
    assert "\x1b" not in text
    assert "the same game as game 1 at club/0-\\x1b[31mred.mrec:1, counted once" in text
