"""Where a merchant or a wall may go: the market street (MED-M1, MED-M2) and the walls
between the towers (MED-W1, MED-W2), each rule decided by one function named after it;
the rules' fault classes, which word themselves, close the module.

A merchant extends the street at an end, and only when both ends are blocked does a new
street start; a wall extends a tower's arm, leaving a gate free between two towers.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import ClassVar

from meridina.rules.codes import RuleCode
from meridina.rules.rule_home import decides, words
from meridina.rules.wording import counted

from .faults import NO_FAULTS, Fault
from .model import Cell, StreetTouch, cell_name
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
                return M1StreetEnd.Line(cell)
            ends += degree <= 1
        if len(written) > 1 and ends != 2:
            return M1StreetEnd.Line(cell)
        return None
    if line:
        touching = older_street_contacts(state, line)
        if len(touching) > 1:
            return M1StreetEnd.Twice(touching[0][0], touching[1][0])
        return None
    if cell not in board.building_fields:
        return M1StreetEnd.Field(cell)
    pieces = state.pieces
    if cell in pieces:
        return M1StreetEnd.Taken(cell, pieces[cell])
    if cell == state.well:
        return M1StreetEnd.Well(cell)
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
    return M1StreetEnd.End(tuple(street_ends(state)))


def older_street_contacts(state: State, line: Sequence[Cell]) -> list[tuple[Cell, int]]:
    """The merchants of a street written in a position (``line``) that touch the older
    streets (``state.streets``), in order, each with how many older merchants it touches:
    by MED-M1 one at most, its street's first, which MED-M2 rules."""
    older = {merchant for street in state.streets for merchant in street}
    next_to = state.board.next_to
    contacts = []
    for cell in line:
        touching = sum(1 for other in next_to[cell] if other in older)
        if touching:
            contacts.append((cell, touching))
    return contacts


def written_street_touch(state: State, line: Sequence[Cell]) -> Fault | None:
    """A street written in a position, ``line`` (its merchants in order): touching the
    older streets at one merchant at most (MED-M1), which touches no more merchants than
    the ruling new-street-touch allows (MED-M2)."""
    fault = m1_street_end(state, line[0], line=line)
    if isinstance(fault, Fault):
        return fault
    for cell, touching in older_street_contacts(state, line):  # (one at most)
        fault = m2_new_street_touch(state, cell, touching)
        if fault is not None:
            return fault.in_position()
    return None


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
        return NewStreetTouches(cell, touching, state.rulings.new_street_touch.value)
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
        return W1WallArm.Loose(cell, position=True)
    if cell not in board.ring or cell in board.towers:
        return W1WallArm.Ring(cell)
    if cell in state.pieces:
        return W1WallArm.Taken(cell)
    for index in board.arms_through.get(cell, ()):
        arm = board.arms[index]
        filled = arm_fill[index]
        if filled < len(arm.cells) and arm.cells[filled] == cell:
            return index
    return W1WallArm.Loose(cell)


@decides("MED-W2")
def w2_gate(state: State, index: int, filled: int, cell: Cell | None) -> Fault | None:
    """Between two towers a field of the ring stays free: ``filled`` walls on arm ``index``
    (the wall on ``cell`` among them) and those on its partner must leave one."""
    board = state.board
    arm = board.arms[index]
    partner = board.arm_partner[index]
    if filled + state.arm_fill[partner] >= len(arm.cells):
        return NoGate(cell, arm.tower, board.arms[partner].tower)
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


# ---------------------------------------------------------------- the faults' words


