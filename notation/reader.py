"""Read record files game by game, turning unreadable input into problems."""

from __future__ import annotations

import io
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, Final

from meridina.rules.common import Problem, RecordError

from .parser import parse_game
from .splitter import split_games
from .text import GameText

READ_RULE: Final = "REC-0"


@dataclass(frozen=True, slots=True)
class ParsedGame:
    """One game of a file: its text objects, or the syntax problem that stopped it."""

    index: int
    first_line: int
    text: GameText | None
    problem: Problem | None


class UnreadableInput(Exception):
    """The file cannot be read as text at all (missing, binary, not UTF-8).

    Its message reads ``FILE[:LINE:COL]: REC-0 what is wrong``.
    """


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
        if stream is not sys.stdin.buffer:
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


def _open(source: str | Path) -> BinaryIO:
    if str(source) == "-":
        return sys.stdin.buffer
    path = Path(source)
    if path.is_dir():
        raise UnreadableInput(f"{source}: {READ_RULE} is a folder, not a record file")
    try:
        return open(path, "rb")
    except FileNotFoundError:
        raise UnreadableInput(f"{source}: {READ_RULE} no such file") from None
    except PermissionError:
        raise UnreadableInput(f"{source}: {READ_RULE} not allowed to read this file") from None
    except OSError as error:
        raise UnreadableInput(f"{source}: {READ_RULE} cannot be read ({error.strerror})") from None


def _checked_lines(stream: BinaryIO, name: str) -> Iterator[str]:
    """Decode line by line, so that a fault is reported on its own line."""
    for number, raw in enumerate(stream, start=1):
        if b"\x00" in raw:
            raise UnreadableInput(
                f"{name}:{number}:{raw.index(0) + 1}: {READ_RULE} holds binary data "
                "(a NUL byte); a record must be UTF-8 text"
            )
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            raise UnreadableInput(
                f"{name}:{number}:{error.start + 1}: {READ_RULE} is not valid UTF-8 text "
                f"(byte 0x{raw[error.start]:02x} cannot be decoded)"
            ) from None
        if number == 1 and line.startswith("\ufeff"):
            line = line[1:]
        if line.endswith("\r\n"):
            line = line[:-2] + "\n"
        yield line
