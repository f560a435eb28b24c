"""The rules of taking off and placing towers (MER-R1 to MER-R11): each decided by one
function, and worded by one.

A decider is named after its rule, or after the one question it asks when a single pass
over the same data decides several rules (the towers on a meridian against a new one, a
chain of pushes, what a tower takes): a build is checked on every turn, so it goes over a
meridian once. A decider returns None when its rules hold, else the ``Fault`` of each rule
broken: the rule and the facts its message needs. Every path that plays a turn, checks a
written position or looks for a legal move calls these deciders; the message is made from
a fault only when it is shown, by ``faults.word``.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from meridina.rules.rule_home import decides
from meridina.rules.wording import counted

from .faults import Fault, wording
from .model import MERIDIANS, OwnPush, Tower

Cells = Sequence[Tower | None]
# Rulings as plain names: an enum's member looked up on its class costs a call.
_ANY, _NEVER = OwnPush.ANY, OwnPush.NEVER
# How a check was reached: a turn's take-off or build, or a tower written in a position.
BUILT, WRITTEN = "built", "written"


# ---------------------------------------------------------------- MER-R1 to MER-R4

# What one pass over a meridian finds broken, None for a rule that holds:
# (MER-R1, MER-R4, MER-R2, MER-R3), in the order a turn's faults are reported.
Heights = tuple[Fault | None, Fault | None, Fault | None, Fault | None]


@decides("MER-R1", "MER-R2", "MER-R3", "MER-R4")
def heights_on_the_meridian(
    cells: Cells,
    height: int,
    city: int,
    end: int,
    mine: Collection[str],
    limit: int,
    empty_always: bool = False,
    meridian: int = 0,
    built: Collection[int] = (),
    new: int = 1,
    written: bool = False,
) -> Heights | None:
    """A tower ``height`` high put on ``city`` of a meridian's ``cells``, against the towers
    there, in one pass. None when every rule holds, else what is broken:

    - MER-R1: the tower is at least 1 high, and the first on an empty meridian at least
      2: on every empty meridian when ``empty_always``, else when ``meridian`` is not
      among those ever ``built`` on;
    - MER-R2: no tower there is as high;
    - MER-R3: it stands above only shorter towers and below only taller ones, once the
      towers from ``city`` to the free cell ``end`` (an index; ``city - 1`` when nothing
      is pushed) have moved towards ``end``;
    - MER-R4: the player whose colours are ``mine`` has at most ``limit`` towers there
      with ``new`` more (1 for a build, 0 for a written position).

    ``city`` 0: the tower stands on none of the cells, and MER-R3 is not asked.
    ``written``: a tower written in a position, put on its city, which no tower may hold
    before it (MER-R2), and for which 1 high is enough; the meridian as a whole is asked
    once all its towers are written.

    The pushes keep the towers' order, so the towers that end up below the new one are
    those below its city, and the occupant too when the new tower is taller and pushes it
    down; the message gives the city a tower ends up on.
    """
    too_low = None
    if height < 1:
        too_low = Fault("MER-R1", (WRITTEN if written else BUILT, city))
    index = city - 1
    below = 0  # the towers on the cells before ``below`` end up below the new one
    if city:
        occupant = cells[index]
        if written:
            if occupant is None:
                return None if too_low is None else (too_low, None, None, None)
            return too_low, None, Fault("MER-R2", (WRITTEN, city, "")), None
        below = city if occupant is not None and occupant.height < height else index
    count = new
    twice = out_of_order = None
    place = 0  # the cell of ``tower``
    for tower in cells:
        if tower is not None:
            if tower.colour in mine:
                count += 1
            other = tower.height
            if other >= height if place < below else other <= height:
                if other == height:
                    if twice is None:
                        twice = Fault("MER-R2", (BUILT, height, tower.colour))
                elif city and out_of_order is None:
                    if place < below:
                        moved = place - 1 if end < place <= index else place
                        out_of_order = Fault("MER-R3", ("above", height, tower, moved + 1))
                    else:
                        moved = place + 1 if index <= place < end else place
                        out_of_order = Fault("MER-R3", ("below", height, tower, moved + 1))
        place += 1  # noqa: SIM113 (enumerate costs more on every turn)
    if height == 1 and not any(cells) and (empty_always or meridian not in built):
        too_low = Fault("MER-R1", ("empty", city))
    too_many = None if count <= limit else Fault("MER-R4", (count, limit, new))
    if too_low or too_many or twice or out_of_order:
        return too_low, too_many, twice, out_of_order
    return None


def written_tower(cells: Cells, height: int, city: int) -> Fault | None:
    """MER-R1, else MER-R2, for a tower ``height`` high written in a position on ``city``
    of a meridian's ``cells``, where the towers written before it stand."""
    found = heights_on_the_meridian(cells, height, city, city - 1, (), 0, new=0, written=True)
    return None if found is None else found[0] or found[2]


