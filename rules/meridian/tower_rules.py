"""The rules of taking off and placing towers (MER-R1 to MER-R11), each one unit: its
decider and its faults, which word themselves (``faults.Fault``).

A rule asked of a built tower and of a written position is a class with a decider for
each (``built``, ``written...``) and its faults; a rule asked one way is a function, with
its fault class beside it. A decider returns None when its rule holds, else the fault.
The one loop that plays a turn, the check of a written position and the search of legal
turns call these deciders; a fault is put into words only when it is shown.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import ClassVar

from meridina.rules.codes import RuleCode
from meridina.rules.rule_home import decides, words
from meridina.rules.wording import counted

from .faults import Fault
from .model import MERIDIANS, OwnPush, Tower

Cells = Sequence[Tower | None]


# ---------------------------------------------------------------- MER-R1


@decides("MER-R1")
@words("MER-R1")
class R1HighEnough:
    """MER-R1: a tower is at least 1 high, and a built one that is the first on an empty
    meridian at least 2."""

    @dataclass(slots=True)
    class TooLow(Fault):
        """A tower under 1 high; ``written`` on ``city`` in a position, else built."""

        rule: ClassVar[RuleCode] = "MER-R1"
        written: bool = False
        city: int = 0

        def words(self, meridian: int, colour: str, who: str) -> str:
            if self.written:
                return f"meridian {meridian}, city {self.city}: a tower is at least 1 high"
            return "a tower is at least 1 piece high"

    @dataclass(slots=True)
    class OnEmpty(Fault):
        rule: ClassVar[RuleCode] = "MER-R1"

        def words(self, meridian: int, colour: str, who: str) -> str:
            return f"meridian {meridian} is empty: its first tower must be at least 2 high"

    @staticmethod
    def built(
        cells: Cells, height: int, meridian: int, empty_always: bool, built: Collection[int]
    ) -> Fault | None:
        """A tower ``height`` high built on a meridian of ``cells`` (as they are once any
        take-off is made): it is empty on every turn that finds it so when
        ``empty_always``, else only when ``meridian`` is not among those ever ``built`` on."""
        if height < 1:
            return R1HighEnough.TooLow()
        if height == 1 and not any(cells) and (empty_always or meridian not in built):
            return R1HighEnough.OnEmpty()
        return None

    @staticmethod
    def written(height: int, city: int) -> Fault | None:
        """A tower ``height`` high written in a position on ``city``."""
        return R1HighEnough.TooLow(True, city) if height < 1 else None


# ---------------------------------------------------------------- MER-R2


@decides("MER-R2")
@words("MER-R2")
class R2HeightsDiffer:
    """MER-R2: no two towers on a meridian are as high, and no city holds two."""

    @dataclass(slots=True)
    class AsHigh(Fault):
        """A tower built ``height`` high where one of ``other`` colour is."""

        rule: ClassVar[RuleCode] = "MER-R2"
        height: int
        other: str

        def words(self, meridian: int, colour: str, who: str) -> str:
            return f"a tower {self.height} high already stands on this meridian ({self.other})"

    @dataclass(slots=True)
    class CityTwice(Fault):
        rule: ClassVar[RuleCode] = "MER-R2"
        city: int

        def words(self, meridian: int, colour: str, who: str) -> str:
            return f"meridian {meridian}, city {self.city} is given two towers"

    @dataclass(slots=True)
    class WrittenAsHigh(Fault):
        rule: ClassVar[RuleCode] = "MER-R2"

        def words(self, meridian: int, colour: str, who: str) -> str:
            return f"meridian {meridian} has two towers of the same height"

    @staticmethod
    def built(cells: Cells, height: int) -> Fault | None:
        """A tower ``height`` high built on a meridian of ``cells``: the first as high."""
        for tower in cells:
            if tower is not None and tower.height == height:
                return R2HeightsDiffer.AsHigh(height, tower.colour)
        return None

    @staticmethod
    def written_on(cells: Cells, city: int) -> Fault | None:
        """A tower written on ``city``, where a tower written before it may stand."""
        return None if cells[city - 1] is None else R2HeightsDiffer.CityTwice(city)

    @staticmethod
    def written_meridian(cells: Cells) -> Fault | None:
        """The towers written on a meridian."""
        heights = [tower.height for tower in cells if tower is not None]
        return None if len(set(heights)) == len(heights) else R2HeightsDiffer.WrittenAsHigh()


# ---------------------------------------------------------------- MER-R3


@decides("MER-R3")
@words("MER-R3")
class R3TallerUpwards:
    """MER-R3: towers grow taller from a meridian's bottom city upwards."""

    @dataclass(slots=True)
    class OutOfOrder(Fault):
        """A tower ``height`` high would stand ``where`` ("above" or "below") the tower
        ``other``, which ends up on ``city``."""

        rule: ClassVar[RuleCode] = "MER-R3"
        where: str
        height: int
        other: Tower
        city: int

        def words(self, meridian: int, colour: str, who: str) -> str:
            return (
                f"a tower {self.height} high cannot stand {self.where} the "
                f"{self.other.colour} tower {self.other.height} high on city {self.city}"
            )

    @dataclass(slots=True)
    class WrittenOutOfOrder(Fault):
        rule: ClassVar[RuleCode] = "MER-R3"

        def words(self, meridian: int, colour: str, who: str) -> str:
            return f"meridian {meridian}: towers must grow taller from the bottom city upwards"

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
                return R3TallerUpwards.OutOfOrder("above", height, tower, moved + 1)
            if place >= below and tower.height < height:
                moved = place + 1 if index <= place < end else place
                return R3TallerUpwards.OutOfOrder("below", height, tower, moved + 1)
        return None

    @staticmethod
    def written_meridian(cells: Cells) -> Fault | None:
        """The towers written on a meridian, each where it stands."""
        heights = [tower.height for tower in cells if tower is not None]
        if all(lower < upper for lower, upper in pairwise(heights)):
            return None
        return R3TallerUpwards.WrittenOutOfOrder()


