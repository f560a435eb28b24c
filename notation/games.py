"""Every game the notation reads, listed once; a game's bridge loads when first asked for.

Each game's notation package holds its descriptor, ``GAME`` in its ``__init__``, checked
against ``NotationGame`` with that game's own setup, turn and state types.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from functools import cache
from typing import Any, Protocol, TypeVar

from meridina.rules.games import Listed

from .legal_words import WordSpace
from .rulings import RulingValue
from .text import GameText, TurnText
from .turns import GameRecord, TurnEntry

GAMES: tuple[Listed, ...] = (
    Listed("Meridian", "meridina.notation.meridian"),
    Listed("Medina", "meridina.notation.medina"),
)

SetupT = TypeVar("SetupT")
TurnT = TypeVar("TurnT")
StateIn = TypeVar("StateIn", contravariant=True)


class NotationGame(Protocol[SetupT, TurnT, StateIn]):
    """One game's notation: its bridge from text to domain objects, its writer, the words
    of its legal turns and of its position section."""

    title: str
    # the keys of a position section's entries ("hand:", "walls:"), in the order a
    # person types them
    position_keys: tuple[str, ...]

    def read_record(
        self, game: GameText, rulings: Mapping[str, RulingValue] | None = None, /
    ) -> GameRecord[SetupT, TurnT]:
        """A game's text given its meaning, under rulings from outside the record."""
        ...

    def read_turn(self, text: TurnText) -> TurnEntry[TurnT]: ...

    def format_turn(self, turn: TurnT) -> str: ...

    def write_record(self, record: GameRecord[SetupT, TurnT]) -> str:
        """The record in canonical layout."""
        ...

    def setup_tags(self, setup: SetupT) -> list[tuple[str, str]]:
        """The header tags that give ``setup``, as a new record writes them."""
        ...

    def word_space(self, state: StateIn) -> WordSpace:
        """The words of every legal turn from ``state``, for completion and suggestions."""
        ...

    def player_names(self, players: str) -> tuple[str, ...]:
        """The players' names a Players tag's value gives, in seat order, without their
        colours: a game's players known from its header alone (``find``)."""
        ...


# The registry's one untyped boundary: which game a key names is known only when it is
# asked for, and each caller uses the descriptor with that game's own types.
SomeNotationGame = NotationGame[Any, Any, Any]


@cache
def notation_game(key: str) -> SomeNotationGame:
    """The notation descriptor of a listed game."""
    package = next(game.package for game in GAMES if game.key == key)
    descriptor: SomeNotationGame = importlib.import_module(package).GAME
    return descriptor
