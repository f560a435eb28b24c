"""The rules of taking off and placing towers (MER-R1 to MER-R11): each decided by one
function named after it, and worded by one.

A decider returns None when its rule holds, or a ``Fault``: the rule and the facts its
message needs. Every path that plays a turn, checks a written position or looks for a legal
move calls these deciders; the message is made from a fault only when it is shown, by
``faults.word``.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from meridina.rules.rule_home import decides

from .faults import Fault, wording
from .model import MERIDIANS, OwnPush, Tower

Cells = Sequence[Tower | None]
# Rulings as plain names: an enum's member looked up on its class costs a call.
_ANY, _NEVER = OwnPush.ANY, OwnPush.NEVER
# How a check was reached: a turn's take-off or build, or a tower written in a position.
BUILT, WRITTEN = "built", "written"


# ---------------------------------------------------------------- MER-R1


@decides("MER-R1")
def r1_tower_height(
    height: int,
    cells: Cells,
    empty_always: bool,
    meridian: int,
    built: Collection[int],
    city: int = 0,
) -> Fault | None:
    """A tower is at least 1 high, and the first on an empty meridian at least 2: on every
    empty meridian when ``empty_always``, else when the meridian is not among those ever
    ``built`` on. ``city`` is given for a tower written in a position, where 1 is enough.
    """
    if height < 1:
        return Fault("MER-R1", (WRITTEN if city else BUILT, city))
    if height < 2 and not city and not any(cells) and (empty_always or meridian not in built):
        return Fault("MER-R1", ("empty", city))
    return None


@wording("MER-R1")
def _r1_words(meridian: int, colour: str, who: str, kind: str, city: int) -> str:
    if kind == WRITTEN:
        return f"meridian {meridian}, city {city}: a tower is at least 1 high"
    if kind == BUILT:
        return "a tower is at least 1 piece high"
    return f"meridian {meridian} is empty: its first tower must be at least 2 high"


# ---------------------------------------------------------------- MER-R2


@decides("MER-R2")
def r2_different_heights(cells: Cells, height: int, city: int = 0) -> Fault | None:
    """No tower on the meridian's ``cells`` is ``height`` high; for a tower written in a
    position on ``city``, no tower is written on that city before it."""
    if city:
        if cells[city - 1] is not None:
            return Fault("MER-R2", (WRITTEN, city, ""))
        return None
    for tower in cells:
        if tower is not None and tower.height == height:
            return Fault("MER-R2", (BUILT, height, tower.colour))
    return None


def heights_differ(cells: Cells) -> Fault | None:
    """MER-R2 for every tower on a written meridian."""
    for index, tower in enumerate(cells):
        fault = None if tower is None else r2_different_heights(cells[:index], tower.height)
        if fault is not None:
            return Fault(fault.rule, ("meridian", 0, ""))
    return None


@wording("MER-R2")
def _r2_words(meridian: int, colour: str, who: str, kind: str, number: int, other: str) -> str:
    if kind == WRITTEN:
        return f"meridian {meridian}, city {number} is given two towers"
    if kind == BUILT:
        return f"a tower {number} high already stands on this meridian ({other})"
    return f"meridian {meridian} has two towers of the same height"


# ---------------------------------------------------------------- MER-R3


@decides("MER-R3")
def r3_taller_towers_stand_higher(cells: Cells, city: int, height: int, end: int) -> Fault | None:
    """A tower ``height`` high put on ``city`` of ``cells`` stands above only shorter towers
    and below only taller ones, once the towers from ``city`` to the free cell ``end`` (an
    index; ``city - 1`` when nothing is pushed) have moved towards ``end``.

    The pushes keep the towers' order, so the towers that end up below the new one are
    those below its city, and the occupant too when the new tower is taller and pushes it
    down; the message gives the city a tower ends up on.
    """
    index = city - 1
    occupant = cells[index]
    below = city if occupant is not None and occupant.height < height else index
    place = 0  # the cell of ``tower``
    for tower in cells:
        if tower is not None:
            if place < below:
                if tower.height > height:
                    moved = place - 1 if end < place <= index else place
                    return Fault("MER-R3", ("above", height, tower, moved + 1))
            elif tower.height < height:
                moved = place + 1 if index <= place < end else place
                return Fault("MER-R3", ("below", height, tower, moved + 1))
        place += 1  # noqa: SIM113 (enumerate costs more on every turn)
    return None


def order_holds(cells: Cells) -> Fault | None:
    """MER-R3 for every tower on a written meridian, each where it stands."""
    for index, tower in enumerate(cells):
        if tower is not None:
            fault = r3_taller_towers_stand_higher(cells, index + 1, tower.height, index)
            if fault is not None:
                return Fault(fault.rule, (WRITTEN, 0, None, 0))
    return None


@wording("MER-R3")
def _r3_words(
    meridian: int, colour: str, who: str, kind: str, height: int, other: Tower, city: int
) -> str:
    if kind == WRITTEN:
        return f"meridian {meridian}: towers must grow taller from the bottom city upwards"
    return (
        f"a tower {height} high cannot stand {kind} the {other.colour} tower "
        f"{other.height} high on city {city}"
    )


# ---------------------------------------------------------------- MER-R4


@decides("MER-R4")
def r4_towers_per_player(
    cells: Cells, mine: Collection[str], limit: int, new: int = 1
) -> Fault | None:
    """The player whose colours are ``mine`` has at most ``limit`` towers on the meridian's
    ``cells`` with ``new`` more (1 for a build, 0 for a written position)."""
    count = new
    for tower in cells:
        if tower is not None and tower.colour in mine:
            count += 1
    if count > limit:
        return Fault("MER-R4", (count, limit, new))
    return None


@wording("MER-R4")
def _r4_words(meridian: int, colour: str, who: str, count: int, limit: int, new: int) -> str:
    if not new:
        return f"meridian {meridian}: {who} has {count} towers; at most {limit}"
    return (
        f"{who} already has {limit} tower{'s' if limit > 1 else ''} on "
        f"meridian {meridian}; take one off first (x)"
    )


# ---------------------------------------------------------------- MER-R5


@decides("MER-R5")
def r5_place_exists(city: int, cities: int, meridian: int = 1) -> Fault | None:
    """Meridian ``meridian`` and its city ``city`` are on a board of ``cities`` a meridian."""
    if not 1 <= meridian <= MERIDIANS:
        return Fault("MER-R5", ("meridian", meridian, cities))
    if not 1 <= city <= cities:
        return Fault("MER-R5", ("city", city, cities))
    return None


def meridian_exists(meridian: int) -> Fault | None:
    """MER-R5 for a meridian alone, before the board's cities are known."""
    return r5_place_exists(1, 1, meridian)


