"""The bridge from a record's text objects to Medina's domain objects.

The header is read in ``medina_setup``, the position section in ``medina_position`` and each
turn in ``medina_turn``; this module joins them into one game's record.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meridina.rules.common import Problem
from meridina.rules.medina.model import Setup, Turn

from .medina_setup import TAGS, read_setup
from .medina_turn import read_turn, turn_reader
from .medina_words import COLOUR_WORDS
from .tagvalues import read_tag_names
from .text import GameText
from .turns import GameRecord, read_turns

__all__ = ["COLOUR_WORDS", "TAGS", "MedinaRecord", "read_record", "read_turn"]

MedinaRecord = GameRecord[Setup, Turn]


def read_record(game: GameText, rulings: Mapping[str, Any] | None = None) -> MedinaRecord:
    """Give a game's text its Medina meaning; notation faults become problems."""
    problems: list[Problem] = []
    game = read_tag_names(game, TAGS, problems)
    setup = read_setup(game, problems, rulings)
    seats = [(player.name, (player.colour,)) for player in setup.players] if setup else []
    entries = read_turns(game.turns, turn_reader(seats))
    return MedinaRecord(game, setup, tuple(problems), entries)
