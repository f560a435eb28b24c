"""Cut a record file into games without parsing it, so files are read game by game."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class GameChunk:
    """The text of one game and the file line it starts on."""

    text: str
    first_line: int


def split_games(lines: Iterable[str]) -> Iterator[GameChunk]:
    """Yield one chunk per game: a game ends where a tag line follows its body.

    A line counts as body once it holds anything outside comments that is not a
    tag; braces inside tag strings and after ``;`` do not open comments.
    """
    buffer: list[str] = []
    first_line = 1
    in_comment = False
    seen_body = False
    for number, line in enumerate(lines, start=1):
        stripped = line.lstrip()
        starts_tag = not in_comment and stripped.startswith("[")
        if starts_tag and seen_body:
            yield GameChunk("".join(buffer), first_line)
            buffer = []
            first_line = number
            seen_body = False
        buffer.append(line)
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
