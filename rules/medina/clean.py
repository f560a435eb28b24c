"""A whole game played on one working state, for a check that needs only the end.

``play_clean`` makes the same placements as ``engine.apply`` turn by turn (through the
same code), but on one state changed in place: no copy for each turn, no steps, no
events kept. It gives up (None) at the first turn that ``apply`` would find any fault
in, so that the game is played turn by turn to say what is wrong.
"""

from __future__ import annotations

from collections.abc import Sequence
from collections.abc import Set as AbstractSet

from meridina.rules.game import Unreadable

from .engine import (
    e1_game_over,
    forced_roof_binds,
    make_placement,
    placement_faults,
    t1_turn_order,
    t2_two_pieces,
    t3_pass,
    t4_last_roofs,
)
from .model import TEA_KIND, Cell, Turn
from .placing import t5_tea
from .quick import CLOSER, QUICK
from .state import State, holds_pieces


def play_clean(start: State, turns: Sequence[Turn | Unreadable]) -> State | None:
    """The state after ``turns`` when ``apply`` finds no problem in any of them, else None.

    ``start`` is left as it was.
    """
    state = start.detached()
    seats = state.seat_colours
    seat_after = {colour: index + 1 for index, colour in enumerate(seats)}
    quick = QUICK
    hands = state.hands
    last_roofs = forced_roof_binds(state)  # rule MED-T4 binds in this game at all
    # The open fields of the city, kept through a run of passes (a pass changes no field).
    kept: list[AbstractSet[Cell]] = []
    for turn in turns:
        if type(turn) is not Turn:  # an unreadable turn (anything else: the usual way)
            return None
        player = turn.player
        hand = hands.get(player)
        if hand is None:  # MED-S1: not playing
            return None
        holds = holds_pieces(hand)
        if e1_game_over(state, holds) is not None:
            return None
        if t1_turn_order(state, player, holds) is not None:
            return None
        if turn.passed:
            if t3_pass(state, player, kept) is not None:
                return None
            state.next_seat = seat_after[player]
            state.turns_played += 1
            state.passes_in_a_row += 1
            continue
        if kept:
            kept.clear()  # the city is about to change
        placements = turn.placements
        if last_roofs and t4_last_roofs(state, player, hand, placements) is not None:
            return None  # decided on the city before the turn
        state.next_seat = seat_after[player]
        state.turns_played += 1
        state.passes_in_a_row = 0
        teas = 0
        for placement in placements:
            kind = placement.kind
            if kind is TEA_KIND:
                teas += 1
            if quick[kind](state, player, hand, placement) is CLOSER:
                target, faults = placement_faults(state, player, placement)
                if faults:
                    return None
                make_placement(state, player, placement, target)
        # (A turn found wrong here is played again from the start, the usual way: what
        # it changed on the working state does not matter.) The turn's pieces and tea
        # tiles are asked of the whole turn at once (the tea rule only of a turn with one).
        if teas and t5_tea(state, player, placements, -1, teas, False) is not None:
            return None
        # (The open fields a short turn's check works out are kept: a pass may follow.)
        if t2_two_pieces(state, player, len(placements), -1, teas, None, kept) is not None:
            return None
    return state
