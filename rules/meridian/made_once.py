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
# The same by the card's numbers, which tell a card: looking a card up by them hashes a
# tuple of ints, where hashing the card itself runs Python (a card is a dataclass). The
# one loop looks a turn's card up here on every turn.
BITS_BY_NUMBERS: dict[tuple[int, ...], int] = {card.numbers: bit for card, bit in CARD_BITS.items()}
ALL_CARDS = (1 << len(DECK)) - 1


def card_bit(card: Card) -> int:
    """The card's bit (0 for a value that is not a card of the deck)."""
    return BITS_BY_NUMBERS.get(card.numbers, 0)


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


# The same by colour and height: one look-up of a key that hashes without running Python.
_TOWER_OF: dict[tuple[str, int], Tower] = {
    (colour, made.height): made for colour, towers in TOWERS.items() for made in towers
}


def tower(colour: str, height: int) -> Tower:
    """The tower of ``colour`` ``height`` high, one of ``TOWERS`` when it can be."""
    return _TOWER_OF.get((colour, height)) or Tower(colour, height)


_BUILDS: dict[tuple[int, int, str | None], Build] = {}


def build(height: int, city: int, colour: str | None) -> Build:
    """A build the search of legal turns tries, as a value made once."""
    key = (height, city, colour)
    made = _BUILDS.get(key)
    if made is None:
        made = _BUILDS[key] = Build(height, city, colour)
    return made