def height_taken(cells: Cells, height: int) -> bool:
    """Whether a tower ``height`` high breaks MER-R2 on the meridian's ``cells``,
    wherever it is put."""
    found = heights_on_the_meridian(cells, height, 0, -1, (), len(cells), False, 0, (), 0)
    return found is not None and found[2] is not None


def written_heights(cells: Cells) -> Fault | None:
    """MER-R2, else MER-R3, for the towers on a written meridian, each where it stands."""
    out_of_order: Fault | None = None
    for index, tower in enumerate(cells):
        if tower is not None:
            others = list(cells)
            others[index] = None
            found = heights_on_the_meridian(others, tower.height, index + 1, index, (), 0, new=0)
            if found is not None:
                twice, wrong = found[2], found[3]
                if twice is not None:
                    return Fault(twice.rule, ("meridian", 0, ""))
                if wrong is not None and out_of_order is None:
                    out_of_order = Fault(wrong.rule, (WRITTEN, 0, None, 0))
    return out_of_order


def written_towers_per_player(cells: Cells, mine: Collection[str], limit: int) -> Fault | None:
    """MER-R4 for the player whose colours are ``mine`` on a written meridian."""
    found = heights_on_the_meridian(cells, 0, 0, -1, mine, limit, new=0)
    return None if found is None else found[1]


@wording("MER-R1")
def _r1_words(meridian: int, colour: str, who: str, kind: str, city: int) -> str:
    if kind == WRITTEN:
        return f"meridian {meridian}, city {city}: a tower is at least 1 high"
    if kind == BUILT:
        return "a tower is at least 1 piece high"
    return f"meridian {meridian} is empty: its first tower must be at least 2 high"


@wording("MER-R2")
def _r2_words(meridian: int, colour: str, who: str, kind: str, number: int, other: str) -> str:
    if kind == WRITTEN:
        return f"meridian {meridian}, city {number} is given two towers"
    if kind == BUILT:
        return f"a tower {number} high already stands on this meridian ({other})"
    return f"meridian {meridian} has two towers of the same height"


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


@wording("MER-R4")
def _r4_words(meridian: int, colour: str, who: str, count: int, limit: int, new: int) -> str:
    if not new:
        return f"meridian {meridian}: {who} has {count} towers; at most {limit}"
    return (
        f"{who} already has {counted(limit, 'tower')} on "
        f"meridian {meridian}; take one off first (x)"
    )


# ---------------------------------------------------------------- MER-R5, MER-R8, MER-R11


@decides("MER-R5", "MER-R8", "MER-R11")
def place_and_pieces(
    city: int,
    cities: int,
    meridian: int = 1,
    colour: str | None = None,
    height: int = 0,
    mine: Collection[str] = (),
    hands: Mapping[str, int] | None = None,
) -> tuple[Fault | None, Fault | None, Fault | None] | None:
    """What a tower takes: a place on the board, meridian ``meridian`` and its city
    ``city`` of ``cities`` (MER-R5); and a tower built of ``colour`` takes ``height``
    pieces of one of the mover's player's colours ``mine`` (MER-R11), no more than that
    colour has in ``hands`` (MER-R8). None when all hold, else (MER-R11, MER-R5, MER-R8).
    """
    no_place = None
    if not 1 <= meridian <= MERIDIANS:
        no_place = Fault("MER-R5", ("meridian", meridian, cities))
    elif not 1 <= city <= cities:
        no_place = Fault("MER-R5", ("city", city, cities))
    not_own = too_few = None
    if colour is not None:
        if colour not in mine:
            not_own = Fault("MER-R11", (colour,))
        else:
            assert hands is not None
            hand = hands[colour]
            if height > hand:
                too_few = Fault("MER-R8", (colour, hand, height))
    if no_place or not_own or too_few:
        return not_own, no_place, too_few
    return None


