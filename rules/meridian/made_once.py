"""Values of the Meridian rules made once and looked up again: the speed tricks of the
rules, in one place, each with its reason.

A record's turns use the deck's own card values and the search of legal turns tries the
same builds game after game, so finding a card's bit by the card's identity, and making
each tower and build value once, spares hashing and building values on every turn.
"""

from __future__ import annotations

from .model import COLOURS, DECK, PIECES_PER_COLOUR, Build, Card, Tower

# The cards a colour has played are kept as one number, a bit per card of the deck.
CARD_BITS: dict[Card, int] = {card: 1 << index for index, card in enumerate(DECK)}
# The same by the identity of the deck's own card values, which every record's turns use:
# looking a card up this way does not hash it (a card is a dataclass: hashing runs Python).
_BITS_BY_ID: dict[int, int] = {id(card): bit for card, bit in CARD_BITS.items()}
ALL_CARDS = (1 << len(DECK)) - 1


def card_bit(card: Card) -> int:
    """The card's bit (0 for a value that is not a card of the deck)."""
    bit = _BITS_BY_ID.get(id(card))
    return CARD_BITS.get(card, 0) if bit is None else bit


_CARD_SETS: dict[int, frozenset[Card]] = {}


def cards_of(mark: int) -> frozenset[Card]:
    """The cards whose bits are set in ``mark``, in a set made once per value."""
    cards = _CARD_SETS.get(mark)
    if cards is None:
        cards = _CARD_SETS[mark] = frozenset(card for card, bit in CARD_BITS.items() if mark & bit)
    return cards


# Every tower a build can make: towers are values and never change, and the score finds
# a tower's owner by its identity among these (``scoring._units``).
TOWERS: dict[str, tuple[Tower, ...]] = {
    colour: tuple(Tower(colour, height) for height in range(PIECES_PER_COLOUR + 1))
    for colour in COLOURS
}


def tower(colour: str, height: int) -> Tower:
    """The tower of ``colour`` ``height`` high, one of ``TOWERS`` when it can be."""
    made = TOWERS.get(colour)
    if made is None or not 0 <= height < len(made):
        return Tower(colour, height)
    return made[height]


_BUILDS: dict[tuple[int, int, str | None], Build] = {}


def build(height: int, city: int, colour: str | None) -> Build:
    """A build the search of legal turns tries, as a value made once."""
    key = (height, city, colour)
    made = _BUILDS.get(key)
    if made is None:
        made = _BUILDS[key] = Build(height, city, colour)
    return made
