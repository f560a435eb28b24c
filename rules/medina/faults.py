"""A broken Medina rule as a cheap value, which puts itself into words only when shown.

A rule's decider returns a ``Fault`` or None. Each rule has fault classes of its own, with
the facts its message needs as named fields: one class, or one for each way the rule is
broken where the message differs, gathered in a class marked as the rule's wording
(``@words``). Those of the placing rules (``placing.py``) are below; the others stand
beside their deciders. A fault's ``words`` makes the sentence, only when it is shown. A
fault found in a written position (``in_position``) is told as a fault of the city as
written, not of a move.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import ClassVar, Final, cast

from meridina.rules.codes import RuleCode
from meridina.rules.common import Place, Problem
from meridina.rules.rule_home import words
from meridina.rules.wording import article

from .model import NEUTRAL, Cell, cell_name


@dataclass(slots=True)
class Fault:
    """A rule broken: the rule (its class's), the facts its message needs (its fields),
    and whether a written position shows it (``position``).

    The faults are slotted dataclasses, not frozen ones, which cost more to make: the
    legal-move search makes many. Nothing changes a fault once made.
    """

    rule: ClassVar[RuleCode]
    position: bool = field(default=False, kw_only=True)

    def words(self) -> str:
        """The fault in a player's words, made when a problem's message is first read
        (``Problem`` asks it)."""
        raise NotImplementedError

    @property
    def message(self) -> str:
        return self.words()

    def at(self, place: Place | None) -> Problem:
        return Problem(self.rule, self, place)

    def in_position(self) -> Fault:
        """The same fault, told as one of a written position."""
        return replace(self, position=True)


NO_FAULTS: Final[tuple[Fault, ...]] = ()  # a placement that breaks no rule


@dataclass(slots=True)
class _Unworded(Fault):
    rule: ClassVar[RuleCode] = cast(RuleCode, "unworded")

    def words(self) -> str:
        return "unworded"  # (never shown)


# A decider's answer "broken" to a caller that asks only yes or no (``what`` None): no
# facts gathered, nothing to word; never shown.
UNWORDED: Final[Fault] = _Unworded()


# ---------------------------------------------------------------- supply


@words("MED-T5")
class T5Tea:
    """MED-T5's faults: a tea tile not held, a second one, one played first or alone."""

    @dataclass(slots=True)
    class NoneHeld(Fault):
        rule: ClassVar[RuleCode] = "MED-T5"
        player: str

        def words(self) -> str:
            return f"{self.player} holds no tea tile"

    @dataclass(slots=True)
    class Twice(Fault):
        rule: ClassVar[RuleCode] = "MED-T5"

        def words(self) -> str:
            return "one tea tile a turn"

    @dataclass(slots=True)
    class First(Fault):
        rule: ClassVar[RuleCode] = "MED-T5"

        def words(self) -> str:
            return "a tea tile stands for the turn's second piece: place one piece first"

    @dataclass(slots=True)
    class Alone(Fault):
        rule: ClassVar[RuleCode] = "MED-T5"

        def words(self) -> str:
            return "a tea tile stands for one of the turn's two pieces: the turn still places one"


@words("MED-T6")
@dataclass(slots=True)
class NoPieceLeft(Fault):
    """MED-T6: ``player`` has no ``piece`` left."""

    rule: ClassVar[RuleCode] = "MED-T6"
    player: str
    piece: str

    def words(self) -> str:
        return f"{self.player} has no {self.piece} left"


@words("MED-B5")
@dataclass(slots=True)
class ColourRetired(Fault):
    rule: ClassVar[RuleCode] = "MED-B5"
    colour: str

    def words(self) -> str:
        colour = self.colour
        return f"every player owns {article(colour)} palace: {colour} buildings have left the game"


@words("MED-R3")
@dataclass(slots=True)
class NoNeutralRoofs(Fault):
    rule: ClassVar[RuleCode] = "MED-R3"

    def words(self) -> str:
        return "this game has no neutral roofs"


# ---------------------------------------------------------------- buildings and stables


@words("MED-B1")
class B1Field:
    """MED-B1's faults: a building or stable (``what``) on ``cell``, which is off the
    board, on the ring, taken or by the well."""

    @dataclass(slots=True)
    class Off(Fault):
        rule: ClassVar[RuleCode] = "MED-B1"
        cell: Cell
        what: str

        def words(self) -> str:
            return f"{cell_name(self.cell)} is not on the board"

    @dataclass(slots=True)
    class Ring(Fault):
        rule: ClassVar[RuleCode] = "MED-B1"
        cell: Cell
        what: str

        def words(self) -> str:
            name = cell_name(self.cell)
            return f"{name} is on the wall ring: a {self.what} goes on a building field"

    @dataclass(slots=True)
    class Taken(Fault):
        rule: ClassVar[RuleCode] = "MED-B1"
        cell: Cell
        what: str
        piece: str

        def words(self) -> str:
            return f"{cell_name(self.cell)} is taken ({self.piece})"

    @dataclass(slots=True)
    class Well(Fault):
        rule: ClassVar[RuleCode] = "MED-B1"
        cell: Cell
        what: str

        def words(self) -> str:
            return (
                f"{cell_name(self.cell)} is the well or next to it: no {self.what} may stand there"
            )


@words("MED-B3")
@dataclass(slots=True)
class PalacesTouch(Fault):
    """MED-B3: a ``what`` on ``cell`` touches the ``colour`` palace at ``other``."""

    rule: ClassVar[RuleCode] = "MED-B3"
    cell: Cell
    what: str
    colour: str
    other: Cell

    def words(self) -> str:
        if self.position:
            return (
                f"{cell_name(self.cell)} and {cell_name(self.other)} belong to different "
                "palaces but touch; palaces keep one free field between them"
            )
        return (
            f"a {self.what} on {cell_name(self.cell)} would touch the {self.colour} palace at "
            f"{cell_name(self.other)}; palaces keep one free field between them"
        )


@words("MED-B6")
@dataclass(slots=True)
class StableAlone(Fault):
    rule: ClassVar[RuleCode] = "MED-B6"
    cell: Cell

    def words(self) -> str:
        if self.position:
            return f"the stable on {cell_name(self.cell)} touches no building"
        return f"a stable must be built next to a building; {cell_name(self.cell)} touches none"


@words("MED-B2")
class B2OnePalaceGrows:
    """MED-B2's faults: a building that joins none of the palaces it must (``named``), or
    a city as written with more than one palace of a colour unfinished."""

    @dataclass(slots=True)
    class Unjoined(Fault):
        """The unfinished ``colour`` palace of ``buildings`` can still grow."""

        rule: ClassVar[RuleCode] = "MED-B2"
        colour: str
        buildings: list[Cell]
        named: tuple[int, ...]

        def words(self) -> str:
            return (
                f"the unfinished {self.colour} palace ({_fields(self.buildings)}) can still "
                f"grow: each {self.colour} building must be built onto it"
            )

    @dataclass(slots=True)
    class Stuck(Unjoined):
        """The ``colour`` palace of ``buildings`` is stuck unroofed (stuck-palace=roof)."""

        def words(self) -> str:
            colour = self.colour
            return (
                f"the {colour} palace ({_fields(self.buildings)}) is stuck without a roof: no "
                f"new {colour} palace may start until it is roofed (ruling stuck-palace=roof)"
            )

    @dataclass(slots=True)
    class Growing(Fault):
        rule: ClassVar[RuleCode] = "MED-B2"
        colour: str
        count: int

        def words(self) -> str:
            return (
                f"{self.count} unroofed {self.colour} palaces could still grow; only one can "
                "be unfinished at a time"
            )

    @dataclass(slots=True)
    class Unroofed(Fault):
        rule: ClassVar[RuleCode] = "MED-B2"
        colour: str
        count: int

        def words(self) -> str:
            colour = self.colour
            return (
                f"{self.count} {colour} palaces are unroofed; a new {colour} palace starts "
                "only once the one before is roofed (ruling stuck-palace=roof)"
            )


def _fields(cells: list[Cell]) -> str:
    return ", ".join(cell_name(cell) for cell in cells)


@words("MED-B4")
@dataclass(slots=True)
class PalaceClosed(Fault):
    """MED-B4: the ``colour`` palace ``ident``, at ``cell``, takes no more buildings."""

    rule: ClassVar[RuleCode] = "MED-B4"
    colour: str
    cell: Cell
    ident: int

    def words(self) -> str:
        return (
            f"the {self.colour} palace at {cell_name(self.cell)} is roofed or finished: it "
            "takes no more buildings"
        )


# ---------------------------------------------------------------- roofs


@words("MED-R1")
class R1PalaceToRoof:
    """MED-R1's faults: a roof on ``cell`` where no palace stands, on a stable, on a
    roofed palace, or on one too small."""

    @dataclass(slots=True)
    class NoPalace(Fault):
        rule: ClassVar[RuleCode] = "MED-R1"
        cell: Cell

        def words(self) -> str:
            purpose = "carry a roof" if self.position else "be roofed"
            return f"no palace stands on {cell_name(self.cell)} to {purpose}"

    @dataclass(slots=True)
    class OnStable(Fault):
        """A roof (``word``) on a stable of the ``colour`` palace named by ``building``."""

        rule: ClassVar[RuleCode] = "MED-R1"
        cell: Cell
        colour: str
        building: Cell
        word: str

        def words(self) -> str:
            building = cell_name(self.building)
            return (
                f"{cell_name(self.cell)} holds a stable of the {self.colour} palace at "
                f"{building}; a roof names its palace by one of the palace's buildings, "
                f"as {self.word}@{building}"
            )

    @dataclass(slots=True)
    class Roofed(Fault):
        rule: ClassVar[RuleCode] = "MED-R1"
        cell: Cell
        colour: str
        owner: str

        def words(self) -> str:
            if self.position:
                return f"the palace at {cell_name(self.cell)} is given two roofs"
            roof = "a neutral roof" if self.owner == NEUTRAL else f"{self.owner}'s roof"
            return f"the {self.colour} palace already has {roof}"

    @dataclass(slots=True)
    class Small(Fault):
        rule: ClassVar[RuleCode] = "MED-R1"
        cell: Cell
        size: int

        def words(self) -> str:
            return f"a palace needs {self.size} buildings to be roofed (ruling min-roof-size)"


@words("MED-R2")
@dataclass(slots=True)
class SecondPalace(Fault):
    rule: ClassVar[RuleCode] = "MED-R2"
    player: str
    colour: str

    def words(self) -> str:
        if self.position:
            return f"{self.player} owns two {self.colour} palaces"
        return f"{self.player} already owns {article(self.colour)} palace"
