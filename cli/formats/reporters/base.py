"""The interface every reporter has: one run's results arrive in input order."""

from __future__ import annotations

from typing import IO, ClassVar, NamedTuple

import click
from meridina.shown import shown

from ..output import GameResult, InputError, Tally


class ReportOptions(NamedTuple):
    """How the run asked to be reported; a reporter uses what applies to its format."""

    command: str = "validate"
    quiet: bool = False
    statistics: bool = False
    show_source: bool = False
    colour: bool | None = None  # of the report's own stream
    err_colour: bool | None = None  # of what goes to standard error: each stream decides its own
    file_headings: bool = False  # replay and score text: name each file before its games


class Reporter:
    """Writes one output format. Calls come in input order: for each path ``begin_file``,
    its games or its error, ``end_file``; then ``end`` once with the run's counts."""

    # what a replay or score game must carry for this format: its "text" or its "data"
    needs: ClassVar[str | None] = None

    def __init__(self, out: IO[str], options: ReportOptions) -> None:
        self.out = out
        self.options = options

    def begin_file(self, source: str) -> None:
        """A path's results follow."""

    def game(self, result: GameResult) -> None:
        """One game of the current file, checked."""

    def input_error(self, error: InputError) -> None:
        """The current path could not be read (or no further)."""
        click.echo(f"meridina: {shown(error.message)}", err=True)

    def end_file(self, source: str) -> None:
        """Nothing more comes for this path."""

    def end(self, tally: Tally) -> None:
        """The run is over."""

    def write(self, text: str) -> None:
        self.out.write(text + "\n")
