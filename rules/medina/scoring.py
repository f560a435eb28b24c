"""Medina's scoring: each owned palace, the tiles, and the tie-break."""

from __future__ import annotations

from collections.abc import Iterable

from meridina.rules.common import value
from meridina.rules.rule_home import decides
from meridina.rules.values_fast import fast_value

from .model import NEUTRAL, Cell, StableMerchants, TieBreak, WellBonus
from .state import MERCHANT, WALL, Palace, State
from .tiles import describe_palace

# Module names: Enum members are slow to read off their class.


@fast_value  # made for every palace of every game scored
class PalaceScore:
    palace: Palace
    buildings: int
    stables: int
    walls: int
    merchants: int
    well: int

    @property
    def name(self) -> str:
        """Such as "orange palace at E5"; worked out when read (most scores are only summed)."""
        return describe_palace(self.palace)

    @property
    def total(self) -> int:
        return self.buildings + self.stables + self.walls + self.merchants + self.well

    def __repr__(self) -> str:
        # As the dataclass would write it with ``name`` a field after ``palace``.
        return (
            f"PalaceScore(palace={self.palace!r}, name={self.name!r}, "
            f"buildings={self.buildings!r}, stables={self.stables!r}, walls={self.walls!r}, "
            f"merchants={self.merchants!r}, well={self.well!r})"
        )


@fast_value
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


@value
class ScoreSheet:
    players: tuple[PlayerScore, ...]  # seat order
    finished: bool
    supplies_known: bool = True  # False after a position: who placed what is not known

    def ranking(self) -> list[PlayerScore]:
        return sorted(self.players, key=lambda p: (p.rank, p.index))


@decides("MED-E2")
def palace_score(state: State, palace: Palace) -> PalaceScore:
    next_to = state.board.next_to
    pieces = state.pieces
    buildings, stables = palace.buildings, palace.stables
    # Walls and merchants next to the palace, each counted once; a palace's own cells
    # hold buildings and stables, never one of these. Next to a stable, merchants count
    # only under the ruling stable-merchants=yes.
    beside: set[Cell] = set()
    by_stables = (
        (WALL, MERCHANT) if state.rulings.stable_merchants is StableMerchants.YES else (WALL,)
    )
    for cells, counted in ((buildings, (WALL, MERCHANT)), (stables, by_stables)):
        for cell in cells:
            for other in next_to[cell]:
                piece = pieces.get(other)
                if piece in counted:
                    beside.add(other)
    walls = merchants = 0
    for cell in beside:
        if pieces[cell] == WALL:
            walls += 1
        else:
            merchants += 1
    well = well_bonus(state, buildings, stables)
    return PalaceScore(palace, len(buildings), len(stables), walls, merchants, well)


@decides("MED-E3")
def well_bonus(state: State, buildings: Iterable[Cell], stables: Iterable[Cell]) -> int:
    """The points a palace's buildings and stables score beside the well."""
    well = 0
    if state.well is not None:
        edition = state.edition
        distance, bonus = edition.well_distance, edition.well_bonus
        wx, wy = state.well
        for cells in (buildings, stables):
            for x, y in cells:
                if (x == wx and abs(y - wy) == distance) or (y == wy and abs(x - wx) == distance):
                    well += bonus
        if state.rulings.well_bonus is WellBonus.PALACE:
            well = min(well, bonus)
    return well


@decides("MED-E4")  # the tiles' points; the palaces' come from palace_score
def score(state: State, finished: bool = False) -> ScoreSheet:
    edition = state.edition
    owned_by: dict[str | None, list[Palace]] = {}
    for palace in state.palaces.values():
        owned_by.setdefault(palace.owner, []).append(palace)
    tile_holders = [(c, state.holder_of_palace_tile(c)) for c in edition.colours]
    tie_break = state.rulings.tie_break is TieBreak.PALACE
    rows = []
    for index, player in enumerate(state.players):
        colour = player.colour
        owned = sorted(owned_by.get(colour, ()), key=_roof_order)
        palaces = tuple(palace_score(state, p) for p in owned)
        palace_tiles = tuple(c for c, holder in tile_holders if holder == colour)
        towers = tuple(sorted(t for t, h in state.tower_tiles.items() if h == colour))
        tiles = sum(edition.palace_tiles[c] for c in palace_tiles) + sum(towers)
        largest = max((p.size for p in owned), default=0)
        first = min((p.roofed_at or 0 for p in owned if p.size == largest), default=None)
        total = sum(p.total for p in palaces) + tiles
        # Higher points, then the larger largest palace, then the earlier roof on it.
        if tie_break:
            key = (-total, -largest, first if first is not None else 10**6)
        else:
            key = (-total, 0, 0)
        row = (index, player.name, colour, palaces, palace_tiles, towers, tiles, total, largest)
        rows.append((key, row, first))
    ranked = tuple(
        PlayerScore(*row, first, rank=1 + sum(1 for other, _, _ in rows if other < key))
        for key, row, first in rows
    )
    known = all(hand.known for hand in state.hands.values())
    return ScoreSheet(ranked, finished, known)


def _roof_order(palace: Palace) -> int:
    return palace.roofed_at or 0


def neutral_palaces(state: State) -> list[Palace]:
    return [p for p in state.palaces.values() if p.owner == NEUTRAL]
