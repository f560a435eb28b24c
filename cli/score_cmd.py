"""``meridina score``: points and ranking for each game of a record."""

from __future__ import annotations

from typing import Any

import click

from .loading import reports
from .options import format_option, game_option, record_argument
from .output import EXIT_INVALID, EXIT_VALID, emit_json, problem_json, problem_line
from .stand_in import board_json, stand_in_line
from .views import view_for


@click.command()
@record_argument
@game_option
@click.option(
    "--islands",
    "--palaces",
    "details",
    is_flag=True,
    help="Also show the breakdown: who holds each island (Meridian), each palace's points "
    "(Medina).",
)
@format_option
def score(record: str, game_number: int | None, details: bool, output_format: str) -> None:
    """Score each game of RECORD: points, what earned them, and the ranking.

    A record may be a whole game or a final position typed in from the table.
    Says whether the record's Result tag agrees with the computed points.
    """
    games_out: list[dict[str, Any]] = []
    status = EXIT_VALID
    for report in reports(record, game_number):
        run = report.run
        if not report.valid:
            status = EXIT_INVALID
        final = run.final if run is not None else None
        if run is None or run.sheet is None or final is None or report.game is None:
            for problem in report.problems:
                click.echo(problem_line(record, problem), err=True)
            games_out.append(
                {
                    "game": report.index,
                    "score": None,
                    "problems": [problem_json(p) for p in report.problems],
                }
            )
            continue
        view = view_for(report.game)
        sheet = run.sheet
        setup = report.record.setup if report.record is not None else None
        has_result = setup is not None and setup.result is not None
        result_agrees = None if not has_result else not run.result_problems
        games_out.append(
            {
                "game": report.index,
                "name": report.game,
                "board": board_json(final.board),
                "score": view.sheet_json(sheet, final),
                "result_agrees": result_agrees,
                "problems": [problem_json(p) for p in report.problems],
            }
        )
        if output_format == "json":
            continue
        click.echo(
            f"Game {report.index}: {view.TITLE} on board {final.board.name} ({view.status(sheet)})"
        )
        if note := stand_in_line(final.board):
            click.echo(note)
        click.echo(view.score_text(sheet, final, details))
        if result_agrees is None:
            click.echo("Result: the record states none")
        elif result_agrees:
            click.echo("Result: agrees with the record's Result tag")
        else:
            click.echo("Result: DISAGREES with the record's Result tag")
        click.echo("")
        for problem in report.problems:
            click.echo(problem_line(record, problem), err=True)
    if output_format == "json":
        emit_json({"file": record, "games": games_out})
    raise SystemExit(status)
