"""What a Meridian position and score say, as values (``meridina.Position.supplies`` and
``meridina.ScoreRow.detail`` give them)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Supply:
    """What one colour still holds: its pieces, and, when the cards played are known, how
    many cards it has left and the two it may choose from when its deck's order is known
    (as the cards write them: ``"4"``, ``"1/2"``)."""

    colour: str
    pieces: int
    cards_left: int | None
    face_up: tuple[str, ...]


@dataclass(frozen=True)
class ScoreDetail:
    """What a player's Meridian points are made of: the islands they hold, and the pieces
    they have left (the tie-break)."""

    islands: tuple[str, ...]
    pieces_left: int
