"""``meridina validate``: check every game of every record file against the rules."""

from __future__ import annotations

import sys
from functools import partial

import click
from meridina.notation.driver import GameReport
from meridina.stand_in import board_json, stand_in_line

from ..files.config import ConfiguredCommand
from ..files.loading import named_stdin
from ..formats.output import GameResult, output_stream, use_colour
from ..formats.reporters import REPORTERS, ReportOptions, make_reporter
from ..running.batch import GameCheck, run_batch
from ..running.problem_filter import ProblemFilter
from .options import (
    BatchOptions,
    batch_options,
    formats_option,
    jobs_option,
    paths_argument,
    problem_options,
    stdin_filename_option,
)
from .rulings_option import rulings_of, rulings_option
from .verbosity import Verbosity, telling, verbosity_options


@click.command(cls=ConfiguredCommand)
@paths_argument
@formats_option(
    list(REPORTERS),
    "text: FILE:LINE:COL: RULE message; json, json-lines: shapes in docs/json.md; github: "
    "GitHub Actions annotations; junit: JUnit XML; sarif: SARIF 2.1.0; gitlab: GitLab Code "
    "Quality report.",
)
@click.option(
    "--statistics", is_flag=True, help="Count the problems per rule ID instead of listing them."
)
@click.option(
    "--show-source/--no-show-source",
    default=None,
    help="Under each problem, show its line with a caret under the column "
    "(text output; default: on when the output is a terminal).",
)
@problem_options
@verbosity_options
@stdin_filename_option
@batch_options
@jobs_option
@rulings_option
@click.pass_context
def validate(
    context: click.Context,
    paths: tuple[str, ...],
    output_format: str,
    statistics: bool,
    show_source: bool | None,
    exit_zero: bool,
    stdin_filename: str | None,
    batch: BatchOptions,
    problems: ProblemFilter,
    verbosity: Verbosity,
) -> None:
    """Check every game in the record PATHS (folders: every *.mrec below them).

    Prints each problem as FILE:LINE:COL: RULE message and goes on to the next
    game after an error, and to the next file after an unreadable one. Quoted
    globs ('records/**/*.mrec') are expanded. Defaults may come from meridina.toml
    or [tool.meridina] in pyproject.toml. Exit status: 0 all valid, 1 a rule or
    notation problem, 2 a path that cannot be read or a usage error.
    """
    if statistics and output_format not in ("text", "json"):
        raise click.UsageError("--statistics works with --format text or json")
    rulings = rulings_of(context)
    paths = named_stdin(paths, stdin_filename)
    with (
        verbosity.silenced(report=True),
        output_stream(batch.output, paths, output_format) as stream,
    ):
        options = ReportOptions(
            command="validate",
            quiet=not verbosity.notes,
            statistics=statistics,
            show_source=stream.isatty() if show_source is None else show_source,
            colour=use_colour(batch.color, stream),
            err_colour=use_colour(batch.color, sys.stderr),
        )
        reporter = make_reporter(output_format, stream, options)
        # text output says its stand-in boards only in the closing notes, which -q leaves out
        needs = None if reporter.needs == "text" and options.quiet else reporter.needs
        summary = partial(checked_game, needs, problems)
        check = GameCheck(summary, rulings, keep_steps=False)
        tally = run_batch(
            paths,
            batch.selection,
            check,
            telling(reporter, verbosity),
            batch.jobs,
            verbosity.skipped,
        )
    raise SystemExit(tally.status(exit_zero))


def checked_game(
    needs: str | None,
    problems: ProblemFilter,
    path: str,
    report: GameReport,
) -> GameResult:
    """One game of a file as a result, with only the selected problems.

    What is said of its board is kept only for the format that shows it: JSON's
    board object, or the stand-in note of text output.
    """
    start = report.run.start if report.run is not None else None
    board = start.board if start is not None else None
    return GameResult(
        path,
        report.index,
        report.first_line,
        report.game,
        problems.keep(path, report.problems),
        board=board_json(board) if board is not None and needs == "data" else None,
        stand_in_note=stand_in_line(board) if board is not None and needs == "text" else None,
    )
