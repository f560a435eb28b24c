"""``meridina annotate``: the record in canonical layout with a comment on every turn."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from .loading import InputFault, reports
from .options import format_option, game_option, record_argument
from .output import EXIT_INVALID, EXIT_VALID, emit_json, problem_json, problem_line
from .stand_in import board_json, stand_in_line
from .views import view_for


@click.command()
@record_argument
@game_option
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, writable=True, path_type=Path),
    default=None,
    help="Write the annotated record to this file instead of standard output.",
)
@format_option
def annotate(record: str, game_number: int | None, output: Path | None, output_format: str) -> None:
    """Write RECORD back in canonical layout with a comment after each turn.

    The comments say what the turn did and how the game stands: for Meridian the
    pushes, islands changing hands and the running score; for Medina the tiles
    changing hands and each palace's value as it changes. Illegal turns are
    marked with their rule. Your own comments are kept.
    """
    texts: list[str] = []
    games_out: list[dict[str, Any]] = []
    status = EXIT_VALID
    for report in reports(record, game_number):
        if not report.valid:
            status = EXIT_INVALID
        for problem in report.problems:
            click.echo(problem_line(record, problem), err=True)
        if report.record is None or report.game is None:
            continue
        view = view_for(report.game)
        start = report.run.start if report.run is not None else None
        note = stand_in_line(start.board) if start is not None else None
        if note and output_format == "text":
            click.echo(f"Game {report.index}: {note}", err=True)
        notes = view.notes(report)
        text = view.write(report.record, notes)
        texts.append(text)
        games_out.append(
            {
                "game": report.index,
                "name": report.game,
                "board": board_json(start.board) if start is not None else None,
                "text": text,
                "turns": [
                    {"number": entry.text.number, "notes": notes[i] if i < len(notes) else []}
                    for i, entry in enumerate(report.record.entries)
                ],
                "problems": [problem_json(p) for p in report.problems],
            }
        )
    if output_format == "json":
        emit_json({"file": record, "games": games_out})
    else:
        joined = "\n".join(texts)
        if output is None:
            click.echo(joined, nl=False)
        else:
            try:
                output.write_text(joined, "utf-8")
            except OSError as error:
                raise InputFault(f"{output}: cannot be written ({error.strerror})") from None
    raise SystemExit(status)