def place_exists(city: int, cities: int, meridian: int) -> Fault | None:
    """MER-R5 for a place written in a position."""
    found = place_and_pieces(city, cities, meridian)
    return None if found is None else found[1]


def meridian_exists(meridian: int) -> Fault | None:
    """MER-R5 for a meridian alone, before the board's cities are known."""
    return place_exists(1, 1, meridian)


@wording("MER-R5")
def _r5_words(meridian: int, colour: str, who: str, kind: str, number: int, cities: int) -> str:
    if kind == "meridian":
        return f"there is no meridian {number}"
    return f"there is no city {number} on a meridian of {cities} cities"


# ---------------------------------------------------------------- MER-R6, MER-R7


@decides("MER-R6", "MER-R7")
def pushes_along(
    cells: Cells, index: int, height: int, mine: Collection[str], own_push: OwnPush
) -> int | Fault | tuple[int, Fault]:
    """The free cell a tower ``height`` high put on the occupied cell ``index`` pushes
    towers towards: up from a taller occupant, down from a shorter one.

    A fault (MER-R6) when the towers run to the edge and the last would be pushed off the
    board; with the free cell, a fault (MER-R7) when the towers moved may not be under
    ``own_push``: any may; under ``chain`` none of ``mine`` is displaced directly; under
    ``never`` none is moved at all.
    """
    occupant = cells[index]
    assert occupant is not None
    if height < occupant.height:
        end = index
        size = len(cells)
        while end < size and cells[end] is not None:
            end += 1
        if end == size:
            return Fault("MER-R6", (occupant.colour, "up", index + 1))
        step = 1
    else:
        end = index - 1
        while end >= 0 and cells[end] is not None:
            end -= 1
        if end < 0:
            return Fault("MER-R6", (occupant.colour, "down", index + 1))
        step = -1
    if own_push is _ANY:
        return end
    if occupant.colour in mine:
        return end, Fault("MER-R7", ("displace", occupant.colour))
    if own_push is _NEVER:
        for place in range(index + step, end, step):
            tower = cells[place]
            if tower is not None and tower.colour in mine:
                return end, Fault("MER-R7", ("push along", tower.colour))
    return end


@wording("MER-R6")
def _r6_words(meridian: int, colour: str, who: str, pushed: str, direction: str, city: int) -> str:
    return (
        f"pushing the {pushed} tower {direction} from city {city} would push a tower off the board"
    )


# ---------------------------------------------------------------- MER-R7


@wording("MER-R7")
def _r7_words(meridian: int, colour: str, who: str, kind: str, pushed: str) -> str:
    return f"a tower may not {kind} its own player's {pushed} tower"


# ---------------------------------------------------------------- MER-R8


@wording("MER-R8")
def _r8_words(
    meridian: int, colour: str, who: str, tower_colour: str, hand: int, height: int
) -> str:
    return (
        f"{tower_colour} has only {counted(hand, 'piece')} in hand, "
        f"not enough for a tower {height} high"
    )


# ---------------------------------------------------------------- MER-R9


@decides("MER-R9")
def r9_own_tower_taken_off(
    cells: Cells, mine: Collection[str], wanted: int | None
) -> tuple[int, Tower] | Fault:
    """The (city, tower) a take-off takes: the one tower of ``mine`` on the meridian's
    ``cells``, or the one on city ``wanted``; a fault when there is none, or two and no
    city is said."""
    found: tuple[int, Tower] | None = None
    city = 0
    for tower in cells:
        city += 1  # noqa: SIM113 (enumerate costs more on every turn)
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


@wording("MER-R11")
def _r11_words(meridian: int, colour: str, who: str, tower_colour: str) -> str:
    return f"{tower_colour} is not one of the mover's colours"
