"""Whether a game is played on a bundled stand-in board, said on every output that scores it.

The bundled Meridian boards are not transcriptions of the printed board; their data
files say ``stand-in = true``. A score on one must never pass for the real board's.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from meridina.rules.datafile import bundled
from meridina.rules.medina import board as medina_board
from meridina.rules.meridian import board as meridian_board

AnyBoard = meridian_board.Board | medina_board.Board


def is_stand_in(board: AnyBoard) -> bool:
    """True when ``board`` has the layout of a bundled board marked as a stand-in.

    A user's copy of a stand-in file whose map is left unchanged is the stand-in layout
    too, whatever its name.
    """
    if isinstance(board, meridian_board.Board):
        return any(
            _marked(meridian_board.PACKAGE, name)
            and (shipped := meridian_board.bundled_board(name)) is not None
            and (shipped.cities, shipped.islands) == (board.cities, board.islands)
            for name in meridian_board.board_names()
        )
    return _marked(medina_board.PACKAGE, board.name)


@lru_cache(maxsize=16)
def _marked(package: str, name: str) -> bool:
    """Whether the bundled data file of that name says ``stand-in = true``."""
    data = bundled(package, "boards", name)
    return data is not None and data.data.get("stand-in") is True


def board_json(board: meridian_board.Board | medina_board.Board) -> dict[str, Any]:
    return {"name": board.name, "stand_in": is_stand_in(board)}


def stand_in_line(board: meridian_board.Board | medina_board.Board) -> str | None:
    """The sentence text output carries for a stand-in board; None for a real one."""
    if not is_stand_in(board):
        return None
    return (
        f"Board {board.name} is a stand-in layout, not the printed board: "
        "points scored on it are not the real board's."
    )
