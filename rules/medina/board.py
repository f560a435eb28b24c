"""Medina boards and editions: loaded from TOML, checked, with the city's geometry."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from meridina.rules.common import RecordError
from meridina.rules.datafile import (
    DataFault,
    DataFile,
    Unfound,
    Values,
    bundled,
    bundled_names,
    user_file,
)

from .model import Cell, cell_name, parse_cell

PACKAGE = "meridina.rules.medina"
ORTHOGONAL = ((1, 0), (-1, 0), (0, 1), (0, -1))
AROUND = tuple((dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0))


@dataclass(frozen=True)
class Arm:
    """The ring fields a tower's walls fill, in order from the tower outwards."""

    tower: int
    cells: tuple[Cell, ...]
    side: int  # arms on one side of the city share a side number


@dataclass(frozen=True)
class Board:
    name: str
    description: str
    columns: int
    rows: int
    towers: dict[Cell, int]  # corner cell -> tower number
    arms: tuple[Arm, ...] = field(default=())
    arm_of: dict[Cell, Arm] = field(default_factory=dict)  # ring field -> the arms it may join
    # The city's geometry, worked out once per board (see __post_init__).
    building_fields: frozenset[Cell] = field(init=False, repr=False, compare=False)
    ring: frozenset[Cell] = field(init=False, repr=False, compare=False)
    next_to: dict[Cell, tuple[Cell, ...]] = field(init=False, repr=False, compare=False)
    all_around: dict[Cell, tuple[Cell, ...]] = field(init=False, repr=False, compare=False)
    cell_order: tuple[Cell, ...] = field(init=False, repr=False, compare=False)
    arms_through: dict[Cell, tuple[int, ...]] = field(init=False, repr=False, compare=False)
    arm_partner: tuple[int, ...] = field(init=False, repr=False, compare=False)  # same side
    # Each cell's neighbours on the ring (where walls stand), and each ring field's
    # building field (None for a corner).
    ring_next_to: dict[Cell, tuple[Cell, ...]] = field(init=False, repr=False, compare=False)
    inner_of: dict[Cell, Cell | None] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        columns, rows = self.columns, self.rows
        grid = [(col, row) for row in range(rows, 0, -1) for col in range(columns)]
        ring = frozenset(
            (col, row) for col, row in grid if col in (0, columns - 1) or row in (1, rows)
        )
        on = set(grid)
        tables = {
            "cell_order": tuple(grid),
            "ring": ring,
            "building_fields": frozenset(on - ring),
            "next_to": {c: _offsets(c, ORTHOGONAL, on) for c in grid},
            "all_around": {c: _offsets(c, AROUND, on) for c in grid},
            "arms_through": {
                c: tuple(i for i, arm in enumerate(self.arms) if c in arm.cells) for c in ring
            },
            "arm_partner": tuple(
                next(j for j, other in enumerate(self.arms) if other.side == arm.side and j != i)
                for i, arm in enumerate(self.arms)
            ),
        }
        next_to: dict[Cell, tuple[Cell, ...]] = tables["next_to"]  # type: ignore[assignment]
        fields: frozenset[Cell] = tables["building_fields"]  # type: ignore[assignment]
        tables["ring_next_to"] = {
            cell: tuple(other for other in near if other in ring) for cell, near in next_to.items()
        }
        tables["inner_of"] = {
            cell: next((other for other in next_to[cell] if other in fields), None) for cell in ring
        }
        for name, value in tables.items():
            object.__setattr__(self, name, value)  # a frozen dataclass sets its own tables

    def on_grid(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.columns and 1 <= cell[1] <= self.rows

    def is_ring(self, cell: Cell) -> bool:
        return cell in self.ring

    def is_corner(self, cell: Cell) -> bool:
        return cell in self.towers

    def is_building_field(self, cell: Cell) -> bool:
        return cell in self.building_fields

    def is_border(self, cell: Cell) -> bool:
        """A building field next to the ring."""
        col, row = cell
        return self.is_building_field(cell) and (
            col in (1, self.columns - 2) or row in (2, self.rows - 1)
        )

    def neighbours(self, cell: Cell) -> tuple[Cell, ...]:
        found = self.next_to.get(cell)
        if found is None:  # a cell off the grid still has neighbours on it
            found = _offsets(cell, ORTHOGONAL, self.next_to)
        return found

    def around(self, cell: Cell) -> tuple[Cell, ...]:
        found = self.all_around.get(cell)
        if found is None:
            found = _offsets(cell, AROUND, self.next_to)
        return found

    def inner_field(self, wall: Cell) -> Cell:
        """The one building field a wall field touches."""
        inner = self.inner_of.get(wall)
        if inner is None:
            return next(cell for cell in self.neighbours(wall) if self.is_building_field(cell))
        return inner

    def cells(self) -> tuple[Cell, ...]:
        """Every cell, top row first, each row from the left."""
        return self.cell_order


def _offsets(
    cell: Cell, offsets: tuple[tuple[int, int], ...], grid: Collection[Cell]
) -> tuple[Cell, ...]:
    col, row = cell
    return tuple((col + dx, row + dy) for dx, dy in offsets if (col + dx, row + dy) in grid)


@dataclass(frozen=True)
class Supply:
    buildings: int  # of each colour
    roofs: int
    neutral_roofs: int
    stables: int
    merchants: int
    walls: int


@dataclass(frozen=True)
class Edition:
    name: str
    description: str
    colours: tuple[str, ...]
    colour_names: dict[str, str]  # other names -> the canonical colour
    palace_tiles: dict[str, int]
    last_roofs_rule: bool
    options: tuple[str, ...]
    default_options: tuple[str, ...]
    boards: dict[int, str]
    supply: dict[int, Supply]
    single_piece_turns: dict[int, int]
    tower_merchants: dict[int, int]
    tea_tiles: tuple[int, ...]
    well_bonus: int
    well_distance: int

    @property
    def players(self) -> tuple[int, ...]:
        return tuple(sorted(self.supply))

    def colour(self, word: str) -> str | None:
        lowered = word.lower()
        if lowered in self.colours:
            return lowered
        return self.colour_names.get(lowered)


def _arms(columns: int, rows: int, towers: dict[Cell, int]) -> tuple[Arm, ...]:
    """Each side of the ring between two towers holds one arm from each end."""
    top, right = rows, columns - 1
    corners = {(0, 1): "bl", (right, 1): "br", (0, top): "tl", (right, top): "tr"}
    sides = [
        ((0, 1), (right, 1), [(col, 1) for col in range(1, right)]),  # bottom
        ((0, top), (right, top), [(col, top) for col in range(1, right)]),  # top
        ((0, 1), (0, top), [(0, row) for row in range(2, top)]),  # left
        ((right, 1), (right, top), [(right, row) for row in range(2, top)]),  # right
    ]
    arms = []
    for side, (start, end, cells) in enumerate(sides):
        assert start in corners and end in corners
        arms.append(Arm(towers[start], tuple(cells), side))
        arms.append(Arm(towers[end], tuple(reversed(cells)), side))
    return tuple(arms)


def board_from_data(data: DataFile | Unfound) -> Board:
    """A board file's board; a file not found or a value that does not fit breaks MED-D1."""
    from .data_rules import read_data  # (the rule's module needs this one's types)

    return read_data(data, "board", _read_board)


def _read_board(data: DataFile) -> Board:
    values = Values(data, data.data)
    columns = values.integer("columns", 5, 26)
    rows = values.integer("rows", 5, 99)
    corners = {(0, 1), (columns - 1, 1), (0, rows), (columns - 1, rows)}
    towers_raw = data.data.get("towers")
    if not isinstance(towers_raw, dict):
        raise DataFault("'[towers]' must number the four corner towers", "towers")
    towers: dict[Cell, int] = {}
    for name, number in towers_raw.items():
        cell = parse_cell(name)
        if cell not in corners:
            raise DataFault(f"tower {name[:20]!r} is not a corner of the grid", name)
        if isinstance(number, bool) or not isinstance(number, int) or number not in (1, 2, 3, 4):
            raise DataFault(f"tower {name} must be numbered 1 to 4", name)
        towers[cell] = number
    if set(towers) != corners or sorted(towers.values()) != [1, 2, 3, 4]:
        names = ", ".join(sorted(cell_name(c) for c in corners))
        raise DataFault(f"the four corners ({names}) each need a tower numbered 1 to 4", "towers")
    arms = _arms(columns, rows, towers)
    arm_of: dict[Cell, Arm] = {}
    for arm in arms:
        for cell in arm.cells:
            arm_of.setdefault(cell, arm)
    return Board(
        name=values.text("name", data.name),
        description=values.text("description", ""),
        columns=columns,
        rows=rows,
        towers=towers,
        arms=arms,
        arm_of=arm_of,
    )


PIECES = 99  # more of one piece than any edition gives a player
PLAYERS = 6


def edition_from_data(data: DataFile) -> Edition:
    """An edition file's edition; a value that does not fit breaks MED-D1."""
    from .data_rules import read_data  # (the rule's module needs this one's types)

    return read_data(data, "edition", _read_edition)


def _read_edition(data: DataFile) -> Edition:
    values = Values(data, data.data)
    colours = values.texts("colours")
    if len(colours) != 4:
        raise DataFault("'colours' must list the four building colours", "colours")
    supply: dict[int, Supply] = {}
    for count, table in values.numbered("supply", PLAYERS).items():
        if not isinstance(table, dict):
            raise DataFault(f"supply for {count} players must be a table", "supply")
        pieces = Values(data, table, f"supply.{count}.")
        supply[count] = Supply(
            pieces.integer("buildings", 0, PIECES),
            pieces.integer("roofs", 0, PIECES),
            pieces.integer("neutral-roofs", 0, PIECES, 0),
            pieces.integer("stables", 0, PIECES),
            pieces.integer("merchants", 0, PIECES),
            pieces.integer("walls", 0, PIECES),
        )
    if not supply:
        raise DataFault("no supplies are given", "supply")
    tiles = values.sub("palace-tiles")
    if set(tiles.table) != set(colours):
        raise DataFault("'palace-tiles' must give a value for each colour", "palace-tiles")
    boards = {count: _text(name, "boards") for count, name in values.numbered("boards", 6).items()}
    if set(boards) != set(supply):
        raise DataFault("'[boards]' must name a board for each player count", "boards")
    names = values.sub("colour-names")
    return Edition(
        name=values.text("name", data.name),
        description=values.text("description", ""),
        colours=colours,
        colour_names={key: names.text(key, "") for key in names.table},
        palace_tiles={colour: tiles.integer(colour, 0, PIECES) for colour in colours},
        last_roofs_rule=values.boolean("last-roofs-rule", False),
        options=values.texts("options"),
        default_options=values.texts("default-options"),
        boards=boards,
        supply=supply,
        single_piece_turns=_counts(values, "single-piece-turns"),
        tower_merchants=_counts(values, "tower-merchants"),
        tea_tiles=values.integers("tea-tiles", 0, PIECES),
        well_bonus=values.integer("well-bonus", 0, PIECES, 0),
        well_distance=values.integer("well-distance", 0, PIECES, 2),
    )


def _text(value: object, key: str) -> str:
    if not isinstance(value, str):
        raise DataFault(f"'{key}' values must be quoted texts", key)
    return value


def _counts(values: Values, key: str) -> dict[int, int]:
    """A table from player counts to small whole numbers."""
    counts = {}
    for count, value in values.numbered(key, PLAYERS).items():
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= PIECES:
            raise DataFault(f"'{key}' values must be whole numbers from 0 to {PIECES}", key)
        counts[count] = value
    return counts


def board_names() -> list[str]:
    return list(_board_names())


@lru_cache(maxsize=1)
def _board_names() -> tuple[str, ...]:
    """The bundled boards, looked up once: every game's setup asks."""
    return tuple(bundled_names(PACKAGE, "boards"))


def is_bundled_board(name: str) -> bool:
    return name in _board_names()


def edition_names() -> list[str]:
    return bundled_names(PACKAGE, "editions")


@lru_cache(maxsize=8)
def _bundled_board(name: str) -> Board | None:
    data = bundled(PACKAGE, "boards", name)
    return board_from_data(data) if data is not None else None


def load_board(reference: str, base: Path | None = None) -> Board:
    shipped = _bundled_board(reference)
    if shipped is not None:
        return shipped
    return board_from_data(user_file(reference, base, PACKAGE, "boards", "board"))


@lru_cache(maxsize=4)
def load_edition(name: str) -> Edition:
    """A bundled edition by name; editions are part of meridina, never read from a path."""
    from .setup_rules import s2_edition_fits  # (the rules' module needs this one's types)

    for fault in s2_edition_fits(name, edition_names()):
        raise RecordError(fault.at(None))
    data = bundled(PACKAGE, "editions", name)
    assert data is not None
    return edition_from_data(data)
