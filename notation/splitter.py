"""Cut a record file into games without parsing it, so files are read game by game."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache

from .grammar import terminal

LARGEST_GAME = 1 << 20  # characters: a game, even richly commented, is a few KB


@lru_cache(maxsize=1)
def _tag_line() -> re.Pattern[str]:
    """A line that starts with one whole tag, of the grammar's tokens: it starts a game even
    after a brace comment left open. Built on first use, as few files need it."""
    tag_open, name, value = terminal("TAG_OPEN"), terminal("WORD"), terminal("STRING")
    return re.compile(rf"\s*{tag_open}\s*{name}\s+{value}\s*\]")


class GameTooLong(Exception):
    """A game runs past ``LARGEST_GAME`` characters; ``first_line`` is where it starts."""

    def __init__(self, first_line: int) -> None:
        super().__init__(f"the game starting on line {first_line} is too long")
        self.first_line = first_line


@dataclass(frozen=True, slots=True)
class GameChunk:
    """The text of one game and the file line it starts on."""

    text: str
    first_line: int


def split_games(lines: Iterable[str]) -> Iterator[GameChunk]:
    """Yield one chunk per game: a game ends where a tag line follows its body.

    A line counts as body once it holds anything outside comments that is not a
    tag; braces inside tag strings and after ``;`` do not open comments.

    A ``{`` that is never closed would swallow the rest of the file: inside a
    brace comment, a line that is a whole tag (``[Game "Medina"]``) starts the
    next game, and the game with the open comment is reported by the parser.
    A game longer than ``LARGEST_GAME`` raises ``GameTooLong``, so that memory
    never grows with the file.
    """
    buffer: list[str] = []
    size = 0
    first_line = 1
    in_comment = False
    seen_body = False
    for number, line in enumerate(lines, start=1):
        stripped = line.lstrip()
        starts_tag = not in_comment and stripped.startswith("[")
        resync = in_comment and _tag_line().match(line) is not None
        if (starts_tag and seen_body) or resync:
            if any(part.strip() for part in buffer):
                yield GameChunk("".join(buffer), first_line)
            buffer = []
            size = 0
            first_line = number
            seen_body = False
            in_comment = False
            starts_tag = True
        buffer.append(line)
        size += len(line)
        if size > LARGEST_GAME:
            raise GameTooLong(first_line)
        if in_comment and "}" not in line:
            continue  # Fast path: still inside a brace comment.
        if not in_comment and "{" not in line and "}" not in line:
            # Fast path: no comment braces on this line.
            if stripped and not starts_tag and not stripped.startswith(";"):
                seen_body = True
            continue
        in_comment, has_body = _scan(line, in_comment)
        if has_body and not starts_tag:
            seen_body = True
    if buffer and any(part.strip() for part in buffer):
        yield GameChunk("".join(buffer), first_line)


def _scan(line: str, in_comment: bool) -> tuple[bool, bool]:
    """Follow comment braces and strings through one line.

    Returns whether a brace comment is still open at the end of the line, and
    whether the line holds anything outside comments.
    """
    has_body = False
    in_string = False
    escaped = False
    for char in line:
        if in_comment:
            if char == "}":
                in_comment = False
        elif in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == "{":
            in_comment = True
        elif char == ";":
            break
        elif char == '"':
            in_string = True
        elif not char.isspace():
            has_body = True
    return in_comment, has_body
