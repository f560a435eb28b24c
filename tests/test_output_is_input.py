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


BOARDSPACE_GAME = (
    "(;GM[Medina]SU[Medina-v2 103 3 12345]\n;P0[0 Start P0]\n"
    ";P0[1 Pick P A 3];P0[2 Dropb E 5]\n;P0[3 Done])\n"
)


@pytest.mark.parametrize(
    "args",
    [
        ["import", "boardspace", "game.sgf", "-o", "game.sgf"],
        ["import", "boardspace", "g.mrec", "game.sgf", "-o", "./game.sgf"],
        ["import", "boardspace", "game.sgf", "--output", "same.sgf"],
    ],
)
def test_an_imported_game_file_is_not_replaced_by_its_record(game: Path, args: list[str]) -> None:
    source = game.parent / "game.sgf"
    source.write_text(BOARDSPACE_GAME, "utf-8")
    os.link(source, game.parent / "same.sgf")  # another name for the same file
    result = run_cli(*args)
    assert result.exit_code == 2
    assert "game.sgf" in result.stderr and "replace" in result.stderr
    assert result.stdout == ""  # nothing converted before the refusal
    assert source.read_text("utf-8") == BOARDSPACE_GAME


def test_an_imported_record_goes_to_another_file(game: Path) -> None:
    (game.parent / "game.sgf").write_text(BOARDSPACE_GAME, "utf-8")
    result = run_cli("import", "boardspace", "game.sgf", "-o", "game.mrec")
    assert result.exit_code == 0
    assert (game.parent / "game.mrec").read_text("utf-8").endswith("1. blue orange@E5\n")


def test_a_new_record_does_not_replace_an_existing_file(game: Path) -> None:
    players = "Ann blue; Ben green; Cy red"
    result = run_cli(
        "record", "-o", "g.mrec", "--game", "medina", "--players", players, input_text="quit\n"
    )
    assert result.exit_code == 2
    assert "already exists" in result.stderr
    assert game.read_text("utf-8") == GAME


@pytest.mark.parametrize(
    ("config", "args"),
    [
        ("meridina.toml", ["generate", "--game", "meridian", "-o", "{config}"]),
        ("pyproject.toml", ["generate", "--game", "meridian", "-o", "{config}"]),
        ("meridina.toml", ["validate", "g.mrec", "-o", "{config}"]),
        ("pyproject.toml", ["replay", "g.mrec", "--html", "{config}"]),
        ("meridina.toml", ["score", "g.mrec", "-o", "sub/../{config}"]),
        ("meridina.toml", ["annotate", "g.mrec", "-o", "{config}"]),
    ],
)
def test_an_output_does_not_replace_the_config_file_read(
    game: Path, config: str, args: list[str]
) -> None:
    settings = '[tool.meridina.rulings.meridian]\nown-push = "never"\n'
    if config == "meridina.toml":
        settings = settings.replace("tool.meridina.", "")
    (game.parent / config).write_text(settings, "utf-8")
    (game.parent / "sub").mkdir()
    result = run_cli(*[arg.replace("{config}", config) for arg in args])
    assert result.exit_code == 2
    assert config in result.stderr and "replace" in result.stderr
    assert (game.parent / config).read_text("utf-8") == settings


def test_annotate_may_still_rewrite_its_record_with_o(game: Path) -> None:
    (game.parent / "meridina.toml").write_text('[rulings.meridian]\nown-push = "never"\n')
    game.write_text(GAME.replace("1. orange", "1.   orange"), "utf-8")
    result = run_cli("annotate", "g.mrec", "--no-notes", "-o", "g.mrec")
    assert result.exit_code == 0
    assert "1. orange 7: 3@2" in game.read_text("utf-8")


def test_generated_games_go_to_another_file_beside_the_config(game: Path) -> None:
    (game.parent / "meridina.toml").write_text('[rulings.meridian]\nown-push = "never"\n')
    assert run_cli("generate", "--game", "meridian", "-o", "new.mrec").exit_code == 0
    assert "own-push=never" in (game.parent / "new.mrec").read_text("utf-8")


def test_an_output_elsewhere_is_written(game: Path) -> None:
    result = run_cli("validate", "g.mrec", "--format", "junit", "-o", "report.xml")
    assert result.exit_code == 0
    assert (game.parent / "report.xml").read_text("utf-8").startswith("<?xml")


def test_the_recorder_does_not_draw_over_its_record(game: Path) -> None:
    result = run_cli("record", "g.mrec", input_text="board svg ./g.mrec\nquit\n")
    assert "the record itself" in result.stdout + result.stderr
    assert game.read_text("utf-8") == GAME
