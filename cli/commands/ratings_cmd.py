"""``meridina ratings``: each game's player ratings over the records (openskill)."""

from __future__ import annotations

import click

from ..formats.ratings import RatingsReporter
from ..running.problem_filter import ProblemFilter
from .collection import collection_command, run_collection
from .options import BatchOptions
from .verbosity import Verbosity


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
    run_collection(
        context, "ratings", RatingsReporter, paths, game_number, game_kind, output_format,
        stdin_filename, batch, problems, verbosity,
    )  # fmt: skip
