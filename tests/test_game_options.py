"""``--game`` names the kind of game wherever it is taken; ``--game-number N`` the N-th game.

The old ``--game N`` of ``draw``, ``replay``, ``annotate`` and ``score`` still works, with a
warning on standard error, and gives what ``--game-number N`` gives.
"""

from __future__ import annotations

import click
import pytest
from conftest import FOUR, Write, record
from conftest import run_cli as run
from meridina.cli.main import COMMANDS, cli
from meridina.rules.games import GAMES

FIRST = record("1. orange 7: 3@2", "2. black 4-5-6-7/7: 2@1")
SECOND = record("1. orange 7: 3@2", players=FOUR, tags=('[Event "Second"]',))
KINDS = {game.key for game in GAMES}
WARNING = "meridina: warning: --game 2 (the game's number) is deprecated; use --game-number 2\n"

# each command that reads the N-th game, with what it needs beside the record
BY_NUMBER = [
    ("draw", []),
    ("replay", []),
    ("replay", ["--format", "json"]),
    ("annotate", []),
    ("score", []),
    ("score", ["--format", "json"]),
]


@pytest.fixture
def two_games(write: Write) -> str:
    return write("two.mrec", FIRST + "\n" + SECOND)


@pytest.mark.parametrize(("command", "extra"), BY_NUMBER)
def test_the_old_game_n_gives_what_game_number_gives_with_a_warning(
    two_games: str, command: str, extra: list[str]
) -> None:
    new = run(command, two_games, "--game-number", "2", *extra)
    old = run(command, two_games, "--game", "2", *extra)
    assert (old.exit_code, old.stdout) == (new.exit_code, new.stdout)
    assert new.stdout != run(command, two_games, "--game-number", "1", *extra).stdout
    assert old.stderr == WARNING + new.stderr
    assert "deprecated" not in new.stderr


@pytest.mark.parametrize("command", ["draw", "replay", "annotate", "score"])
def test_the_old_and_the_new_spelling_together_are_a_usage_error(
    two_games: str, command: str
) -> None:
    result = run(command, two_games, "--game", "2", "--game-number", "2")
    assert result.exit_code == 2
    assert "give --game-number N alone" in result.stderr


@pytest.mark.parametrize("command", ["draw", "replay", "annotate"])
def test_a_kind_where_a_command_takes_none_says_what_to_use(two_games: str, command: str) -> None:
    result = run(command, two_games, "--game", "meridian")
    assert result.exit_code == 2
    assert "does not choose games by kind" in result.stderr
    assert "--game-number N" in result.stderr


def test_score_takes_a_kind_without_a_warning(two_games: str) -> None:
    result = run("score", two_games, "--game", "meridian")
    assert result.exit_code == 0
    assert "Game 1:" in result.stdout and "Game 2:" in result.stdout
    assert result.stderr == run("score", two_games).stderr


def every_command() -> list[click.Command]:
    context = click.Context(cli)
    commands = [cli.get_command(context, name) for name in sorted(COMMANDS)]
    found = [c for c in commands if c is not None]
    groups = [c for c in found if isinstance(c, click.Group)]
    return found + [sub for group in groups for sub in group.commands.values()]


def test_game_means_the_kind_of_game_in_every_help() -> None:
    """Wherever ``--game`` is shown, it takes a game's name, never a number."""
    shown = 0
    for command in every_command():
        for param in command.params:
            if "--game" not in param.opts or getattr(param, "hidden", False):
                continue
            shown += 1
            context = click.Context(command)
            if isinstance(param.type, click.Choice):
                assert set(param.type.choices) == KINDS, command.name
            else:
                assert param.make_metavar(context).split("|") == sorted(KINDS, reverse=True)
    assert shown >= 4  # generate, record, table, score


def test_game_number_is_the_n_th_game_wherever_it_is_taken() -> None:
    taking = set()
    for command in every_command():
        for param in command.params:
            if "--game-number" in param.opts:
                assert isinstance(param.type, click.IntRange), command.name
                taking.add(command.name)
    assert taking == {"draw", "replay", "annotate", "score", "find", "ratings", "stats"}
