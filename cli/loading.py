"""Open record files for the commands, turning unreadable input into exit code 2."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import click
from meridina.notation.check import GameReport, check_file
from meridina.notation.reader import UnreadableInput

from .output import EXIT_UNREADABLE

RECORD_SUFFIX = ".mrec"


class InputFault(click.ClickException):
    exit_code = EXIT_UNREADABLE

    def show(self, file: object = None) -> None:
        click.echo(f"meridina: {self.message}", err=True)


def record_files(paths: tuple[str, ...]) -> Iterator[str]:
    """Files as given; a folder stands for every record file below it."""
    for name in paths:
        path = Path(name)
        if name != "-" and path.is_dir():
            found = sorted(str(p) for p in path.rglob(f"*{RECORD_SUFFIX}") if p.is_file())
            if not found:
                raise InputFault(f"{name}: no record files (*{RECORD_SUFFIX}) in this folder")
            yield from found
        else:
            yield name


def reports(path: str, game_number: int | None = None) -> Iterator[GameReport]:
    """The checked games of one file (only game N when asked); faults raise InputFault."""
    seen = 0
    try:
        for report in check_file(path):
            seen += 1
            if game_number is None or report.index == game_number:
                yield report
    except UnreadableInput as error:
        raise InputFault(str(error)) from None
    if seen == 0:
        raise InputFault(
            f'{path}: REC-0 holds no game (a game starts with tags such as [Game "Meridian"])'
        )
    if game_number is not None and game_number > seen:
        raise InputFault(
            f"{path}: has {seen} game{'s' if seen != 1 else ''}; there is no game {game_number}"
        )
