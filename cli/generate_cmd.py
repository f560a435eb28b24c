"""``meridina generate``: random legal games as records, the same ones for the same seed."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import click
from meridina.notation.rulings import choose_rulings, merged, ruling_names
from meridina.rules.numbers import read_number

from .atomic_file import replacing
from .config import ConfiguredCommand, config_of
from .output import OutputFault

MOST_GAMES = 100_000
LARGEST_SEED = 4_294_967_295  # 2**32 - 1
EDITION_PLAYERS: dict[str, dict[str | None, tuple[int, ...]]] = {
    "meridian": {None: (2, 3, 4)},
    "medina": {"1": (3, 4), "2": (2, 3, 4)},
}
DEFAULT_PLAYERS = 4
DEFAULT_EDITION = "2"


def whole(least: int, largest: int) -> Callable[[click.Context, click.Parameter, str], int]:
    """A check for an option's value: ASCII digits only, from ``least`` to ``largest``."""

    def check(ctx: click.Context, param: click.Parameter, value: str) -> int:
        number = read_number(value, largest)
        if number is None or number < least:
            shown = value if len(value) <= 20 else value[:17] + "..."
            raise click.BadParameter(f"{shown!r} is not a whole number from {least} to {largest}")
        return number

    return check


@click.command(cls=ConfiguredCommand)
@click.option(
    "--game",
    "game",
    type=click.Choice(["meridian", "medina"], case_sensitive=False),
    required=True,
    help="Which game to play.",
)
@click.option(
    "--edition",
    type=click.Choice(["1", "2"]),
    default=None,
    help=f"Medina's edition. Default: {DEFAULT_EDITION}.",
)
@click.option(
    "--players",
    default=str(DEFAULT_PLAYERS),
    callback=whole(2, 4),
    metavar="N",
    show_default=True,
    help="Players per game (Meridian 2-4; Medina 3-4 in the 1st edition, 2-4 in the 2nd).",
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
    """Write random legal games of Meridian or Medina as records, with their results.

    The games are played by meridina's own rules, so each one validates; the same
    options and seed always give the same text, byte for byte, and the first games
    of a longer run are those of a shorter one. Medina's 2nd-edition options are
    chosen at random for each game.
    """
    game = game.lower()
    if game == "meridian" and edition is not None:
        raise click.UsageError("--edition is for Medina only")
    if game == "medina" and edition is None:
        edition = DEFAULT_EDITION
    allowed = EDITION_PLAYERS[game][edition]
    if players not in allowed:
        which = "Meridian" if game == "meridian" else f"Medina's edition {edition}"
        raise click.UsageError(
            f"{which} is for {allowed[0]} to {allowed[-1]} players, not {players}"
        )
    chosen = merged(config_of(context).rulings.get(game), _rulings(rulings, game))
    if game == "meridian":
        texts = _meridian_records(players, chosen, count, seed)
    else:
        assert edition is not None
        texts = _medina_records(edition, players, chosen, count, seed)
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


def _tags(seed: int, number: int) -> list[tuple[str, str]]:
    return [("Event", f"Random game, seed {seed}"), ("Round", str(number))]


# Each game's record, a blank line before every game but the first; one random
# number generator plays them all. The games' modules load only when asked for.


def _meridian_records(
    players: int, chosen: Mapping[str, Any], count: int, seed: int
) -> Iterator[str]:
    from meridina.notation.meridian.writer import format_turn, setup_tags
    from meridina.notation.writing import write_new_game
    from meridina.rules.meridian.model import Rulings
    from meridina.rules.meridian.random_play import play_game

    rulings = Rulings(**chosen)
    rng = random.Random(seed)
    for number in range(1, count + 1):
        played = play_game(rng, players, rulings=rulings)
        lead = "\n" if number > 1 else ""
        tags = [*setup_tags(played.setup), *_tags(seed, number)]
        yield lead + write_new_game(tags, [format_turn(turn) for turn in played.turns])


def _medina_records(
    edition: str, players: int, chosen: Mapping[str, Any], count: int, seed: int
) -> Iterator[str]:
    from meridina.notation.medina.writer import format_turn, setup_tags
    from meridina.notation.writing import write_new_game
    from meridina.rules.medina.model import Rulings
    from meridina.rules.medina.random_play import play_game

    rulings = Rulings(**chosen)
    rng = random.Random(seed)
    for number in range(1, count + 1):
        played = play_game(rng, edition, players, rulings=rulings)
        lead = "\n" if number > 1 else ""
        tags = [*setup_tags(played.setup), *_tags(seed, number)]
        yield lead + write_new_game(tags, [format_turn(turn) for turn in played.turns])


def _rulings(texts: Sequence[str], game: str) -> dict[str, Any]:
    """The rulings ``--rulings`` names, read as a Rulings tag; a bad one is a usage error."""
    chosen, faults = choose_rulings("; ".join(texts), ruling_names(game) or {})
    if faults:
        raise click.BadParameter(faults[0][0], param_hint="'--rulings'")
    return dict(chosen)
