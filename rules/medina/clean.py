"""A whole game played on one working state, for a check that needs only the end.

``play_clean`` makes the same placements as ``engine.apply`` turn by turn (through the
same code), but on one state changed in place: no copy for each turn, no steps, no
events kept. It gives up (None) at the first turn that ``apply`` would find any fault
in, so that the game is played turn by turn to say what is wrong.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from meridina.rules.game import Unreadable

from .engine import (
    can_place,
    expected_player,
    finished,
    legal_placements,
    make_placement,
    placement_faults,
    roof_this_turn,
)
from .model import ROOF_KIND, TEA_KIND, TeaPlacement, Turn
from .quick import Closer, quick_place
from .state import State, holds_pieces

_TEA_SECOND: Final = TeaPlacement.SECOND


def play_clean(start: State, turns: Sequence[Turn | Unreadable]) -> State | None:
    """The state after ``turns`` when ``apply`` finds no problem in any of them, else None.

    ``start`` is left as it was.
    """
    state = start.detached()
    seats = state.seat_colours
    count = len(seats)
    hands = state.hands
    opening = state.opening_turns
    last_roofs = state.edition.last_roofs_rule
    tea_second = state.rulings.tea_placement is _TEA_SECOND
    for turn in turns:
        if isinstance(turn, Unreadable):
            return None
        player = turn.player
        hand = hands.get(player)
        if hand is None:  # MED-S1: not playing
            return None
        if (state.passes_in_a_row or not holds_pieces(hand)) and finished(state):
            return None  # MED-E1: the game is over
        expected = seats[state.next_seat % count]
        if (expected != player or not holds_pieces(hand)) and player != expected_player(state):
            return None  # MED-T1: not this player's turn
        if turn.passed:
            if next(legal_placements(state, player), None) is not None:  # MED-T3
                return None
            state.next_seat = seats.index(player) + 1
            state.turns_played += 1
            state.passes_in_a_row += 1
            continue
        placements = turn.placements
        written = len(placements)
        single = state.turns_played < opening
        if written > (1 if single else 2):  # MED-T2: too many pieces
            return None
        used_tea = False
        for placement in placements:
            if placement.kind is TEA_KIND:
                if used_tea or written == 1:  # MED-T5: two tea tiles, or tea alone
                    return None
                used_tea = True
        if used_tea and tea_second and placements[0].kind is TEA_KIND:  # MED-T5
            return None
        if last_roofs and hand.roofs > 0 and _roofs_only(state, player):
            for placement in placements:
                if placement.kind is ROOF_KIND:
                    break
            else:  # MED-T4, decided on the city before the turn
                way = roof_this_turn(state, player)
                state.own_all()  # the look-ahead copied this state: it is all its own again
                if way is not None:
                    return None
        state.next_seat = seats.index(player) + 1
        state.turns_played += 1
        state.passes_in_a_row = 0
        for placement in placements:
            if isinstance(quick_place(state, player, hand, placement), Closer):
                target, faults = placement_faults(state, player, placement)
                if faults:
                    return None
                make_placement(state, player, placement, target)
        short = written < (1 if single or used_tea else 2)
        if short and holds_pieces(hand) and can_place(state, player):
            return None  # MED-T2: a short turn while a piece can still be placed
    return state


def _roofs_only(state: State, player: str) -> bool:
    """Whether ``player`` is the only one with roofs left (the last-roofs rule)."""
    hands = state.hands
    return all(hands[colour].roofs == 0 for colour in state.seat_colours if colour != player)
