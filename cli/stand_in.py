"""Whether a game is played on a bundled stand-in board, said on every output that scores it.

The bundled Meridian boards are not transcriptions of the printed board; their data
files say ``stand-in = true``. A score on one must never pass for the real board's.
"""

from __future__ import annotations

import sys
from functools import lru_cache
from typing import TYPE_CHECKING, Any, TypeAlias

from meridina.rules.datafile import bundled

if TYPE_CHECKING:
    from meridina.rules.medina import board as medina_board
    from meridina.rules.meridian import board as meridian_board

AnyBoard: TypeAlias = "meridian_board.Board | medina_board.Board"

# Each game's board module; a board's module is loaded already, the other game's need not be.
MERIDIAN_BOARDS = "meridina.rules.meridian.board"
MEDINA_BOARDS = "meridina.rules.medina.board"


def is_stand_in(board: AnyBoard) -> bool:
    """True when ``board`` has the layout of a bundled board marked as a stand-in.

    A user's copy of a stand-in file whose map is left unchanged is the stand-in layout
    too, whatever its name.
    """
    meridian_board = sys.modules.get(MERIDIAN_BOARDS)
    if meridian_board is not None and isinstance(board, meridian_board.Board):
        # a game on a bundled board holds the very board object, so most checks end at `is`
        return any(
            board is shipped or (shipped.cities, shipped.islands) == (board.cities, board.islands)
            for shipped in _stand_in_meridian_boards()
        )
    medina_board = sys.modules[MEDINA_BOARDS]
    return _marked(medina_board.PACKAGE, board.name)


@lru_cache(maxsize=1)
def _stand_in_meridian_boards() -> tuple[meridian_board.Board, ...]:
    """The bundled Meridian boards marked as stand-ins, looked up once per process."""
    from meridina.rules.meridian import board as boards

    return tuple(
        shipped
        for name in boards.board_names()
        if _marked(boards.PACKAGE, name) and (shipped := boards.bundled_board(name)) is not None
    )


@lru_cache(maxsize=16)
def _marked(package: str, name: str) -> bool:
    """Whether the bundled data file of that name says ``stand-in = true``."""
    data = bundled(package, "boards", name)
    return data is not None and data.data.get("stand-in") is True


def board_json(board: AnyBoard) -> dict[str, Any]:
    return {"name": board.name, "stand_in": is_stand_in(board)}


def stand_in_line(board: AnyBoard) -> str | None:
    """The sentence text output carries for a stand-in board; None for a real one."""
    if not is_stand_in(board):
        return None
    return stand_in_sentence(board.name)


def stand_in_sentence(name: str) -> str:
    """What text output says of the stand-in board called ``name``."""
    return (
        f"Board {name} is a stand-in layout, not the printed board: "
        "points scored on it are not the real board's."
    )


# The tag a record gets beside a Result that meridina computed on a stand-in board, so
# that the file itself says whose points these are.
RESULT_BOARD = "ResultBoard"


def result_board_value(board: AnyBoard) -> str | None:
    """The ResultBoard tag's value for a Result computed on ``board``; None on a real board."""
    if not is_stand_in(board):
        return None
    return f"{board.name}: a stand-in layout, not the printed board"
