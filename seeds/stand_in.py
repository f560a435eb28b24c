"""Whether a game is played on a bundled stand-in board, said on every output that scores it.

A bundled board that is not a transcription of the printed board says ``stand-in = true``
in its data file; each game's descriptor (``meridina.games``) tells whether a board is one
(``is_stand_in``). A score on one must never pass for the real board's.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Protocol

from meridina.json_values import JsonObject
from meridina.rules.datafile import bundled
from meridina.rules.games import game_of

from .games import shown_game


class AnyBoard(Protocol):
    """A board of any game: its name is all these functions read of it themselves."""

    @property
    def name(self) -> str: ...


class OnBoard(Protocol):
    """A position of any game: played on its board."""

    @property
    def board(self) -> AnyBoard: ...


def is_stand_in(board: AnyBoard) -> bool:
    """True when ``board`` has the layout of a bundled board marked as a stand-in.

    A user's copy of a stand-in file whose map is left unchanged is the stand-in layout
    too, whatever its name.
    """
    game = game_of(board)
    return game is not None and shown_game(game.key).is_stand_in(board)


@lru_cache(maxsize=16)
def marked_stand_in(package: str, name: str) -> bool:
    """Whether the bundled data file of that name says ``stand-in = true``."""
    data = bundled(package, "boards", name)
    return data is not None and data.data.get("stand-in") is True


def board_json(board: AnyBoard) -> JsonObject:
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
