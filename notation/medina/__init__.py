"""The bridge from a record's text objects to Medina's domain objects.

The header is read in ``setup``, the position section in ``position`` and each
turn in ``turn``; this package joins them into one game's record.
"""

from __future__ import annotations

from collections.abc import Mapping

from meridina.rules.common import Problem
from meridina.rules.medina.model import Setup, Turn

from ..rulings import RulingValue
from ..tagvalues import read_tag_names
from ..text import GameText
from ..turns import GameRecord, read_turns
from .setup import TAGS, read_setup
from .turn import read_turn, turn_reader
from .words import COLOUR_WORDS

__all__ = ["COLOUR_WORDS", "TAGS", "MedinaRecord", "read_record", "read_turn"]

MedinaRecord = GameRecord[Setup, Turn]


def read_record(game: GameText, rulings: Mapping[str, RulingValue] | None = None) -> MedinaRecord:
    """Give a game's text its Medina meaning; notation faults become problems."""
    problems: list[Problem] = []
    game = read_tag_names(game, TAGS, problems)
    setup = read_setup(game, problems, rulings)
    seats = [(player.name, (player.colour,)) for player in setup.players] if setup else []
    entries = read_turns(game.turns, turn_reader(seats))
    return MedinaRecord(game, setup, tuple(problems), entries)
