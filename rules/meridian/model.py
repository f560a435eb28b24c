"""Meridian's plain values: colours, cards, towers, turns and a game's setup."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from meridina.rules.common import Place, value

COLOURS: tuple[str, ...] = ("orange", "black", "grey", "brown")
PIECES_PER_COLOUR = 20
MERIDIANS = 10

# Values made for every turn (towers, builds, take-offs, turns) are plain slotted
# dataclasses rather than frozen ones, whose ``__init__`` costs several times more.
# They are still never changed once made, so they hash by value like the frozen ones.
# A game's players and setup, made for every game read, are ``value``s: frozen to the
# type checker, built at the cost of plain ones.


@dataclass(frozen=True, slots=True)
class Card:
    """A card: one meridian number, or a group of numbers to choose from."""

    numbers: tuple[int, ...]

    @property
    def label(self) -> str:
        return "-".join(str(n) for n in self.numbers)

    @property
    def is_group(self) -> bool:
        return len(self.numbers) > 1


DECK: tuple[Card, ...] = (
    *(Card((n,)) for n in range(1, 11)),
    Card((1, 2, 3)),
    Card((4, 5, 6, 7)),
    Card((8, 9, 10)),
)
CARDS_BY_LABEL: dict[str, Card] = {card.label: card for card in DECK}


@dataclass(slots=True, unsafe_hash=True)
class Tower:
    colour: str
    height: int


@dataclass(slots=True, unsafe_hash=True)
class Build:
    """Place a tower of ``height`` on ``city`` of the turn's meridian."""

    height: int
    city: int
    colour: str | None = None  # in the 2-player game: a colour other than the card's
    at: Place | None = None


@dataclass(slots=True, unsafe_hash=True)
class TakeOff:
    """Take the mover's own tower off the turn's meridian (``city`` when ambiguous)."""

    city: int | None = None
    at: Place | None = None


class Skip(Enum):
    PASS = "pass"  # chose not to place a tower
    STUCK = "stuck"  # could not place one: too few pieces


@dataclass(slots=True, unsafe_hash=True)
class Turn:
    """One card played: by ``colour``, on ``meridian``, doing the given actions."""

    colour: str
    card: Card
    meridian: int
    take_off: TakeOff | None = None
    build: Build | None = None
    skip: Skip | None = None
    number: int = 0
    at: Place | None = None
    colour_at: Place | None = None
    card_at: Place | None = None


@value
class Player:
    name: str
    colours: tuple[str, ...]


class TwoPlayerTurns(Enum):
    COLOURS = "colours"  # colours take turns in seat rotation, as in the 4-player game
    FREE = "free"  # players alternate, each turn playing a card of either colour


class EmptyMeridian(Enum):
    ALWAYS = "always"  # a tower on an empty meridian is at least 2 high, every time
    FIRST = "first"  # only the very first tower of the game on a meridian must be


class OwnPush(Enum):
    """Whether a placement may push a tower of the mover's own player (2-player game)."""

    CHAIN = "chain"  # moved further along a push chain: yes; displaced directly: no
    NEVER = "never"  # no push may move any of the player's towers
    ANY = "any"  # the player's towers may be displaced directly too


@dataclass(frozen=True, slots=True)
class Rulings:
    """meridina's choices where the rulebook is silent; a record's Rulings tag overrides."""

    two_player_turns: TwoPlayerTurns = TwoPlayerTurns.FREE
    empty_meridian: EmptyMeridian = EmptyMeridian.ALWAYS
    own_push: OwnPush = OwnPush.CHAIN


RULING_NAMES: dict[str, type[Enum]] = {
    "two-player-turns": TwoPlayerTurns,
    "empty-meridian": EmptyMeridian,
    "own-push": OwnPush,
}


@dataclass(frozen=True, slots=True)
class PlacedTower:
    """A tower given by a position: on ``city`` of ``meridian``."""

    meridian: int
    city: int
    tower: Tower
    at: Place | None = None


@dataclass(frozen=True, slots=True)
class StartPosition:
    """A game's state written out, to start from or to score."""

    towers: tuple[PlacedTower, ...] = ()
    hands: dict[str, tuple[int, Place | None]] = field(default_factory=dict)
    played: dict[str, tuple[tuple[Card, Place | None], ...]] | None = None
    to_move: tuple[str, Place | None] | None = None
    at: Place | None = None
    colour_at: dict[str, Place] = field(default_factory=dict)  # where hand:/played: name each


@value
class Setup:
    """What a record's header says about the game to be played."""

    players: tuple[Player, ...]
    board: str
    rulings: Rulings = Rulings()
    decks: dict[str, tuple[tuple[Card, ...], Place | None]] = field(default_factory=dict)
    position: StartPosition | None = None
    result: dict[str, tuple[int, Place | None]] | None = None
    players_at: Place | None = None
    board_at: Place | None = None
    result_at: Place | None = None
