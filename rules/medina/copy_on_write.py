"""How Medina's states share what a turn leaves alone, and copy it only to change it.

Replaying a game keeps a state for every turn, and a look-ahead copies a state to try a
placement on; copying the whole city each time would cost far more than the turn. So a
copy (``copy_state``) shares with its source every container and every palace and hand,
and clones only what the source may still change in place; either state clones a shared
part the first time it changes it, through the state's ``*_to_change`` methods (which a
rule uses before changing anything a state holds). Neither state ever sees the other's
changes, and a copy never changes its source: ``tests/test_medina_state_copy.py`` holds
both, and ``detached_state`` makes a working state that shares nothing that changes.

A state's ``own`` says which containers it may change in place (the flags below), and
``own_palaces`` / ``own_hands`` which palaces and hands (None: all of them).
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from typing import TYPE_CHECKING, NoReturn, TypeVar

if TYPE_CHECKING:  # the state is this module's subject; it imports this module
    from .state import State

# What a state may change in place rather than copy first (``State.own``): a copy
# shares these containers with the state it came from until one of them changes.
# (``pieces`` and ``palace_at`` change on most turns: a copy gets its own at once.)
STREETS, WALLS, TILES, RETIRED = 1, 2, 4, 8
ALL_OWN = STREETS | WALLS | TILES | RETIRED

NONE_OWN: frozenset[NoReturn] = frozenset()  # shared by the states that own nothing yet

T = TypeVar("T")


def owned_with(owned: AbstractSet[T], item: T) -> AbstractSet[T]:
    """``owned`` with ``item`` added: in place, unless it is the shared ``NONE_OWN``."""
    if isinstance(owned, set):
        owned.add(item)
        return owned
    return {item}


def copy_state(state: State) -> State:
    """A state to play on from ``state``, which is left exactly as it was.

    The copy shares with ``state`` what neither changes in place; of whatever ``state``
    may still change in place (its own palaces, hands and containers) the copy gets a
    clone, and the copy owns nothing yet.
    """
    palaces = state.palaces.copy()
    own = state.own_palaces
    for ident in set(palaces) if own is None else own:
        palaces[ident] = palaces[ident].clone()
    hands = state.hands.copy()
    own_hands = state.own_hands
    for colour in set(hands) if own_hands is None else own_hands:
        hands[colour] = hands[colour].clone()
    held = state.own
    streets = state.streets
    if held & STREETS and streets:  # only the current street can still grow
        streets = [*streets[:-1], list(streets[-1])]
    walls, tiles = held & WALLS, held & TILES
    # (What was cloned here is cloned again when the copy changes it: a palace's sets
    # then keep the order that the games written from seeds depend on.)
    return type(state)(
        board=state.board,
        edition=state.edition,
        options=state.options,
        rulings=state.rulings,
        players=state.players,
        hands=hands,
        pieces=state.pieces.copy(),
        palace_at=state.palace_at.copy(),
        palaces=palaces,
        streets=streets,
        arm_fill=list(state.arm_fill) if walls else state.arm_fill,
        wall_tower=state.wall_tower.copy() if walls else state.wall_tower,
        well=state.well,
        palace_tiles=state.palace_tiles.copy() if tiles else state.palace_tiles,
        tower_tiles=state.tower_tiles.copy() if tiles else state.tower_tiles,
        tower_merchants=state.tower_merchants.copy() if tiles else state.tower_merchants,
        tea_claims=state.tea_claims,
        retired=set(state.retired) if held & RETIRED else state.retired,
        next_seat=state.next_seat,
        turns_played=state.turns_played,
        roofs_placed=state.roofs_placed,
        passes_in_a_row=state.passes_in_a_row,
        own_palaces=NONE_OWN,
        own_hands=NONE_OWN,
        own=0,
    )


def detached_state(state: State) -> State:
    """A working copy that shares nothing that changes with ``state``, and is all its own
    to change in place (``state`` is left exactly as it was)."""
    # Built at once, every part cloned a single time (once a game, before a clean play).
    return type(state)(
        board=state.board,
        edition=state.edition,
        options=state.options,
        rulings=state.rulings,
        players=state.players,
        hands={colour: hand.clone() for colour, hand in state.hands.items()},
        pieces=state.pieces.copy(),
        palace_at=state.palace_at.copy(),
        palaces={ident: palace.clone() for ident, palace in state.palaces.items()},
        streets=[list(street) for street in state.streets],
        arm_fill=list(state.arm_fill),
        wall_tower=state.wall_tower.copy(),
        well=state.well,
        palace_tiles=state.palace_tiles.copy(),
        tower_tiles=state.tower_tiles.copy(),
        tower_merchants=state.tower_merchants.copy(),
        tea_claims=state.tea_claims,
        retired=set(state.retired),
        next_seat=state.next_seat,
        turns_played=state.turns_played,
        roofs_placed=state.roofs_placed,
        passes_in_a_row=state.passes_in_a_row,
        own_palaces=None,
        own_hands=None,
        own=ALL_OWN,
    )
