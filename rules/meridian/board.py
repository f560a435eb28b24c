"""Meridian boards: islands of cities on ten meridians, loaded from TOML and checked."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Final

from meridina.rules.common import Place, Problem, RecordError
from meridina.rules.datafile import DataFile, bundled, bundled_names, user_file

from .model import MERIDIANS

BOARD_RULE: Final = "MER-B1"
BOARD_WARNING: Final = "MER-B2"
PACKAGE = "meridina.rules.meridian"

# Island sizes the printed boards are reported to have, by cities per meridian.
EXPECTED_MIX = {5: {3: 6, 4: 3, 5: 4}, 4: {3: 6, 4: 3, 5: 2}}


@dataclass(frozen=True, slots=True)
class Island:
    name: str
    cities: tuple[tuple[int, int], ...]  # (meridian, city), city 1 at the bottom
    capital: tuple[int, int] | None

    @property
    def points(self) -> int:
        return len(self.cities)


@dataclass(frozen=True, slots=True)
class Board:
    name: str
    description: str
    players: tuple[int, ...]
    cities: int  # per meridian
    islands: tuple[Island, ...]
    island_at: tuple[tuple[int, ...], ...]  # [meridian - 1][city - 1] -> island index
    warnings: tuple[Problem, ...] = ()

    def is_capital(self, meridian: int, city: int) -> bool:
        island = self.islands[self.island_at[meridian - 1][city - 1]]
        return island.capital == (meridian, city)


def board_names() -> list[str]:
    return list(_bundled_board_names())


@lru_cache(maxsize=1)
def _bundled_board_names() -> tuple[str, ...]:
    """The boards shipped with meridina, listed once per process: views ask for every game."""
    return tuple(bundled_names(PACKAGE, "boards"))


@lru_cache(maxsize=8)
def bundled_board(name: str) -> Board | None:
    """A board shipped with meridina, loaded once per process."""
    data = bundled(PACKAGE, "boards", name)
    return board_from_data(data) if data is not None else None


def load_board(reference: str, base: Path | None = None) -> Board:
    """A bundled board by name, or a board file by path (relative to ``base`` first)."""
    shipped = bundled_board(reference)
    if shipped is not None:
        return shipped
    return board_from_data(user_file(reference, base, PACKAGE, "boards", BOARD_RULE, "board"))


def board_from_data(data: DataFile) -> Board:
    """Check a board file's structure and build the board; faults name their line."""
    raw = data.data

    def fault(message: str, line: int | None = None, col: int = 1) -> RecordError:
        where = f"{data.name}:{line}:{col}" if line else data.name
        return RecordError(Problem(BOARD_RULE, f"board file {where}: {message}"))

    cities = raw.get("cities-per-meridian")
    if not _whole(cities) or cities not in (4, 5):
        raise fault("'cities-per-meridian' must be 4 or 5", data.line_of_key("cities-per-meridian"))
    players = raw.get("players", [])
    if (
        not isinstance(players, list)
        or not players
        or not all(_whole(n) and n in (2, 3, 4) for n in players)
    ):
        raise fault("'players' must list player counts from 2 to 4", data.line_of_key("players"))
    for key in ("name", "description"):
        if not isinstance(raw.get(key, ""), str):
            raise fault(f"'{key}' must be a quoted text", data.line_of_key(key))
    layout = raw.get("map")
    if not isinstance(layout, str):
        raise fault("'map' is missing: one row of letters per city level")
    map_line, rows = map_rows(data, layout)
    if len(rows) != cities:
        raise fault(
            f"the map has {len(rows)} rows but the board has {cities} cities per meridian",
            map_line,
        )
    members: dict[str, list[tuple[int, int]]] = {}
    capitals: dict[str, tuple[int, int]] = {}
    place_of: dict[tuple[int, int], Place] = {}  # (meridian, city) -> where the map gives it
    for level, row in enumerate(rows):
        city = cities - level  # the top row is the highest city
        width = row_width_fault(level, row)
        if width is not None:
            raise fault(width, row.line)
        for meridian, (cell, col) in enumerate(row.cells, start=1):
            letter = letter_fault(meridian, city, cell)
            if letter is not None:
                raise fault(letter, row.line, col)
            place_of[(meridian, city)] = Place(row.line, col)
            name = cell.lower()
            members.setdefault(name, []).append((meridian, city))
            if cell.isupper():
                if name in capitals:
                    raise fault(two_capitals(name, capitals[name][0], meridian), row.line, col)
                capitals[name] = (meridian, city)
    islands: list[Island] = []
    for name in sorted(members):
        capital = capitals.get(name)
        islands.append(Island(name, tuple(sorted(members[name])), capital))
    index = {island.name: i for i, island in enumerate(islands)}
    island_at = tuple(
        tuple(
            index[next(isl.name for isl in islands if (meridian, city) in isl.cities)]
            for city in range(1, cities + 1)
        )
        for meridian in range(1, MERIDIANS + 1)
    )
    board = Board(
        name=str(raw.get("name", data.name)),
        description=str(raw.get("description", "")),
        players=tuple(players),
        cities=cities,
        islands=tuple(islands),
        island_at=island_at,
    )
    warnings = tuple(
        Problem(
            BOARD_WARNING,
            f"board file {data.name}:{at.line}:{at.col}: {text}",
            at,
            warning=True,
        )
        for text, city in _departures(board)
        for at in [place_of[city] if city is not None else Place(map_line, 1)]
    )
    return Board(
        board.name, board.description, board.players, cities, board.islands, island_at, warnings
    )


