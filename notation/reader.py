"""Read record files game by game, turning unreadable input into problems."""

from __future__ import annotations

import io
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from meridina.rules.common import Place, Problem, RecordError

from .parser import parse_game
from .splitter import split_games
from .text import GameText

READ_RULE = "REC-0"


@dataclass(frozen=True, slots=True)
class ParsedGame:
    """One game of a file: its text objects, or the syntax problem that stopped it."""

    index: int
    first_line: int
    text: GameText | None
    problem: Problem | None


class UnreadableInput(Exception):
    """The file cannot be read as text at all (missing, binary, not UTF-8)."""


def iter_games(source: str | Path) -> Iterator[ParsedGame]:
    """Yield the games of a file one at a time; ``-`` is standard input."""
    stream = _open(source)
    try:
        lines = _checked_lines(stream, str(source))
        for index, chunk in enumerate(split_games(lines), start=1):
            try:
                yield ParsedGame(index, chunk.first_line, parse_game(chunk), None)
            except RecordError as error:
                yield ParsedGame(index, chunk.first_line, None, error.problem)
    finally:
        stream.close()


def parse_text(text: str) -> list[ParsedGame]:
    """Parse a whole record held in memory (tests, tools)."""
    games: list[ParsedGame] = []
    for index, chunk in enumerate(split_games(io.StringIO(text)), start=1):
        try:
            games.append(ParsedGame(index, chunk.first_line, parse_game(chunk), None))
        except RecordError as error:
            games.append(ParsedGame(index, chunk.first_line, None, error.problem))
    return games


def _open(source: str | Path) -> io.TextIOBase:
    if str(source) == "-":
        import sys

        return io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="strict", newline=None)
    path = Path(source)
    try:
        if path.is_dir():
            raise UnreadableInput(f"{source}: is a folder, not a record file")
        return open(path, encoding="utf-8", errors="strict", newline=None)
    except FileNotFoundError:
        raise UnreadableInput(f"{source}: no such file") from None
    except PermissionError:
        raise UnreadableInput(f"{source}: not allowed to read this file") from None
    except OSError as error:
        raise UnreadableInput(f"{source}: cannot be read ({error.strerror})") from None


def _checked_lines(stream: io.TextIOBase, name: str) -> Iterator[str]:
    line_number = 0
    try:
        for line in stream:
            line_number += 1
            if "\x00" in line:
                raise UnreadableInput(
                    f"{name}:{line_number}: holds binary data (a NUL byte); "
                    "a record must be UTF-8 text"
                )
            if line_number == 1 and line.startswith("\ufeff"):
                line = line[1:]
            yield line
    except UnicodeDecodeError as error:
        raise UnreadableInput(
            f"{name}:{line_number + 1}: is not valid UTF-8 text "
            f"(byte 0x{error.object[error.start]:02x} cannot be decoded)"
        ) from None


def place_of_line(line: int) -> Place:
    return Place(line, 1)
