"""A Meridian game's state: towers on the board, pieces in hand, cards played, who is next."""

from __future__ import annotations

from dataclasses import dataclass, field

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
        return cls(players, colours, rotation, owner_of, free)


@dataclass(frozen=True, slots=True)
class State:
    board: Board
    seating: Seating
    rulings: Rulings
    columns: tuple[Column, ...]  # index 0 = meridian 1
    hands: dict[str, int]
    played: dict[str, frozenset[Card]]
    next_index: int  # into ``rotation`` (or ``players`` when players alternate freely)
    cards_known: bool = True  # False when a position did not say which cards were played
    decks: dict[str, tuple[Card, ...]] = field(default_factory=dict)
    ever_built: frozenset[int] = frozenset()  # meridians that have held a tower
    turns_applied: int = 0

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
        return 2 if len(self.players) == 2 else 1

    def owner(self, colour: str) -> int:
        return self.seating.owner_of[colour]

    def cards_left(self, colour: str) -> int:
        return len(DECK) - len(self.played[colour])

    @property
    def finished(self) -> bool:
        return self.cards_known and all(self.cards_left(c) == 0 for c in self.colours)

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