# ---------------------------------------------------------------- MER-R4


@decides("MER-R4")
def r4_towers_per_player(cells: Cells, mine: Collection[str], limit: int, new: int) -> Fault | None:
    """The player whose colours are ``mine`` has at most ``limit`` towers on a meridian of
    ``cells`` with ``new`` more (1 for a build, 0 for a written position)."""
    count = new
    for tower in cells:
        if tower is not None and tower.colour in mine:
            count += 1
    return None if count <= limit else TooManyTowers(count, limit, new)


@words("MER-R4")
@dataclass(slots=True)
class TooManyTowers(Fault):
    rule: ClassVar[RuleCode] = "MER-R4"
    count: int
    limit: int
    new: int

    def words(self, meridian: int, colour: str, who: str) -> str:
        if not self.new:
            return f"meridian {meridian}: {who} has {self.count} towers; at most {self.limit}"
        return (
            f"{who} already has {counted(self.limit, 'tower')} on "
            f"meridian {meridian}; take one off first (x)"
        )


# ---------------------------------------------------------------- MER-R5


@decides("MER-R5")
@words("MER-R5")
class R5OnTheBoard:
    """MER-R5: a tower stands on the board: one of its meridians, one of their cities."""

    @dataclass(slots=True)
    class NoMeridian(Fault):
        rule: ClassVar[RuleCode] = "MER-R5"
        number: int

        def words(self, meridian: int, colour: str, who: str) -> str:
            return f"there is no meridian {self.number}"

    @dataclass(slots=True)
    class NoCity(Fault):
        rule: ClassVar[RuleCode] = "MER-R5"
        number: int
        cities: int

        def words(self, meridian: int, colour: str, who: str) -> str:
            return f"there is no city {self.number} on a meridian of {self.cities} cities"

    @staticmethod
    def city(city: int, cities: int) -> Fault | None:
        """City ``city`` of a meridian of ``cities``."""
        return None if 1 <= city <= cities else R5OnTheBoard.NoCity(city, cities)

    @staticmethod
    def meridian(meridian: int) -> Fault | None:
        """Meridian ``meridian``, before the board's cities are known."""
        return None if 1 <= meridian <= MERIDIANS else R5OnTheBoard.NoMeridian(meridian)

    @staticmethod
    def place(city: int, cities: int, meridian: int) -> Fault | None:
        """A place written in a position: the meridian, then its city."""
        return R5OnTheBoard.meridian(meridian) or R5OnTheBoard.city(city, cities)


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
    return PushedOff(occupant.colour, "up" if end > index else "down", index + 1)


