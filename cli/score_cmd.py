"""``meridina score``: points, islands and ranking for each game of a record."""

from __future__ import annotations

from typing import Any

import click

from .loading import reports
from .meridian_view import island_table, score_table, sheet_json
from .options import format_option, game_option, record_argument
from .output import EXIT_INVALID, EXIT_VALID, emit_json, problem_json, problem_line


@click.command()
@record_argument
@game_option
@click.option("--islands", is_flag=True, help="Also show who holds each island and why.")
@format_option
def score(record: str, game_number: int | None, islands: bool, output_format: str) -> None:
    """Score each game of RECORD: islands held, points, pieces left and rank.

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
        if run is None or run.sheet is None or final is None:
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
        sheet = run.sheet
        has_result = (
            report.record is not None
            and report.record.setup is not None
            and (report.record.setup.result is not None)
        )
        result_agrees = None if not has_result else not run.result_problems
        games_out.append(
            {
                "game": report.index,
                "board": final.board.name,
                "score": sheet_json(sheet, final),
                "result_agrees": result_agrees,
                "problems": [problem_json(p) for p in report.problems],
            }
        )
        if output_format == "json":
            continue
        state_note = (
            "finished"
            if sheet.finished
            else "cards played unknown; scored as it stands"
            if sheet.cards_left is None
            else f"not finished: {sheet.cards_left} cards left; scored as it stands"
        )
        click.echo(f"Game {report.index}: Meridian on board {final.board.name} ({state_note})")
        click.echo(score_table(sheet))
        if islands:
            click.echo("")
            click.echo(island_table(sheet, final))
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
