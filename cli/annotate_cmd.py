"""``meridina annotate``: the record in canonical layout with a comment on every turn."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click
from meridina.notation.meridian import TurnEntry
from meridina.notation.meridian_writer import write_record
from meridina.rules.meridian.scoring import score

from .loading import InputFault, reports
from .meridian_view import control_changes, effect_sentences, running_score
from .options import format_option, game_option, record_argument
from .output import EXIT_INVALID, EXIT_VALID, emit_json, problem_json, problem_line
from .records import GameReport


def turn_notes(report: GameReport) -> list[list[str]]:
    """The notes for each turn: what it did, islands changing hands, the running score."""
    run, record = report.run, report.record
    if run is None or run.start is None or record is None:
        return []
    notes = []
    before = run.start
    for entry, step, after in zip(record.entries, run.steps, run.states(), strict=True):
        said = list(effect_sentences(step, entry))
        said.extend(control_changes(before, after))
        said.append(running_score(score(after)))
        notes.append(said)
        before = after
    return notes


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

    The comments say what the turn did (pushes, towers taken off), which islands
    changed hands and the running score; illegal turns are marked with their
    rule. Your own comments are kept.
    """
    texts: list[str] = []
    games_out: list[dict[str, Any]] = []
    status = EXIT_VALID
    for report in reports(record, game_number):
        if not report.valid:
            status = EXIT_INVALID
        for problem in report.problems:
            click.echo(problem_line(record, problem), err=True)
        if report.record is None:
            continue
        notes = turn_notes(report)

        def note_for(index: int, entry: TurnEntry, notes: list[list[str]] = notes) -> list[str]:
            return notes[index] if index < len(notes) else []

        text = write_record(report.record, note_for)
        texts.append(text)
        games_out.append(
            {
                "game": report.index,
                "text": text,
                "turns": [
                    {"number": entry.text.number, "notes": note_for(i, entry)}
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