@words("MED-M1")
class M1StreetEnd:
    """MED-M1's faults: a merchant off a building field, on a taken one or the well, away
    from the street's ends; a street written that is no single line, or that touches
    older streets twice."""

    @dataclass(slots=True)
    class Field(Fault):
        rule: ClassVar[RuleCode] = "MED-M1"
        cell: Cell

        def words(self) -> str:
            return f"a merchant goes on a building field, not {cell_name(self.cell)}"

    @dataclass(slots=True)
    class Taken(Fault):
        rule: ClassVar[RuleCode] = "MED-M1"
        cell: Cell
        piece: str

        def words(self) -> str:
            return f"{cell_name(self.cell)} is taken ({self.piece})"

    @dataclass(slots=True)
    class Well(Fault):
        rule: ClassVar[RuleCode] = "MED-M1"
        cell: Cell

        def words(self) -> str:
            return f"{cell_name(self.cell)} is the well"

    @dataclass(slots=True)
    class End(Fault):
        rule: ClassVar[RuleCode] = "MED-M1"
        ends: tuple[Cell, ...]

        def words(self) -> str:
            ends = " or ".join(cell_name(c) for c in self.ends)
            return (
                f"a merchant must extend the market street at an end ({ends}), "
                "touching exactly one merchant"
            )

    @dataclass(slots=True)
    class Line(Fault):
        rule: ClassVar[RuleCode] = "MED-M1"
        cell: Cell

        def words(self) -> str:
            return f"the merchants around {cell_name(self.cell)} do not form a single line"

    @dataclass(slots=True)
    class Twice(Fault):
        """A street whose ``first`` and ``second`` merchants both touch older streets."""

        rule: ClassVar[RuleCode] = "MED-M1"
        first: Cell
        second: Cell

        def words(self) -> str:
            return (
                f"the street through {cell_name(self.first)} and {cell_name(self.second)} "
                "touches an older street twice; only the merchant that starts a street may "
                "touch older ones"
            )


@words("MED-M2")
@dataclass(slots=True)
class NewStreetTouches(Fault):
    """MED-M2: a new street's first merchant, on ``cell``, touches ``touching`` merchants
    (``ruling``: new-street-touch)."""

    rule: ClassVar[RuleCode] = "MED-M2"
    cell: Cell
    touching: int
    ruling: str

    def words(self) -> str:
        said = f"{cell_name(self.cell)} touches {counted(self.touching, 'merchant')}"
        if self.position:
            said = f"the street started at {said} of an older street"
        else:
            said = f"both ends of the market street are blocked, so a new street starts; but {said}"
        return f"{said} (ruling new-street-touch={self.ruling})"


@words("MED-W1")
class W1WallArm:
    """MED-W1's faults: a wall off the ring between the towers, on a taken field, or
    joined to no tower."""

    @dataclass(slots=True)
    class Ring(Fault):
        rule: ClassVar[RuleCode] = "MED-W1"
        cell: Cell

        def words(self) -> str:
            return (
                f"a wall goes on a field of the ring between the towers, not {cell_name(self.cell)}"
            )

    @dataclass(slots=True)
    class Taken(Fault):
        rule: ClassVar[RuleCode] = "MED-W1"
        cell: Cell

        def words(self) -> str:
            return f"{cell_name(self.cell)} already has a wall"

    @dataclass(slots=True)
    class Loose(Fault):
        rule: ClassVar[RuleCode] = "MED-W1"
        cell: Cell

        def words(self) -> str:
            name = cell_name(self.cell)
            if self.position:
                return f"the wall on {name} is not joined to a tower"
            return f"a wall on {name} would not join a tower or the end of a tower's wall"


@words("MED-W2")
@dataclass(slots=True)
class NoGate(Fault):
    """MED-W2: the walls between towers ``tower`` and ``other`` (with one on ``cell``,
    None in a position) leave no gate."""

    rule: ClassVar[RuleCode] = "MED-W2"
    cell: Cell | None
    tower: int
    other: int

    def words(self) -> str:
        if self.position or self.cell is None:
            return f"the walls between towers {self.tower} and {self.other} leave no gate"
        return (
            f"a wall on {cell_name(self.cell)} would close the gate between towers "
            f"{self.tower} and {self.other}: one field must stay free"
        )