def _whole(value: object) -> bool:
    """A TOML integer (a TOML boolean is a Python int too, and is not one)."""
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True, slots=True)
class MapRow:
    """One non-blank row of a board file's map, placed in the file."""

    line: int
    cells: tuple[tuple[str, int], ...]  # each city's text and the column it starts at


def map_rows(data: DataFile, layout: str) -> tuple[int, list[MapRow]]:
    """The line of the map key and the map's rows, top row (highest city) first."""
    map_line = data.line_of_key("map")
    # TOML drops the newline right after an opening triple quote.
    opening = data.text.split("\n")[map_line - 1].rstrip()
    first_row_line = map_line + 1 if opening.endswith(('"""', "'''")) else map_line
    rows = []
    for offset, row in enumerate(layout.split("\n")):
        if not row.strip():
            continue
        line = first_row_line + offset
        # A row on the key's own line starts after the opening quotes.
        indent = len(opening) - len(opening.split('"""', 1)[-1]) if line == map_line else 0
        cells = row.split()
        columns = (indent + _column_of(row, meridian) for meridian in range(1, len(cells) + 1))
        rows.append(MapRow(line, tuple(zip(cells, columns, strict=True))))
    return map_line, rows


def row_width_fault(level: int, row: MapRow) -> str | None:
    """Why a map row (``level`` 0 at the top) is not one city per meridian, if it is not."""
    if len(row.cells) == MERIDIANS:
        return None
    return (
        f"map row {level + 1} has {len(row.cells)} cities; every row needs one per "
        f"meridian ({MERIDIANS})"
    )


def letter_fault(meridian: int, city: int, cell: str) -> str | None:
    """Why a map cell is not an island letter, if it is not."""
    if len(cell) == 1 and cell.isalpha():
        return None
    return (
        f"meridian {meridian}, city {city}: {cell!r} is not an island letter "
        "(every city belongs to exactly one island)"
    )


def two_capitals(name: str, first: int, second: int) -> str:
    return f"island {name!r} has 2 capitals (meridians {first} and {second}); at most one"


def _column_of(row: str, meridian: int) -> int:
    seen = 0
    for col, char in enumerate(row, start=1):
        if not char.isspace() and (col == 1 or row[col - 2].isspace()):
            seen += 1
            if seen == meridian:
                return col
    return 1


def _departures(board: Board) -> list[tuple[str, tuple[int, int] | None]]:
    """What differs from the printed boards as reported; warnings, not faults.

    Each comes with the city it is seen at, (meridian, city), or None for the whole map.
    """
    notes: list[tuple[str, tuple[int, int] | None]] = []
    for island in board.islands:
        # The island's first city as the map is read: the top row first, left to right.
        first = min(island.cities, key=lambda mc: (-mc[1], mc[0]))
        meridians = [m for m, _ in island.cities]
        if len(set(meridians)) != len(meridians):
            twice = next(m for m in meridians if meridians.count(m) > 1)
            lower = min(c for m, c in island.cities if m == twice)
            notes.append((f"island {island.name!r} has two cities on one meridian", (twice, lower)))
        elif max(meridians) - min(meridians) + 1 != len(meridians):
            notes.append((f"island {island.name!r} does not span neighbouring meridians", first))
        if island.points >= 4 and island.capital is None:
            notes.append(
                (f"island {island.name!r} has {island.points} cities but no capital", first)
            )
        if island.points == 3 and island.capital is not None:
            notes.append((f"island {island.name!r} has 3 cities and a capital", island.capital))
    mix = Counter(island.points for island in board.islands)
    expected = EXPECTED_MIX[board.cities]
    if dict(mix) != expected:
        have = ", ".join(f"{mix[size]} of {size}" for size in sorted(mix))
        want = ", ".join(f"{count} of {size}" for size, count in sorted(expected.items()))
        notes.append(
            (f"island sizes are {have} cities; the printed board is said to have {want}", None)
        )
    return notes
