"""A Meridian game's state: towers on the board, pieces in hand, cards played, who is next."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from meridina.rules.common import value

from .board import Board
from .made_once import ALL_CARDS, card_bit, cards_of
from .model import DECK, Card, EmptyMeridian, Player, Rulings, Tower, TwoPlayerTurns

Column = tuple[Tower | None, ...]  # one meridian, index 0 = city 1 at the bottom


@value
class Seating:
    """Who plays which colours, worked out once per game."""

    players: tuple[Player, ...]
    colours: tuple[str, ...]
    rotation: tuple[str, ...]  # colours in turn order
    owner_of: dict[str, int]  # colour -> player index
    free_turns: bool
    towers_per_player: int  # on one meridian
    index_after: dict[str, int]  # colour -> ``next_index`` once it has played
    mates: dict[str, tuple[str, ...]]  # colour -> every colour of its player
    shift: dict[str, int]  # colour -> where its field of cards played starts in a state

    @classmethod
    def of(cls, players: tuple[Player, ...], rulings: Rulings) -> Seating:
        groups = tuple([player.colours for player in players])
        return cls(players, *_layout(groups, rulings.two_player_turns.value))

    @classmethod
    def cached(cls, players: tuple[Player, ...], rulings: Rulings) -> Seating:
        """``of``, made once for the seats and rulings of many games alike."""
        # Keyed by plain values, which hash without calling into Python code.
        key = (tuple([(p.name, p.colours) for p in players]), rulings.two_player_turns.value)
        seating = _SEATINGS.get(key)
        if seating is None:
            if len(_SEATINGS) >= CACHE_SIZE:
                _SEATINGS.clear()
            seating = _SEATINGS[key] = cls.of(players, rulings)
        return seating


# Games alike share their seating and table; the caches stay small however many differ.
CACHE_SIZE = 256
_SEATINGS: dict[tuple[tuple[tuple[str, tuple[str, ...]], ...], str], Seating] = {}

# A seating without its players' names: what turn order and scoring need of the seats.
Layout = tuple[
    tuple[str, ...],
    tuple[str, ...],
    dict[str, int],
    bool,
    int,
    dict[str, int],
    dict[str, tuple[str, ...]],
    dict[str, int],
]


@lru_cache(maxsize=64)
def _layout(groups: tuple[tuple[str, ...], ...], two_player_turns: str) -> Layout:
    """The fields of a ``Seating`` after its players, from each player's colours.

    Games whose players differ only by name share it (its dicts are never changed).
    """
    colours = tuple(colour for group in groups for colour in group)
    rotation = colours
    two = len(groups) == 2 and all(len(group) == 2 for group in groups)
    if two:
        # In the 2-player game the partners' colours interleave.
        first, second = groups
        rotation = (first[0], second[0], first[1], second[1])
    owner_of = {c: index for index, group in enumerate(groups) for c in group}
    free = two and two_player_turns == TwoPlayerTurns.FREE.value
    after = {c: (owner_of[c] if free else rotation.index(c)) + 1 for c in colours}
    mates = {c: groups[owner_of[c]] for c in colours}
    per_player = 2 if len(groups) == 2 else 1
    shift = {c: index * len(DECK) for index, c in enumerate(colours)}
    return colours, rotation, owner_of, free, per_player, after, mates, shift


def turn_movers(seating: Seating) -> tuple[tuple[str, ...], ...]:
    """Whose turn it is, by a state's ``next_index`` (modulo their number): the colours
    of a player with free turns, else one colour of the rotation."""
    if seating.free_turns:
        return tuple([p.colours for p in seating.players])
    return tuple([(c,) for c in seating.rotation])


class Table:
    """What stays the same through a game, shared by all its positions: the board, the
    seats, the rulings, the decks, and what the rules read of them on every turn."""

    __slots__ = (
        "all_played",
        "board",
        "cards_known",
        "decks",
        "empty_always",
        "index_after",
        "movers",
        "own_push",
        "rulings",
        "seating",
        "shift",
        "towers_per_player",
    )

    def __init__(
        self,
        board: Board,
        seating: Seating,
        rulings: Rulings,
        cards_known: bool,
        decks: dict[str, tuple[Card, ...]],
    ) -> None:
        self.board = board
        self.seating = seating
        self.rulings = rulings
        self.cards_known = cards_known
        self.decks = decks
        # Every card of every colour played: the game is over (when the cards are known;
        # otherwise -1, which no position's bits equal).
        self.all_played = (1 << len(DECK) * len(seating.colours)) - 1 if cards_known else -1
        self.movers = turn_movers(seating)  # whose turn it is, by a position's ``next_index``
        self.towers_per_player = seating.towers_per_player
        self.index_after = seating.index_after
        self.shift = seating.shift
        self.empty_always = rulings.empty_meridian is EmptyMeridian.ALWAYS
        self.own_push = rulings.own_push

    @classmethod
    def of(
        cls,
        board: Board,
        seating: Seating,
        rulings: Rulings,
        cards_known: bool,
        decks: dict[str, tuple[Card, ...]],
    ) -> Table:
        """A table, shared with earlier games on the same board and seats without decks."""
        if decks:
            return cls(board, seating, rulings, cards_known, decks)
        key = (id(board), id(seating), _ruling_names(rulings), cards_known)
        table = _TABLES.get(key)
        if table is None or table.board is not board or table.seating is not seating:
            if len(_TABLES) >= CACHE_SIZE:
                _TABLES.clear()
            table = _TABLES[key] = cls(board, seating, rulings, cards_known, decks)
        return table


_TABLES: dict[tuple[int, int, tuple[str, str, str], bool], Table] = {}


def _ruling_names(rulings: Rulings) -> tuple[str, str, str]:
    return (rulings.two_player_turns.value, rulings.empty_meridian.value, rulings.own_push.value)


class Reading:
    """What a game between turns tells, read alike from the live ``Position`` and from
    ``State``, the snapshot of one that the commands keep.

    The cards played are one number, ``played_bits``: each colour has a field of a bit
    per card of the deck, at ``seating.shift[colour]``; ``played`` shows them as sets.
    """

    __slots__ = ()

    table: Table
    columns: Sequence[Column]  # index 0 = meridian 1
    hands: dict[str, int]  # never changed in place: a turn that changes it makes a new one
    played_bits: int  # every colour's cards played, a field of bits per colour
    next_index: int  # into ``rotation`` (or ``players`` when players alternate freely)
    ever_built: frozenset[int]  # meridians that have held a tower
    turns_applied: int

    @property
    def board(self) -> Board:
        return self.table.board

    @property
    def seating(self) -> Seating:
        return self.table.seating

    @property
    def rulings(self) -> Rulings:
        return self.table.rulings

    @property
    def cards_known(self) -> bool:
        """False when a position did not say which cards were played."""
        return self.table.cards_known

    @property
    def decks(self) -> dict[str, tuple[Card, ...]]:
        return self.table.decks

    @property
    def unplayed(self) -> int:
        """Cards not yet played, all colours together."""
        return len(DECK) * len(self.seating.colours) - self.played_bits.bit_count()

    def played_mark(self, colour: str) -> int:
        """The bits of the cards ``colour`` has played."""
        return (self.played_bits >> self.seating.shift[colour]) & ALL_CARDS

    @property
    def played(self) -> dict[str, frozenset[Card]]:
        """The cards each colour has played."""
        bits = self.played_bits
        return {
            colour: cards_of((bits >> shift) & ALL_CARDS)
            for colour, shift in self.seating.shift.items()
        }

    @property
    def players(self) -> tuple[Player, ...]:
        return self.seating.players

    @property
    def colours(self) -> tuple[str, ...]:
        return self.seating.colours

    @property
    def rotation(self) -> tuple[str, ...]:
        """Colours in turn order; in the 2-player game the partners' colours interleave."""
        return self.seating.rotation

    @property
    def free_turns(self) -> bool:
        return self.seating.free_turns

    @property
    def towers_per_player(self) -> int:
        return self.seating.towers_per_player

    def owner(self, colour: str) -> int:
        return self.seating.owner_of[colour]

    def cards_left(self, colour: str) -> int:
        return len(DECK) - self.played_mark(colour).bit_count()

    @property
    def finished(self) -> bool:
        return self.played_bits == self.table.all_played

    def face_up(self, colour: str) -> tuple[Card, ...] | None:
        """The two cards a colour may choose from, when its deck order is known."""
        return face_up(self.table, self.played_bits, colour)

    def towers_on(self, meridian: int) -> list[tuple[int, Tower]]:
        return [
            (city, tower)
            for city, tower in enumerate(self.columns[meridian - 1], start=1)
            if tower is not None
        ]

    def pieces_on_board(self, colour: str) -> int:
        return sum(
            tower.height
            for column in self.columns
            for tower in column
            if tower is not None and tower.colour == colour
        )


