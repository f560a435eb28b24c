"""An output is never written over a file the command reads: exit 2 and a sentence."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from conftest import record, run_cli

GAME = record("1. orange 7: 3@2")


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "g.mrec"
    path.write_text(GAME, "utf-8")
    return path


@pytest.mark.parametrize(
    "args",
    [
        ["draw", "g.mrec", "-o", "g.mrec"],
        ["replay", "g.mrec", "--html", "./g.mrec"],
        ["validate", "g.mrec", "-o", "g.mrec"],
        ["score", "g.mrec", "-o", "../{folder}/g.mrec"],
        ["replay", "g.mrec", "-o", "g.mrec"],
        ["validate", "other.mrec", "g.mrec", "--format", "junit", "-o", "same.mrec"],
        ["validate", ".", "-o", "g.mrec"],
        ["validate", "*.mrec", "-o", "g.mrec"],
    ],
)
def test_an_output_that_is_an_input_is_refused(game: Path, args: list[str]) -> None:
    (game.parent / "other.mrec").write_text(GAME, "utf-8")
    os.link(game, game.parent / "same.mrec")  # another name for the same file
    args = [a.replace("{folder}", game.parent.name) for a in args]
    result = run_cli(*args)
    assert result.exit_code == 2
    assert "g.mrec" in result.stderr or "same.mrec" in result.stderr
    assert "replace" in result.stderr
    assert game.read_text("utf-8") == GAME


def test_a_board_is_not_replaced_by_its_picture(game: Path) -> None:
    board = game.parent / "board.toml"
    board.write_text(run_cli("board", "new", "--cities", "5").stdout, "utf-8")
    before = board.read_text("utf-8")
    result = run_cli("board", "draw", "board.toml", "-o", "board.toml")
    assert result.exit_code == 2
    assert board.read_text("utf-8") == before


def test_an_output_elsewhere_is_written(game: Path) -> None:
    result = run_cli("validate", "g.mrec", "--format", "junit", "-o", "report.xml")
    assert result.exit_code == 0
    assert (game.parent / "report.xml").read_text("utf-8").startswith("<?xml")


def test_the_recorder_does_not_draw_over_its_record(game: Path) -> None:
    result = run_cli("record", "g.mrec", input_text="board svg ./g.mrec\nquit\n")
    assert "the record itself" in result.stdout + result.stderr
    assert game.read_text("utf-8") == GAME
