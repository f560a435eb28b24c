"""``meridina ratings`` and ``meridina stats`` over a club's folder: JSON against its schema,
the same as the API, hostile names in every format, games left out said and listed."""

from __future__ import annotations

import csv
import io
import json
from importlib.resources import files
from pathlib import Path
from typing import Any

import click
import jsonschema
import meridina
import pytest
from conftest import run_cli
from meridina.cli.formats.ratings import ratings_json
from meridina.cli.formats.statistics import statistics_json
from test_standings import CLUB, EXAMPLES, example

SCHEMAS = {"ratings": "ratings.schema.json", "stats": "stats.schema.json"}
# a name a terminal would run (escape codes), one a spreadsheet would, one that turns text
HOSTILE = "=HYPERLINK(1) green; Ann\x1b[2J red"


FORMULA = ("=", "+", "-", "@", "\t", "\r")


def number(cell: str) -> bool:
    """A negative rating: a number to a spreadsheet, not a formula."""
    try:
        float(cell)
    except ValueError:
        return False
    return True


@pytest.fixture
def club(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "club").mkdir()
    for name, text in CLUB.items():
        (tmp_path / "club" / name).write_text(text, "utf-8")
    return tmp_path


def as_json(command: str, *args: str) -> dict[str, Any]:
    result = run_cli(command, *args, "--format", "json")
    assert result.exit_code in (0, 1), result.output
    data: dict[str, Any] = json.loads(result.stdout)
    schema = json.loads(
        (files("meridina.cli.formats") / "schemas" / SCHEMAS[command]).read_text("utf-8")
    )
    jsonschema.validate(data, schema)
    return data


def api_games(folder: Path) -> list[meridina.Game]:
    return [game for path in sorted(folder.glob("*.mrec")) for game in meridina.read_games(path)]


@pytest.mark.parametrize("command", ["ratings", "stats"])
def test_the_api_gives_what_the_command_writes(club: Path, command: str) -> None:
    data = as_json(command, "club")
    games = api_games(Path("club"))
    made = (
        ratings_json(meridina.ratings(games))
        if command == "ratings"
        else statistics_json(meridina.statistics(games))
    )
    assert json.loads(json.dumps(made)) == data
    assert data["games"] == 4
    assert [entry["file"] for entry in data["not_counted"]] == [
        "club/5-wrong-result.mrec",
        "club/6-open.mrec",
    ]


def test_the_ratings_state_the_model_and_rate_each_game_once(club: Path) -> None:
    data = as_json("ratings", "club")
    assert data["model"]["parameters"]["mu"] == 25.0
    assert data["rating"] == "mu - 3 * sigma"
    assert [(t["name"], t["games"]) for t in data["tables"]] == [("Meridian", 2), ("Medina", 2)]
    # Meridian: Ann wins the first game and is last in the second, Ben the other way round
    meridian = {p["name"]: p for p in data["tables"][0]["players"]}
    assert [point["rank"] for point in meridian["Ann"]["history"]] == [1, 4]
    assert [point["rank"] for point in meridian["Ben"]["history"]] == [4, 1]
    assert meridian["Ben"]["rating"] > meridian["Ann"]["rating"]  # the later game weighs more
    assert [p["games"] for p in data["tables"][0]["players"]] == [2, 2, 2, 2]


def test_game_kind_keeps_one_game(club: Path) -> None:
    data = as_json("ratings", "club", "--game", "medina")
    assert [t["name"] for t in data["tables"]] == ["Medina"]
    stats = as_json("stats", "club", "--game", "meridian")
    assert [(t["name"], t["player_count"], t["games"]) for t in stats["tables"]] == [
        ("Meridian", 4, 2)
    ]


@pytest.mark.parametrize("command", ["ratings", "stats"])
def test_text_says_the_method_and_lists_each_game_left_out(club: Path, command: str) -> None:
    result = run_cli(command, "club")
    assert result.exit_code == 1  # as score: a game with problems
    assert "method: " in result.stdout
    assert "not counted: 2 games; only valid, finished games count" in result.stdout
    assert "club/6-open.mrec:1: game 1, Meridian:" in result.stdout
    what = "ratings" if command == "ratings" else "statistics"
    assert f"game 1 is listed but not counted in the {what}:" in result.stderr


