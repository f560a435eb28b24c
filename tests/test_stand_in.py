"""Every command says when a game is played on a bundled stand-in board, in text and JSON."""

from __future__ import annotations

import json
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest
from conftest import record
from conftest import run_cli as run

TOP = Path(__file__).resolve().parent.parent
MERIDIAN = TOP / "examples/meridian/three-players.mrec"
MEDINA = TOP / "examples/medina/second-edition-3p.mrec"
FIVE_CITY = (files("meridina.rules.meridian") / "boards" / "five-city.toml").read_text("utf-8")
SAID = "is a stand-in layout, not the printed board"


def boards(command: str, path: Path) -> list[Any]:
    data = json.loads(run(command, str(path), "--format", "json").stdout)
    if "files" in data:
        return [game["board"] for f in data["files"] for game in f["games"]]
    return [game["board"] for game in data["games"]]


@pytest.mark.parametrize("command", ["replay", "score", "annotate", "validate"])
def test_json_flags_the_stand_in_board(command: str) -> None:
    assert boards(command, MERIDIAN) == [{"name": "four-city", "stand_in": True}]
    assert boards(command, MEDINA) == [{"name": "standard", "stand_in": False}]


@pytest.mark.parametrize("command", ["replay", "score", "annotate", "validate"])
def test_text_says_so_once_per_game(command: str) -> None:
    meridian = run(command, str(MERIDIAN))
    assert (meridian.stdout + meridian.stderr).count(f"Board four-city {SAID}") == 1
    medina = run(command, str(MEDINA))
    assert SAID not in medina.stdout + medina.stderr


def _game_on(tmp_path: Path, board_text: str) -> Path:
    (tmp_path / "mine.toml").write_text(board_text, "utf-8")
    path = tmp_path / "game.mrec"
    path.write_text(record('[Board "mine.toml"]', "1. orange 7: 3@2"), "utf-8")
    return path


def test_a_transcribed_board_is_not_a_stand_in(tmp_path: Path) -> None:
    changed = FIVE_CITY.replace("k k k l l L l m m m", "k k k l l L l l m m")
    changed = changed.replace('name = "five-city"', 'name = "club-board"')
    path = _game_on(tmp_path, changed)
    assert boards("score", path) == [{"name": "club-board", "stand_in": False}]
    assert SAID not in run("score", str(path)).stdout


def test_an_unchanged_copy_of_a_stand_in_is_still_one(tmp_path: Path) -> None:
    path = _game_on(tmp_path, FIVE_CITY)
    assert boards("score", path) == [{"name": "five-city", "stand_in": True}]


def test_a_copy_renamed_but_unchanged_is_still_a_stand_in(tmp_path: Path) -> None:
    renamed = FIVE_CITY.replace('name = "five-city"', 'name = "club-board"')
    path = _game_on(tmp_path, renamed)
    assert boards("score", path) == [{"name": "club-board", "stand_in": True}]
    assert f"Board club-board {SAID}" in run("score", str(path)).stdout


def test_a_layout_edited_under_the_bundled_name_is_not_a_stand_in(tmp_path: Path) -> None:
    edited = FIVE_CITY.replace("k k k l l L l m m m", "k k k l l L l l m m")
    path = _game_on(tmp_path, edited)
    assert boards("score", path) == [{"name": "five-city", "stand_in": False}]
