"""A Meridian game's state: towers on the board, pieces in hand, cards played, who is next."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .board import Board
from .model import DECK, Card, Player, Rulings, Tower, TwoPlayerTurns

Column = tuple[Tower | None, ...]  # one meridian, index 0 = city 1 at the bottom


@dataclass(frozen=True, slots=True)
class Seating:
    """Who plays which colours, worked out once per game."""

    players: tuple[Player, ...]
    colours: tuple[str, ...]
    rotation: tuple[str, ...]  # colours in turn order
    owner_of: dict[str, int]  # colour -> player index
    free_turns: bool
    towers_per_player: int  # on one meridian

    @classmethod
    def of(cls, players: tuple[Player, ...], rulings: Rulings) -> Seating:
        colours = tuple(colour for player in players for colour in player.colours)
        rotation = colours
        two = len(players) == 2 and all(len(p.colours) == 2 for p in players)
        if two:
            # In the 2-player game the partners' colours interleave.
            first, second = players
            rotation = (first.colours[0], second.colours[0], first.colours[1], second.colours[1])
        owner_of = {c: index for index, player in enumerate(players) for c in player.colours}
        free = two and rulings.two_player_turns is TwoPlayerTurns.FREE
        return cls(players, colours, rotation, owner_of, free, 2 if len(players) == 2 else 1)


class State:
    """A game between turns.

    A plain slotted class, not a frozen dataclass, as one is made for every turn. A
    state is never changed once made: a turn makes the next one (``successor``),
    sharing every part the turn leaves alone.
    """

    __slots__ = (
        "board",
        "cards_known",
        "columns",
        "decks",
        "ever_built",
        "hands",
        "next_index",
        "played",
        "rulings",
        "seating",
        "turns_applied",
        "unplayed",
    )

    board: Board
    seating: Seating
    rulings: Rulings
    columns: tuple[Column, ...]  # index 0 = meridian 1
    hands: dict[str, int]
    played: dict[str, frozenset[Card]]
    next_index: int  # into ``rotation`` (or ``players`` when players alternate freely)
    cards_known: bool  # False when a position did not say which cards were played
    decks: dict[str, tuple[Card, ...]]
    ever_built: frozenset[int]  # meridians that have held a tower
    turns_applied: int
    unplayed: int  # cards not yet played, all colours together

    def __init__(
        self,
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
    ) -> None:
        self.board = board
        self.seating = seating
        self.rulings = rulings
        self.columns = columns
        self.hands = hands
        self.played = played
        self.next_index = next_index
        self.cards_known = cards_known
        self.decks = {} if decks is None else decks
        self.ever_built = ever_built
        self.turns_applied = turns_applied
        self.unplayed = sum(len(DECK) - len(played[c]) for c in seating.colours)

    def changed(self, **changes: Any) -> State:
        """A copy with the given fields changed (for setting up; a turn uses ``successor``)."""
        fields = {name: getattr(self, name) for name in self.__slots__ if name != "unplayed"}
        return State(**{**fields, **changes})

    def successor(
        self,
        columns: tuple[Column, ...],
        hands: dict[str, int],
        played: dict[str, frozenset[Card]],
        next_index: int,
        ever_built: frozenset[int],
        unplayed: int,
    ) -> State:
        """The state after a turn: what the turn changed is given, the rest is shared."""
        after = State.__new__(State)
        after.board = self.board
        after.seating = self.seating
        after.rulings = self.rulings
        after.columns = columns
        after.hands = hands
        after.played = played
        after.next_index = next_index
        after.cards_known = self.cards_known
        after.decks = self.decks
        after.ever_built = ever_built
        after.turns_applied = self.turns_applied + 1
        after.unplayed = unplayed
        return after

    def __repr__(self) -> str:
        return f"State(turns_applied={self.turns_applied}, columns={self.columns!r})"

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
        return len(DECK) - len(self.played[colour])

    @property
    def finished(self) -> bool:
        return self.cards_known and self.unplayed == 0

    def expected_colours(self) -> tuple[str, ...]:
        """The colours that may play the next card."""
        if self.free_turns:
            player = self.players[self.next_index % 2]
            return tuple(c for c in player.colours if self.cards_left(c) > 0) or player.colours
        return (self.rotation[self.next_index % len(self.rotation)],)

    def face_up(self, colour: str) -> tuple[Card, ...] | None:
        """The two cards a colour may choose from, when its deck order is known."""
        deck = self.decks.get(colour)
        if deck is None:
            return None
        played = self.played[colour]
        return tuple([card for card in deck if card not in played][:2])

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


def who(state: State, owner: int) -> str:
    """How a message names a player: by name, else by colours."""
    player = state.players[owner]
    return player.name or " and ".join(player.colours)