@wording("MER-R5")
def _r5_words(meridian: int, colour: str, who: str, kind: str, number: int, cities: int) -> str:
    if kind == "meridian":
        return f"there is no meridian {number}"
    return f"there is no city {number} on a meridian of {cities} cities"


# ---------------------------------------------------------------- MER-R6


@decides("MER-R6")
def r6_pushes_stay_on_board(cells: Cells, index: int, height: int) -> int | Fault:
    """The free cell a tower ``height`` high put on the occupied cell ``index`` pushes
    towers towards: up from a taller occupant, down from a shorter one; a fault when the
    towers run to the edge and the last would be pushed off the board."""
    occupant = cells[index]
    assert occupant is not None
    if height < occupant.height:
        end = index
        size = len(cells)
        while end < size and cells[end] is not None:
            end += 1
        if end == size:
            return Fault("MER-R6", (occupant.colour, "up", index + 1))
        return end
    end = index - 1
    while end >= 0 and cells[end] is not None:
        end -= 1
    if end < 0:
        return Fault("MER-R6", (occupant.colour, "down", index + 1))
    return end


@wording("MER-R6")
def _r6_words(meridian: int, colour: str, who: str, pushed: str, direction: str, city: int) -> str:
    return (
        f"pushing the {pushed} tower {direction} from city {city} would push a tower off the board"
    )


