"""What every command reports, whatever the format: per-game results, input faults, exit codes.

A command turns its files into one stream of ``GameResult`` and ``InputError`` values,
in input order; a reporter (``cli/formats/reporters``) turns that stream into one output format.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import IO, NamedTuple

import click
from meridina.json_values import JsonObject, JsonValue
from meridina.rules.codes import REC_0, TITLES
from meridina.rules.common import Place, Problem
from meridina.rules.wording import counted
from meridina.shown import json_safe, shown

from .exits import EXIT_INVALID, EXIT_UNREADABLE, EXIT_VALID, OutputFault

READ_RULE = REC_0
DOCUMENT_FORMATS = frozenset({"json", "junit", "sarif", "gitlab"})  # whole only when complete
SPOOLED_CHARACTERS = 1 << 20  # of a document kept in memory before it goes to a file


class GameResult:
    """One checked game of one file: small enough to collect per file and print later.

    ``text`` and ``data`` are what ``replay`` and ``score`` show of the game (its text
    block, its JSON object); a command builds only the one its reporter needs.
    A plain class: one is built per game, and a class statement costs a run's start
    far less than a dataclass's.
    """

    __slots__ = (
        "board",
        "data",
        "index",
        "line",
        "name",
        "problems",
        "source",
        "stand_in_note",
        "text",
    )

    def __init__(
        self,
        source: str,
        index: int,
        line: int,
        name: str | None,
        problems: tuple[Problem, ...],
        text: str | None = None,
        data: JsonObject | None = None,
        # validate: the board as {name, stand_in}, and what text output says of a stand-in board
        board: JsonObject | None = None,
        stand_in_note: str | None = None,
    ) -> None:
        self.source = source
        self.index = index
        self.line = line
        self.name = name
        self.problems = problems
        self.text = text
        self.data = data
        self.board = board
        self.stand_in_note = stand_in_note

    @property
    def valid(self) -> bool:
        return not any(not p.warning for p in self.problems)


class InputError(NamedTuple):
    """A path that could not be checked at all: ``message`` reads ``FILE[:L:C]: REC-0 text``."""

    source: str
    message: str
    line: int | None = None
    col: int | None = None

    @property
    def text(self) -> str:
        """The message without its place and code."""
        return self.message.split(f"{READ_RULE} ", 1)[-1]


def input_error(source: str, message: str, at: Place | None = None) -> InputError:
    """An ``InputError`` for ``source``, placed at ``at`` where the fault's place is known."""
    if at is not None:
        return InputError(source, message, at.line, at.col)
    return InputError(source, message)


class Tally:
    """Counts over a whole run, for summaries, statistics and the exit status."""

    def __init__(self) -> None:
        self.files = 0
        self.games = 0
        self.invalid = 0
        self.unreadable = 0
        self.rules: Counter[str] = Counter()

    def add(self, result: GameResult) -> None:
        self.games += 1
        if result.problems:  # most games have none
            self.invalid += not result.valid
            self.rules.update(p.rule for p in result.problems)

    def add_unreadable(self) -> None:
        """A path that could not be read, or not to its end: counted under its rule too."""
        self.unreadable += 1
        self.rules[READ_RULE] += 1

    def status(self, exit_zero: bool = False) -> int:
        if self.unreadable:
            return EXIT_UNREADABLE
        if self.invalid and not exit_zero:
            return EXIT_INVALID
        return EXIT_VALID

    def summary(self) -> str:
        """``3 games in 2 files: 2 valid, 1 invalid``, and the unreadable files if any."""
        said = (
            f"{counted(self.games, 'game')} in {counted(self.files, 'file')}: "
            f"{self.games - self.invalid} valid, {self.invalid} invalid"
        )
        if self.unreadable:
            said += f"; {counted(self.unreadable, 'file')} unreadable"
        return said


def problem_json(problem: Problem) -> JsonObject:
    return {
        "line": problem.at.line if problem.at else None,
        "col": problem.at.col if problem.at else None,
        "rule": problem.rule,
        "title": TITLES[problem.rule],
        "severity": "warning" if problem.warning else "error",
        "message": problem.message,
    }


def game_json(result: GameResult) -> JsonObject:
    if result.data is not None:
        return result.data
    return {
        "game": result.index,
        "line": result.line,
        "name": result.name,
        "board": result.board,
        "valid": result.valid,
        "problems": [problem_json(p) for p in result.problems],
    }


def emit_json(data: JsonValue) -> None:
    click.echo(json_dumps(data))


def dumps_at(data: JsonValue, depth: int) -> str:
    """``data`` as indented JSON, to be written ``depth`` levels deep in a larger document."""
    text = json_dumps(data)
    return text.replace("\n", "\n" + "  " * depth)


def json_dumps(data: JsonValue) -> str:
    """``data`` as indented JSON, every character as itself but those ``json_safe`` escapes."""
    import json  # here: text output, the most used, would load it at every start for nothing

    return json_safe(json.dumps(data, indent=2, ensure_ascii=False))


def error_lines(message: str) -> str:
    """An error of one line or several for standard error: each line ``shown`` and starting
    with ``meridina:``, so that none reads as another program's or as the record's text."""
    return "\n".join(f"meridina: {shown(line)}" for line in message.split("\n"))


@contextmanager
def output_stream(
    path: str | None, reads: Sequence[str] = (), output_format: str = "text"
) -> Iterator[IO[str]]:
    """Standard output, or FILE written through a temporary file and renamed when complete.

    FILE may not be one of the files ``reads`` names: a report never replaces a record.
    A document (JSON, JUnit, SARIF, GitLab's) goes to standard output only once it is complete, so
    that a run that stops early (a worker killed) leaves no half document behind.
    """
    if path is None or path == "-":
        if output_format not in DOCUMENT_FORMATS:
            yield sys.stdout
            return
        with tempfile.SpooledTemporaryFile(
            SPOOLED_CHARACTERS, "w+", encoding="utf-8", errors="surrogatepass", newline=""
        ) as document:
            yield document
            document.seek(0)
            shutil.copyfileobj(document, sys.stdout)
        return
    from meridina.files.atomic_file import replacing

    from ..files.same_file import refuse_replacing_input

    refuse_replacing_input(path, reads)

    try:
        with replacing(Path(path)) as stream:
            yield stream
    except OSError as error:
        raise OutputFault(f"{path}: cannot write the report here ({error.strerror})") from None


def use_colour(choice: str, stream: IO[str]) -> bool | None:
    """``--color`` with ``NO_COLOR`` and ``FORCE_COLOR``: True, False, or None (click decides)."""
    if choice == "always":
        return True
    if choice == "never" or os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    return None if stream.isatty() else False
