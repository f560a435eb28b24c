"""Read record files game by game, turning unreadable input into problems."""

from __future__ import annotations

import io
import os
import stat
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from meridina.rules.common import Place, Problem, RecordError
from meridina.rules.datafile import file_kind

from .parser import parse_game
from .slips import unreadable_text
from .splitter import LARGEST_GAME, GameChunk, GameTooLong, split_games
from .text import GameText

LARGEST_RECORD = 1 << 30  # bytes: read game by game, so this bounds time, not memory
LONGEST_LINE = 1 << 20  # bytes: no line of a record comes near a megabyte
BLOCK = 16 << 10  # bytes read at a time: a few of them are the reader's whole memory


@dataclass(frozen=True, slots=True)
class ParsedGame:
    """One game of a file: its text objects, or the syntax problem that stopped it."""

    index: int
    first_line: int
    text: GameText | None
    problem: Problem | None
    source: str = ""  # the game's text as it stands in the file


class UnreadableInput(Exception):
    """The file cannot be read as text at all (missing, binary, not UTF-8).

    ``problem`` is the REC-0 fault, placed where a line and column are known (a NUL byte, a
    bad UTF-8 sequence, an overlong line); ``str()`` reads ``FILE[:LINE:COL]: REC-0 message``.
    """

    def __init__(self, source: str, message: str, at: Place | None = None) -> None:
        self.source = source
        self.problem = unreadable_text(message, at)
        where = f"{source}:{at.line}:{at.col}" if at else source
        super().__init__(f"{where}: {self.problem.rule} {message}")


def iter_games(source: str | Path) -> Iterator[ParsedGame]:
    """Yield the games of a file one at a time; ``-`` is standard input."""
    for index, chunk in iter_chunks(source):
        yield parse_chunk(index, chunk)


def iter_chunks(
    source: str | Path | BinaryIO, name: str | None = None
) -> Iterator[tuple[int, GameChunk]]:
    """The games of a file, numbered from 1 and not yet parsed (to parse them elsewhere).

    ``source`` is a path, ``-`` for standard input, or a stream of bytes already open (left
    open); ``name`` is what the messages call it (by default the path).
    """
    if isinstance(source, (str, Path)):
        stream = _open(source)
        shown = str(source) if name is None else name
    else:
        stream, shown = source, "-" if name is None else name
    try:
        blocks = _checked_blocks(stream, shown)
        yield from _numbered(split_games(blocks), shown)
    finally:
        if stream is not sys.stdin.buffer and stream is not source:
            stream.close()


def iter_stream_games(stream: BinaryIO, name: str) -> Iterator[ParsedGame]:
    """The games of a file already open for reading bytes, as ``iter_games`` reads a file's;
    the stream is left open."""
    blocks = _checked_blocks(stream, name)
    for index, chunk in _numbered(split_games(blocks), name):
        yield parse_chunk(index, chunk)


def parse_text(text: str) -> list[ParsedGame]:
    """Parse a whole record held in memory (tests, tools)."""
    return [parse_chunk(i, chunk) for i, chunk in _numbered(split_games((text,)), "-")]


def parse_chunk(index: int, chunk: GameChunk) -> ParsedGame:
    """Parse the ``index``-th game of a file."""
    try:
        return ParsedGame(index, chunk.first_line, parse_game(chunk), None, chunk.text)
    except RecordError as error:
        return ParsedGame(index, chunk.first_line, None, error.problem, chunk.text)


def _numbered(chunks: Iterator[GameChunk], name: str) -> Iterator[tuple[int, GameChunk]]:
    try:
        yield from enumerate(chunks, start=1)
    except GameTooLong as error:
        raise UnreadableInput(
            name,
            f"the game starting here is longer than {LARGEST_GAME} characters; "
            "a game is far shorter",
            Place(error.first_line, 1),
        ) from None


