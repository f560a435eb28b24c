"""Every fault of a Meridian board file at once, each with its line, for transcribing a board.

Loading a board (``board.board_from_data``) stops at the first fault, as a record that
names a broken board cannot be played anyway. A player typing in the printed board
wants them all: this module checks the same things in the same order, without stopping,
and gives each fault a line and column.
"""

from __future__ import annotations

import re

from meridina.rules.common import Place, Problem, RecordError
from meridina.rules.datafile import DataFile

from .board import (
    BOARD_RULE,
    BOARD_WARNING,
    Board,
    board_from_data,
    letter_fault,
    map_rows,
    row_width_fault,
    two_capitals,
)

KEYS = ("name", "description", "players", "cities-per-meridian", "map", "stand-in")
_DATA_PLACE = re.compile(r"^data file .*?:(\d+):(\d+): (.*)$", re.DOTALL)


def check_board(name: str, text: str) -> tuple[Board | None, list[Problem]]:
    """The board (None when it has faults) and every fault and warning, in file order."""
    try:
        data = DataFile(name, text)
    except RecordError as error:
        rule, message = error.problem.rule, error.problem.message
        found = _DATA_PLACE.match(message)
        if found is not None:
            place = Place(int(found.group(1)), int(found.group(2)))
            return None, [Problem(rule, found.group(3), place)]
        message = message.removeprefix(f"data file {name}: ")
        # The TOML reader gives no line for a fault at the very end: name the last line.
        last = Place(len(text.rstrip().split("\n")), 1) if "end of document" in message else None
        return None, [Problem(rule, message, last)]
    problems = [*_key_warnings(data), *_faults(data)]
    if any(not p.warning for p in problems):
        return None, _ordered(problems)
    try:
        board = board_from_data(data)
    except RecordError as error:  # a check this module lacks: still reported, never lost
        return None, _ordered([*problems, Problem(BOARD_RULE, error.problem.message)])
    problems.extend(
        Problem(
            w.rule,
            w.message.removeprefix(f"board file {name}:{w.at.line}:{w.at.col}: " if w.at else ""),
            w.at,
            warning=True,
        )
        for w in board.warnings
    )
    return board, _ordered(problems)


def _ordered(problems: list[Problem]) -> list[Problem]:
    return sorted(problems, key=lambda p: (p.at.line, p.at.col) if p.at else (0, 0))


def _key_warnings(data: DataFile) -> list[Problem]:
    problems = []
    for key in data.data:
        if key not in KEYS:
            problems.append(
                Problem(
                    BOARD_WARNING,
                    f"unknown key {key!r} is ignored (a board file has {', '.join(KEYS)})",
                    Place(data.line_of_key(key), 1),
                    warning=True,
                )
            )
    if data.data.get("stand-in") is True:
        problems.append(
            Problem(
                BOARD_WARNING,
                "the file says it is a stand-in layout; delete 'stand-in = true' once it holds "
                "the printed board",
                Place(data.line_of_key("stand-in"), 1),
                warning=True,
            )
        )
    return problems


def _faults(data: DataFile) -> list[Problem]:
    raw = data.data
    problems: list[Problem] = []

    def fault(message: str, line: int, col: int = 1) -> None:
        problems.append(Problem(BOARD_RULE, message, Place(line, col)))

    cities = raw.get("cities-per-meridian")
    if cities not in (4, 5):
        fault("'cities-per-meridian' must be 4 or 5", data.line_of_key("cities-per-meridian"))
        cities = None
    players = raw.get("players", [])
    if (
        not isinstance(players, list)
        or not players
        or not all(isinstance(n, int) and n in (2, 3, 4) for n in players)
    ):
        fault("'players' must list player counts from 2 to 4", data.line_of_key("players"))
    layout = raw.get("map")
    if not isinstance(layout, str):
        fault("'map' is missing: one row of letters per city level", data.line_of_key("map"))
        return problems
    map_line, rows = map_rows(data, layout)
    if cities is not None and len(rows) != cities:
        fault(
            f"the map has {len(rows)} rows but the board has {cities} cities per meridian",
            map_line,
        )
    capitals: dict[str, int] = {}
    # A text that is no island letter is reported once, at its first city, with a count:
    # a fresh template holds forty or fifty blanks.
    first_fault: dict[str, int] = {}  # the text -> its fault's index in problems
    more: dict[str, int] = {}
    for level, row in enumerate(rows):
        city = (cities or len(rows)) - level
        width = row_width_fault(level, row)
        if width is not None:
            fault(width, row.line)
        for meridian, (cell, col) in enumerate(row.cells, start=1):
            letter = letter_fault(meridian, city, cell)
            if letter is not None:
                if cell in first_fault:
                    more[cell] = more.get(cell, 0) + 1
                else:
                    first_fault[cell] = len(problems)
                    fault(letter, row.line, col)
                continue
            name = cell.lower()
            if cell.isupper():
                if name in capitals:
                    fault(two_capitals(name, capitals[name], meridian), row.line, col)
                else:
                    capitals[name] = meridian
    for cell, count in more.items():
        first = problems[first_fault[cell]]
        more_cities = "1 more city holds" if count == 1 else f"{count} more cities hold"
        message = f"{first.message}; {more_cities} {cell!r} too"
        problems[first_fault[cell]] = Problem(first.rule, message, first.at)
    return problems
