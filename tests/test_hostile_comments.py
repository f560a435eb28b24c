"""A brace comment left open is reported at its place and reading picks up at the next game."""

from __future__ import annotations

import tracemalloc
from collections.abc import Iterator
from pathlib import Path

import pytest
from hostile import run_every_command
from meridina.notation.reader import UnreadableInput, iter_games
from meridina.notation.splitter import LARGEST_GAME, split_games

GAME = (
    '[Game "Meridian"]\n[Players "Ann orange; Ben black; Cy grey; Di brown"]\n'
    "1. orange 7: 3@2\n2. black 7: 9@9\n"
)


def test_an_unclosed_brace_is_reported_and_later_games_are_checked(tmp_path: Path) -> None:
    path = tmp_path / "open.mrec"
    path.write_text("{ notes that never end\n" + GAME + "\n" + GAME + "\n" + GAME, "utf-8")
    ran = run_every_command(path)
    out = ran["validate"].stdout
    assert f"{path}:1:1: REC-1 a comment opened with '{{' is never closed" in out
    # each later game starts on a line of its own and its bad turn is found
    bad_turn_lines = [5, 10, 15]
    for line in bad_turn_lines:
        assert f"{path}:{line}:" in out, line
    assert out.endswith("4 games in 1 file: 0 valid, 4 invalid\n")


def test_an_unclosed_brace_inside_a_game_costs_only_that_game(tmp_path: Path) -> None:
    first = GAME.replace("1. orange 7: 3@2", "1. orange 7: 3@2 { forgot to close")
    path = tmp_path / "open.mrec"
    path.write_text(first + "\n" + GAME.replace("9@9", "2@2"), "utf-8")
    ran = run_every_command(path)
    out = ran["validate"].stdout
    assert f"{path}:3:18: REC-1 a comment opened with '{{' is never closed" in out
    assert ran["validate"].stdout.endswith("2 games in 1 file: 1 valid, 1 invalid\n")


def comment_then_games(lines: int, every: int) -> Iterator[str]:
    yield "{ a comment opened and never closed\n"
    for number in range(lines):
        yield '[Game "Meridian"]\n' if number % every == every - 1 else "words in a comment\n"


def test_memory_does_not_grow_with_an_unclosed_comment() -> None:
    tracemalloc.start()
    try:
        count = sum(1 for _ in split_games(comment_then_games(100_000, 1000)))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert count == 101
    assert peak < 400_000  # the file is 1.9 MB; one game is 19 KB


def test_a_game_longer_than_the_bound_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "endless.mrec"
    with open(path, "w", encoding="utf-8") as stream:
        stream.write(GAME + "\n" + GAME.split("1.")[0] + "{ never closed\n")
        line = "words " * 100 + "\n"
        stream.write(line * (LARGEST_GAME // len(line) + 2))
    with pytest.raises(UnreadableInput) as caught:
        list(iter_games(path))
    assert str(caught.value).startswith(f"{path}:6:1: REC-0 the game starting here is longer")
