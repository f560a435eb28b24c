"""The logged passes of players who hold nothing: Boardspace writes them, meridina does not.

Boardspace asks every player in turn, and one with no piece left answers with an empty
turn; meridina skips such a player (MED-T1). Which empty turn is which is known only by
playing the game: tower merchants join a supply, colours leave the game.
"""

from __future__ import annotations

from meridina.rules.medina.engine import apply, initial_state

from ...reader import parse_text
from .. import read_record


def idle_turns(record: str) -> set[int]:
    """The indices (from 0) of the pass turns of ``record`` whose player holds no piece."""
    parsed = parse_text(record)
    if len(parsed) != 1 or parsed[0].text is None:
        return set()
    game = read_record(parsed[0].text)
    if game.setup is None:
        return set()
    state = initial_state(game.setup).state
    if state is None:
        return set()
    idle: set[int] = set()
    for index, entry in enumerate(game.entries):
        turn = entry.turn
        if turn is None:
            continue
        if turn.passed and turn.player in state.hands and not state.has_pieces(turn.player):
            idle.add(index)
            continue
        state = apply(state, turn).state
    return idle
