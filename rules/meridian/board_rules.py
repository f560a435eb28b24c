"""The rules of a Meridian board file (MER-B1, MER-B2): each decided by one function and
worded by one.

A decider gives each fault as a ``BoardFault`` (the rule, the facts its sentence needs and its
place in the file). Loading a board stops at the first fault of MER-B1, as a record that
names a broken board cannot be played anyway; ``board check`` lists them all.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from meridina.rules.codes import RuleCode
from meridina.rules.common import Place
from meridina.rules.datafile import DataFile, Unfound
from meridina.rules.rule_home import decides, filed_words

from .board_map import map_rows
from .model import MERIDIANS

if TYPE_CHECKING:
    from .board import Board

KEYS = ("name", "description", "players", "cities-per-meridian", "map", "stand-in")
# Island sizes the printed boards are reported to have, by cities per meridian.
EXPECTED_MIX: Final = {5: {3: 6, 4: 3, 5: 4}, 4: {3: 6, 4: 3, 5: 2}}


class BoardFault(NamedTuple):
    """A board file's fault or warning: its rule, the facts its sentence needs, its place."""

    rule: RuleCode
    facts: tuple[Any, ...]
    at: Place | None = None
    warning: bool = False

    @property
    def case(self) -> str:
        return str(self.facts[0])


Wording = Callable[[BoardFault], str]
_SAY: Final[dict[str, Wording]] = {}


_wording = filed_words(_SAY)  # ``words`` that also files the function for ``board_words``


def board_words(fault: BoardFault, file: str = "") -> str:
    """A fault's sentence; with ``file``, as a record using the board is told it: after the
    board file's name and the fault's line and column."""
    sentence = _SAY[fault.rule](fault)
    if not file or fault.case == "unfound":
        return sentence
    if fault.case == "map" or fault.at is None:  # the whole file
        return f"board file {file}: {sentence}"
    return f"board file {file}:{fault.at.line}:{fault.at.col}: {sentence}"


def _whole(value: object) -> bool:
    """A TOML integer (a TOML boolean is a Python int too, and is not one)."""
    return isinstance(value, int) and not isinstance(value, bool)


# ---------------------------------------------------------------- MER-B1


@decides("MER-B1")
def b1_board_faults(data: DataFile | Unfound) -> Iterator[BoardFault]:
    """Each way a board file breaks MER-B1, in the order the file is read: a board that is
    neither bundled nor a file; 4 or 5 cities per meridian; 2 to 4 players; a quoted name and
    description; a map of one row per city level, one city per meridian in each row, each
    city an island letter, at most one capital an island."""
    if isinstance(data, Unfound):
        yield BoardFault("MER-B1", ("unfound", data))
        return
    raw = data.data

    def at_key(key: str) -> Place:
        return Place(data.line_of_key(key), 1)

    cities = raw.get("cities-per-meridian")
    sided = _whole(cities) and cities in (4, 5)
    if not sided:
        yield BoardFault("MER-B1", ("cities",), at_key("cities-per-meridian"))
    players = raw.get("players", [])
    if (
        not isinstance(players, list)
        or not players
        or not all(_whole(n) and n in (2, 3, 4) for n in players)
    ):
        yield BoardFault("MER-B1", ("players",), at_key("players"))
    for key in ("name", "description"):
        if not isinstance(raw.get(key, ""), str):
            yield BoardFault("MER-B1", ("text", key), at_key(key))
    layout = raw.get("map")
    if not isinstance(layout, str):
        yield BoardFault("MER-B1", ("map",), at_key("map"))
        return
    map_line, rows = map_rows(data, layout)
    if sided and len(rows) != cities:
        yield BoardFault("MER-B1", ("rows", len(rows), cities), Place(map_line, 1))
    height: int = cities if sided and cities is not None else len(rows)
    capitals: dict[str, int] = {}  # island -> the meridian of its first capital
    for level, row in enumerate(rows):
        city = height - level  # the top row is the highest city
        if len(row.cells) != MERIDIANS:
            yield BoardFault("MER-B1", ("width", level, len(row.cells)), Place(row.line, 1))
        for meridian, (cell, col) in enumerate(row.cells, start=1):
            if len(cell) != 1 or not cell.isalpha():
                facts = ("letter", meridian, city, cell, 0)  # 0: no count of its repeats
                yield BoardFault("MER-B1", facts, Place(row.line, col))
                continue
            if cell.isupper():
                name = cell.lower()
                if name in capitals:
                    two = ("capitals", name, capitals[name], meridian)
                    yield BoardFault("MER-B1", two, Place(row.line, col))
                else:
                    capitals[name] = meridian


