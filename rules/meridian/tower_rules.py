"""The rules of taking off and placing towers (MER-R1 to MER-R11): each decided by one
unit, and worded by one.

A decider is named after its rule, or after the one question it asks when a single look
at the same data decides several rules (a chain of pushes, what a tower takes). A rule
asked of a built tower and of a written position is a class with a decider for each (its
``built`` and ``written...``), and its wording. A decider returns None when its rules hold,
else the ``Fault`` of each rule broken: the rule and the facts its message needs. The one
loop that plays a turn, the check of a written position and the search of legal turns call
these deciders; the message is made from a fault only when it is shown, by ``faults.word``.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from itertools import pairwise

from meridina.rules.rule_home import decides
from meridina.rules.wording import counted

from .faults import Fault, wording
from .model import MERIDIANS, OwnPush, Tower

Cells = Sequence[Tower | None]
# How a check was reached: a turn's take-off or build, or a tower written in a position.
BUILT, WRITTEN = "built", "written"


# ---------------------------------------------------------------- MER-R1


@decides("MER-R1")
class R1HighEnough:
    """MER-R1: a tower is at least 1 high, and a built one that is the first on an empty
    meridian at least 2."""

    @staticmethod
    def built(
        cells: Cells, height: int, meridian: int, empty_always: bool, built: Collection[int]
    ) -> Fault | None:
        """A tower ``height`` high built on a meridian of ``cells`` (as they are once any
        take-off is made): it is empty on every turn that finds it so when
        ``empty_always``, else only when ``meridian`` is not among those ever ``built`` on."""
        if height < 1:
            return Fault("MER-R1", (BUILT,))
        if height == 1 and not any(cells) and (empty_always or meridian not in built):
            return Fault("MER-R1", ("empty",))
        return None

    @staticmethod
    def written(height: int, city: int) -> Fault | None:
        """A tower ``height`` high written in a position on ``city``."""
        return Fault("MER-R1", (WRITTEN, city)) if height < 1 else None

    @staticmethod
    @wording("MER-R1")
    def words(meridian: int, colour: str, who: str, kind: str, city: int = 0) -> str:
        if kind == WRITTEN:
            return f"meridian {meridian}, city {city}: a tower is at least 1 high"
        if kind == BUILT:
            return "a tower is at least 1 piece high"
        return f"meridian {meridian} is empty: its first tower must be at least 2 high"


# ---------------------------------------------------------------- MER-R2


@decides("MER-R2")
class R2HeightsDiffer:
    """MER-R2: no two towers on a meridian are as high, and no city holds two."""

    @staticmethod
    def built(cells: Cells, height: int) -> Fault | None:
        """A tower ``height`` high built on a meridian of ``cells``: the first as high."""
        for tower in cells:
            if tower is not None and tower.height == height:
                return Fault("MER-R2", (BUILT, height, tower.colour))
        return None

    @staticmethod
    def written_on(cells: Cells, city: int) -> Fault | None:
        """A tower written on ``city``, where a tower written before it may stand."""
        return None if cells[city - 1] is None else Fault("MER-R2", (WRITTEN, city, ""))

    @staticmethod
    def written_meridian(cells: Cells) -> Fault | None:
        """The towers written on a meridian."""
        heights = [tower.height for tower in cells if tower is not None]
        return None if len(set(heights)) == len(heights) else Fault("MER-R2", ("meridian", 0, ""))

    @staticmethod
    @wording("MER-R2")
    def words(meridian: int, colour: str, who: str, kind: str, number: int, other: str) -> str:
        if kind == WRITTEN:
            return f"meridian {meridian}, city {number} is given two towers"
        if kind == BUILT:
            return f"a tower {number} high already stands on this meridian ({other})"
        return f"meridian {meridian} has two towers of the same height"


# ---------------------------------------------------------------- MER-R3


@decides("MER-R3")
class R3TallerUpwards:
    """MER-R3: towers grow taller from a meridian's bottom city upwards."""

    @staticmethod
    def built(cells: Cells, height: int, city: int, end: int) -> Fault | None:
        """A tower ``height`` high put on ``city`` of a meridian's ``cells`` stands above
        only shorter towers and below only taller ones, once the towers from ``city`` to
        the free cell ``end`` (an index; ``city - 1`` when nothing is pushed) have moved
        towards ``end`` (a tower as high is MER-R2's).

        The pushes keep the towers' order, so the towers that end up below the new one are
        those below its city, and the occupant too when the new tower is taller and pushes
        it down; the message gives the city a tower ends up on.
        """
        index = city - 1
        occupant = cells[index]
        below = city if occupant is not None and occupant.height < height else index
        for place, tower in enumerate(cells):
            if tower is None or tower.height == height:
                continue
            if place < below and tower.height > height:
                moved = place - 1 if end < place <= index else place
                return Fault("MER-R3", ("above", height, tower, moved + 1))
            if place >= below and tower.height < height:
                moved = place + 1 if index <= place < end else place
                return Fault("MER-R3", ("below", height, tower, moved + 1))
        return None

    @staticmethod
    def written_meridian(cells: Cells) -> Fault | None:
        """The towers written on a meridian, each where it stands."""
        heights = [tower.height for tower in cells if tower is not None]
        if all(lower < upper for lower, upper in pairwise(heights)):
            return None
        return Fault("MER-R3", (WRITTEN, 0, None, 0))

    @staticmethod
    @wording("MER-R3")
    def words(
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
def r4_towers_per_player(cells: Cells, mine: Collection[str], limit: int, new: int) -> Fault | None:
    """The player whose colours are ``mine`` has at most ``limit`` towers on a meridian of
    ``cells`` with ``new`` more (1 for a build, 0 for a written position)."""
    count = new
    for tower in cells:
        if tower is not None and tower.colour in mine:
            count += 1
    return None if count <= limit else Fault("MER-R4", (count, limit, new))


@wording("MER-R4")
def _r4_words(meridian: int, colour: str, who: str, count: int, limit: int, new: int) -> str:
    if not new:
        return f"meridian {meridian}: {who} has {count} towers; at most {limit}"
    return (
        f"{who} already has {counted(limit, 'tower')} on "
        f"meridian {meridian}; take one off first (x)"
    )


# ---------------------------------------------------------------- MER-R5


@decides("MER-R5")
class R5OnTheBoard:
    """MER-R5: a tower stands on the board: one of its meridians, one of their cities."""

    @staticmethod
    def city(city: int, cities: int) -> Fault | None:
        """City ``city`` of a meridian of ``cities``."""
        return None if 1 <= city <= cities else Fault("MER-R5", ("city", city, cities))

    @staticmethod
    def meridian(meridian: int) -> Fault | None:
        """Meridian ``meridian``, before the board's cities are known."""
        if 1 <= meridian <= MERIDIANS:
            return None
        return Fault("MER-R5", ("meridian", meridian, 0))

    @staticmethod
    def place(city: int, cities: int, meridian: int) -> Fault | None:
        """A place written in a position: the meridian, then its city."""
        return R5OnTheBoard.meridian(meridian) or R5OnTheBoard.city(city, cities)

    @staticmethod
    @wording("MER-R5")
    def words(meridian: int, colour: str, who: str, kind: str, number: int, cities: int) -> str:
        if kind == "meridian":
            return f"there is no meridian {number}"
        return f"there is no city {number} on a meridian of {cities} cities"


# ---------------------------------------------------------------- MER-R6


def free_cell(cells: Cells, index: int, height: int) -> int:
    """Where the towers a tower ``height`` high put on the occupied cell ``index`` pushes
    close up to: the first free cell above a taller occupant, or below a shorter one
    (``len(cells)`` or -1 when they run to the edge)."""
    occupant = cells[index]
    assert occupant is not None
    step = 1 if height < occupant.height else -1
    end = index if step == 1 else index - 1
    while 0 <= end < len(cells) and cells[end] is not None:
        end += step
    return end


@decides("MER-R6")
def r6_nothing_pushed_off(cells: Cells, index: int, end: int) -> Fault | None:
    """The towers pushed from cell ``index`` towards ``end`` (``free_cell``) stay on the
    board: ``end`` is one of its cells."""
    if 0 <= end < len(cells):
        return None
    occupant = cells[index]
    assert occupant is not None
    return Fault("MER-R6", (occupant.colour, "up" if end > index else "down", index + 1))


@wording("MER-R6")
def _r6_words(meridian: int, colour: str, who: str, pushed: str, direction: str, city: int) -> str:
    return (
        f"pushing the {pushed} tower {direction} from city {city} would push a tower off the board"
    )


# ---------------------------------------------------------------- MER-R7


@decides("MER-R7")
def r7_own_towers_pushed(
    cells: Cells, index: int, end: int, mine: Collection[str], own_push: OwnPush
) -> Fault | None:
    """The towers pushed from cell ``index`` towards the free cell ``end`` may be of the
    mover's player (colours ``mine``) as the ``own_push`` ruling says: under ``any``,
    yes; under ``chain``, none displaced directly (the occupant); under ``never``, none
    moved at all."""
    if own_push is OwnPush.ANY:
        return None
    occupant = cells[index]
    assert occupant is not None
    if occupant.colour in mine:
        return Fault("MER-R7", ("displace", occupant.colour))
    if own_push is OwnPush.NEVER:
        step = 1 if end > index else -1
        for place in range(index + step, end, step):
            tower = cells[place]
            if tower is not None and tower.colour in mine:
                return Fault("MER-R7", ("push along", tower.colour))
    return None


@wording("MER-R7")
def _r7_words(meridian: int, colour: str, who: str, kind: str, pushed: str) -> str:
    return f"a tower may not {kind} its own player's {pushed} tower"


# ---------------------------------------------------------------- MER-R8


@decides("MER-R8")
def r8_pieces_in_hand(colour: str, height: int, hands: Mapping[str, int]) -> Fault | None:
    """A tower ``height`` high of ``colour`` takes that many of its pieces in ``hands``."""
    hand = hands[colour]
    return Fault("MER-R8", (colour, hand, height)) if height > hand else None


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
def r11_own_colours(colour: str, mine: Collection[str]) -> Fault | None:
    """A tower built is of one of the mover's player's colours ``mine``."""
    return None if colour in mine else Fault("MER-R11", (colour,))


@wording("MER-R11")
def _r11_words(meridian: int, colour: str, who: str, tower_colour: str) -> str:
    return f"{tower_colour} is not one of the mover's colours"