@pytest.mark.parametrize("command", ["ratings", "stats"])
def test_hostile_names_are_escaped_in_text_json_and_csv(club: Path, command: str) -> None:
    (club / "club" / "7-hostile.mrec").write_text(
        example("medina/second-edition-2p.mrec", HOSTILE), "utf-8"
    )
    (club / "=cmd.mrec").write_text(CLUB["4-medina.mrec"].replace("Ann", "Bo"), "utf-8")
    # read first, so that the reason of its repeat in club/ names it
    (club / "\x1b[2J.mrec").write_text(CLUB["3-medina.mrec"], "utf-8")
    text = run_cli(command, "\x1b[2J.mrec", "club", "=cmd.mrec").stdout
    assert "\x1b" not in text and "Ann\\x1b[2J" in text
    assert "the same game as game 1 at \\x1b[2J.mrec:1" in text
    assert not [line for line in text.splitlines() if line.startswith(("=", "Ann"))]
    data = as_json(command, "club")
    names = {p["name"] for t in data["tables"] for p in t["players"]}
    assert {"=HYPERLINK(1)", "Ann\x1b[2J"} <= names  # JSON keeps the text, escaped by json
    sheet = run_cli(command, "club", "=cmd.mrec", "--format", "csv").stdout
    cells = [cell for row in csv.reader(io.StringIO(sheet)) for cell in row]
    assert {"'=HYPERLINK(1)", "Ann\\x1b[2J"} <= set(cells)
    assert not [cell for cell in cells if cell.startswith(FORMULA) and not number(cell)]
    assert "method" in cells


def test_a_repeat_is_counted_once_by_both(club: Path) -> None:
    (club / "club" / "8-again.mrec").write_text(CLUB["4-medina.mrec"], "utf-8")
    for command in ("ratings", "stats"):
        data = as_json(command, "club")
        assert data["games"] == 4
        reason = "the same game as game 1 at club/4-medina.mrec:1, counted once"
        assert {"file": "club/8-again.mrec", "game": 1, "line": 1, "name": "Medina",
                "reason": reason} in data["not_counted"]  # fmt: skip


def test_the_stats_of_the_club(club: Path) -> None:
    data = as_json("stats", "club")
    meridian = data["tables"][0]
    assert (meridian["name"], meridian["player_count"], meridian["games"]) == ("Meridian", 4, 2)
    # seat 1 (brown, 13 points) wins both games
    assert [(s["seat"], s["wins"]) for s in meridian["seats"]] == [(1, 2), (2, 0), (3, 0), (4, 0)]
    assert meridian["winning_score"] == {"count": 2, "mean": 13.0, "deviation": 0.0}
    assert meridian["winning_margin"]["mean"] == 3.0  # 13 - 10
    assert sum(data["ends"].values()) == 6


def test_jobs_give_the_same_output(club: Path) -> None:
    one = run_cli("ratings", "club", "--format", "json").stdout
    assert run_cli("ratings", "club", "--format", "json", "--jobs", "2").stdout == one


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A dozen random legal games of both games, dated over three days, in two files."""
    folder = tmp_path_factory.mktemp("generated")
    for kind, players in (("meridian", 4), ("medina", 3)):
        records = meridina.random_records(kind, players=players, count=6, seed=5)
        dated = [
            record.replace("[Round", f'[Date "2025-03-0{3 - number % 3}"]\n[Round', 1)
            for number, record in enumerate(records)
        ]
        (folder / f"{kind}.mrec").write_text("\n".join(dated), "utf-8")
    return folder


def test_generated_games_are_all_counted_rated_and_summed(
    generated: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(generated)
    rated = as_json("ratings", ".")
    found = as_json("stats", ".")
    assert rated["games"] == found["games"] == 12 and rated["not_counted"] == []
    assert sum(t["games"] for t in found["tables"]) == 12
    assert [(t["name"], t["games"]) for t in rated["tables"]] == [("Meridian", 6), ("Medina", 6)]
    for table in rated["tables"]:
        for player in table["players"]:
            days = [point["date"] for point in player["history"]]
            assert days == sorted(days) and len(days) == player["games"]
    games = api_games(Path("."))  # named as the command names them, from the folder given
    assert json.loads(json.dumps(ratings_json(meridina.ratings(games)))) == rated


@pytest.mark.parametrize("command", ["ratings", "stats"])
def test_a_game_whose_only_problems_are_ignored_is_counted(club: Path, command: str) -> None:
    assert as_json(command, "club/5-wrong-result.mrec")["games"] == 0
    assert as_json(command, "club/5-wrong-result.mrec", "--ignore", "MER-E5")["games"] == 1


@pytest.mark.parametrize("command", [["score", "--standings"], ["ratings"], ["stats"]])
def test_problems_are_coloured_as_validate_colours_them_only_when_asked(
    command: list[str],
) -> None:
    record = str(EXAMPLES / "meridian" / "errors.mrec")
    plain = run_cli(*command, record, "--color", "never").stderr
    coloured = run_cli(*command, record, "--color", "always").stderr
    assert "\x1b[" not in plain
    assert click.unstyle(coloured) == plain
    shown = run_cli("validate", record, "--color", "always", "--no-show-source").stdout
    problems = [line for line in shown.splitlines() if "\x1b[" in line]
    assert len(problems) > 10
    assert [line for line in coloured.splitlines() if line in problems] == problems
    assert run_cli(*command, record).stderr == plain  # not a terminal
