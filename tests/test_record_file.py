"""The file ``meridina record`` writes: one session at a time, turns added, sizes bounded."""

from __future__ import annotations

from pathlib import Path

from conftest import record
from conftest import run_cli as run
from meridina.notation.splitter import LARGEST_GAME


def test_a_game_too_long_to_go_on_with_is_a_sentence_and_exit_2(tmp_path: Path) -> None:
    target = tmp_path / "long.mrec"
    padding = "{ " + "x" * (LARGEST_GAME + 10) + " }"
    target.write_text(record(padding, "1. orange 7: 3@2"), "utf-8")
    result = run("record", str(target), input_text="black 7: 3@4\n")
    assert result.exit_code == 2
    assert f"{target}:1: REC-0 the game starting here is longer than" in result.output
    assert target.read_text("utf-8").endswith("1. orange 7: 3@2\n")
