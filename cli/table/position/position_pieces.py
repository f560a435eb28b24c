"""The pieces clicked onto a board, written as a record's position entries.

Each game's pieces (``position_medina``, ``position_meridian``) give their entries as
``Entry`` values: an entry knows the column of each piece in its line, so a problem the
rules find at a line and column is traced back to the piece, and so to its place on the
board.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

from meridina.json_values import JsonObject, JsonValue

INDENT = "  "  # as ``record --position`` writes each entry


class BadClick(ValueError):
    """A request the page would never send: an unknown tool, a place not on the board."""


@dataclass(frozen=True)
class Piece:
    """One piece as an entry writes it (``E5``, ``red@E5``, ``orange 2@3``), and the place
    on the board it concerns (``E5``, ``7/3``; None for a card or a tile)."""

    text: str
    target: str | None = None


@dataclass(frozen=True)
class Entry:
    key: str
    pieces: tuple[Piece, ...]

    @property
    def text(self) -> str:
        return " ".join([f"{self.key}:", *(piece.text for piece in self.pieces)])

    def piece_at(self, col: int) -> Piece | None:
        """The piece written at column ``col`` of the entry's line in the file (indented)."""
        start = len(INDENT) + len(self.key) + 3  # 1-based column of the first piece
        for piece in self.pieces:
            if start <= col < start + len(piece.text):
                return piece
            start += len(piece.text) + 1
        return None


class PositionPieces(Protocol):
    """One game's pieces on the page: clicked on and off, written as entries."""

    def entries(self) -> list[Entry]: ...

    def copy(self) -> PositionPieces:
        """The pieces as they are now, kept apart from later changes."""
        ...

    def stands(self, piece: Piece, state: object) -> bool:
        """True when the rules put ``piece`` on the board of ``state``, the position read
        with it (the game's own state, None when none could be read); a piece they leave
        off cannot stand there at all, and its click is refused."""
        ...

    def setup_tag(self) -> str | None:
        """The Setup tag's value the pieces need (Medina's well), None to keep the header's."""
        ...

    def click(self, tool: Mapping[str, JsonValue], target: str, state: object) -> Piece | None:
        """Put the tool's piece on ``target``, or take off what is there (None then);
        ``state`` is the position as read before the click. ``BadClick`` for a tool or
        target that is no such thing."""
        ...

    def change(self, what: Mapping[str, JsonValue]) -> None:
        """Change what is not clicked on the board: tiles, cards, a new street."""
        ...

    def data(self) -> JsonObject:
        """The page's palette and what it shows beside the board, as plain data."""
        ...
