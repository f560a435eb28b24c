"""Read the headers of a record's games without reading or playing their turns.

A header is found from each game's tag lines alone, the way the file is cut into games;
``Header.game()`` reads and checks that one game in full when it is wanted, so that a
search over a folder plays only the games it keeps.
"""

from __future__ import annotations

import io
import itertools
import os
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import IO, BinaryIO, Final, cast

from meridina.notation.driver import RulingDefaults, check_game
from meridina.notation.game_text import make_tag
from meridina.notation.reader import UnreadableInput, iter_chunks, parse_chunk
from meridina.notation.splitter import LARGEST_GAME, GameChunk, GameTooLong, split_games
from meridina.rules.common import Place

from .api import Game, MeridinaError, Source, _rulings, _with_board

__all__ = ["Header", "read_headers"]

Boards = Mapping[str, str | os.PathLike[str]]
# A line of the header: one whole tag (the grammar's WORD and STRING), a comment may follow.
_TAG: Final = re.compile(
    r"""[^\S\n]*\[[^\S\n]*([A-Za-z][A-Za-z0-9_'\-]*)[^\S\n]+("(?:[^"\\\n]|\\.)*")[^\S\n]*\]"""
    r"""[^\S\n]*(?:;.*)?"""
)


class Header:
    """One game of a record known by its header alone: its tags, where it stands, and
    ``game()`` to read and check it in full."""

    def __init__(
        self,
        chunk: GameChunk,
        number: int,
        file: str,
        base: Path,
        rulings: RulingDefaults | None,
        boards: Boards | None,
    ) -> None:
        self._chunk = chunk
        self._base = base
        self._rulings = rulings
        self._boards = boards
        self.file = file
        """The file the game was read from (``"<stream>"`` for a stream without a name)."""
        self.number = number
        """The game's number in its file, from 1."""
        self.first_line = chunk.first_line
        """The line of the file the game starts on."""
        self.tags = header_tags(chunk.text)
        """The tags of the header, by name as written (the first of a name written twice);
        the lines before the first that is not a whole tag, a comment or blank."""

    def __repr__(self) -> str:
        return f"<Header {self.number} of {self.file}: {self.title}>"

    @property
    def title(self) -> str | None:
        """The Game tag's value, as written without its spaces around; None without one."""
        value = self.tags.get("Game")
        return None if value is None else value.strip()

    @property
    def text(self) -> str:
        """The game as it stands in the file."""
        return self._chunk.text

    def game(self) -> Game:
        """The game read and checked in full, as ``read_games`` gives it."""
        parsed = _with_board(parse_chunk(self.number, self._chunk), self._boards)
        return Game(
            check_game(parsed, self._base, self._rulings), self.file, self._base, self._rulings
        )


def header_tags(text: str) -> dict[str, str]:
    """The tags of a game's header lines, read by their lines alone."""
    tags: dict[str, str] = {}
    for number, line in enumerate(text.split("\n"), start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith(";"):
            continue
        found = _TAG.fullmatch(line)
        if found is None:
            break
        at = Place(number, 1)
        tags.setdefault(found[1], make_tag(found[1], found[2], at, at).value)
    return tags


def read_headers(
    source: Source, *, rulings: str | None = None, boards: Boards | None = None
) -> Iterator[Header]:
    """The headers of a record's games, one at a time, without reading their turns.

    ``source``, ``rulings`` and ``boards`` are as ``read_games`` takes them; they are used
    by ``Header.game()``. Much quicker than ``read_games`` to pick games by their tags.
    """
    defaults = _rulings(rulings)
    if isinstance(source, str | os.PathLike):
        path = Path(source)
        if path.is_dir():
            raise MeridinaError(f"{path}: is a folder; give the record files one by one")
        chunks, name, base = iter_chunks(path), str(path), path.parent
    else:
        name = str(getattr(source, "name", "<stream>"))
        chunks, base = _stream_chunks(source, name), Path.cwd()
    try:
        for number, chunk in chunks:
            yield Header(chunk, number, name, base, defaults, boards)
    except UnreadableInput as error:
        raise MeridinaError(str(error)) from None
    except GameTooLong as error:
        raise MeridinaError(
            f"{name}:{error.first_line}: the game starting here is longer than "
            f"{LARGEST_GAME} characters; a game is far shorter"
        ) from None


def _stream_chunks(stream: IO[str] | IO[bytes], name: str) -> Iterator[tuple[int, GameChunk]]:
    """The games of an open file, as ``read_games`` cuts them."""
    if isinstance(stream, io.TextIOBase) or isinstance(stream.read(0), str):
        text = cast(IO[str], stream)
        lines = (line[:-2] + "\n" if line.endswith("\r\n") else line for line in text)
        first = next(lines, "").removeprefix("\ufeff")
        yield from enumerate(
            split_games(itertools.chain((first,), lines) if first else lines), start=1
        )
    else:
        yield from iter_chunks(cast(BinaryIO, stream), name)
