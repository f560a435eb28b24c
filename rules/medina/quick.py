"""The usual legal placement, checked and made in one go.

Nearly every placement in a record is legal. ``quick_place`` asks the rules' own
deciders (``placing.py``, one per rule) in the order that settles the plain legal case
soonest, words nothing, and makes the placement at once through the same code as
``make_placement``. Whatever it does not settle (every illegal placement, and a few
legal ones) it leaves untouched for the full check, ``placement_faults``, which names
every rule broken. Where it answers, it places the piece exactly where those two would
(``tests/test_medina_quick_place.py`` holds it to that).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from .events import Event
from .model import (
    BUILDING_KIND,
    MERCHANT_KIND,
    NEUTRAL_KIND,
    ROOF_KIND,
    STABLE_KIND,
    TEA_KIND,
    WALL_KIND,
    Cell,
    Kind,
    Placement,
)
from .placing import (
    b1_field,
    b2_palace_to_join,
    b3_spacing,
    b4_finished,
    b5_retired,
    b6_stable_palace,
    m1_street_end,
    place_building,
    place_merchant,
    place_roof,
    place_stable,
    place_wall,
    r1_palace_to_roof,
    r2_one_palace_a_colour,
    r3_neutral_roofs,
    t5_tea,
    t6_supply,
    w1_wall_arm,
    w2_gate,
)
from .state import Hand, State


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
    if placement.cell is None and t5_tea(state, player) is None:
        hand.tea -= 1
        return NOTHING
    return CLOSER


def _building(
    state: State, player: str, hand: Hand, placement: Placement
) -> Sequence[Event] | Closer:
    colour = placement.colour or ""
    cell = placement.cell
    if (
        cell is None
        or t6_supply(hand, player, placement) is not None
        or b5_retired(state, colour) is not None
        or b1_field(state, cell, None) is not None
    ):
        return CLOSER
    target = b2_palace_to_join(state, colour, cell, True, True)
    if target is None:  # a new palace
        if (
            b4_finished(state, colour, cell) is not None
            or b3_spacing(state, cell, None, None) is not None
        ):
            return CLOSER
    elif type(target) is not int:  # a fault
        return CLOSER
    place_building(state, hand, colour, cell, target)
    if state.open_palaces:  # the city changed: which palaces can grow is worked out again
        state.open_palaces.clear()
    return NOTHING


def _stable(
    state: State, player: str, hand: Hand, placement: Placement
) -> Sequence[Event] | Closer:
    cell = placement.cell
    if (
        cell is None
        or t6_supply(hand, player, placement) is not None
        or b1_field(state, cell, None) is not None
    ):
        return CLOSER
    target = b6_stable_palace(state, cell)
    if type(target) is not int or b3_spacing(state, cell, target, None) is not None:
        return CLOSER
    events = place_stable(state, player, hand, cell, target)
    if state.open_palaces:
        state.open_palaces.clear()
    return events


def _own_roof(
    state: State, player: str, hand: Hand, placement: Placement
) -> Sequence[Event] | Closer:
    if t6_supply(hand, player, placement) is not None:
        return CLOSER
    return _roof(state, player, hand, placement.cell, False)


def _neutral_roof(
    state: State, player: str, hand: Hand, placement: Placement
) -> Sequence[Event] | Closer:
    if r3_neutral_roofs(state) is not None or t6_supply(hand, player, placement) is not None:
        return CLOSER
    return _roof(state, player, hand, placement.cell, True)


def _roof(
    state: State, player: str, hand: Hand, cell: Cell | None, neutral: bool
) -> Sequence[Event] | Closer:
    if cell is None:
        return CLOSER
    target = r1_palace_to_roof(state, cell, "roof")
    if type(target) is not int or (
        not neutral and r2_one_palace_a_colour(state, player, state.palaces[target]) is not None
    ):
        return CLOSER
    events = place_roof(state, player, hand, target, neutral)
    if state.open_palaces:
        state.open_palaces.clear()
    return events


def _merchant(
    state: State, player: str, hand: Hand, placement: Placement
) -> Sequence[Event] | Closer:
    if t6_supply(hand, player, placement) is not None:
        return CLOSER
    cell = placement.cell
    if cell is None:
        return CLOSER
    end = m1_street_end(state, cell, False)
    if type(end) is not int:  # a new street (then rule MED-M2), or a fault
        return CLOSER
    place_merchant(state, hand, cell, end)
    if state.open_palaces:
        state.open_palaces.clear()
    return NOTHING


def _wall(state: State, player: str, hand: Hand, placement: Placement) -> Sequence[Event] | Closer:
    cell = placement.cell
    if cell is None or t6_supply(hand, player, placement) is not None:
        return CLOSER
    index = w1_wall_arm(state, cell)
    if type(index) is not int or w2_gate(state, index, state.arm_fill[index] + 1, cell):
        return CLOSER
    events = place_wall(state, hand, cell, index)
    if state.open_palaces:
        state.open_palaces.clear()
    return events


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
