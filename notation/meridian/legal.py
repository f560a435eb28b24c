"""Meridian's legal turns of a moment as words to type."""

from __future__ import annotations

from meridina.rules.meridian.model import Skip, Turn
from meridina.rules.meridian.position import Position
from meridina.rules.meridian.state import State

from ..legal_words import TrieSpace
from .writer import format_turn


def word_space(state: State) -> TrieSpace:
    """Every legal turn in canonical words, and ``stuck`` where a card can build nothing;
    made from one pass over the legal turns, which the space also keeps as a record writes
    them (``TrieSpace.legal``)."""
    building: set[tuple[str, str, int]] = set()
    passes: list[Turn] = []
    legal: list[str] = []
    for turn in Position(state).legal_turns():
        if turn.skip is Skip.PASS:
            passes.append(turn)
        elif turn.build is not None:
            building.add((turn.colour, turn.card.label, turn.meridian))
        legal.append(format_turn(turn))
    stuck = [
        format_turn(Turn(turn.colour, turn.card, turn.meridian, skip=Skip.STUCK))
        for turn in passes
        if (turn.colour, turn.card.label, turn.meridian) not in building
    ]
    return TrieSpace([*legal, *stuck], legal=tuple(legal))
