"""The usual legal placement, told quickly: its target, or "look closer".

Nearly every placement in a record is legal. ``quick_target`` answers for the plain
legal cases of each kind with a few look-ups and no lists or faults built; whatever
it does not settle (every illegal placement, and a few legal ones) it leaves to the
full check, ``placement_faults``, which names the rules broken. Where it answers, it
gives the target the full check would give.
"""

from __future__ import annotations

from typing import Final

from .model import (
    BUILDING_KIND,
    MERCHANT_KIND,
    NEUTRAL_KIND,
    ROOF_KIND,
    STABLE_KIND,
    TEA_KIND,
    WALL_KIND,
    Cell,
    Placement,
)
from .placing import unfinished
from .state import BUILDING, MERCHANT, State


class Closer:
    """The answer "look closer": the full check must decide."""


CLOSER: Final = Closer()


def quick_target(state: State, player: str, placement: Placement) -> int | Closer | None:
    """Where a legal placement goes, as ``placement_faults`` says; CLOSER when not settled."""
    kind, cell = placement.kind, placement.cell
    hand = state.hands[player]
    if cell is None:
        return None if kind is TEA_KIND and hand.tea > 0 else CLOSER
    if kind is BUILDING_KIND:
        colour = placement.colour or ""
        if colour in state.retired or (hand.known and hand.buildings.get(colour, 0) <= 0):
            return CLOSER
        return _building(state, colour, cell)
    if kind is WALL_KIND:
        if hand.known and hand.walls <= 0:
            return CLOSER
        return _wall(state, cell)
    if kind is MERCHANT_KIND:
        if hand.known and hand.merchants <= 0:
            return CLOSER
        return _merchant(state, cell)
    if kind is STABLE_KIND:
        if hand.known and hand.stables <= 0:
            return CLOSER
        return _stable(state, cell)
    if kind is ROOF_KIND:
        if hand.roofs <= 0:
            return CLOSER
        return _roof(state, player, cell, False)
    if kind is NEUTRAL_KIND:
        if "neutral-roofs" not in state.options or hand.neutral_roofs <= 0:
            return CLOSER
        return _roof(state, player, cell, True)
    return CLOSER


def _free_field(state: State, cell: Cell) -> bool:
    """A building field with no piece, away from the well."""
    if cell not in state.board.building_fields or cell in state.pieces:
        return False
    well = state.well
    if well is None:
        return True
    col, row = cell
    return abs(col - well[0]) > 1 or abs(row - well[1]) > 1


def _touches_only(state: State, cell: Cell, own: int | None) -> bool:
    """The spacing rule: ``cell`` touches no palace but ``own``."""
    palace_at = state.palace_at
    for other in state.board.all_around[cell]:
        ident = palace_at.get(other)
        if ident is not None and ident != own:
            return False
    return True


def _building(state: State, colour: str, cell: Cell) -> int | Closer | None:
    if not _free_field(state, cell):
        return CLOSER
    pieces, palace_at = state.pieces, state.palace_at
    for other in state.board.next_to[cell]:
        ident = palace_at.get(other)
        if ident is not None and pieces[other] == BUILDING:
            # Next to a palace of its colour that is not roofed: the only one to join.
            joined = state.palaces[ident]
            if (
                joined.colour == colour
                and joined.owner is None
                and _touches_only(state, cell, ident)
            ):
                return ident
            return CLOSER
    # A new palace: touching no palace, and no palace of its colour can still grow.
    if _touches_only(state, cell, None) and not unfinished(state, colour):
        return None
    return CLOSER


def _stable(state: State, cell: Cell) -> int | Closer | None:
    if not _free_field(state, cell):
        return CLOSER
    pieces, palace_at = state.pieces, state.palace_at
    target = None
    for other in state.board.next_to[cell]:
        if pieces.get(other) == BUILDING:
            ident = palace_at[other]
            if target is None or ident < target:
                target = ident
    if target is None or not _touches_only(state, cell, target):
        return CLOSER
    return target


def _roof(state: State, player: str, cell: Cell, neutral: bool) -> int | Closer | None:
    ident = state.palace_at.get(cell)
    if ident is None:
        return CLOSER
    palace = state.palaces[ident]
    if (
        palace.owner is not None
        or cell not in palace.buildings
        or len(palace.buildings) < state.rulings.min_roof_size
    ):
        return CLOSER
    if not neutral:
        colour = palace.colour
        for other in state.palaces.values():
            if other.owner == player and other.colour == colour and other.ident != ident:
                return CLOSER
    return ident


def _merchant(state: State, cell: Cell) -> int | Closer | None:
    pieces = state.pieces
    if cell not in state.board.building_fields or cell in pieces or cell == state.well:
        return CLOSER
    streets = state.streets
    if not streets:
        return CLOSER
    next_to = state.board.next_to[cell]
    touching = 0
    for other in next_to:
        if pieces.get(other) == MERCHANT:
            touching += 1
    if touching != 1:
        return CLOSER
    street = streets[-1]
    if street[0] in next_to:
        return 0
    if len(street) > 1 and street[-1] in next_to:
        return -1
    return CLOSER


def _wall(state: State, cell: Cell) -> int | Closer | None:
    board = state.board
    if cell in state.pieces or cell in board.towers:
        return CLOSER
    arms_through = board.arms_through.get(cell)
    if not arms_through:  # off the ring
        return CLOSER
    arm_fill = state.arm_fill
    for index in arms_through:
        arm = board.arms[index]
        filled = arm_fill[index]
        length = len(arm.cells)
        if filled < length and arm.cells[filled] == cell:
            if filled + 1 + arm_fill[board.arm_partner[index]] >= length:
                return CLOSER
            return index
    return CLOSER
