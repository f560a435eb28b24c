"""The bridge from a record's text objects to Meridian's domain objects, and back.

The header is read in ``setup``, the position section in ``position`` and
each turn in ``turn``; this package joins them into one game's record.
"""

from __future__ import annotations

from collections.abc import Mapping

from meridina.rules.common import Problem
from meridina.rules.meridian.model import Setup, Turn

from ..rulings import RulingValue
from ..tagvalues import read_tag_names
from ..text import GameText
from ..turns import GameRecord, read_turns
from .setup import TAGS, read_setup
from .turn import read_turn, turn_reader

__all__ = ["TAGS", "MeridianRecord", "read_record", "read_turn"]

MeridianRecord = GameRecord[Setup, Turn]


def read_record(game: GameText, rulings: Mapping[str, RulingValue] | None = None) -> MeridianRecord:
    """Give a game's text its Meridian meaning; notation faults become problems."""
    problems: list[Problem] = []
    game = read_tag_names(game, TAGS, problems)
    setup = read_setup(game, problems, rulings)
    seats = [(player.name, player.colours) for player in setup.players] if setup else []
    entries = read_turns(game.turns, turn_reader(seats))
    return MeridianRecord(game, setup, tuple(problems), entries)
