"""``meridina ratings`` and ``meridina stats``: a collection's ratings and statistics.

Both take the options of ``score --standings`` and read the records as it does
(``run_collection``), each game summarised in the worker that checks it."""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import partial
from typing import IO, NoReturn

import click

from ..files.config import ConfiguredCommand
from ..files.loading import named_stdin
from ..formats.counted_games import COLLECTION_FORMATS
from ..formats.output import output_stream, use_colour
from ..formats.reporters import Reporter, ReportOptions
from ..formats.standings import standing_game
from ..running.batch import GameCheck, run_batch, several
from ..running.problem_filter import ProblemFilter
from .options import (
    BatchOptions,
    batch_options,
    filter_options,
    formats_option,
    game_options,
    jobs_option,
    paths_argument,
    stdin_filename_option,
)
from .rulings_option import rulings_of, rulings_option
from .verbosity import Verbosity, telling, verbosity_options

NUMBER_HELP = "Only the N-th game of each file (1 = first). Default: every game."
FORMAT_HELP = "text, json (shapes in docs/json.md) or csv."
MakeReporter = Callable[[IO[str], ReportOptions, str], Reporter]


def collection_command(function: Callable[..., None]) -> click.Command:
    """A command over a collection of records, with the options of ``score --standings``."""
    decorated = click.pass_context(function)
    decorated = rulings_option(decorated)
    decorated = jobs_option(decorated)
    decorated = batch_options(decorated)
    decorated = stdin_filename_option(decorated)
    decorated = verbosity_options(decorated)
    decorated = filter_options(decorated)
    decorated = formats_option(list(COLLECTION_FORMATS), FORMAT_HELP)(decorated)
    decorated = game_options(kinds=True, number_help=NUMBER_HELP)(decorated)
    decorated = paths_argument(decorated)
    return click.command(cls=ConfiguredCommand)(decorated)


def run_collection(
    context: click.Context,
    command: str,
    make: MakeReporter,
    paths: tuple[str, ...],
    game_number: int | None,
    game_kind: str | None,
    output_format: str,
    stdin_filename: str | None,
    batch: BatchOptions,
    problems: ProblemFilter,
    verbosity: Verbosity,
) -> NoReturn:
    """Read every game of ``paths``, each summarised in the worker that checks it, into the
    reporter ``make`` gives (``score --standings``, ``ratings``, ``stats``); exit as
    ``score`` does."""
    game_title = game_kind.capitalize() if game_kind is not None else None
    paths = named_stdin(paths, stdin_filename)
    rulings = rulings_of(context)
    with verbosity.silenced(report=True), output_stream(batch.output, paths, output_format) as out:
        options = ReportOptions(
            command=command,
            colour=use_colour(batch.color, out),
            err_colour=use_colour(batch.color, sys.stderr),
            file_headings=several(paths) and verbosity.notes,
        )
        reporter = make(out, options, output_format)
        check = GameCheck(
            partial(standing_game, problems), rulings, game_number, keep_steps=False,
            game_kind=game_title,
        )  # fmt: skip
        tally = run_batch(
            paths, batch.selection, check, telling(reporter, verbosity), batch.jobs,
            verbosity.skipped,
        )  # fmt: skip
    raise SystemExit(tally.status())


@collection_command
def ratings(
    context: click.Context,
    paths: tuple[str, ...],
    game_number: int | None,
    game_kind: str | None,
    output_format: str,
    stdin_filename: str | None,
    batch: BatchOptions,
    problems: ProblemFilter,
    verbosity: Verbosity,
) -> None:
    """Rate the players of the record PATHS, one rating per game (openskill).

    One rating per game: Meridian; Medina, its editions sharing one. The model is
    openskill's Plackett-Luce at its default parameters; the rating shown is openskill's
    ordinal, mu - 3 * sigma. Only valid, finished games count, each once, rated in date
    order (undated games first, in the order read); every game left out is listed with
    its reason. The method and parameters are stated in every format (text, json or csv).
    """
    from ..formats.ratings import RatingsReporter  # openskill, loaded only here

    run_collection(
        context, "ratings", RatingsReporter, paths, game_number, game_kind, output_format,
        stdin_filename, batch, problems, verbosity,
    )  # fmt: skip


@collection_command
def stats(
    context: click.Context,
    paths: tuple[str, ...],
    game_number: int | None,
    game_kind: str | None,
    output_format: str,
    stdin_filename: str | None,
    batch: BatchOptions,
    problems: ProblemFilter,
    verbosity: Verbosity,
) -> None:
    """Statistics of the record PATHS: wins by seat, winning scores, how games ended.

    Per game, edition and number of players: win rate by seat with its 95% Wilson
    interval, winning scores and margins, how games ended, and each player's games, wins
    and average points.

    A shared first place is a win for each player sharing it. Only valid, finished games
    count, each once; every game left out is listed with its reason (text, json or csv).
    """
    from ..formats.statistics import StatisticsReporter

    run_collection(
        context, "stats", StatisticsReporter, paths, game_number, game_kind, output_format,
        stdin_filename, batch, problems, verbosity,
    )  # fmt: skip
