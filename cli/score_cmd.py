"""``meridina score``: points and ranking for each game of the records, or club standings."""

from __future__ import annotations

from functools import partial
from typing import Any

import click
from meridina.notation.check import GameReport

from .batch import GameCheck, run_batch, several
from .config import ConfiguredCommand, config_of
from .options import (
    BatchOptions,
    batch_options,
    formats_option,
    game_option,
    jobs_option,
    paths_argument,
)
from .output import GameResult, output_stream, problem_json, use_colour
from .reporters import REPORTERS, Reporter, ReportOptions, make_reporter
from .stand_in import board_json, stand_in_line
from .standings import STANDINGS_FORMATS, StandingsReporter
from .views import view_for


@click.command(cls=ConfiguredCommand)
@paths_argument
@game_option
@click.option(
    "--islands",
    "--palaces",
    "details",
    is_flag=True,
    help="Also show the breakdown: who holds each island (Meridian), each palace's points "
    "(Medina).",
)
@click.option(
    "--standings",
    is_flag=True,
    help="Sum all games into one table per player: games, wins, points, average "
    "(text, json or csv).",
)
@formats_option(
    [*REPORTERS, "csv"],
    "text, json (shapes in the README), json-lines, or a problem report (github, junit, "
    "sarif); csv with --standings.",
)
@batch_options
@jobs_option
@click.pass_context
def score(
    context: click.Context,
    paths: tuple[str, ...],
    game_number: int | None,
    details: bool,
    standings: bool,
    output_format: str,
    batch: BatchOptions,
) -> None:
    """Score each game of the record PATHS: points, what earned them, and the ranking.

    A record may be a whole game or a final position typed in from the table.
    Says whether the record's Result tag agrees with the computed points.
    """
    if output_format == "csv" and not standings:
        raise click.UsageError("--format csv gives standings: add --standings")
    if standings and output_format not in STANDINGS_FORMATS:
        raise click.UsageError(f"--standings comes as {', '.join(STANDINGS_FORMATS)}")
    rulings = config_of(context).rulings
    with output_stream(batch.output, paths, output_format) as stream:
        options = ReportOptions(
            command="score", colour=use_colour(batch.color, stream), file_headings=several(paths)
        )
        reporter: Reporter = (
            StandingsReporter(stream, options, output_format)
            if standings
            else make_reporter(output_format, stream, options)
        )
        needs = "data" if standings else reporter.needs
        summary = partial(scored_game, details, needs)
        check = GameCheck(summary, rulings, game_number, keep_steps=False)
        tally = run_batch(paths, batch.selection, check, reporter, batch.jobs)
    raise SystemExit(tally.status())


def scored_game(details: bool, needs: str | None, path: str, report: GameReport) -> GameResult:
    """One game's score, as text or as data: only what the output format shows."""
    text = score_text(report, details) if needs == "text" else None
    data = score_json(report) if needs == "data" else None
    return GameResult(
        path, report.index, report.first_line, report.game, tuple(report.problems), text, data
    )


def score_text(report: GameReport, details: bool) -> str | None:
    run = report.run
    final = run.final if run is not None else None
    if run is None or run.sheet is None or final is None or report.game is None:
        return None
    view = view_for(report.game)
    agrees = result_agrees(report)
    said = (
        "Result: the record states none"
        if agrees is None
        else "Result: agrees with the record's Result tag"
        if agrees
        else "Result: DISAGREES with the record's Result tag"
    )
    heading = (
        f"Game {report.index}: {view.TITLE} on board {final.board.name} ({view.status(run.sheet)})"
    )
    if note := stand_in_line(final.board):
        heading += "\n" + note
    return f"{heading}\n{view.score_text(run.sheet, final, details)}\n{said}\n"


def score_json(report: GameReport) -> dict[str, Any]:
    run = report.run
    final = run.final if run is not None else None
    problems = [problem_json(p) for p in report.problems]
    if run is None or run.sheet is None or final is None or report.game is None:
        return {"game": report.index, "score": None, "problems": problems}
    return {
        "game": report.index,
        "name": report.game,
        "board": board_json(final.board),
        "score": view_for(report.game).sheet_json(run.sheet, final),
        "result_agrees": result_agrees(report),
        "problems": problems,
    }


def result_agrees(report: GameReport) -> bool | None:
    setup = report.record.setup if report.record is not None else None
    if setup is None or setup.result is None or report.run is None:
        return None
    return not any(not problem.warning for problem in report.run.result_problems)
