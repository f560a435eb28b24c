"""Meridian boards: islands of cities on ten meridians, loaded from TOML and checked."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import islice
from pathlib import Path

from meridina.rules.common import Place, Problem, RecordError
from meridina.rules.datafile import DataFile, Unfound, bundled, bundled_names, user_file

from .board_map import map_rows
from .board_rules import BoardFault, b1_board_faults, b2_departures, board_words
from .model import MERIDIANS

PACKAGE = "meridina.rules.meridian"


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
    return board_from_data(user_file(reference, base, PACKAGE, "boards", "board"))


def board_from_data(data: DataFile | Unfound) -> Board:
    """Check a board file's structure and build the board; its first fault names its line."""
    board, faults = read_board(data)
    if board is None:
        fault = faults[0]
        name = data.name if isinstance(data, DataFile) else ""
        raise RecordError(Problem(fault.rule, board_words(fault, name)))
    return board


def read_board(
    data: DataFile | Unfound, every_fault: bool = False
) -> tuple[Board | None, list[BoardFault]]:
    """A board file's board and its departures from the printed boards (MER-B2); or, when
    the file breaks MER-B1, None and its first fault (with ``every_fault``, all of them)."""
    found = b1_board_faults(data)
    faults = list(found) if every_fault else list(islice(found, 1))
    if faults or not isinstance(data, DataFile):
        return None, faults
    board, places = _built(data)
    departures = b2_departures(data, board, places)
    warnings = tuple(
        Problem(w.rule, board_words(w, data.name), w.at, warning=True) for w in departures
    )
    return replace(board, warnings=warnings), departures


def _built(data: DataFile) -> tuple[Board, dict[tuple[int, int], Place]]:
    """The board of a file without faults, and where its map gives each (meridian, city)."""
    raw = data.data
    cities: int = raw["cities-per-meridian"]
    _, rows = map_rows(data, raw["map"])
    members: dict[str, list[tuple[int, int]]] = {}
    capitals: dict[str, tuple[int, int]] = {}
    place_of: dict[tuple[int, int], Place] = {}
    for level, row in enumerate(rows):
        city = cities - level  # the top row is the highest city
        for meridian, (cell, col) in enumerate(row.cells, start=1):
            place_of[(meridian, city)] = Place(row.line, col)
            name = cell.lower()
            members.setdefault(name, []).append((meridian, city))
            if cell.isupper():
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
        players=tuple(raw.get("players", [])),
        cities=cities,
        islands=tuple(islands),
        island_at=island_at,
    )
    return board, place_of
