"""A game played without keeping its steps is described exactly as one played turn by turn.

``validate`` and ``score`` need no state but the last, so they ask each rules core to play
a game clean (``play(..., keep_steps=False)``). These tests hold that way to the one that
keeps every step, on random legal games and on the same games spoilt in several ways.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from meridina.cli.main import cli
from meridina.notation.driver import GAMES, GameReport, check_game
from meridina.notation.reader import parse_text

KINDS = [("meridian", None, 2), ("meridian", None, 4), ("medina", "1", 3), ("medina", "2", 4)]
SPOILS = ["none", "swap", "drop", "repeat", "result", "stranger"]


def generated(game: str, edition: str | None, players: int, seed: int) -> str:
    args = ["generate", "--game", game, "--players", str(players), "--seed", str(seed), "-n", "1"]
    if edition is not None:
        args += ["--edition", edition]
    done = CliRunner().invoke(cli, args)
    assert done.exit_code == 0, done.output
    return done.output


def spoilt(text: str, how: str, rng: random.Random) -> str:
    """The record with one thing gone wrong (or none)."""
    lines = text.split("\n")
    turns = [i for i, line in enumerate(lines) if line[:1].isdigit()]
    pick = rng.randrange(len(turns))
    at = turns[pick]
    if how == "swap" and pick + 1 < len(turns):
        other = turns[pick + 1]
        first, second = lines[at].split(". ", 1), lines[other].split(". ", 1)
        lines[at], lines[other] = f"{first[0]}. {second[1]}", f"{second[0]}. {first[1]}"
    elif how == "drop":
        del lines[at]
    elif how == "repeat":
        lines.insert(at + 1, lines[at])
    elif how == "result":
        lines = [
            line.replace('"', '" 1', 1) if line.startswith("[Result") else line for line in lines
        ]
    elif how == "stranger":
        number, body = lines[at].split(". ", 1)
        lines[at] = f"{number}. nobody {body.split(' ', 1)[-1]}"
    return "\n".join(lines)


def state_key(state: Any) -> Any:
    """What a state holds, to compare: a dataclass compares itself; a slotted class, its slots."""
    if state is None or dataclasses.is_dataclass(state):
        return state
    return tuple(getattr(state, name) for name in type(state).__slots__ if name != "table")


def assert_same(full: GameReport, clean: GameReport) -> None:
    assert clean.problems == full.problems
    if full.run is None:
        assert clean.run is None
        return
    assert clean.run is not None
    assert clean.run.result_problems == full.run.result_problems
    assert clean.run.sheet == full.run.sheet
    assert state_key(clean.run.final) == state_key(full.run.final)


@settings(max_examples=40, deadline=None)
@given(
    kind=st.sampled_from(KINDS),
    seed=st.integers(0, 10_000),
    how=st.sampled_from(SPOILS),
)
def test_a_game_played_clean_is_described_as_one_played_turn_by_turn(
    kind: tuple[str, str | None, int], seed: int, how: str
) -> None:
    game, edition, players = kind
    text = spoilt(generated(game, edition, players, seed), how, random.Random(seed))
    for parsed in parse_text(text):
        full = check_game(parsed, None, None, True)
        clean = check_game(parsed, None, None, False)
        assert_same(full, clean)
        if how == "none" and hasattr(GAMES[game].rules, "play_until_fault"):
            assert not full.problems
            assert clean.run is not None and not clean.run.steps_kept  # it took the clean way


def test_a_game_played_clean_keeps_no_steps_and_says_so() -> None:
    text = generated("medina", "2", 3, 7)
    for parsed in parse_text(text):
        report = check_game(parsed, None, None, False)
        assert report.run is not None and report.game is not None
        if not hasattr(GAMES[report.game.lower()].rules, "play_until_fault"):
            continue
        assert report.run.steps == [] and report.run.final is not None
        try:
            report.run.states()
        except ValueError as error:
            assert "without keeping a state" in str(error)
        else:
            raise AssertionError("states() of a game played clean must say it has none")
        try:
            report.run.state_after(1)
        except ValueError as error:
            assert "without keeping a state" in str(error)
        else:
            raise AssertionError("state_after() of a game played clean must say it has none")
