"""``meridina stats``: the statistics of the records' games."""

from __future__ import annotations

import click

from ..formats.statistics import StatisticsReporter
from ..running.problem_filter import ProblemFilter
from .collection import collection_command, run_collection
from .options import BatchOptions
from .verbosity import Verbosity


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
    run_collection(
        context, "stats", StatisticsReporter, paths, game_number, game_kind, output_format,
        stdin_filename, batch, problems, verbosity,
    )  # fmt: skip
