"""A Boardspace Medina file's root node: variation, engine revision, seats, colours, names.

Boardspace writes ``GM[Medina]``, ``SU[VARIATION REVISION PLAYERS KEY]`` (older files:
``SU[VARIATION PLAYERS]``, revision 100), ``CM[...]`` (each seat's roof colour index, when
the table chose colours) and ``P0[id "name"]`` per seat. Every number is bounded.
"""

from __future__ import annotations

from dataclasses import dataclass

from meridina.rules.numbers import is_digits, read_number

from .fault import ConversionFault
from .moves import Move, read_move
from .sgf import SgfNode, SgfProperty

EDITIONS = {"medina": "1", "medina-v2": "2"}  # Boardspace's variation -> edition
ROOF_COLOURS = ("blue", "green", "red", "yellow")  # Boardspace's dome colours, by index
OLDEST_REVISION = 100  # files without a revision are read as this one
NEWEST_REVISION = 104  # the last revision of Boardspace's Medina
KEY_BOUND = 1 << 31  # the random key is a Java int
SEAT_WORDS = ("id", "ranking", "country", "time")  # a seat's facts, not its moves


@dataclass(frozen=True, slots=True)
class Header:
    """What the root node says about the game."""

    variation: str  # as Boardspace names it: Medina or Medina-v2
    edition: str  # meridina's: "1" or "2"
    revision: int
    players: int
    key: int | None  # the random key; None when the file gives none
    colours: tuple[str, ...]  # each seat's roof colour
    names: tuple[str, ...]  # each seat's player id, "" when not given
    date: str = ""  # when it was played, as the file says it (DT), "" when not given


def _fault(why: str, at: SgfProperty | SgfNode) -> ConversionFault:
    return ConversionFault(why, at.line, at.column)


def read_header(root: SgfNode) -> Header:
    by_name: dict[str, SgfProperty] = {}
    for prop in root.properties:
        by_name.setdefault(prop.name.upper(), prop)
    game = by_name.get("GM")
    if game is None or game.value.strip().lower() != "medina":
        where: SgfProperty | SgfNode = game or root
        raise _fault("not a Boardspace Medina game (its GM property is not Medina)", where)
    setup = by_name.get("SU")
    if setup is None:
        raise _fault("the game has no SU property (variation, revision, players)", root)
    variation, edition, revision, players, key = _setup(setup)
    colours = _colours(by_name.get("CM"), players)
    names = [""] * players
    for prop in root.properties:
        seat = seat_of(prop.name)
        words = prop.value.split(None, 1)
        if seat is not None and seat < players and words and words[0].lower() == "id":
            names[seat] = _unquoted(words[1] if len(words) > 1 else "")
    date = by_name.get("DT")
    return Header(
        variation,
        edition,
        revision,
        players,
        key,
        colours,
        tuple(names),
        date.value if date else "",
    )


def seat_of(name: str) -> int | None:
    """The seat a property such as ``P2`` names; None for any other property."""
    if len(name) == 2 and name[0] in "pP" and is_digits(name[1]):
        return int(name[1])
    return None


def moves(nodes: list[SgfNode]) -> list[Move]:
    """Every move of the nodes after the root, in file order."""
    found: list[Move] = []
    for node in nodes[1:]:
        for prop in node.properties:
            seat = seat_of(prop.name)
            first = prop.value.split(None, 1)[:1]
            if seat is None or (first and first[0].lower() in SEAT_WORDS):
                continue
            found.append(read_move(seat, prop.value, prop.line, prop.column))
    return found


def _setup(prop: SgfProperty) -> tuple[str, str, int, int, int | None]:
    words = prop.value.split()
    edition = EDITIONS.get(words[0].lower()) if words else None
    if edition is None:
        raise _fault("the variation is neither Medina nor Medina-v2", prop)
    numbers = words[1:4]
    if not numbers:
        raise _fault("SU gives no number of players", prop)
    if len(numbers) == 1:
        revision, count, key_text = OLDEST_REVISION, numbers[0], None
    else:
        revision_read = read_number(numbers[0])
        if revision_read is None:
            raise _fault(f"the revision '{numbers[0][:20]}' is not a whole number", prop)
        revision, count = revision_read, numbers[1]
        key_text = numbers[2] if len(numbers) > 2 else None
    if revision > NEWEST_REVISION:
        raise _fault(f"revision {revision} is newer than any Boardspace Medina known", prop)
    players = read_number(count, 9)
    if players is None or not 2 <= players <= 4:
        raise _fault(f"'{count[:20]}' is not a number of players from 2 to 4", prop)
    if edition == "1":
        players = max(players, 3)  # Boardspace plays the 1st edition with 3 at least
    key = None if key_text is None else _key(key_text, prop)
    return words[0], edition, revision, players, key


def _key(text: str, prop: SgfProperty) -> int:
    digits = text[1:] if text.startswith("-") else text
    value = read_number(digits, KEY_BOUND) if len(digits) <= 10 else None
    if value is None or (value == KEY_BOUND and not text.startswith("-")):
        raise _fault(f"the random key '{text[:20]}' is not a whole number (a Java int)", prop)
    return -value if text.startswith("-") else value


def _colours(prop: SgfProperty | None, players: int) -> tuple[str, ...]:
    parts = [part.strip() for part in prop.value.split(",")] if prop else []
    if prop is None or len(parts) < players:  # Boardspace replaces a short map by its own
        return ROOF_COLOURS[:players]
    indices = [read_number(part, 9) for part in parts[:players]]
    if any(i is None or i >= len(ROOF_COLOURS) for i in indices):
        raise _fault("the colour map CM does not give each seat a colour from 0 to 3", prop)
    if len(set(indices)) < players:
        raise _fault("the colour map CM gives two seats one colour", prop)
    return tuple(ROOF_COLOURS[i] for i in indices if i is not None)


def _unquoted(text: str) -> str:
    text = text.strip()
    if len(text) >= 2 and text[0] == '"' and text[-1] == '"':
        return text[1:-1]
    return text
