"""``meridina generate``: random legal games as records, the same ones for the same seed."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import click
from meridina.files.atomic_file import replacing
from meridina.notation.rulings import (
    RulingValue,
    choose_rulings,
    merged,
    rule_sets,
    ruling_names,
)
from meridina.rules.games import titles
from meridina.rules.numbers import read_number

from ..files.config import ConfiguredCommand, config_of
from ..files.same_file import refuse_replacing_input
from ..formats.exits import OutputFault
from ..games import GAMES, cli_game, every_game

MOST_GAMES = 100_000
LARGEST_SEED = 4_294_967_295  # 2**32 - 1
DEFAULT_PLAYERS = 4
# The games played in editions, each with its default edition and the players each allows
EDITIONED = [game for game in every_game() if game.default_edition is not None]
EDITIONS = sorted({edition for game in EDITIONED for edition in game.editions if edition})


def whole(least: int, largest: int) -> Callable[[click.Context, click.Parameter, str], int]:
    """A check for an option's value: ASCII digits only, from ``least`` to ``largest``."""

    def check(ctx: click.Context, param: click.Parameter, value: str) -> int:
        number = read_number(value, largest)
        if number is None or number < least:
            shown = value if len(value) <= 20 else value[:17] + "..."
            raise click.BadParameter(f"{shown!r} is not a whole number from {least} to {largest}")
        return number

    return check


CHOSEN = " ".join(game.generate_help for game in every_game() if game.generate_help)
HELP = f"""Write random legal games of {titles("or")} as records, with their results.

The games are played by meridina's own rules, so each one validates; the same options and
seed always give the same text, byte for byte, and the first games of a longer run are
those of a shorter one. {CHOSEN}
"""


@click.command(cls=ConfiguredCommand, help=HELP)
@click.option(
    "--game",
    "game",
    type=click.Choice([game.key for game in GAMES], case_sensitive=False),
    required=True,
    help="Which game to play.",
)
@click.option(
    "--edition",
    type=click.Choice(EDITIONS),
    default=None,
    help=" ".join(
        f"{game.title}'s edition. Default: {game.default_edition}." for game in EDITIONED
    ),
)
@click.option(
    "--players",
    default=str(DEFAULT_PLAYERS),
    callback=whole(2, 4),
    metavar="N",
    show_default=True,
    help="Players per game "
    f"({'; '.join(f'{game.title} {game.players_help}' for game in every_game())}).",
)
@click.option(
    "--rulings",
    multiple=True,
    metavar="NAME=VALUE",
    help="Play under these rulings, as in a Rulings tag (own-push=never; ...), over the "
    "config file's; repeatable.",
)
@click.option(
    "-n",
    "--games",
    "count",
    default="1",
    callback=whole(1, MOST_GAMES),
    metavar="N",
    show_default=True,
    help=f"How many games to write (at most {MOST_GAMES}).",
)
@click.option(
    "--seed",
    default="1",
    callback=whole(0, LARGEST_SEED),
    metavar="S",
    show_default=True,
    help="Where the random choices start: the same seed writes the same games.",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Write the records to FILE (replaced only once it is complete).",
)
@click.pass_context
def generate(
    context: click.Context,
    game: str,
    edition: str | None,
    players: int,
    rulings: tuple[str, ...],
    count: int,
    seed: int,
    output: Path | None,
) -> None:
    """Write random legal games as records (help: ``HELP``)."""
    game = game.lower()
    chosen_game = cli_game(game)
    if chosen_game.default_edition is None and edition is not None:
        only = " and ".join(edited.title for edited in EDITIONED)
        raise click.UsageError(f"--edition is for {only} only")
    if edition is None:
        edition = chosen_game.default_edition
    allowed = chosen_game.editions[edition]
    if players not in allowed:
        title = chosen_game.title
        which = title if edition is None else f"{title}'s edition {edition}"
        raise click.UsageError(
            f"{which} is for {allowed[0]} to {allowed[-1]} players, not {players}"
        )
    refuse_replacing_input(output, [])  # its one input is the config file
    chosen = merged(config_of(context).rulings.get(game), _rulings(rulings, game))
    texts = chosen_game.records(edition, players, chosen, count, seed)
    if output is None:
        for text in texts:
            click.echo(text, nl=False)
        return
    try:
        with replacing(output) as stream:
            for text in texts:
                stream.write(text)
    except OSError as error:
        raise OutputFault(f"{output}: cannot be written ({error.strerror})") from None


def _rulings(texts: Sequence[str], game: str) -> dict[str, RulingValue]:
    """The rulings ``--rulings`` names, read as a Rulings tag; a bad one is a usage error."""
    chosen, faults = choose_rulings("; ".join(texts), ruling_names(game) or {}, rule_sets(game))
    if faults:
        raise click.BadParameter(faults[0][0], param_hint="'--rulings'")
    return dict(chosen)
