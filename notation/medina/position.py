"""Medina's position section: the pieces on the board, tiles, tea, the player to move, and
whether the game is over (``supplies: spent``)."""

from __future__ import annotations

from typing import Final

from meridina.rules.common import Place, Problem
from meridina.rules.medina.model import NEUTRAL, Cell, StartPosition, parse_cell
from meridina.rules.numbers import number_fault, read_number

from ..slips import given_twice, later, position_fault
from ..text import EntryText, GameText, Word
from .words import COLOUR_WORDS, not_a_field

SPENT: Final = "spent"  # ``supplies: spent``: the game is over


def _cells(entry: EntryText, problems: list[Problem]) -> list[tuple[Cell, Place]]:
    found = []
    for word in entry.words:
        cell = parse_cell(word.text) if word.kind == "word" else None
        if cell is None:
            problems.append(position_fault(later(not_a_field, word.text), word.at))
        else:
            found.append((cell, word.at))
    return found


def _pairs(entry: EntryText, problems: list[Problem]) -> list[tuple[Word, Word]]:
    words = entry.words
    if len(words) % 2:
        problems.append(position_fault(f"{entry.key.text}: write pairs", entry.key.at))
    return [(words[i], words[i + 1]) for i in range(0, len(words) - 1, 2)]


def read_position(game: GameText, problems: list[Problem]) -> StartPosition | None:
    """The state a game starts from, if its record has a position section."""
    section = game.position
    if section is None:
        return None
    buildings: list[tuple[str, Cell, Place | None]] = []
    stables: list[tuple[Cell, Place | None]] = []
    merchants: list[tuple[Cell, Place | None]] = []
    merchant_entries: list[int] = []
    walls: list[tuple[Cell, Place | None]] = []
    roofs: list[tuple[str, Cell, Place | None]] = []
    palace_tiles: dict[str, tuple[str | None, Place | None]] = {}
    tower_tiles: dict[int, tuple[str | None, Place | None]] = {}
    tea: dict[str, tuple[int, Place | None]] = {}
    to_move: tuple[str, Place | None] | None = None
    spent: Place | None = None
    given: set[str] = set()  # the facts that one entry would replace: each given once
    for entry in section.entries:
        key = entry.key.text.lower()
        if key in COLOUR_WORDS:
            buildings.extend((COLOUR_WORDS[key], c, at) for c, at in _cells(entry, problems))
        elif key in ("stables", "stable"):
            stables.extend(_cells(entry, problems))
        elif key in ("merchants", "merchant"):
            # Each entry is kept apart: a street that touches an older one goes on its own line.
            street = _cells(entry, problems)
            merchants.extend(street)
            merchant_entries.append(len(street))
        elif key in ("walls", "wall"):
            walls.extend(_cells(entry, problems))
        elif key in ("roofs", "roof"):
            for word in entry.words:
                owner, _, where = word.text.partition("@")
                cell = parse_cell(where) if word.kind == "place" else None
                if cell is None:
                    problems.append(
                        position_fault("a roof is written OWNER@FIELD, as red@E5", word.at)
                    )
                else:
                    roofs.append((owner.lower(), cell, word.at))
        elif key == "palace-tiles":
            for colour, holder in _pairs(entry, problems):
                name = COLOUR_WORDS.get(colour.text.lower())
                if name is None:
                    problems.append(
                        position_fault(f"{colour.text!r} is not a building colour", colour.at)
                    )
                    continue
                if not given_twice(f"the {name} palace tile", given, colour.at, problems):
                    palace_tiles[name] = _holder(holder)
        elif key == "tower-tiles":
            for number, holder in _pairs(entry, problems):
                tower = read_number(number.text)
                if tower is None:
                    usual = "tower-tiles: a tower number, then its holder"
                    problems.append(
                        position_fault(later(number_fault, number.text, usual), number.at)
                    )
                    continue
                if not given_twice(f"tower {tower}'s tile", given, number.at, problems):
                    tower_tiles[tower] = _holder(holder)
        elif key == "tea":
            for player, count in _pairs(entry, problems):
                tiles = read_number(count.text)
                if tiles is None:
                    usual = "tea: a player, then a number of tiles"
                    problems.append(
                        position_fault(later(number_fault, count.text, usual), count.at)
                    )
                    continue
                if not given_twice(f"{player.text.lower()}'s tea", given, player.at, problems):
                    tea[player.text.lower()] = (tiles, player.at)
        elif key == "next" and len(entry.words) == 1:
            if not given_twice("next:", given, entry.key.at, problems):
                to_move = (entry.words[0].text.lower(), entry.words[0].at)
        elif key == "supplies":
            words = entry.words
            if len(words) == 1 and words[0].text.lower() == SPENT:
                spent = words[0].at
            else:
                at = words[0].at if words else entry.key.at
                problems.append(
                    position_fault(
                        "write 'supplies: spent' for a game that is over: no player holds a "
                        "piece they can still place",
                        at,
                    )
                )
        else:
            problems.append(
                position_fault(
                    f"unknown position entry {entry.key.text!r}: use a building colour, "
                    "stables:, merchants:, walls:, roofs:, palace-tiles:, tower-tiles:, tea:, "
                    "next: or supplies:",
                    entry.key.at,
                )
            )
    return StartPosition(
        tuple(buildings), tuple(stables), tuple(merchants), tuple(walls), tuple(roofs),
        palace_tiles, tower_tiles, tea, to_move, section.at, tuple(merchant_entries),
        spent,
    )  # fmt: skip


def _holder(word: Word) -> tuple[str | None, Place]:
    """A tile's holder and its place; None for nobody. A holder keeps its spelling: a
    player's name is written back as typed."""
    who = word.text
    return (None if who.lower() in ("nobody", NEUTRAL) else who), word.at
