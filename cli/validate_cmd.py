"""``meridina validate``: check every game of every record file against the rules."""

from __future__ import annotations

from typing import Any

import click
from meridina.notation.check import check_file
from meridina.notation.reader import UnreadableInput

from .loading import InputFault, record_files
from .options import format_option
from .output import (
    EXIT_INVALID,
    EXIT_UNREADABLE,
    EXIT_VALID,
    emit_json,
    problem_json,
    problem_line,
)
from .stand_in import board_json, stand_in_line


@click.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(allow_dash=True, path_type=str))
@format_option
@click.option("--quiet", "-q", is_flag=True, help="Print problems only, no summary line.")
def validate(paths: tuple[str, ...], output_format: str, quiet: bool) -> None:
    """Check every game in the record FILES (folders: every *.mrec below them).

    Prints each problem as FILE:LINE:COL: RULE message and goes on to the next
    game after an error. Exit status: 0 all valid, 1 a rule or notation problem,
    2 a file that cannot be read or a usage error.
    """
    files_out: list[dict[str, Any]] = []
    games = invalid = 0
    unreadable = False
    stand_ins: dict[str, str] = {}  # board name -> what to say about it, once
    for path in record_files(paths):
        entry: dict[str, Any] = {"file": path, "error": None, "games": []}
        files_out.append(entry)
        try:
            for report in check_file(path):
                games += 1
                if not report.valid:
                    invalid += 1
                start = report.run.start if report.run is not None else None
                if start is not None and (note := stand_in_line(start.board)):
                    stand_ins.setdefault(start.board.name, note)
                entry["games"].append(
                    {
                        "game": report.index,
                        "line": report.first_line,
                        "name": report.game,
                        "board": board_json(start.board) if start is not None else None,
                        "valid": report.valid,
                        "problems": [problem_json(p) for p in report.problems],
                    }
                )
                if output_format == "text":
                    for problem in report.problems:
                        click.echo(problem_line(path, problem))
        except UnreadableInput as error:
            unreadable = True
            entry["error"] = str(error)
            if output_format == "text":
                click.echo(f"meridina: {error}", err=True)
            continue
        if not entry["games"]:
            unreadable = True
            entry["error"] = f"{path}: REC-0 holds no game"
            if output_format == "text":
                click.echo(f"meridina: {path}: REC-0 holds no game", err=True)
    status = EXIT_UNREADABLE if unreadable else EXIT_INVALID if invalid else EXIT_VALID
    if output_format == "json":
        emit_json(
            {"valid": status == EXIT_VALID, "games": games, "invalid": invalid, "files": files_out}
        )
    elif not quiet:
        for note in stand_ins.values():
            click.echo(note, err=True)
        files = len(files_out)
        click.echo(
            f"{games} game{'s' if games != 1 else ''} in {files} file{'s' if files != 1 else ''}: "
            f"{games - invalid} valid, {invalid} invalid",
            err=True,
        )
    raise SystemExit(status)


__all__ = ["InputFault", "validate"]
