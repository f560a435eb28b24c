"""What position mode is started with: the record file to write and its header options.

The options are those of ``meridina record --position -o FILE``, turned into the new
record's header by the same code, so the page writes the text the terminal would.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from meridina.games import shown_game
from meridina.notation.driver import RulingDefaults

from ...recording.new_record import new_header
from ...recording.options import header_values
from ...recording.position_session import PositionSession


@dataclass(frozen=True)
class PositionSetup:
    """The record file to write and the header options of a new position record.

    ``game`` is a game's key (``"meridian"``, ``"medina"``); ``players``, ``board``,
    ``rulings``, ``edition``, ``options`` and ``setup`` are the values of ``record``'s
    options of those names (None: not given), ``tags`` its ``--tag NAME=VALUE``s.
    ``defaults`` are the rulings from outside the record (config file, command line),
    which its Rulings tag overrides.
    """

    path: Path
    game: str
    players: str
    board: str | None = None
    rulings: str | None = None
    edition: str | None = None
    options: str | None = None
    setup: str | None = None
    tags: tuple[str, ...] = ()
    defaults: RulingDefaults | None = None

    def header_options(self) -> dict[str, str | None]:
        """The options as ``record``'s command receives them, by tag name in lower case."""
        return {
            "players": self.players,
            "board": self.board,
            "rulings": self.rulings,
            "edition": self.edition,
            "options": self.options,
            "setup": self.setup,
        }


def open_position(setup: PositionSetup) -> PositionSession:
    """A new position record's session, as ``record --position`` starts one.

    Raises ``OpenFault`` (a usage error naming the option at fault) for options that do
    not make a header of the game, and for a file that already exists.
    """
    path, game, values = header_values(setup.path, setup.game, setup.header_options(), setup.tags)
    report = new_header(path, game, values, setup.defaults, position=True)
    assert report.record is not None  # a header that checks is read
    board = report.run.start.board if report.run is not None else None
    recorded = shown_game(game).recorded()
    return PositionSession(recorded, path, report.record.game, board=board, rulings=setup.defaults)
