"""The usual legal placement, checked and made in one go.

Nearly every placement in a record is legal. ``quick_place`` settles the plain legal
cases of each kind with a few look-ups, no lists or faults built, and makes the
placement at once. Whatever it does not settle (every illegal placement, and a few
legal ones) it leaves untouched for the full check, ``placement_faults``, which names
the rules broken, and ``make_placement``. Where it answers, it places the piece
exactly where those two would.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
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
    Kind,
    Placement,
)
from .placing import can_grow
from .state import BUILDING, MERCHANT, STABLE, WALL, Hand, Palace, State
from .tiles import after_roof, after_stable, after_wall, update_palace_tile


class Closer:
    """The answer "look closer": the full check must decide."""


CLOSER: Final = Closer()
NOTHING: Final[tuple[Event, ...]] = ()  # placed, and nothing else happened


QuickPlace = Callable[[State, str, Hand, Placement], "Sequence[Event] | Closer"]


def quick_place(
    state: State, player: str, hand: Hand, placement: Placement
) -> Sequence[Event] | Closer:
    """Make a plain legal placement and say what it brought about; else CLOSER.

    ``hand`` is ``player``'s hand in ``state``, already this state's own to change.
    """
    return QUICK[placement.kind](state, player, hand, placement)


def _tea(state: State, player: str, hand: Hand, placement: Placement) -> Sequence[Event] | Closer:
    if placement.cell is None and hand.tea > 0:
        hand.tea -= 1
        return NOTHING
    return CLOSER


def _building(
    state: State, player: str, hand: Hand, placement: Placement
) -> Sequence[Event] | Closer:
    colour = placement.colour or ""
    if (hand.known and hand.buildings.get(colour, 0) <= 0) or colour in state.retired:
        return CLOSER
    cell = placement.cell
    board, pieces = state.board, state.pieces
    # A free building field away from the well (a cell of None is on no field).
    if cell not in board.building_fields or cell in pieces:
        return CLOSER
    well = state.well
    if well is not None and abs(cell[0] - well[0]) <= 1 and abs(cell[1] - well[1]) <= 1:
        return CLOSER
    palace_at = state.palace_at
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
    around = board.all_around[cell]
    if target is None:
        # A new palace, touching none, while no palace of its colour can still grow.
        if not palace_at.keys().isdisjoint(around) or can_grow(state, colour):
            return CLOSER
        target = max(state.palaces, default=0) + 1
        state.add_palace(Palace(target, colour, {cell}))
    else:
        for other in around:  # the spacing rule
            ident = palace_at.get(other)
            if ident is not None and ident != target:
                return CLOSER
        state.palace_to_change(target).buildings.add(cell)
    palace_at[cell] = target
    pieces[cell] = BUILDING
    if hand.known:
        hand.buildings[colour] -= 1
    if state.open_palaces:
        state.open_palaces.clear()  # the city changed: which palaces can grow is worked out again
    return NOTHING


def _free_building_field(state: State, cell: Cell) -> bool:
    """A building field with nothing on it and away from the well: a building or stable may go."""
    return (
        cell in state.board.building_fields
        and cell not in state.pieces
        and not state.near_well(cell)
    )


def _stable(
    state: State, player: str, hand: Hand, placement: Placement
) -> Sequence[Event] | Closer:
    if hand.known and hand.stables <= 0:
        return CLOSER
    cell = placement.cell
    board, pieces, palace_at = state.board, state.pieces, state.palace_at
    if cell is None or not _free_building_field(state, cell):
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


def _own_roof(
    state: State, player: str, hand: Hand, placement: Placement
) -> Sequence[Event] | Closer:
    if hand.roofs <= 0:
        return CLOSER
    return _roof(state, player, hand, placement.cell, False)


def _neutral_roof(
    state: State, player: str, hand: Hand, placement: Placement
) -> Sequence[Event] | Closer:
    if "neutral-roofs" not in state.options or hand.neutral_roofs <= 0:
        return CLOSER
    return _roof(state, player, hand, placement.cell, True)


def _roof(
    state: State, player: str, hand: Hand, cell: Cell | None, neutral: bool
) -> Sequence[Event] | Closer:
    ident = state.palace_at.get(cell)  # type: ignore[arg-type]  # None is no palace's field
    if ident is None:
        return CLOSER
    palace = state.palaces[ident]
    if (
        palace.owner is not None
        or cell not in palace.buildings
        or len(palace.buildings) < state.rulings.min_roof_size
    ):
        return CLOSER
    colour = palace.colour
    of_colour = [other for other in state.palaces.values() if other.colour == colour]
    if not neutral:
        for other in of_colour:
            if other.owner == player and other.ident != ident:
                return CLOSER
    shared = palace
    palace = state.palace_to_change(ident)
    if palace is not shared:  # a state played turn by turn roofs its own copy of the palace
        of_colour = [palace if other is shared else other for other in of_colour]
    palace.owner = NEUTRAL if neutral else player
    state.roofs_placed += 1
    palace.roofed_at = state.roofs_placed
    if neutral:
        hand.neutral_roofs -= 1
    else:
        hand.roofs -= 1
    if state.open_palaces:
        state.open_palaces.clear()
    return after_roof(state, palace, of_colour)


def _merchant(
    state: State, player: str, hand: Hand, placement: Placement
) -> Sequence[Event] | Closer:
    if hand.known and hand.merchants <= 0:
        return CLOSER
    cell = placement.cell
    pieces, streets = state.pieces, state.streets
    if (
        cell is None
        or cell not in state.board.building_fields
        or cell in pieces
        or cell == state.well
    ):
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


def _wall(state: State, player: str, hand: Hand, placement: Placement) -> Sequence[Event] | Closer:
    if hand.known and hand.walls <= 0:
        return CLOSER
    cell = placement.cell
    board = state.board
    if cell is None or cell in state.pieces or cell in board.towers:
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


# The quick check and placement of each kind of piece.
QUICK: Final[dict[Kind, QuickPlace]] = {
    BUILDING_KIND: _building,
    WALL_KIND: _wall,
    MERCHANT_KIND: _merchant,
    STABLE_KIND: _stable,
    ROOF_KIND: _own_roof,
    NEUTRAL_KIND: _neutral_roof,
    TEA_KIND: _tea,
}
