"""A Medina game's state: the city, the palaces, each player's supply and the tiles."""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from typing import Any, TypeVar

from .board import Board, Edition
from .model import NEUTRAL, Cell, Player, Rulings

BUILDING, STABLE, MERCHANT, WALL, WELL = "building", "stable", "merchant", "wall", "well"

_new = object.__new__  # an instance with its slots still to fill
_NONE_OWN: frozenset[Any] = frozenset()  # shared by the states that own nothing yet

T = TypeVar("T")


def _with(owned: AbstractSet[T], item: T) -> AbstractSet[T]:
    """``owned`` with ``item`` added: in place, unless it is the shared empty set."""
    if isinstance(owned, set):
        owned.add(item)
        return owned
    return {item}


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
        # Filled in slot by slot: quicker than the dataclass's __init__.
        clone = _new(Palace)
        clone.ident = self.ident
        clone.colour = self.colour
        clone.buildings = set(self.buildings)
        clone.stables = set(self.stables)
        clone.owner = self.owner
        clone.roofed_at = self.roofed_at
        return clone


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
        clone = _new(Hand)
        clone.buildings = self.buildings.copy()
        clone.roofs = self.roofs
        clone.neutral_roofs = self.neutral_roofs
        clone.stables = self.stables
        clone.merchants = self.merchants
        clone.walls = self.walls
        clone.tea = self.tea
        clone.known = self.known
        return clone


# What a state may change in place rather than copy first (``State.own``): a copy
# shares these containers with the state it came from until one of them changes.
# (``pieces`` and ``palace_at`` change on most turns: a copy gets its own at once.)
STREETS, WALLS, TILES, RETIRED = 1, 2, 4, 8
ALL_OWN = STREETS | WALLS | TILES | RETIRED


@dataclass(slots=True)
class State:
    """A game's state, one per turn. A copy shares with the state it came from all that
    neither changes in place (palaces, hands, the city's containers); whatever a state
    changes that it does not own yet is cloned first, through ``palace_to_change``,
    ``hand_to_change`` and the other ``*_to_change``."""

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
    # (None: all); a copy gets clones of them. (An empty one is the shared _NONE_OWN
    # until something is added.)
    own_palaces: AbstractSet[int] | None = field(default=None, repr=False, compare=False)
    own_hands: AbstractSet[str] | None = field(default=None, repr=False, compare=False)
    # The containers (STREETS, WALLS, ...) this state may change in place.
    own: int = field(default=ALL_OWN, repr=False, compare=False)
    # The unfinished palaces of each colour, remembered until the next placement.
    open_palaces: dict[str, list[int]] = field(default_factory=dict, repr=False, compare=False)

    # How many opening turns place a single piece (the edition's rule for this count).
    opening_turns: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.seat_colours = tuple(player.colour for player in self.players)
        self.opening_turns = self.edition.single_piece_turns.get(len(self.players), 0)

    def copy(self) -> State:
        """A state to play on from this one, which is left exactly as it was.

        The copy shares with this state what neither changes in place; of whatever this
        state may still change in place (its own palaces, hands and containers) the copy
        gets a clone.
        """
        palaces = self.palaces.copy()
        own = self.own_palaces
        cloned = set(palaces) if own is None else own
        for ident in cloned:
            palaces[ident] = palaces[ident].clone()
        hands = self.hands.copy()
        own_hands = self.own_hands
        cloned_hands = set(hands) if own_hands is None else own_hands
        for colour in cloned_hands:
            hands[colour] = hands[colour].clone()
        clone = State.__new__(State)
        clone.board = self.board
        clone.edition = self.edition
        clone.options = self.options
        clone.rulings = self.rulings
        clone.players = self.players
        clone.hands = hands
        clone.pieces = self.pieces.copy()
        clone.palace_at = self.palace_at.copy()
        clone.palaces = palaces
        held = self.own
        streets = self.streets
        if held & STREETS and streets:  # only the current street can still grow
            streets = [*streets[:-1], list(streets[-1])]
        clone.streets = streets
        clone.arm_fill = list(self.arm_fill) if held & WALLS else self.arm_fill
        clone.wall_tower = self.wall_tower.copy() if held & WALLS else self.wall_tower
        clone.well = self.well
        tiles = held & TILES
        clone.palace_tiles = self.palace_tiles.copy() if tiles else self.palace_tiles
        clone.tower_tiles = self.tower_tiles.copy() if tiles else self.tower_tiles
        clone.tower_merchants = self.tower_merchants.copy() if tiles else self.tower_merchants
        clone.tea_claims = self.tea_claims
        clone.retired = set(self.retired) if held & RETIRED else self.retired
        clone.next_seat = self.next_seat
        clone.turns_played = self.turns_played
        clone.roofs_placed = self.roofs_placed
        clone.passes_in_a_row = self.passes_in_a_row
        clone.seat_colours = self.seat_colours
        clone.opening_turns = self.opening_turns
        # (What was cloned here is cloned again when the copy changes it: a palace's sets
        # then keep the order that the games written from seeds depend on.)
        clone.own_palaces = _NONE_OWN
        clone.own_hands = _NONE_OWN
        clone.own = 0
        clone.open_palaces = {}
        return clone

    def detached(self) -> State:
        """A working copy that shares nothing that changes with this state, and is all its
        own to change in place (this state is left exactly as it was)."""
        work = self.copy()
        work.hands = {colour: hand.clone() for colour, hand in self.hands.items()}
        work.palaces = {ident: palace.clone() for ident, palace in self.palaces.items()}
        work.streets = [list(street) for street in self.streets]
        work.arm_fill = list(self.arm_fill)
        work.wall_tower = self.wall_tower.copy()
        work.palace_tiles = self.palace_tiles.copy()
        work.tower_tiles = self.tower_tiles.copy()
        work.tower_merchants = self.tower_merchants.copy()
        work.retired = set(self.retired)
        work.own_all()
        return work

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
            self.own_palaces = _with(self.own_palaces, ident)

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
