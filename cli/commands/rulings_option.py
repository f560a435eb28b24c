"""``--rulings``: rulings given on the command line, over those of the config file.

A record's own Rulings tag still wins over both; the bridge puts it over them as it reads
each game's header.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import click
from meridina.notation.driver import RulingDefaults
from meridina.notation.rulings import merged_by_game, rulings_by_game

from ..files.config import config_of

F = TypeVar("F", bound=Callable[..., object])

GIVEN = "meridina.rulings"


def _given(context: click.Context, param: click.Parameter, texts: tuple[str, ...]) -> None:
    if not texts:
        return  # the games' rulings load only when asked for
    chosen, faults = rulings_by_game("; ".join(texts))
    if faults:
        raise click.BadParameter(faults[0], param_hint="'--rulings'")
    context.meta[GIVEN] = chosen


def rulings_option(function: F) -> F:
    return click.option(
        "--rulings",
        multiple=True,
        metavar="NAME=VALUE",
        callback=_given,
        expose_value=False,
        help="Rulings where the rulebooks are silent, as in a Rulings tag (own-push=never; "
        "min-roof-size=2): over the config file's, under a record's own tag; repeatable.",
    )(function)


def rulings_of(context: click.Context) -> RulingDefaults:
    """The rulings from outside the records: the config file's, then the command line's."""
    return merged_by_game(config_of(context).rulings, context.meta.get(GIVEN))
