"""What ``ratings`` and ``stats`` share: their options (those of ``score --standings``) and
one run over the records, each game summarised in the worker that checks it."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import IO

import click

from ..files.config import ConfiguredCommand
from ..files.loading import named_stdin
from ..formats.counted_games import COLLECTION_FORMATS, CountingReporter
from ..formats.output import output_stream, use_colour
from ..formats.reporters import ReportOptions
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
MakeReporter = Callable[[IO[str], ReportOptions, str], CountingReporter]


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
) -> None:
    """Read every game of ``paths`` into the reporter ``make`` gives; exit as ``score``."""
    game_title = game_kind.capitalize() if game_kind is not None else None
    paths = named_stdin(paths, stdin_filename)
    rulings = rulings_of(context)
    with verbosity.silenced(report=True), output_stream(batch.output, paths, output_format) as out:
        options = ReportOptions(
            command=command,
            colour=use_colour(batch.color, out),
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