class State(Reading):
    """A game between turns, as a value the commands keep: a snapshot of a ``Position``
    (``Position.state``), never changed once made. Snapshots share every part a turn
    left alone, and a whole game shares one ``table``."""

    __slots__ = (
        "columns",
        "ever_built",
        "hands",
        "next_index",
        "played_bits",
        "table",
        "turns_applied",
    )

    columns: tuple[Column, ...]

    def __init__(
        self,
        table: Table,
        columns: tuple[Column, ...],
        hands: dict[str, int],
        played_bits: int = 0,
        next_index: int = 0,
        ever_built: frozenset[int] = frozenset(),
        turns_applied: int = 0,
    ) -> None:
        """A state; with the defaults, a game's first: no card played, the first seat to move."""
        self.table = table
        self.columns = columns
        self.hands = hands
        self.played_bits = played_bits
        self.next_index = next_index
        self.ever_built = ever_built
        self.turns_applied = turns_applied

    @classmethod
    def new(
        cls,
        board: Board,
        seating: Seating,
        rulings: Rulings,
        columns: tuple[Column, ...],
        hands: dict[str, int],
        played: dict[str, frozenset[Card]],
        next_index: int,
        cards_known: bool = True,
        decks: dict[str, tuple[Card, ...]] | None = None,
        ever_built: frozenset[int] = frozenset(),
        turns_applied: int = 0,
    ) -> State:
        table = Table.of(board, seating, rulings, cards_known, {} if decks is None else decks)
        shift = seating.shift
        played_bits = sum(
            card_bit(card) << shift[colour] for colour, cards in played.items() for card in cards
        )
        return cls(table, columns, hands, played_bits, next_index, ever_built, turns_applied)

    def changed(
        self,
        *,
        rulings: Rulings | None = None,
        columns: tuple[Column, ...] | None = None,
        hands: dict[str, int] | None = None,
        played: dict[str, frozenset[Card]] | None = None,
        next_index: int | None = None,
        cards_known: bool | None = None,
        ever_built: frozenset[int] | None = None,
    ) -> State:
        """A copy with the fields given changed, the others kept (for setting up)."""
        return State.new(
            self.board,
            self.seating,
            self.rulings if rulings is None else rulings,
            self.columns if columns is None else columns,
            self.hands if hands is None else hands,
            self.played if played is None else played,
            self.next_index if next_index is None else next_index,
            self.cards_known if cards_known is None else cards_known,
            self.decks,
            self.ever_built if ever_built is None else ever_built,
            self.turns_applied,
        )

    def __repr__(self) -> str:
        return f"State(turns_applied={self.turns_applied}, columns={self.columns!r})"


def face_up(table: Table, played_bits: int, colour: str) -> tuple[Card, ...] | None:
    """The two cards ``colour`` may choose from, when its deck order is known, with the
    cards played ``played_bits`` (as a state keeps them)."""
    deck = table.decks.get(colour)
    if deck is None:
        return None
    mark = (played_bits >> table.seating.shift[colour]) & ALL_CARDS
    return tuple([card for card in deck if not mark & card_bit(card)][:2])


def who(seating: Seating, owner: int) -> str:
    """How a message names a player: by name, else by colours."""
    player = seating.players[owner]
    return player.name or " and ".join(player.colours)
