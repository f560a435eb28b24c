"""A broken Medina rule as a cheap value, and the one sentence each rule's fault is told in.

A rule's decider (``placing.py``) returns a ``Fault``: the rule and the facts its message
needs, nothing worded. The sentence is made from those facts only when it is shown, by
the rule's one wording function below (marked ``@words``). A fault found in a written
position (``in_position``) is told as a fault of the city as written, not of a move.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, NamedTuple, cast

from meridina.rules.codes import RuleCode
from meridina.rules.common import Place, Problem
from meridina.rules.rule_home import filed_words
from meridina.rules.wording import article, counted

from .model import BUILDING_KIND, NEUTRAL, cell_name

Wording = Callable[["Fault"], str]
_SAY: Final[dict[str, Wording]] = {}  # rule -> the function that words its faults


wording = filed_words(_SAY)  # ``words`` that also files the function for ``Fault.message``


class Fault(NamedTuple):
    """A rule broken: its ID, the facts its message needs, and whether a position shows it.

    (A named tuple: the legal-move search makes many, and one is cheap to build.)
    """

    rule: RuleCode
    facts: tuple[Any, ...]
    position: bool = False

    @property
    def message(self) -> str:
        say = _SAY.get(self.rule)
        if say is None:  # a rule still worded where it is found: the sentence is the fact
            return str(self.facts[0])
        return say(self)

    @property
    def case(self) -> str:
        """Which way the rule is broken, for a rule broken in more than one way."""
        return str(self.facts[0])

    def words(self) -> str:
        """The message, made when a problem's is first read (``Problem`` asks it)."""
        return self.message

    def at(self, place: Place | None) -> Problem:
        return Problem(self.rule, self, place)

    def in_position(self) -> Fault:
        return self._replace(position=True)


NO_FAULTS: Final[tuple[Fault, ...]] = ()  # a placement that breaks no rule

# A decider's answer "broken" to a caller that asks only yes or no (``what`` None): no
# facts gathered, nothing to word; never shown.
UNWORDED: Final = Fault(cast(RuleCode, "unworded"), ())


# ---------------------------------------------------------------- turns


@wording("MED-T1")
def t1_words(fault: Fault) -> str:
    expected, player = fault.facts
    return f"it is {expected}'s turn, not {player}'s"


@wording("MED-T3")
def t3_words(fault: Fault) -> str:
    player, example = fault.facts
    where = cell_name(example.cell) if example.cell else ""
    what = f"{example.colour} building" if example.kind is BUILDING_KIND else example.kind.value
    return f"{player} may not pass: a {what} on {where} can still be placed"


@wording("MED-T4")
def t4_words(fault: Fault) -> str:
    player, way, ruling = fault.facts
    if ruling == "others-stuck":
        return (
            f"no other player can move, so {player} must place a roof this turn (for example {way})"
        )
    return (
        f"{player} is the only player with roofs left and must place one this turn "
        f"(for example {way})"
    )


def opening_turns(players: int, edition: str, turns: int) -> str:
    """Why the opening exception does not apply: how many turns it covers here."""
    where = f"in edition {edition} with {players} players"
    if turns == 0:
        return f"{where}, no opening turn places a single piece"
    first = "only the first turn places" if turns == 1 else f"only the first {turns} turns place"
    return f"{where}, {first} a single piece"


@wording("MED-T2")
def t2_words(fault: Fault) -> str:
    if fault.case == "many":
        return "a turn places at most two pieces"
    if fault.case == "opening":
        return f"an opening turn places a single piece: {opening_turns(*fault.facts[1])}"
    _, player, written, opening = fault.facts
    return (
        f"{player} places only {counted(written, 'piece')}: a turn places two "
        f"while any piece can still be placed ({opening_turns(*opening)})"
    )


@wording("MED-T5")
def t5_words(fault: Fault) -> str:
    if fault.case == "none":
        return f"{fault.facts[1]} holds no tea tile"
    if fault.case == "twice":
        return "one tea tile a turn"
    if fault.case == "first":
        return "a tea tile stands for the turn's second piece: place one piece first"
    return "a tea tile stands for one of the turn's two pieces: the turn still places one"


# ---------------------------------------------------------------- supply


@wording("MED-T6")
def t6_words(fault: Fault) -> str:
    player, piece = fault.facts
    return f"{player} has no {piece} left"


@wording("MED-B5")
def b5_words(fault: Fault) -> str:
    (colour,) = fault.facts
    return f"every player owns {article(colour)} palace: {colour} buildings have left the game"


@wording("MED-R3")
def r3_words(fault: Fault) -> str:
    return "this game has no neutral roofs"


# ---------------------------------------------------------------- buildings and stables


@wording("MED-B1")
def b1_words(fault: Fault) -> str:
    case, cell, what, piece = fault.facts
    name = cell_name(cell)
    if case == "off":
        return f"{name} is not on the board"
    if case == "ring":
        return f"{name} is on the wall ring: a {what} goes on a building field"
    if case == "taken":
        return f"{name} is taken ({piece})"
    return f"{name} is the well or next to it: no {what} may stand there"


