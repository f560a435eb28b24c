"""Where a merchant or a wall may go: the market street (MED-M1, MED-M2) and the walls
between the towers (MED-W1, MED-W2), each rule decided by one function named after it.

A merchant extends the street at an end, and only when both ends are blocked does a new
street start; a wall extends a tower's arm, leaving a gate free between two towers.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from meridina.rules.rule_home import decides

from .faults import NO_FAULTS, Fault
from .model import Cell, StreetTouch
from .state import MERCHANT, State

# ---------------------------------------------------------------- merchants


def street_ends(state: State) -> list[Cell]:
    if not state.streets:
        return []
    street = state.streets[-1]
    return [street[0]] if len(street) == 1 else [street[0], street[-1]]


@decides("MED-M1")
def m1_street_end(
    state: State,
    cell: Cell,
    new_street: bool = True,
    written: Collection[Cell] = (),  # (not keyword-only: those cost a look-up on each call)
    line: Sequence[Cell] = (),
) -> int | Fault | None:
    """A merchant goes on a free building field and extends the market street at an end,
    touching exactly one merchant; only when both ends are blocked does a new street start.

    The end a merchant on ``cell`` extends (0: the street's first merchant, -1: its last),
    None for a new street (its first merchant is ruled by MED-M2), or the fault;
    ``new_street`` False: whether it extends an end at all, None if not. A street written
    in a position: its merchants ``written`` (found from ``cell``) form a single line, and
    its ``line`` touches the older streets (``state.streets``) at one merchant at most.
    """
    board = state.board
    if written:
        next_to = board.next_to
        ends = 0
        for merchant in written:
            degree = sum(1 for other in next_to[merchant] if other in written)
            if degree > 2:
                return Fault("MED-M1", ("line", cell))
            ends += degree <= 1
        if len(written) > 1 and ends != 2:
            return Fault("MED-M1", ("line", cell))
        return None
    if line:
        older = {merchant for street in state.streets for merchant in street}
        touching = [c for c in line if any(other in older for other in board.next_to[c])]
        if len(touching) > 1:
            return Fault("MED-M1", ("twice", touching[0], touching[1]))
        return None
    if cell not in board.building_fields:
        return Fault("MED-M1", ("field", cell))
    pieces = state.pieces
    if cell in pieces:
        return Fault("MED-M1", ("taken", cell, pieces[cell]))
    if cell == state.well:
        return Fault("MED-M1", ("well", cell))
    streets = state.streets
    if streets:
        next_to_cell = board.next_to[cell]
        touching_merchants = 0
        for other in next_to_cell:
            if pieces.get(other) == MERCHANT:
                touching_merchants += 1
        if touching_merchants == 1:
            street = streets[-1]
            if street[0] in next_to_cell:
                return 0
            if len(street) > 1 and street[-1] in next_to_cell:
                return -1
    if not new_street or street_blocked(state):
        return None
    return Fault("MED-M1", ("end", tuple(street_ends(state))))


def street_blocked(state: State) -> bool:
    """Neither end of the market street can take a merchant."""
    for end in street_ends(state):
        for cell in state.board.neighbours(end):
            if isinstance(m1_street_end(state, cell, False), int):
                return False
    return True


def _merchants_touching(state: State, cell: Cell) -> int:
    return sum(1 for n in state.board.neighbours(cell) if state.pieces.get(n) == MERCHANT)


def merchant_fault(state: State, cell: Cell) -> tuple[int | None, Sequence[Fault]]:
    """The street end a merchant extends (None: a new street), or why it may not stand."""
    end = m1_street_end(state, cell)
    if isinstance(end, Fault):
        return None, [end]
    if end is not None:
        return end, NO_FAULTS
    fault = m2_new_street_touch(state, cell, _merchants_touching(state, cell))
    return None, [fault] if fault is not None else []


@decides("MED-M2")
def m2_new_street_touch(state: State, cell: Cell, touching: int) -> Fault | None:
    """The first merchant of a new street touches at most as many merchants as the ruling
    new-street-touch allows; ``touching``: how many it touches (of older streets)."""
    allowed = NEW_STREET_TOUCH[state.rulings.new_street_touch]
    if allowed is not None and touching > allowed:
        return Fault("MED-M2", (cell, touching, state.rulings.new_street_touch.value))
    return None


# The most merchants a new street's first merchant may touch (None: any number).
NEW_STREET_TOUCH: dict[StreetTouch, int | None] = {
    StreetTouch.ANY: None,
    StreetTouch.ONE: 1,
    StreetTouch.NONE: 0,
}


# ---------------------------------------------------------------- walls


@decides("MED-W1")
def w1_wall_arm(state: State, cell: Cell, standing: bool = False) -> int | Fault:
    """A wall goes on a free field of the ring between the towers, next to a tower or to
    the last wall of a tower's arm: the arm it extends, or the fault. ``standing``: a wall
    of a written position, which must be one of its arm's walls counted from the tower."""
    board = state.board
    arm_fill = state.arm_fill
    if standing:
        for index in board.arms_through.get(cell, ()):
            if cell in board.arms[index].cells[: arm_fill[index]]:
                return index
        return Fault("MED-W1", ("loose", cell), True)
    if cell not in board.ring or cell in board.towers:
        return Fault("MED-W1", ("ring", cell))
    if cell in state.pieces:
        return Fault("MED-W1", ("taken", cell))
    for index in board.arms_through.get(cell, ()):
        arm = board.arms[index]
        filled = arm_fill[index]
        if filled < len(arm.cells) and arm.cells[filled] == cell:
            return index
    return Fault("MED-W1", ("loose", cell))


@decides("MED-W2")
def w2_gate(state: State, index: int, filled: int, cell: Cell | None) -> Fault | None:
    """Between two towers a field of the ring stays free: ``filled`` walls on arm ``index``
    (the wall on ``cell`` among them) and those on its partner must leave one."""
    board = state.board
    arm = board.arms[index]
    partner = board.arm_partner[index]
    if filled + state.arm_fill[partner] >= len(arm.cells):
        return Fault("MED-W2", (cell, arm.tower, board.arms[partner].tower))
    return None


def wall_arm(state: State, cell: Cell) -> tuple[int | None, Sequence[Fault]]:
    """The arm a wall on ``cell`` extends, or why it may not stand."""
    index = w1_wall_arm(state, cell)
    if isinstance(index, Fault):
        return None, [index]
    fault = w2_gate(state, index, state.arm_fill[index] + 1, cell)
    if fault is not None:
        return None, [fault]
    return index, NO_FAULTS
