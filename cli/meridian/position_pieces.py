"""Meridian's pieces on the position page: the towers on the cities and the cards each
colour has played, written as a record's position entries."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from meridina.meridian.svg_style import colour_of
from meridina.rules.meridian.model import DECK, MERIDIANS, PIECES_PER_COLOUR
from meridina.rules.meridian.state import State

from ..table.position.position_pieces import BadClick, Entry, Piece

CARDS = tuple(card.label for card in DECK)


def _number(text: str, low: int, high: int) -> int | None:
    if not (text.isascii() and text.isdigit()) or len(text) > 2:
        return None
    number = int(text)
    return number if low <= number <= high else None


class MeridianPieces:
    """The towers on the board, and the cards played: every card to begin with, as at the
    end of a game."""

    def __init__(self, state: State) -> None:
        self.cities = state.board.cities
        self.colours: tuple[str, ...] = tuple(state.colours)
        self.players: tuple[tuple[str, tuple[str, ...]], ...] = tuple(
            (player.name, tuple(player.colours)) for player in state.players
        )
        self.towers: dict[tuple[int, int], tuple[str, int]] = {}  # (meridian, city) -> tower
        self.played: dict[str, set[str]] = {colour: set(CARDS) for colour in self.colours}

    def copy(self) -> MeridianPieces:
        kept = copy.copy(self)
        kept.towers = dict(self.towers)
        kept.played = {colour: set(cards) for colour, cards in self.played.items()}
        return kept

    def entries(self) -> list[Entry]:
        entries = []
        for meridian in range(1, MERIDIANS + 1):
            towers = sorted((c, t) for (m, c), t in self.towers.items() if m == meridian)
            if towers:
                pieces = tuple(
                    Piece(f"{colour} {height}@{city}", f"{meridian}/{city}")
                    for city, (colour, height) in towers
                )
                entries.append(Entry(str(meridian), pieces))
        words = [
            word
            for colour in self.colours
            for word in (colour, *(card for card in CARDS if card in self.played[colour]))
        ]
        entries.append(Entry("played", tuple(Piece(word) for word in words)))
        return entries

    def stands(self, piece: Piece, state: Any) -> bool:
        if not isinstance(state, State) or piece.target is None:
            return True  # no position to tell by
        meridian, _, city = piece.target.partition("/")
        tower = state.columns[int(meridian) - 1][int(city) - 1]
        return tower is not None and piece.text == f"{tower.colour} {tower.height}@{city}"

    def setup_tag(self) -> str | None:
        return None

    def click(self, tool: Mapping[str, Any], target: str, state: Any) -> Piece | None:
        meridian_text, _, city_text = target.partition("/")
        meridian = _number(meridian_text, 1, MERIDIANS)
        city = _number(city_text, 1, self.cities)
        if meridian is None or city is None:
            raise BadClick(f"{target!r} is not a city of this board")
        if (meridian, city) in self.towers:
            del self.towers[(meridian, city)]
            return None
        colour, height = tool.get("colour"), tool.get("height")
        if colour not in self.colours:
            raise BadClick(f"{colour!r} is not a colour of this game")
        if not isinstance(height, int) or isinstance(height, bool):
            raise BadClick("a tower's height is a number")
        if not 1 <= height <= PIECES_PER_COLOUR:
            raise BadClick(f"a tower is 1 to {PIECES_PER_COLOUR} high")
        self.towers[(meridian, city)] = (colour, height)
        return Piece(f"{colour} {height}@{city}", target)

    def change(self, what: Mapping[str, Any]) -> None:
        colour, card = what.get("colour"), what.get("card")
        if what.get("action") != "card" or colour not in self.colours:
            raise BadClick("a card is marked for a colour of this game")
        cards = self.played[colour]
        played = what.get("played") is True
        if card != "all" and card not in CARDS:
            raise BadClick(f"{card!r} is not a card")
        chosen = CARDS if card == "all" else (str(card),)
        if played:
            cards.update(chosen)
        else:
            cards.difference_update(chosen)

    def data(self) -> dict[str, Any]:
        return {
            "game": "meridian",
            "colours": list(self.colours),
            "players": [{"name": name, "colours": list(c)} for name, c in self.players],
            "cards": list(CARDS),
            "played": {c: [card for card in CARDS if card in self.played[c]] for c in self.colours},
            "swatches": {colour: colour_of(colour) for colour in self.colours},
        }
