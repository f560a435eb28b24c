"""Cut a record file into games without parsing it, so files are read game by game."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from .grammar import terminal

LARGEST_GAME = 1 << 20  # characters: a game, even richly commented, is a few KB

# Lines end at "\n" only; ``[^\S\n]`` is a space inside a line, as ``str.lstrip`` sees it.
# A body line: its first non-space is neither "[" (a tag) nor ";" (a comment).
_BODY_LINE: Final = re.compile(r"^[^\S\n]*[^\s\[;]", re.MULTILINE)


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


def split_games(pieces: Iterable[str]) -> Iterator[GameChunk]:
    """Yield one chunk per game: a game ends where a tag line follows its body.

    ``pieces`` is the file's text in order, each piece ending at the end of a line (one line
    each, or blocks of many); within a piece, lines end at ``"\\n"``.

    A line counts as body once it holds anything outside comments that is not a
    tag; braces inside tag strings and after ``;`` do not open comments.

    A ``{`` that is never closed would swallow the rest of the file: inside a
    brace comment, a line that is a whole tag (``[Game "Medina"]``) starts the
    next game, and the game with the open comment is reported by the parser.
    A game longer than ``LARGEST_GAME`` raises ``GameTooLong``, so that memory
    never grows with the file.
    """
    cutter = _Cutter()
    for piece in pieces:
        if piece.find("\n", 0, len(piece) - 1) >= 0:
            yield from cutter.feed(piece)
        else:
            if (chunk := cutter.feed_line(piece)) is not None:
                yield chunk
            cutter.bound()
    yield from cutter.finish()


class _Cutter:
    """One pass over a file's text, a piece at a time.

    In a block, a stretch of lines without braces is cut with a few string searches per
    game; a line with a brace, or inside a brace comment, is followed character by
    character, as is a piece of one line.
    """

    __slots__ = (
        "counted",
        "first_line",
        "in_comment",
        "line",
        "mark",
        "parts",
        "seen_body",
        "size",
        "text",
    )

    def __init__(self) -> None:
        self.parts: list[str] = []  # the current game's text before ``mark``
        self.size = 0  # characters in ``parts``
        self.first_line = 1
        self.in_comment = False
        self.seen_body = False
        self.text = ""  # the piece being cut
        self.mark = 0  # where the current game's text not yet in ``parts`` starts
        self.counted = 0  # a line start in ``text`` ...
        self.line = 1  # ... and its line number in the file

    def feed_line(self, line: str) -> GameChunk | None:
        """Cut at a piece of one line: the game it ends, if any (then ``bound``)."""
        self.text, self.mark, self.counted = line, 0, 0
        chunk = self._line(0, len(line))
        self.parts.append(line)  # a cut falls only before the line, so it is all kept
        self.size += len(line)
        self.line += 1
        return chunk

    def bound(self) -> None:
        """Refuse the current game once it is too long."""
        if self.size > LARGEST_GAME:
            raise GameTooLong(self.first_line)

    def feed(self, text: str) -> Iterator[GameChunk]:
        """Cut at a piece of many lines: the games it ends."""
        self.text, self.mark, self.counted = text, 0, 0
        end = len(text)
        at = 0
        opening = closing = -2  # the next "{" and "}" at or after ``at``, -1 when none
        while at < end:
            if not self.in_comment:
                if opening < at and opening != -1:
                    opening = text.find("{", at)
                if closing < at and closing != -1:
                    closing = text.find("}", at)
                brace = (
                    min(opening, closing)
                    if opening >= 0 and closing >= 0
                    else max(opening, closing)
                )
                plain_end = end if brace < 0 else _line_start(text, at, brace)
                if plain_end > at:
                    yield from self._plain(at, plain_end)
                    at = plain_end
                if brace < 0:
                    break
            stop = text.find("\n", at) + 1 or end
            chunk = self._line(at, stop)
            if chunk is not None:
                yield chunk
            at = stop
        self._keep(end)
        self.line += text.count("\n", self.counted) + (not text.endswith("\n"))

    def finish(self) -> Iterator[GameChunk]:
        text = "".join(self.parts)
        if text and not text.isspace():
            yield GameChunk(text, self.first_line)

    def _plain(self, at: int, end: int) -> Iterator[GameChunk]:
        """Cut whole lines outside comments that hold no brace."""
        text = self.text
        while at < end:
            if not self.seen_body:
                # Tag, blank and ";" lines before the first body line start no game.
                found = _BODY_LINE.search(text, at, end)
                if found is None:
                    return
                self.seen_body = True
                at = text.find("\n", found.end(), end) + 1 or end
            tag = _next_tag_line(text, at, end)
            if tag < 0:
                return
            chunk = self._cut(tag)
            if chunk is not None:
                yield chunk
            at = tag

    def _line(self, start: int, stop: int) -> GameChunk | None:
        """Follow one line that holds a brace or lies inside a brace comment."""
        line = self.text[start:stop]
        chunk = None
        stripped = line.lstrip()
        starts_tag = not self.in_comment and stripped.startswith("[")
        resync = self.in_comment and _tag_line().match(line) is not None
        if (starts_tag and self.seen_body) or resync:
            chunk = self._cut(start)
            starts_tag = True
        if self.in_comment and "}" not in line:
            return chunk
        if not self.in_comment and "{" not in line and "}" not in line:
            if stripped and not starts_tag and not stripped.startswith(";"):
                self.seen_body = True
            return chunk
        self.in_comment, has_body = _scan(line, self.in_comment)
        if has_body and not starts_tag:
            self.seen_body = True
        return chunk

    def _cut(self, at: int) -> GameChunk | None:
        """End the current game before position ``at`` (a line start): the finished game's
        chunk, or None when it holds nothing but spaces."""
        self._keep(at)
        text = "".join(self.parts)
        chunk = GameChunk(text, self.first_line) if text and not text.isspace() else None
        self.parts = []
        self.size = 0
        self.line += self.text.count("\n", self.counted, at)
        self.counted = at
        self.first_line = self.line
        self.seen_body = False
        self.in_comment = False
        return chunk

    def _keep(self, upto: int) -> None:
        if upto > self.mark:
            piece = self.text[self.mark : upto]
            self.parts.append(piece)
            self.size += len(piece)
            self.mark = upto
            self.bound()


def _next_tag_line(text: str, at: int, end: int) -> int:
    """The start of the first line in ``text[at:end]`` whose first non-space is "[", or -1."""
    while (found := text.find("[", at, end)) >= 0:
        start = _line_start(text, at, found)
        if start == found or text[start:found].isspace():
            return start
        at = text.find("\n", found, end) + 1
        if not at:
            break
    return -1


def _line_start(text: str, floor: int, at: int) -> int:
    """The start of the line holding position ``at``, no earlier than ``floor``."""
    return max(floor, text.rfind("\n", floor, at) + 1)


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