@_wording("MER-B1")
def b1_words(fault: BoardFault) -> str:
    case = fault.case
    if case == "unfound":
        return str(fault.facts[1].sentence)
    if case == "cities":
        return "'cities-per-meridian' must be 4 or 5"
    if case == "players":
        return "'players' must list player counts from 2 to 4"
    if case == "text":
        return f"'{fault.facts[1]}' must be a quoted text"
    if case == "map":
        return "'map' is missing: one row of letters per city level"
    if case == "rows":
        _, rows, cities = fault.facts
        return f"the map has {rows} rows but the board has {cities} cities per meridian"
    if case == "width":
        _, level, width = fault.facts
        return (
            f"map row {level + 1} has {width} cities; every row needs one per "
            f"meridian ({MERIDIANS})"
        )
    if case == "letter":
        _, meridian, city, cell, more = fault.facts
        said = (
            f"meridian {meridian}, city {city}: {cell!r} is not an island letter "
            "(every city belongs to exactly one island)"
        )
        if more:
            held = "1 more city holds" if more == 1 else f"{more} more cities hold"
            said = f"{said}; {held} {cell!r} too"
        return said
    _, name, first, second = fault.facts
    return f"island {name!r} has 2 capitals (meridians {first} and {second}); at most one"


# ---------------------------------------------------------------- MER-B2


@decides("MER-B2")
def b2_departures(
    data: DataFile,
    board: Board | None = None,
    places: Mapping[tuple[int, int], Place] | None = None,
) -> list[BoardFault]:
    """Warnings, not faults. Without ``board``: the file's keys, one unknown or the mark of a
    stand-in layout. With it (``places``: where the map gives each city, (meridian, city)):
    how the board differs from the printed boards as reported, each at the city it is seen
    at, or at the map for the island sizes."""
    notes: list[BoardFault] = []
    if board is None:
        for key in data.data:
            if key not in KEYS:
                at = Place(data.line_of_key(key), 1)
                notes.append(BoardFault("MER-B2", ("key", key), at, warning=True))
        if data.data.get("stand-in") is True:
            at = Place(data.line_of_key("stand-in"), 1)
            notes.append(BoardFault("MER-B2", ("stand-in",), at, warning=True))
        return notes
    assert places is not None
    for island in board.islands:
        # The island's first city as the map is read: the top row first, left to right.
        first = places[min(island.cities, key=lambda mc: (-mc[1], mc[0]))]
        meridians = [m for m, _ in island.cities]
        if len(set(meridians)) != len(meridians):
            twice = next(m for m in meridians if meridians.count(m) > 1)
            lower = min(c for m, c in island.cities if m == twice)
            at = places[(twice, lower)]
            notes.append(BoardFault("MER-B2", ("twice", island.name), at, warning=True))
        elif max(meridians) - min(meridians) + 1 != len(meridians):
            notes.append(BoardFault("MER-B2", ("span", island.name), first, warning=True))
        if island.points >= 4 and island.capital is None:
            facts = ("no capital", island.name, island.points)
            notes.append(BoardFault("MER-B2", facts, first, warning=True))
        if island.points == 3 and island.capital is not None:
            at = places[island.capital]
            notes.append(BoardFault("MER-B2", ("capital", island.name), at, warning=True))
    mix = Counter(island.points for island in board.islands)
    if dict(mix) != EXPECTED_MIX[board.cities]:
        at = Place(data.line_of_key("map"), 1)
        notes.append(BoardFault("MER-B2", ("mix", dict(mix), board.cities), at, warning=True))
    return notes


@_wording("MER-B2")
def b2_words(fault: BoardFault) -> str:
    case = fault.case
    if case == "key":
        return f"unknown key {fault.facts[1]!r} is ignored (a board file has {', '.join(KEYS)})"
    if case == "stand-in":
        return (
            "the file says it is a stand-in layout; delete 'stand-in = true' once it holds "
            "the printed board"
        )
    if case == "mix":
        _, mix, cities = fault.facts
        have = ", ".join(f"{mix[size]} of {size}" for size in sorted(mix))
        expected = EXPECTED_MIX[cities]
        want = ", ".join(f"{count} of {size}" for size, count in sorted(expected.items()))
        return f"island sizes are {have} cities; the printed board is said to have {want}"
    name = fault.facts[1]
    if case == "twice":
        return f"island {name!r} has two cities on one meridian"
    if case == "span":
        return f"island {name!r} does not span neighbouring meridians"
    if case == "no capital":
        return f"island {name!r} has {fault.facts[2]} cities but no capital"
    return f"island {name!r} has 3 cities and a capital"
