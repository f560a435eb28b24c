"""Every fault of a Meridian board file at once, each with its line, for transcribing a board.

Loading a board stops at the first fault, as a record that names a broken board cannot be
played anyway. A player typing in the printed board wants them all: the same deciders
(``board_rules``) are asked for every fault, each shown with its line and column.
"""

from __future__ import annotations

import re

from meridina.rules.common import Place, Problem, RecordError
from meridina.rules.datafile import DataFile

from .board import Board, read_board
from .board_rules import BoardFault, b2_departures, board_words

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
    board, faults = read_board(data, every_fault=True)
    problems = [_shown(note) for note in b2_departures(data)]
    problems.extend(_shown(fault) for fault in (faults if board is not None else _counted(faults)))
    return board, _ordered(problems)


def _shown(fault: BoardFault) -> Problem:
    return Problem(fault.rule, board_words(fault), fault.at, warning=fault.warning)


def _ordered(problems: list[Problem]) -> list[Problem]:
    return sorted(problems, key=lambda p: (p.at.line, p.at.col) if p.at else (0, 0))


def _counted(faults: list[BoardFault]) -> list[BoardFault]:
    """A text that is no island letter told once, at its first city, with a count of the
    cities that repeat it: a fresh template holds forty or fifty blanks."""
    kept: list[BoardFault] = []
    first: dict[str, int] = {}  # the text -> its fault's index in kept
    more: dict[str, int] = {}
    for fault in faults:
        if fault.case == "letter":
            cell = fault.facts[3]
            if cell in first:
                more[cell] = more.get(cell, 0) + 1
                continue
            first[cell] = len(kept)
        kept.append(fault)
    for cell, count in more.items():
        fault = kept[first[cell]]
        kept[first[cell]] = fault._replace(facts=(*fault.facts[:4], count))
    return kept
