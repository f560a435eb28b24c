"""What a Medina position and score say, as values (``meridina.Position.supplies`` and
``meridina.ScoreRow.detail`` give them)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Supply:
    """What one player still holds, by their roof colour; ``known`` is False when a
    position gave no hands (the counts are then 0)."""

    colour: str
    buildings: tuple[tuple[str, int], ...]
    roofs: int
    neutral_roofs: int
    stables: int
    merchants: int
    walls: int
    tea: int
    known: bool


@dataclass(frozen=True)
class PalaceScore:
    """The points one palace brings its owner, part by part."""

    palace: str
    buildings: int
    stables: int
    walls: int
    merchants: int
    well: int
    total: int


@dataclass(frozen=True)
class ScoreDetail:
    """What a player's Medina points are made of: the points of their tiles (the palace
    tiles by colour, the tower tiles by number), their palaces, and the size of their
    largest palace (the tie-break)."""

    tiles: int
    palace_tiles: tuple[str, ...]
    tower_tiles: tuple[int, ...]
    largest_palace: int
    palaces: tuple[PalaceScore, ...]
