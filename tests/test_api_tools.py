"""What the commands do beyond reading, called from Python: the same answers, byte for byte."""

from __future__ import annotations

import meridina
import pytest
from click.testing import CliRunner
from meridina.cli.main import cli


def command_output(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.mark.parametrize(
    ("game", "players", "edition", "rulings", "arguments"),
    [
        ("Meridian", 3, None, None, ["--players", "3"]),
        ("Medina", 3, "1", None, ["--players", "3", "--edition", "1"]),
        ("Medina", 4, None, "min-roof-size=2", ["--rulings", "min-roof-size=2"]),
    ],
)
def test_random_records_are_what_generate_writes(
    game: str, players: int, edition: str | None, rulings: str | None, arguments: list[str]
) -> None:
    def records() -> list[str]:
        return list(
            meridina.random_records(
                game, players=players, edition=edition, rulings=rulings, count=3, seed=7
            )
        )

    texts = records()
    assert len(texts) == 3
    shown = command_output("generate", "--game", game.lower(), "-n", "3", "--seed", "7", *arguments)
    assert "".join(texts) == shown
    games = list(
        meridina.random_games(
            game, players=players, edition=edition, rulings=rulings, count=3, seed=7
        )
    )
    assert records() == texts  # the same seed, the same games
    assert [g.write() for g in games] == [next(meridina.read_text(t)).write() for t in texts]
    assert all(g.valid and g.score().finished for g in games)


def test_random_games_refuse_what_no_game_allows() -> None:
    with pytest.raises(meridina.MeridinaError, match="unknown game 'Chess'"):
        list(meridina.random_records("Chess"))
    with pytest.raises(meridina.MeridinaError, match="edition 1 is for 3 to 4 players, not 2"):
        list(meridina.random_records("Medina", edition="1", players=2))
    with pytest.raises(meridina.MeridinaError, match="has no edition '3'"):
        list(meridina.random_records("Meridian", edition="3"))
    with pytest.raises(meridina.MeridinaError, match="rulings: "):
        list(meridina.random_records("Medina", rulings="min-roof-size=many"))
