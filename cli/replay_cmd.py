"""``meridina replay``: the board after each turn, with what each turn did."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from .html_replay import write_html
from .loading import InputFault, reports
from .options import format_option, game_option, record_argument
from .output import EXIT_INVALID, EXIT_VALID, emit_json, problem_json, problem_line
from .stand_in import board_json, stand_in_line
from .views import view_for


@click.command()
@record_argument
@game_option
@click.option(
    "--turn",
    "turn_number",
    type=click.IntRange(min=0),
    default=None,
    help="Show only the board after turn N (0 = before the first turn).",
)
@format_option
@click.option(
    "--html",
    "html_out",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Write one self-contained HTML page stepping through every turn to this file.",
)
def replay(
    record: str,
    game_number: int | None,
    turn_number: int | None,
    output_format: str,
    html_out: Path | None,
) -> None:
    """Replay RECORD turn by turn, drawing the board after each turn.

    Illegal turns are shown with the rule they break. The bundled Meridian boards
    are stand-in layouts, not the printed board.
    """
    if html_out is not None:
        raise SystemExit(write_html(record, game_number, html_out))
    games_out: list[dict[str, Any]] = []
    status = EXIT_VALID
    for report in reports(record, game_number):
        run, rec = report.run, report.record
        if not report.valid:
            status = EXIT_INVALID
        if run is None or run.start is None or rec is None or report.game is None:
            for problem in report.problems:
                click.echo(problem_line(record, problem), err=True)
            continue
        view = view_for(report.game)
        numbers = [entry.text.number for entry in rec.entries]
        if turn_number is not None and turn_number != 0 and turn_number not in numbers:
            raise InputFault(f"{record}: game {report.index} has no turn {turn_number}")
        frames: list[dict[str, Any]] = []
        if output_format == "text":
            click.echo(f"Game {report.index}: {view.TITLE} on board {run.start.board.name}")
            if note := stand_in_line(run.start.board):
                click.echo(note)
            click.echo(view.LEGEND)
            if turn_number in (None, 0):
                click.echo("\nStart\n" + view.diagram(run.start))
        for entry, step, state in zip(rec.entries, run.steps, run.states(), strict=True):
            if turn_number is not None and entry.text.number != turn_number:
                continue
            said = view.events(step, entry)
            legal = step is not None and not any(not p.warning for p in step.problems)
            frames.append(
                {
                    "number": entry.text.number,
                    "turn": view.turn_heading(entry).split(". ", 1)[1],
                    "legal": legal,
                    "events": said,
                    "state": view.state_json(state),
                }
            )
            if output_format == "text":
                click.echo(f"\n{view.turn_heading(entry)}: " + "; ".join(said))
                click.echo(view.diagram(state))
        if output_format == "text":
            for problem in report.problems:
                click.echo(problem_line(record, problem), err=True)
        games_out.append(
            {
                "game": report.index,
                "name": report.game,
                "board": board_json(run.start.board),
                "start": view.state_json(run.start),
                "turns": frames,
                "problems": [problem_json(p) for p in report.problems],
            }
        )
    if output_format == "json":
        emit_json({"file": record, "games": games_out})
    raise SystemExit(status)