def _open(source: str | Path) -> BinaryIO:
    """Open a record file: only a regular file of at most ``LARGEST_RECORD`` bytes."""
    if str(source) == "-":
        return sys.stdin.buffer
    try:
        found = os.stat(source)
        if not stat.S_ISREG(found.st_mode):
            raise UnreadableInput(str(source), _not_a_file(found.st_mode))
        if found.st_size > LARGEST_RECORD:
            raise UnreadableInput(
                str(source), f"is {found.st_size} bytes; a record file is at most {LARGEST_RECORD}"
            )
        # Non-blocking, so that a file swapped for a FIFO since the check cannot hang us.
        handle = os.open(source, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise UnreadableInput(str(source), "no such file") from None
    except PermissionError:
        raise UnreadableInput(str(source), "not allowed to read this file") from None
    except (OSError, ValueError) as error:
        reason = error.strerror if isinstance(error, OSError) else str(error)
        raise UnreadableInput(str(source), f"cannot be read ({reason})") from None
    opened = os.fstat(handle)
    if not stat.S_ISREG(opened.st_mode):
        os.close(handle)
        raise UnreadableInput(str(source), _not_a_file(opened.st_mode))
    return os.fdopen(handle, "rb")


def _not_a_file(mode: int) -> str:
    return f"{file_kind(mode)}, not a record file"


def _checked_blocks(stream: BinaryIO, name: str) -> Iterator[str]:
    """Decode the input a block of whole lines at a time.

    A block that holds a fault (or a line too long) is gone through again line by line, so
    that the fault is placed on its own line and the lines before it are handed on first,
    as they would be read one by one.
    """
    read: Callable[[int], bytes] = getattr(stream, "read1", stream.read)
    number = 0  # lines before the block
    total = 0  # bytes before the block
    pending = bytearray()  # the start of a line whose end is not read yet
    while data := read(BLOCK):
        cut = data.rfind(b"\n") + 1
        if not cut:
            pending += data
            if len(pending) > LONGEST_LINE:
                yield from _checked_lines(io.BytesIO(pending), name, number, total)
            continue
        pending += memoryview(data)[:cut]
        yield from _checked_block(pending, name, number, total)
        number += pending.count(b"\n")
        total += len(pending)
        pending = bytearray(memoryview(data)[cut:])
    if pending:
        yield from _checked_block(pending, name, number, total)


def _checked_block(raw: bytearray, name: str, number: int, total: int) -> Iterator[str]:
    """One block of whole lines, ``number`` lines and ``total`` bytes into the input."""
    if len(raw) > LONGEST_LINE or total + len(raw) > LARGEST_RECORD or 0 in raw:
        yield from _checked_lines(io.BytesIO(raw), name, number, total)
        return
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        yield from _checked_lines(io.BytesIO(raw), name, number, total)
        return
    if number == 0 and text.startswith("\ufeff"):
        text = text[1:]
    yield text.replace("\r\n", "\n")  # "\n" ends every line, so this is only at line ends


def _checked_lines(stream: BinaryIO, name: str, number: int = 0, total: int = 0) -> Iterator[str]:
    """Decode line by line, so that a fault is reported on its own line; ``number`` lines and
    ``total`` bytes were read before."""
    while raw := stream.readline(LONGEST_LINE + 1):
        number += 1
        total += len(raw)
        if len(raw) > LONGEST_LINE:
            raise UnreadableInput(
                name,
                f"the line is longer than {LONGEST_LINE} bytes; a record's lines are far shorter",
                Place(number, 1),
            )
        if total > LARGEST_RECORD:
            raise UnreadableInput(
                name,
                f"the input is longer than {LARGEST_RECORD} bytes, the most a record may hold",
                Place(number, 1),
            )
        if b"\x00" in raw:
            raise UnreadableInput(
                name,
                "holds binary data (a NUL byte); a record must be UTF-8 text",
                Place(number, raw.index(0) + 1),
            )
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            raise UnreadableInput(
                name,
                f"is not valid UTF-8 text (byte 0x{raw[error.start]:02x} cannot be decoded)",
                Place(number, error.start + 1),
            ) from None
        if number == 1 and line.startswith("\ufeff"):
            line = line[1:]
        if line.endswith("\r\n"):
            line = line[:-2] + "\n"
        yield line