@words("MER-R6")
@dataclass(slots=True)
class PushedOff(Fault):
    rule: ClassVar[RuleCode] = "MER-R6"
    pushed: str  # the occupant's colour
    direction: str
    city: int

    def words(self, meridian: int, colour: str, who: str) -> str:
        return (
            f"pushing the {self.pushed} tower {self.direction} from city {self.city} "
            "would push a tower off the board"
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
        return OwnPushed("displace", occupant.colour)
    if own_push is OwnPush.NEVER:
        step = 1 if end > index else -1
        for place in range(index + step, end, step):
            tower = cells[place]
            if tower is not None and tower.colour in mine:
                return OwnPushed("push along", tower.colour)
    return None


@words("MER-R7")
@dataclass(slots=True)
class OwnPushed(Fault):
    rule: ClassVar[RuleCode] = "MER-R7"
    kind: str  # "displace" or "push along"
    pushed: str

    def words(self, meridian: int, colour: str, who: str) -> str:
        return f"a tower may not {self.kind} its own player's {self.pushed} tower"


# ---------------------------------------------------------------- MER-R8


@decides("MER-R8")
def r8_pieces_in_hand(colour: str, height: int, hands: Mapping[str, int]) -> Fault | None:
    """A tower ``height`` high of ``colour`` takes that many of its pieces in ``hands``."""
    hand = hands[colour]
    return TooFewPieces(colour, hand, height) if height > hand else None


@words("MER-R8")
@dataclass(slots=True)
class TooFewPieces(Fault):
    rule: ClassVar[RuleCode] = "MER-R8"
    colour: str
    hand: int
    height: int

    def words(self, meridian: int, colour: str, who: str) -> str:
        return (
            f"{self.colour} has only {counted(self.hand, 'piece')} in hand, "
            f"not enough for a tower {self.height} high"
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
    for city, tower in enumerate(cells, start=1):
        if tower is not None and tower.colour in mine and (wanted is None or city == wanted):
            if found is not None:
                return NoTakeOff(True, wanted)
            found = (city, tower)
    return NoTakeOff(False, wanted) if found is None else found


@words("MER-R9")
@dataclass(slots=True)
class NoTakeOff(Fault):
    """No tower to take off (on city ``city``), or two and ``which`` is not said."""

    rule: ClassVar[RuleCode] = "MER-R9"
    taking_off: ClassVar[bool] = True
    which: bool
    city: int | None

    def words(self, meridian: int, colour: str, who: str) -> str:
        if self.which:
            return (
                f"two towers of yours stand on meridian {meridian}: "
                "say which to take off, as x@CITY"
            )
        where = f"on city {self.city} of" if self.city else "on"
        return f"{colour} has no tower of its own {where} meridian {meridian} to take off"


# ---------------------------------------------------------------- MER-R10


@decides("MER-R10")
def r10_rebuild_differs(
    removed: tuple[int, Tower], city: int, colour: str, height: int
) -> Fault | None:
    """A tower built in the turn that ``removed`` a (city, tower) differs from it."""
    gone_city, gone = removed
    if city == gone_city and gone.height == height and gone.colour == colour:
        return SameRebuilt()
    return None


@words("MER-R10")
@dataclass(slots=True)
class SameRebuilt(Fault):
    rule: ClassVar[RuleCode] = "MER-R10"

    def words(self, meridian: int, colour: str, who: str) -> str:
        return "a rebuilt tower must differ from the one taken off in height or city"


# ---------------------------------------------------------------- MER-R11


@decides("MER-R11")
def r11_own_colours(colour: str, mine: Collection[str]) -> Fault | None:
    """A tower built is of one of the mover's player's colours ``mine``."""
    return None if colour in mine else NotOwnColour(colour)


@words("MER-R11")
@dataclass(slots=True)
class NotOwnColour(Fault):
    rule: ClassVar[RuleCode] = "MER-R11"
    colour: str

    def words(self, meridian: int, colour: str, who: str) -> str:
        return f"{self.colour} is not one of the mover's colours"
