"""The usual legal placement, checked and made in one go.

Nearly every placement in a record is legal. ``quick_place`` settles the plain legal
cases of each kind with a few look-ups, no lists or faults built, and makes the
placement at once. Whatever it does not settle (every illegal placement, and a few
legal ones) it leaves untouched for the full check, ``placement_faults``, which names
the rules broken, and ``make_placement``. Where it answers, it places the piece
exactly where those two would.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .events import Event
from .model import (
    BUILDING_KIND,
    MERCHANT_KIND,
    NEUTRAL,
    NEUTRAL_KIND,
    ROOF_KIND,
    STABLE_KIND,
    TEA_KIND,
    WALL_KIND,
    Cell,
    Placement,
)
from .placing import can_grow
from .state import BUILDING, MERCHANT, STABLE, WALL, Hand, Palace, State
from .tiles import after_roof, after_stable, after_wall, update_palace_tile


class Closer:
    """The answer "look closer": the full check must decide."""


CLOSER: Final = Closer()
NOTHING: Final[tuple[Event, ...]] = ()  # placed, and nothing else happened


def quick_place(
    state: State, player: str, hand: Hand, placement: Placement
) -> Sequence[Event] | Closer:
    """Make a plain legal placement and say what it brought about; else CLOSER.

    ``hand`` is ``player``'s hand in ``state``, already this state's own to change.
    """
    kind, cell = placement.kind, placement.cell
    if cell is None:
        if kind is TEA_KIND and hand.tea > 0:
            hand.tea -= 1
            return NOTHING
        return CLOSER
    if kind is BUILDING_KIND:
        colour = placement.colour or ""
        if colour in state.retired or (hand.known and hand.buildings.get(colour, 0) <= 0):
            return CLOSER
        return _building(state, hand, colour, cell)
    if kind is WALL_KIND:
        if hand.known and hand.walls <= 0:
            return CLOSER
        return _wall(state, hand, cell)
    if kind is MERCHANT_KIND:
        if hand.known and hand.merchants <= 0:
            return CLOSER
        return _merchant(state, hand, cell)
    if kind is STABLE_KIND:
        if hand.known and hand.stables <= 0:
            return CLOSER
        return _stable(state, player, hand, cell)
    if kind is ROOF_KIND:
        if hand.roofs <= 0:
            return CLOSER
        return _roof(state, player, hand, cell, False)
    if kind is NEUTRAL_KIND:
        if "neutral-roofs" not in state.options or hand.neutral_roofs <= 0:
            return CLOSER
        return _roof(state, player, hand, cell, True)
    return CLOSER


def _free_building_field(state: State, cell: Cell) -> bool:
    """A building field with nothing on it and away from the well: a building or stable may go."""
    return (
        cell in state.board.building_fields
        and cell not in state.pieces
        and not state.near_well(cell)
    )


def _building(state: State, hand: Hand, colour: str, cell: Cell) -> Sequence[Event] | Closer:
    board, pieces, palace_at = state.board, state.pieces, state.palace_at
    if not _free_building_field(state, cell):
        return CLOSER
    target = None
    for other in board.next_to[cell]:
        ident = palace_at.get(other)
        if ident is not None and pieces[other] == BUILDING:
            # Next to a palace of its colour that is not roofed: the only one to join.
            joined = state.palaces[ident]
            if joined.colour != colour or joined.owner is not None:
                return CLOSER
            target = ident
            break
    for other in board.all_around[cell]:  # the spacing rule
        ident = palace_at.get(other)
        if ident is not None and ident != target:
            return CLOSER
    if target is None:
        # A new palace, touching none, while no palace of its colour can still grow.
        if can_grow(state, colour):
            return CLOSER
        target = max(state.palaces, default=0) + 1
        state.add_palace(Palace(target, colour, set()))
    state.palace_to_change(target).buildings.add(cell)
    palace_at[cell] = target
    pieces[cell] = BUILDING
    if hand.known:
        hand.buildings[colour] -= 1
    if state.open_palaces:
        state.open_palaces.clear()  # the city changed: which palaces can grow is worked out again
    return NOTHING


def _stable(state: State, player: str, hand: Hand, cell: Cell) -> Sequence[Event] | Closer:
    board, pieces, palace_at = state.board, state.pieces, state.palace_at
    if not _free_building_field(state, cell):
        return CLOSER
    target = None
    for other in board.next_to[cell]:
        if pieces.get(other) == BUILDING:
            ident = palace_at[other]
            if target is None or ident < target:
                target = ident
    if target is None:
        return CLOSER
    for other in board.all_around[cell]:  # the spacing rule
        near = palace_at.get(other)
        if near is not None and near != target:
            return CLOSER
    palace = state.palace_to_change(target)
    roofed = palace.owner is not None
    # A roofed palace's towers matter, and only a stable next to a wall can add one.
    wall_tower = state.wall_tower
    walled = roofed and any(other in wall_tower for other in board.ring_next_to[cell])
    before = state.towers_touching(palace) if walled else None
    palace.stables.add(cell)
    palace_at[cell] = target
    pieces[cell] = STABLE
    if hand.known:
        hand.stables -= 1
    if state.open_palaces:
        state.open_palaces.clear()
    if not roofed:
        return NOTHING
    if before is None:  # no tower newly touched: only the palace tile may move
        return update_palace_tile(state, palace.colour)
    return after_stable(state, palace, before, player)


def _roof(
    state: State, player: str, hand: Hand, cell: Cell, neutral: bool
) -> Sequence[Event] | Closer:
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
    palace = state.palace_to_change(ident)
    palace.owner = NEUTRAL if neutral else player
    state.roofs_placed += 1
    palace.roofed_at = state.roofs_placed
    if neutral:
        hand.neutral_roofs -= 1
    else:
        hand.roofs -= 1
    if state.open_palaces:
        state.open_palaces.clear()
    return after_roof(state, palace)


def _merchant(state: State, hand: Hand, cell: Cell) -> Sequence[Event] | Closer:
    pieces, streets = state.pieces, state.streets
    if cell not in state.board.building_fields or cell in pieces or cell == state.well:
        return CLOSER
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
        at_start = len(street) > 1  # a lone merchant's street grows at its end
    elif len(street) > 1 and street[-1] in next_to:
        at_start = False
    else:
        return CLOSER
    street = state.street_to_change()[-1]
    if at_start:
        street.insert(0, cell)
    else:
        street.append(cell)
    pieces[cell] = MERCHANT
    if hand.known:
        hand.merchants -= 1
    if state.open_palaces:
        state.open_palaces.clear()
    return NOTHING


def _wall(state: State, hand: Hand, cell: Cell) -> Sequence[Event] | Closer:
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
                return CLOSER  # it would close the gate
            arm_fill, wall_tower = state.walls_to_change()
            arm_fill[index] += 1
            state.pieces[cell] = WALL
            wall_tower[cell] = arm.tower
            if hand.known:
                hand.walls -= 1
            if state.open_palaces:
                state.open_palaces.clear()
            return after_wall(state, cell)
    return CLOSER
