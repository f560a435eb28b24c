"""A Medina game's state: the city, the palaces, each player's supply and the tiles."""

from __future__ import annotations

from collections.abc import MutableMapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .copy_on_write import (
    ALL_OWN,
    RETIRED,
    STREETS,
    TILES,
    WALLS,
    copy_state,
    detached_state,
    owned_with,
)
from .model import NEUTRAL, Cell, Player, Rulings
from .undo import Journal, K, V

if TYPE_CHECKING:  # (the board's module reads the set-up rules, which need the state)
    from .board import Board, Edition

BUILDING, STABLE, MERCHANT, WALL, WELL = "building", "stable", "merchant", "wall", "well"


@dataclass(slots=True)
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

    def clone(self) -> Palace:
        return Palace(
            self.ident,
            self.colour,
            set(self.buildings),
            set(self.stables),
            self.owner,
            self.roofed_at,
        )


@dataclass(slots=True)
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

    def clone(self) -> Hand:
        return Hand(
            self.buildings.copy(),
            self.roofs,
            self.neutral_roofs,
            self.stables,
            self.merchants,
            self.walls,
            self.tea,
            self.known,
        )


@dataclass(slots=True)
class State:
    """A game's state, one per turn. A copy shares with the state it came from all that
    neither changes in place (palaces, hands, the city's containers); whatever a state
    changes that it does not own yet is cloned first, through ``palace_to_change``,
    ``hand_to_change`` and the other ``*_to_change`` (see ``copy_on_write``)."""

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
    seat_colours: tuple[str, ...] = field(init=False, repr=False, compare=False)
    # ``own_palaces`` and ``own_hands`` are this state's alone, free to change in place
    # (None: all); a copy gets clones of them. (An empty one is the shared NONE_OWN
    # until something is added.)
    own_palaces: AbstractSet[int] | None = field(default=None, repr=False, compare=False)
    own_hands: AbstractSet[str] | None = field(default=None, repr=False, compare=False)
    # The containers (STREETS, WALLS, ...) this state may change in place.
    own: int = field(default=ALL_OWN, repr=False, compare=False)
    # The unfinished palaces of each colour, remembered until the next placement.
    open_palaces: dict[str, list[int]] = field(default_factory=dict, repr=False, compare=False)
    # The free building fields that touch no palace, remembered until the city changes.
    open_fields: AbstractSet[Cell] | None = field(default=None, repr=False, compare=False)
    # What the turns played in place changed, to take them back (a live position's own).
    journal: Journal | None = field(default=None, repr=False, compare=False)

    # How many opening turns place a single piece (the edition's rule for this count).
    opening_turns: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.seat_colours = tuple(player.colour for player in self.players)
        self.opening_turns = self.edition.single_piece_turns.get(len(self.players), 0)

    def copy(self) -> State:
        """A state to play on from this one, which is left exactly as it was (see
        ``copy_on_write``)."""
        return copy_state(self)

    def detached(self) -> State:
        """A working copy that shares nothing that changes with this state, and is all its
        own to change in place (this state is left exactly as it was)."""
        return detached_state(self)

    def own_all(self) -> None:
        """Say that everything here is this state's own: changed in place from now on."""
        self.own_palaces = None
        self.own_hands = None
        self.own = ALL_OWN

    def street_to_change(self) -> list[list[Cell]]:
        """The streets, with the current (last) one this state's own to grow."""
        if not self.own & STREETS:
            streets = self.streets
            # Only the current street can still grow.
            self.streets = [*streets[:-1], list(streets[-1])] if streets else []
            self.own |= STREETS
        return self.streets

    def walls_to_change(self) -> tuple[list[int], dict[Cell, int]]:
        """``arm_fill`` and ``wall_tower``, this state's own."""
        if not self.own & WALLS:
            self.arm_fill = list(self.arm_fill)
            self.wall_tower = self.wall_tower.copy()
            self.own |= WALLS
        return self.arm_fill, self.wall_tower

    def tiles_to_change(self) -> None:
        """Make ``palace_tiles``, ``tower_tiles`` and ``tower_merchants`` this state's own."""
        if not self.own & TILES:
            self.palace_tiles = self.palace_tiles.copy()
            self.tower_tiles = self.tower_tiles.copy()
            self.tower_merchants = self.tower_merchants.copy()
            self.own |= TILES

    def retired_to_change(self) -> set[str]:
        if not self.own & RETIRED:
            self.retired = set(self.retired)
            self.own |= RETIRED
        return self.retired

    def palace_to_change(self, ident: int) -> Palace:
        """The palace ``ident``, this state's own copy of it, ready to be changed."""
        palace = self.palaces[ident]
        own = self.own_palaces
        if own is not None and ident not in own:
            palace = self.palaces[ident] = palace.clone()
            if isinstance(own, set):
                own.add(ident)
            else:
                self.own_palaces = {ident}
        return palace

    def add_palace(self, palace: Palace) -> None:
        ident = palace.ident
        self.palaces[ident] = palace
        if self.own_palaces is not None:
            self.own_palaces = owned_with(self.own_palaces, ident)

    def hand_to_change(self, player: str) -> Hand:
        """The player's hand, this state's own copy of it, ready to be changed."""
        hand = self.hands[player]
        own = self.own_hands
        if own is not None and player not in own:
            hand = self.hands[player] = hand.clone()
            if isinstance(own, set):
                own.add(player)
            else:
                self.own_hands = {player}
        return hand

    def city_changes(self) -> None:
        """Forget what was worked out of the city as it was (a piece is about to be placed)."""
        if self.open_palaces:
            self.open_palaces.clear()
        self.open_fields = None

    def changing(self, owner: object, name: str) -> None:
        """The field ``name`` of ``owner`` (this state, a hand, a palace) is about to change."""
        journal = self.journal
        if journal is not None:
            journal.field(owner, name)

    def changing_item(self, table: MutableMapping[K, V], key: K) -> None:
        """``table[key]`` (one of this state's tables, or a hand's) is about to change."""
        if self.journal is not None:
            self.journal.item(table, key)

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
        towers: set[int] = set()
        wall_tower = self.wall_tower
        if not wall_tower:
            return towers
        ring_next_to = self.board.ring_next_to  # walls stand only on the ring
        for cells in (palace.buildings, palace.stables):
            for cell in cells:
                for other in ring_next_to[cell]:
                    tower = wall_tower.get(other)
                    if tower is not None:
                        towers.add(tower)
        return towers

    def has_pieces(self, player: str) -> bool:
        return holds_pieces(self.hands[player])

    def holder_of_palace_tile(self, colour: str) -> str | None:
        ident = self.palace_tiles.get(colour)
        if ident is None:
            return None
        owner = self.palaces[ident].owner
        return owner if owner != NEUTRAL else None


def holds_pieces(hand: Hand) -> bool:
    """Whether a hand has any piece left to place (tea tiles are not pieces)."""
    # Counts never drop below 0, so "any left" is "more than 0 in all".
    if not hand.known or hand.roofs > 0 or hand.walls > 0 or hand.merchants > 0:
        return True
    if hand.stables > 0 or hand.neutral_roofs > 0:
        return True
    return any(count > 0 for count in hand.buildings.values())
