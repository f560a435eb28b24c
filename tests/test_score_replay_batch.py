"""score and replay over several files and folders; club standings in text, JSON and CSV."""

from __future__ import annotations

import csv
import io
import json
from importlib.resources import files
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner, Result
from meridina.cli.main import cli
from test_formats import MEDINA_OK, MERIDIAN_BAD, MERIDIAN_OK

HEADER = '[Game "Meridian"]\n[Players "Ann orange; Ben black; Cy grey; Di brown"]\n\n'
# Ann 9 points alone first; Cy 4 second; Ben and Di share third (0 points, 20 pieces)
ANN_WINS = HEADER + "position\n  6: orange 2@2\n  7: orange 3@1 grey 4@5\n"
# orange and black tie on island j: nobody scores; Cy and Di share first (more pieces left)
CY_AND_DI_SHARE = HEADER + "position\n  6: orange 2@2\n  7: black 2@2\n"
NO_NAMES = ANN_WINS.replace(
    "Ann orange; Ben black; Cy grey; Di brown", "orange; black; grey; brown"
)


def run(*args: str) -> Result:
    result = CliRunner().invoke(cli, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result


@pytest.fixture
def club(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "club").mkdir()
    for name, text in {
        "1.mrec": ANN_WINS,
        "2.mrec": CY_AND_DI_SHARE,
        "3.mrec": NO_NAMES,
    }.items():
        (tmp_path / "club" / name).write_text(text, "utf-8")
    return tmp_path


def test_standings_sum_points_and_count_shared_first_places(club: Path) -> None:
    # positions whose cards played are unknown count only when games with problems are asked for
    result = run("score", "club", "--standings", "--include-problems", "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    schema = json.loads(
        (files("meridina.cli.formats") / "schemas" / "standings.schema.json").read_text("utf-8")
    )
    jsonschema.validate(data, schema)
    (table,) = data["tables"]
    assert (table["name"], table["edition"], table["games"]) == ("Meridian", None, 2)
    rows = {p["name"]: (p["games"], p["wins"], p["points"]) for p in table["players"]}
    assert rows == {"Ann": (2, 1, 9), "Cy": (2, 1, 4), "Di": (2, 1, 0), "Ben": (2, 0, 0)}
    assert [(p["rank"], p["name"]) for p in table["players"]] == [
        (1, "Ann"),
        (2, "Cy"),
        (3, "Di"),
        (4, "Ben"),
    ]
    assert data["games"] == 2
    assert data["not_counted"] == [
        {
            "file": "club/3.mrec",
            "game": 1,
            "line": 1,
            "name": "Meridian",
            "reason": "it names no players; "
            "a position whose cards played are unknown: it may not be over "
            "(a 'played:' entry gives them)",
        }
    ]
    assert "club/3.mrec:1: warning: game 1 is listed but not counted" in result.stderr


def test_standings_as_csv_and_text(club: Path) -> None:
    args = ("score", "club", "--standings", "--include-problems")
    rows = list(csv.reader(io.StringIO(run(*args, "--format", "csv").stdout)))
    assert rows[0] == [
        "game",
        "edition",
        "rank",
        "player",
        "games",
        "wins",
        "points",
        "average",
        "games_with_problems",
        "player_count",
    ]
    assert rows[1] == ["Meridian", "", "1", "Ann", "2", "1", "9", "4.50", "2", "4"]
    text = run(*args).stdout.splitlines()
    assert text[0] == "Meridian, 4 players: 2 games counted"
    assert text[1] == "  ranked by wins, then points, then average points a game"
    assert text[2].split() == [
        "Rank",
        "Player",
        "Games",
        "Wins",
        "Points",
        "Average",
        "With",
        "problems",
    ]
    assert text[4].split() == ["1", "Ann", "2", "1", "9", "4.50", "2"]
    assert "  club/3.mrec:1: game 1, Meridian: it names no players; " in "\n".join(text)


def test_csv_needs_standings(club: Path) -> None:
    assert run("score", "club", "--format", "csv").exit_code == 2
    assert run("score", "club", "--standings", "--format", "sarif").exit_code == 2
    assert run("score", "club", "--include-problems").exit_code == 2


def test_score_takes_several_files_and_names_each(club: Path) -> None:
    (club / "medina.mrec").write_text(MEDINA_OK, "utf-8")
    result = run("score", "club/1.mrec", "medina.mrec", "missing.mrec")
    assert result.exit_code == 2
    headings = [line for line in result.stdout.splitlines() if line.startswith("== ")]
    assert headings == ["== club/1.mrec", "== medina.mrec", "== missing.mrec"]
    assert "meridina: missing.mrec: REC-0 no such file" in result.stderr
    one = run("score", "club/1.mrec")
    assert one.stdout.startswith("Game 1: Meridian")


def test_replay_takes_folders_and_keeps_input_order(club: Path) -> None:
    (club / "later").mkdir()
    (club / "later" / "bad.mrec").write_text(MERIDIAN_BAD, "utf-8")
    (club / "ok.mrec").write_text(MERIDIAN_OK, "utf-8")
    result = run("replay", "ok.mrec", "later", "--format", "json-lines")
    assert result.exit_code == 1
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert [(o["file"], len(o["turns"])) for o in lines] == [
        ("ok.mrec", 2),
        ("later/bad.mrec", 3),
    ]
    assert [t["legal"] for t in lines[1]["turns"]] == [True, True, False]


def test_replay_game_and_turn_options_apply_to_each_file(club: Path) -> None:
    (club / "ok.mrec").write_text(MERIDIAN_OK, "utf-8")
    (club / "bad.mrec").write_text(MERIDIAN_BAD, "utf-8")
    result = run("replay", "ok.mrec", "bad.mrec", "--turn", "3", "--format", "json")
    data = json.loads(result.stdout)
    assert data["files"][0]["error"] == "ok.mrec: game 1 has no turn 3"
    assert [t["number"] for t in data["files"][1]["games"][0]["turns"]] == [3]
    assert result.exit_code == 2
