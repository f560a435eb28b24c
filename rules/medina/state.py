"""A Medina game's state: the city, the palaces, each player's supply and the tiles."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from .board import Board, Edition
from .model import NEUTRAL, Cell, Player, Rulings

BUILDING, STABLE, MERCHANT, WALL, WELL = "building", "stable", "merchant", "wall", "well"


@dataclass
class Palace:
    """Connected buildings of one colour and the stables attached to them."""

    ident: int
    colour: str
    buildings: set[Cell]
    stables: set[Cell] = field(default_factory=set)
    owner: str | None = None  # a player's colour, NEUTRAL, or None while unroofed
    roofed_at: int | None = None  # order of roofing, for the tie-break

    @property
    def roofed(self) -> bool:
        return self.owner is not None

    @property
    def size(self) -> int:
        return len(self.buildings) + len(self.stables)

    def cells(self) -> set[Cell]:
        return self.buildings | self.stables


@dataclass
class Hand:
    """What a player still holds; None counts are unknown (a position gave no hands)."""

    buildings: dict[str, int]
    roofs: int
    neutral_roofs: int
    stables: int
    merchants: int
    walls: int
    tea: int = 0
    known: bool = True

    def pieces(self) -> int:
        return (
            sum(self.buildings.values())
            + self.roofs
            + self.neutral_roofs
            + self.stables
            + self.merchants
            + self.walls
        )


@dataclass
class State:
    board: Board
    edition: Edition
    options: frozenset[str]
    rulings: Rulings
    players: tuple[Player, ...]
    hands: dict[str, Hand]
    pieces: dict[Cell, str] = field(default_factory=dict)  # cell -> BUILDING, STABLE, ...
    palace_at: dict[Cell, int] = field(default_factory=dict)  # building or stable -> palace
    palaces: dict[int, Palace] = field(default_factory=dict)
    streets: list[list[Cell]] = field(default_factory=list)  # the last is the current one
    arm_fill: list[int] = field(default_factory=list)  # walls on each of board.arms
    wall_tower: dict[Cell, int] = field(default_factory=dict)
    well: Cell | None = None
    palace_tiles: dict[str, int | None] = field(default_factory=dict)  # colour -> palace id
    tower_tiles: dict[int, str | None] = field(default_factory=dict)  # tower -> holder
    tower_merchants: dict[int, int] = field(default_factory=dict)  # merchants still on tiles
    tea_claims: int = 0
    retired: set[str] = field(default_factory=set)
    next_seat: int = 0
    turns_played: int = 0
    roofs_placed: int = 0
    passes_in_a_row: int = 0

    def copy(self) -> State:
        clone = copy.copy(self)
        clone.hands = {p: copy.copy(h) for p, h in self.hands.items()}
        for hand in clone.hands.values():
            hand.buildings = dict(hand.buildings)
        clone.pieces = dict(self.pieces)
        clone.palace_at = dict(self.palace_at)
        clone.palaces = {
            i: Palace(p.ident, p.colour, set(p.buildings), set(p.stables), p.owner, p.roofed_at)
            for i, p in self.palaces.items()
        }
        clone.streets = [list(street) for street in self.streets]
        clone.arm_fill = list(self.arm_fill)
        clone.wall_tower = dict(self.wall_tower)
        clone.palace_tiles = dict(self.palace_tiles)
        clone.tower_tiles = dict(self.tower_tiles)
        clone.tower_merchants = dict(self.tower_merchants)
        clone.retired = set(self.retired)
        return clone

    @property
    def seat_colours(self) -> tuple[str, ...]:
        return tuple(player.colour for player in self.players)

    def palace(self, cell: Cell) -> Palace | None:
        ident = self.palace_at.get(cell)
        return self.palaces[ident] if ident is not None else None

    def owned(self, player: str) -> list[Palace]:
        return [p for p in self.palaces.values() if p.owner == player]

    def near_well(self, cell: Cell) -> bool:
        """The well and the eight fields around it take no building or stable."""
        if self.well is None:
            return False
        return abs(cell[0] - self.well[0]) <= 1 and abs(cell[1] - self.well[1]) <= 1

    def towers_touching(self, palace: Palace) -> set[int]:
        towers = set()
        for cell in palace.cells():
            for other in self.board.neighbours(cell):
                tower = self.wall_tower.get(other)
                if tower is not None:
                    towers.add(tower)
        return towers

    def has_pieces(self, player: str) -> bool:
        hand = self.hands[player]
        return not hand.known or hand.pieces() > 0

    def holder_of_palace_tile(self, colour: str) -> str | None:
        ident = self.palace_tiles.get(colour)
        if ident is None:
            return None
        owner = self.palaces[ident].owner
        return owner if owner != NEUTRAL else None