# ---------------------------------------------------------------- MER-R7


@decides("MER-R7")
def r7_own_towers_pushed(moved: Cells, mine: Collection[str], own_push: OwnPush) -> Fault | None:
    """The towers ``moved`` by a build (nearest first) may be moved under ``own_push``:
    any; under ``chain`` none of ``mine`` displaced directly; under ``never`` none at all."""
    if own_push is _ANY:
        return None
    occupant = moved[0]
    if occupant is not None and occupant.colour in mine:
        return Fault("MER-R7", ("displace", occupant.colour))
    if own_push is _NEVER:
        for tower in moved:
            if tower is not None and tower.colour in mine:
                return Fault("MER-R7", ("push along", tower.colour))
    return None


@wording("MER-R7")
def _r7_words(meridian: int, colour: str, who: str, kind: str, pushed: str) -> str:
    return f"a tower may not {kind} its own player's {pushed} tower"


# ---------------------------------------------------------------- MER-R8


@decides("MER-R8")
def r8_enough_pieces(colour: str, height: int, hand: int) -> Fault | None:
    """A tower ``height`` high of ``colour`` takes no more pieces than the ``hand`` has."""
    if height > hand:
        return Fault("MER-R8", (colour, hand, height))
    return None


@wording("MER-R8")
def _r8_words(
    meridian: int, colour: str, who: str, tower_colour: str, hand: int, height: int
) -> str:
    return f"{tower_colour} has only {hand} pieces in hand, not enough for a tower {height} high"


# ---------------------------------------------------------------- MER-R9


@decides("MER-R9")
def r9_own_tower_taken_off(
    cells: Cells, mine: Collection[str], wanted: int | None
) -> tuple[int, Tower] | Fault:
    """The (city, tower) a take-off takes: the one tower of ``mine`` on the meridian's
    ``cells``, or the one on city ``wanted``; a fault when there is none, or two and no
    city is said."""
    found: tuple[int, Tower] | None = None
    for city, tower in enumerate(cells, start=1):
        if tower is not None and tower.colour in mine and (wanted is None or city == wanted):
            if found is not None:
                return Fault("MER-R9", ("which", wanted), True)
            found = (city, tower)
    if found is None:
        return Fault("MER-R9", ("none", wanted), True)
    return found


def can_take_off(cells: Cells, mine: Collection[str]) -> bool:
    """Whether some take-off (with its city said if need be) breaks no MER-R9."""
    found = r9_own_tower_taken_off(cells, mine, None)
    return type(found) is not Fault or found.facts[0] == "which"


@wording("MER-R9")
def _r9_words(meridian: int, colour: str, who: str, kind: str, city: int | None) -> str:
    if kind == "which":
        return f"two towers of yours stand on meridian {meridian}: say which to take off, as x@CITY"
    where = f"on city {city} of" if city else "on"
    return f"{colour} has no tower of its own {where} meridian {meridian} to take off"


# ---------------------------------------------------------------- MER-R10


@decides("MER-R10")
def r10_rebuild_differs(
    removed: tuple[int, Tower], city: int, colour: str, height: int
) -> Fault | None:
    """A tower built in the turn that ``removed`` a (city, tower) differs from it."""
    if city == removed[0]:
        gone = removed[1]
        if gone.height == height and gone.colour == colour:
            return Fault("MER-R10", ())
    return None


@wording("MER-R10")
def _r10_words(meridian: int, colour: str, who: str) -> str:
    return "a rebuilt tower must differ from the one taken off in height or city"


# ---------------------------------------------------------------- MER-R11


@decides("MER-R11")
def r11_own_colour(colour: str, mine: Collection[str]) -> Fault | None:
    """A tower is of one of the mover's player's colours ``mine``."""
    if colour not in mine:
        return Fault("MER-R11", (colour,))
    return None


@wording("MER-R11")
def _r11_words(meridian: int, colour: str, who: str, tower_colour: str) -> str:
    return f"{tower_colour} is not one of the mover's colours"