@wording("MED-B3")
def b3_words(fault: Fault) -> str:
    cell, what, colour, other = fault.facts
    if fault.position:
        return (
            f"{cell_name(cell)} and {cell_name(other)} belong to different palaces but touch; "
            "palaces keep one free field between them"
        )
    return (
        f"a {what} on {cell_name(cell)} would touch the {colour} palace at "
        f"{cell_name(other)}; palaces keep one free field between them"
    )


@wording("MED-B6")
def b6_words(fault: Fault) -> str:
    (cell,) = fault.facts
    if fault.position:
        return f"the stable on {cell_name(cell)} touches no building"
    return f"a stable must be built next to a building; {cell_name(cell)} touches none"


@wording("MED-B2")
def b2_words(fault: Fault) -> str:
    if fault.position:
        colour, count, stuck = fault.facts
        if stuck:
            return (
                f"{count} {colour} palaces are unroofed; a new {colour} palace starts only "
                "once the one before is roofed (ruling stuck-palace=roof)"
            )
        return (
            f"{count} unroofed {colour} palaces could still grow; only one can be unfinished "
            "at a time"
        )
    colour, buildings, _, stuck = fault.facts
    where = ", ".join(cell_name(cell) for cell in buildings)
    if stuck:
        return (
            f"the {colour} palace ({where}) is stuck without a roof: no new {colour} palace "
            "may start until it is roofed (ruling stuck-palace=roof)"
        )
    return (
        f"the unfinished {colour} palace ({where}) can still grow: each {colour} building "
        "must be built onto it"
    )


@wording("MED-B4")
def b4_words(fault: Fault) -> str:
    colour, cell, _ = fault.facts
    return (
        f"the {colour} palace at {cell_name(cell)} is roofed or finished: it takes no more "
        "buildings"
    )


# ---------------------------------------------------------------- roofs


@wording("MED-R1")
def r1_words(fault: Fault) -> str:
    case, cell = fault.case, fault.facts[1]
    if case == "stable":
        _, _, colour, building, word = fault.facts
        return (
            f"{cell_name(cell)} holds a stable of the {colour} palace at "
            f"{cell_name(building)}; a roof names its palace by one of the palace's buildings, "
            f"as {word}@{cell_name(building)}"
        )
    if case == "none":
        purpose = "carry a roof" if fault.position else "be roofed"
        return f"no palace stands on {cell_name(cell)} to {purpose}"
    if case == "roofed":
        if fault.position:
            return f"the palace at {cell_name(cell)} is given two roofs"
        _, _, colour, owner = fault.facts
        roof = "a neutral roof" if owner == NEUTRAL else f"{owner}'s roof"
        return f"the {colour} palace already has {roof}"
    size = fault.facts[2]
    return f"a palace needs {size} buildings to be roofed (ruling min-roof-size)"


@wording("MED-R2")
def r2_words(fault: Fault) -> str:
    player, colour = fault.facts
    if fault.position:
        return f"{player} owns two {colour} palaces"
    return f"{player} already owns {article(colour)} palace"


# ---------------------------------------------------------------- walls


@wording("MED-W1")
def w1_words(fault: Fault) -> str:
    case, cell = fault.facts
    name = cell_name(cell)
    if case == "ring":
        return f"a wall goes on a field of the ring between the towers, not {name}"
    if case == "taken":
        return f"{name} already has a wall"
    if fault.position:
        return f"the wall on {name} is not joined to a tower"
    return f"a wall on {name} would not join a tower or the end of a tower's wall"


@wording("MED-W2")
def w2_words(fault: Fault) -> str:
    cell, tower, other = fault.facts
    if fault.position:
        return f"the walls between towers {tower} and {other} leave no gate"
    return (
        f"a wall on {cell_name(cell)} would close the gate between towers {tower} and {other}: "
        "one field must stay free"
    )


# ---------------------------------------------------------------- merchants


@wording("MED-M1")
def m1_words(fault: Fault) -> str:
    case = fault.case
    if case == "field":
        return f"a merchant goes on a building field, not {cell_name(fault.facts[1])}"
    if case == "taken":
        _, cell, piece = fault.facts
        return f"{cell_name(cell)} is taken ({piece})"
    if case == "well":
        return f"{cell_name(fault.facts[1])} is the well"
    if case == "end":
        ends = " or ".join(cell_name(c) for c in fault.facts[1])
        return (
            f"a merchant must extend the market street at an end ({ends}), "
            "touching exactly one merchant"
        )
    if case == "line":
        return f"the merchants around {cell_name(fault.facts[1])} do not form a single line"
    _, first, second = fault.facts
    return (
        f"the street through {cell_name(first)} and {cell_name(second)} touches an "
        "older street twice; only the merchant that starts a street may touch older ones"
    )


@wording("MED-M2")
def m2_words(fault: Fault) -> str:
    cell, touching, ruling = fault.facts
    said = f"{cell_name(cell)} touches {counted(touching, 'merchant')}"
    if fault.position:
        said = f"the street started at {said} of an older street"
    else:
        said = f"both ends of the market street are blocked, so a new street starts; but {said}"
    return f"{said} (ruling new-street-touch={ruling})"
