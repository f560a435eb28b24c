"""A Boardspace Medina file's root node: variation, engine revision, seats, colours, names.

Boardspace writes ``GM[Medina]``, ``SU[VARIATION REVISION PLAYERS KEY]``, ``CM[...]`` (each
seat's roof colour index, when the table chose colours) and ``P0[id "name"]`` per seat. Files
from before revision 100 write ``SU[VARIATION PLAYERS ...]``: Boardspace's viewer reads the
first number as a revision only when it is 100 or more, and otherwise as the players, with
revision 1 and random key 0, whatever follows. Every number is bounded.
"""

from __future__ import annotations

from dataclasses import dataclass

from meridina.rules.numbers import is_digits, read_number

from .fault import ConversionFault
from .moves import Move, read_move
from .sgf import SgfNode, SgfProperty

EDITIONS = {"medina": "1", "medina-v2": "2"}  # Boardspace's variation -> edition
ROOF_COLOURS = ("blue", "green", "red", "yellow")  # Boardspace's dome colours, by index
FIRST_REVISION = 100  # the first number of SU is a revision from this one on
OLD_FILE_REVISION = 1  # what Boardspace reads a file without a revision as
OLD_FILE_KEY = 0  # and its random key
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


def is_move(name: str, value: str) -> bool:
    """Whether the property ``name[value]`` of a node after the root holds a move."""
    first = value.split(None, 1)[:1]
    return seat_of(name) is not None and not (first and first[0].lower() in SEAT_WORDS)


def moves(nodes: list[SgfNode]) -> list[Move]:
    """Every move of the nodes after the root, in file order."""
    found: list[Move] = []
    for node in nodes[1:]:
        for prop in node.properties:
            seat = seat_of(prop.name)
            if seat is not None and is_move(prop.name, prop.value):
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
    first = read_number(numbers[0])
    if first is None:
        why = f"'{numbers[0][:20]}' is neither a number of players nor a revision"
        raise _fault(why, prop)
    key_text: str | None
    if first < FIRST_REVISION:  # an old file: players, then nothing Boardspace reads
        revision, count, key_text = OLD_FILE_REVISION, numbers[0], str(OLD_FILE_KEY)
    elif len(numbers) < 2:
        raise _fault(f"SU gives revision {first} but no number of players", prop)
    else:
        revision, count = first, numbers[1]
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
