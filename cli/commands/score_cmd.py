"""``meridina score``: points and ranking for each game of the records, or club standings."""

from __future__ import annotations

import sys
from functools import partial

import click
from meridina.json_values import JsonObject
from meridina.notation.driver import GameReport, play_problems
from meridina.rules.common import Problem
from meridina.rules.wording import counted
from meridina.stand_in import board_json, stand_in_line
from meridina.views import view_for

from ..files.config import ConfiguredCommand
from ..files.loading import named_stdin
from ..formats.output import GameResult, InputError, Tally, output_stream, problem_json, use_colour
from ..formats.reporters import REPORTERS, Reporter, ReportOptions, make_reporter
from ..formats.standings import STANDINGS_FORMATS, StandingsReporter
from ..games import every_game
from ..running.batch import GameCheck, run_batch, several
from ..running.problem_filter import ProblemFilter
from .collection_cmd import run_collection
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


@click.command(cls=ConfiguredCommand)
@paths_argument
@game_options(
    kinds=True, number_help="Only the N-th game of each file (1 = first). Default: every game."
)
@click.option(
    "--islands",
    "--palaces",
    "details",
    is_flag=True,
    help="Also show the breakdown: "
    + ", ".join(f"{game.details_help} ({game.title})" for game in every_game())
    + ".",
)
@click.option(
    "--standings",
    is_flag=True,
    help="Club standings: one table per game and number of players ("
    + "; ".join(
        game.title + (" per edition" if game.default_edition else "") for game in every_game()
    )
    + ") of each player's games, wins, points and average, ranked by "
    "wins, then points, then average, counting only valid, finished games; every game left out "
    "is listed with its reason (text, json or csv).",
)
@click.option(
    "--include-problems",
    is_flag=True,
    help="With --standings: also count games with problems or not known to be finished, "
    "each marked and listed.",
)
@formats_option(
    [*REPORTERS, "csv"],
    "text, json (shapes in docs/json.md), json-lines, or a problem report (github, junit, "
    "sarif, gitlab); csv with --standings.",
)
@filter_options
@verbosity_options
@stdin_filename_option
@batch_options
@jobs_option
@rulings_option
@click.pass_context
def score(
    context: click.Context,
    paths: tuple[str, ...],
    game_number: int | None,
    game_kind: str | None,
    details: bool,
    standings: bool,
    include_problems: bool,
    output_format: str,
    stdin_filename: str | None,
    batch: BatchOptions,
    problems: ProblemFilter,
    verbosity: Verbosity,
) -> None:
    """Score each game of the record PATHS: points, what earned them, and the ranking.

    A record may be a whole game or a final position typed in from the table.
    Says whether the record's Result tag agrees with the computed points, and, above
    the table, when problems in the game leave its score incomplete.
    """
    if output_format == "csv" and not standings:
        raise click.UsageError("--format csv gives standings: add --standings")
    if standings and output_format not in STANDINGS_FORMATS:
        raise click.UsageError(f"--standings comes as {', '.join(STANDINGS_FORMATS)}")
    if include_problems and not standings:
        raise click.UsageError("--include-problems goes with --standings")
    if standings:
        standings_of = partial(StandingsReporter, include_problems=include_problems)
        run_collection(
            context, "score", standings_of, paths, game_number, game_kind, output_format,
            stdin_filename, batch, problems, verbosity,
        )  # fmt: skip
    game_title = game_kind.capitalize() if game_kind is not None else None
    paths = named_stdin(paths, stdin_filename)
    rulings = rulings_of(context)
    with verbosity.silenced(report=True), output_stream(batch.output, paths, output_format) as out:
        options = ReportOptions(
            command="score",
            colour=use_colour(batch.color, out),
            err_colour=use_colour(batch.color, sys.stderr),
            file_headings=several(paths) and verbosity.notes,
        )
        reporter: Reporter = make_reporter(output_format, out, options)
        summary = partial(scored_game, details, reporter.needs, problems)
        if game_kind is not None:
            reporter = FilesWithGames(reporter)
        check = GameCheck(summary, rulings, game_number, keep_steps=False, game_kind=game_title)
        tally = run_batch(
            paths,
            batch.selection,
            check,
            telling(reporter, verbosity),
            batch.jobs,
            verbosity.skipped,
        )
    raise SystemExit(tally.status())


class FilesWithGames(Reporter):
    """Names a file only once a game of it (or its fault) is reported: with ``--game KEY``,
    a file of other games only is not shown at all."""

    def __init__(self, inner: Reporter) -> None:
        super().__init__(inner.out, inner.options)
        self.inner = inner
        self.waiting: str | None = None

    def begin_file(self, source: str) -> None:
        self.waiting = source

    def shown(self) -> None:
        if self.waiting is not None:
            self.inner.begin_file(self.waiting)
            self.waiting = None

    def game(self, result: GameResult) -> None:
        self.shown()
        self.inner.game(result)

    def input_error(self, error: InputError) -> None:
        self.shown()
        self.inner.input_error(error)

    def end_file(self, source: str) -> None:
        if self.waiting is None:
            self.inner.end_file(source)
        self.waiting = None

    def end(self, tally: Tally) -> None:
        self.inner.end(tally)


def scored_game(
    details: bool, needs: str | None, problems: ProblemFilter, path: str, report: GameReport
) -> GameResult:
    """One game's score, as text or as data: only what the output format shows."""
    kept = problems.keep(path, report.problems)
    text = score_text(report, details, kept) if needs == "text" else None
    data = score_json(report, kept) if needs == "data" else None
    return GameResult(path, report.index, report.first_line, report.game, kept, text, data)


def score_text(
    report: GameReport, details: bool, kept: tuple[Problem, ...] | None = None
) -> str | None:
    """The score as text; ``kept``: the problems listed, when --select or --ignore chose."""
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
    if missing := play_problems(report):
        heading += f"\nscore incomplete: {counted(missing, 'problem')} "
        left_out = _left_out(report, kept)
        heading += f"({left_out} of them left out of the list)" if left_out else "below"
    return f"{heading}\n{view.score_text(run.sheet, final, details)}\n{said}\n"


def _left_out(report: GameReport, kept: tuple[Problem, ...] | None) -> int:
    """How many of the errors that leave the score incomplete the filter does not list."""
    if kept is None or report.run is None:
        return 0
    result_problems = set(report.run.result_problems)
    listed = set(kept)
    return sum(1 for p in report.errors if p not in result_problems and p not in listed)


def score_json(report: GameReport, kept: tuple[Problem, ...]) -> JsonObject:
    run = report.run
    final = run.final if run is not None else None
    problems = [problem_json(p) for p in kept]
    if run is None or run.sheet is None or final is None or report.game is None:
        return {"game": report.index, "score": None, "problems": problems}
    return {
        "game": report.index,
        "name": report.game,
        "board": board_json(final.board),
        "score": {
            "complete": not play_problems(report),
            **view_for(report.game).sheet_json(run.sheet, final),
        },
        "result_agrees": result_agrees(report),
        "problems": problems,
    }


def result_agrees(report: GameReport) -> bool | None:
    setup = report.record.setup if report.record is not None else None
    if setup is None or setup.result is None or report.run is None:
        return None
    return not any(not problem.warning for problem in report.run.result_problems)
