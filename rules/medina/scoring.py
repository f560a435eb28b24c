"""Medina's scoring: each owned palace, the tiles, and the tie-break."""

from __future__ import annotations

from dataclasses import dataclass, replace

from .model import NEUTRAL, TieBreak, WellBonus
from .state import MERCHANT, WALL, Palace, State
from .tiles import describe_palace


@dataclass(frozen=True, slots=True)
class PalaceScore:
    palace: Palace
    name: str  # "orange palace at E5"
    buildings: int
    stables: int
    walls: int
    merchants: int
    well: int

    @property
    def total(self) -> int:
        return self.buildings + self.stables + self.walls + self.merchants + self.well


@dataclass(frozen=True, slots=True)
class PlayerScore:
    index: int
    name: str
    colour: str
    palaces: tuple[PalaceScore, ...]
    palace_tiles: tuple[str, ...]  # colours
    tower_tiles: tuple[int, ...]
    tiles: int  # points from tiles
    total: int
    largest: int  # size of the largest palace (tie-break)
    largest_roofed_at: int | None
    rank: int


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    players: tuple[PlayerScore, ...]  # seat order
    finished: bool
    supplies_known: bool = True  # False after a position: who placed what is not known

    def ranking(self) -> list[PlayerScore]:
        return sorted(self.players, key=lambda p: (p.rank, p.index))


def palace_score(state: State, palace: Palace) -> PalaceScore:
    board = state.board
    cells = palace.cells()
    touching = {n for cell in cells for n in board.neighbours(cell)} - cells
    walls = sum(1 for cell in touching if state.pieces.get(cell) == WALL)
    merchants = sum(1 for cell in touching if state.pieces.get(cell) == MERCHANT)
    well = 0
    if state.well is not None:
        distance = state.edition.well_distance
        wx, wy = state.well
        for x, y in cells:
            if (x == wx and abs(y - wy) == distance) or (y == wy and abs(x - wx) == distance):
                well += state.edition.well_bonus
        if state.rulings.well_bonus is WellBonus.PALACE:
            well = min(well, state.edition.well_bonus)
    return PalaceScore(
        palace,
        describe_palace(palace),
        len(palace.buildings),
        len(palace.stables),
        walls,
        merchants,
        well,
    )


def score(state: State, finished: bool = False) -> ScoreSheet:
    rows = []
    for index, player in enumerate(state.players):
        owned = sorted(state.owned(player.colour), key=lambda p: p.roofed_at or 0)
        palaces = tuple(palace_score(state, p) for p in owned)
        palace_tiles = tuple(
            c for c in state.edition.colours if state.holder_of_palace_tile(c) == player.colour
        )
        towers = tuple(sorted(t for t, h in state.tower_tiles.items() if h == player.colour))
        tiles = sum(state.edition.palace_tiles[c] for c in palace_tiles) + sum(towers)
        largest = max((p.size for p in owned), default=0)
        first = min((p.roofed_at or 0 for p in owned if p.size == largest), default=None)
        total = sum(p.total for p in palaces) + tiles
        rows.append(
            PlayerScore(
                index, player.name, player.colour, palaces, palace_tiles, towers, tiles, total,
                largest, first, rank=0,
            )
        )  # fmt: skip

    tie_break = state.rulings.tie_break is TieBreak.PALACE

    def key(row: PlayerScore) -> tuple[int, int, int]:
        # Higher points, then the larger largest palace, then the earlier roof on it.
        if not tie_break:
            return (-row.total, 0, 0)
        roofed = row.largest_roofed_at if row.largest_roofed_at is not None else 10**6
        return (-row.total, -row.largest, roofed)

    ranked = tuple(
        replace(row, rank=1 + sum(1 for other in rows if key(other) < key(row))) for row in rows
    )
    known = all(hand.known for hand in state.hands.values())
    return ScoreSheet(ranked, finished, known)


def neutral_palaces(state: State) -> list[Palace]:
    return [p for p in state.palaces.values() if p.owner == NEUTRAL]
