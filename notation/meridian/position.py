"""Meridian's position section: the towers, hands, played cards and colour to move."""

from __future__ import annotations

from meridina.rules.common import Place, Problem
from meridina.rules.meridian import faults, tower_rules
from meridina.rules.meridian.model import CARDS_BY_LABEL, Card, PlacedTower, StartPosition, Tower
from meridina.rules.numbers import is_digits, number_fault, read_number, too_large_message

from ..slips import given_twice, later, position_fault
from ..text import EntryText, GameText, Word


def read_position(game: GameText, problems: list[Problem]) -> StartPosition | None:
    """The state a game starts from, if its record has a position section."""
    section = game.position
    if section is None:
        return None
    towers: list[PlacedTower] = []
    hands: dict[str, tuple[int, Place | None]] = {}
    played: dict[str, tuple[tuple[Card, Place | None], ...]] | None = None
    to_move: tuple[str, Place | None] | None = None
    colour_at: dict[str, Place] = {}
    given: set[str] = set()  # the facts that one entry would replace: each given once
    for entry in section.entries:
        key = entry.key.text.lower()
        number = entry_name(key)
        if is_digits(number):
            meridian = read_number(number)
            if meridian is None:
                problems.append(position_fault(later(too_large_message, number), entry.key.at))
            else:
                towers.extend(_read_towers(entry, meridian, problems))
        elif key == "hand":
            for colour, count in _pairs(entry, "number", problems):
                pieces = read_number(count.text)
                if given_twice(f"{colour.text.lower()}'s hand", given, colour.at, problems):
                    continue
                if pieces is not None:
                    hands[colour.text.lower()] = (pieces, count.at)
                    colour_at.setdefault(colour.text.lower(), colour.at)
                else:
                    said = later(number_fault, count.text, "a hand is a number of pieces")
                    problems.append(position_fault(said, count.at))
        elif key == "played":
            played = {} if played is None else played
            for player_colour, cards, at in _read_played(entry, problems):
                if not given_twice(f"{player_colour}'s cards played", given, at, problems):
                    played[player_colour] = cards
            for word in entry.words:
                if word.kind == "word":
                    colour_at.setdefault(word.text.lower(), word.at)
        elif key == "next":
            words = entry.words
            if given_twice("next:", given, entry.key.at, problems):
                continue
            if len(words) != 1 or words[0].kind != "word":
                problems.append(position_fault("next: names the colour to move", entry.key.at))
            else:
                to_move = (words[0].text.lower(), words[0].at)
        else:
            problems.append(
                position_fault(
                    f"unknown position entry {entry.key.text!r}: use a meridian number (1: to "
                    "10:), hand:, played: or next:",
                    entry.key.at,
                )
            )
    return StartPosition(tuple(towers), hands, played, to_move, section.at, colour_at)


def entry_name(key: str) -> str:
    """A position entry's key as read: a meridian's number, written ``7:`` or ``m7:``;
    else the key itself (lower case)."""
    return key[1:] if key.startswith("m") else key


def _pairs(entry: EntryText, kind: str, problems: list[Problem]) -> list[tuple[Word, Word]]:
    words = entry.words
    pairs = []
    for index in range(0, len(words), 2):
        colour = words[index]
        if colour.kind != "word" or index + 1 >= len(words) or words[index + 1].kind != kind:
            problems.append(
                position_fault(
                    f"{entry.key.text}: write a colour, then its "
                    + ("tower as HEIGHT@CITY" if kind == "place" else "count"),
                    colour.at,
                )
            )
            break
        pairs.append((colour, words[index + 1]))
    return pairs


def _read_towers(entry: EntryText, meridian: int, problems: list[Problem]) -> list[PlacedTower]:
    fault = tower_rules.R5OnTheBoard.meridian(meridian)
    if fault is not None:
        problems.append(Problem(fault.rule, faults.word(fault, meridian), entry.key.at))
        return []
    towers = []
    for colour, place in _pairs(entry, "place", problems):
        height_text, _, city_text = place.text.partition("@")
        height, city = read_number(height_text), read_number(city_text)
        if height is None or city is None:
            wrong = height_text if height is None else city_text
            said = later(number_fault, wrong, "a tower is written HEIGHT@CITY, as 3@2")
            problems.append(position_fault(said, place.at))
            continue
        towers.append(PlacedTower(meridian, city, Tower(colour.text.lower(), height), colour.at))
    return towers


def _read_played(
    entry: EntryText, problems: list[Problem]
) -> list[tuple[str, tuple[tuple[Card, Place | None], ...], Place]]:
    """Each colour of a ``played:`` entry, its cards and where the colour is written."""
    result: list[tuple[str, list[tuple[Card, Place | None]], Place]] = []
    for word in entry.words:
        if word.kind == "word":
            result.append((word.text.lower(), [], word.at))
        elif not result:
            problems.append(position_fault("played: starts with a colour", word.at))
        else:
            card = CARDS_BY_LABEL.get(word.text)
            if card is None:
                problems.append(position_fault(f"{word.text!r} is not a Meridian card", word.at))
            else:
                result[-1][1].append((card, word.at))
    return [(colour, tuple(cards), at) for colour, cards, at in result]
