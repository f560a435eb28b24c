"""The bridge from a record's text objects to Medina's domain objects.

The header is read in ``setup``, the position section in ``position`` and each
turn in ``turn``; this package joins them into one game's record.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from meridina.rules.common import Problem
from meridina.rules.medina.model import Setup, Turn

from ..games import NotationGame
from ..legal_words import WordSpace
from ..rulings import RulingValue
from ..tagvalues import read_tag_names
from ..text import GameText, TurnText
from ..turns import GameRecord, TurnEntry, read_turns
from .setup import TAGS, read_setup
from .turn import read_turn, turn_reader
from .words import COLOUR_WORDS

if TYPE_CHECKING:
    from meridina.rules.medina.state import State

__all__ = ["COLOUR_WORDS", "GAME", "TAGS", "MedinaRecord", "read_record", "read_turn"]

MedinaRecord = GameRecord[Setup, Turn]


def read_record(game: GameText, rulings: Mapping[str, RulingValue] | None = None) -> MedinaRecord:
    """Give a game's text its Medina meaning; notation faults become problems."""
    problems: list[Problem] = []
    game = read_tag_names(game, TAGS, problems)
    setup = read_setup(game, problems, rulings)
    seats = [(player.name, (player.colour,)) for player in setup.players] if setup else []
    entries = read_turns(game.turns, turn_reader(seats))
    return MedinaRecord(game, setup, tuple(problems), entries)


class MedinaNotation:
    """Medina's notation as the registry gives it (``NotationGame``)."""

    title = "Medina"
    position_keys = (
        *(f"{c}:" for c in dict.fromkeys(COLOUR_WORDS.values())),
        "stables:", "merchants:", "walls:", "roofs:", "palace-tiles:", "tower-tiles:", "tea:",
        "next:", "supplies:",
    )  # fmt: skip

    def read_record(
        self, game: GameText, rulings: Mapping[str, Any] | None = None, /
    ) -> MedinaRecord:
        return read_record(game, rulings)

    def read_turn(self, text: TurnText) -> TurnEntry[Turn]:
        return read_turn(text)

    def format_turn(self, turn: Turn) -> str:
        from .writer import format_turn

        return format_turn(turn)

    def write_record(self, record: MedinaRecord) -> str:
        from .writer import write_record

        return write_record(record)

    def setup_tags(self, setup: Setup) -> list[tuple[str, str]]:
        from .writer import setup_tags

        return setup_tags(setup)

    def word_space(self, state: State) -> WordSpace:
        from .legal import word_space

        return word_space(state)

    def player_names(self, players: str) -> tuple[str, ...]:
        from .setup import player_names

        return player_names(players)


GAME: NotationGame[Setup, Turn, State] = MedinaNotation()
