"""Every game the commands show, listed once; a game's modules load when first asked for.

Each game's cli package holds its descriptor, ``GAME`` in its ``__init__``, checked against
``CliGame`` with that game's own types. The descriptor module loads nothing of its game
until a method is called, so the commands may read its help words and table columns freely.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from functools import cache
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from meridina.rules.games import Listed

if TYPE_CHECKING:
    from meridina.notation.rulings import RulingValue

    from .table.position.position_pieces import PositionPieces

GAMES: tuple[Listed, ...] = (
    Listed("Meridian", "meridina.cli.meridian"),
    Listed("Medina", "meridina.cli.medina"),
)

# Commands of one game only, listed for the command group without loading them:
# name -> (module, its summary, as the command's own help starts).
GAME_COMMANDS: dict[str, tuple[str, str]] = {
    "board": (
        ".meridian.board_cmd",
        "Type in a printed Meridian board, check the file and draw it.",
    ),
}

# Converters of other programs' game files, the subcommands of ``import``: name ->
# (module, its summary, as the command's own help starts).
IMPORT_COMMANDS: dict[str, tuple[str, str]] = {
    "boardspace": (
        ".medina.import_boardspace",
        "Convert Boardspace's Medina game files into meridina records.",
    ),
}

State = TypeVar("State", contravariant=True)
Sheet = TypeVar("Sheet", contravariant=True)


class CliGame(Protocol[State, Sheet]):
    """What the commands need of one game beyond its rules and notation."""

    title: str
    # ``record``'s header options of this game only: (option, tag, help without the title)
    header_options: tuple[tuple[str, str, str], ...]
    # examples of the position section's entries, for ``record --position``'s help: lines
    # that follow the title
    position_help: tuple[str, ...]
    # ``generate``: players allowed per edition (None: the game has no editions)
    editions: Mapping[str | None, tuple[int, ...]]
    default_edition: str | None
    # the players ``generate`` allows, as its help says them after the title
    players_help: str
    # what ``score --palaces`` adds for this game
    details_help: str
    # help words: what ``annotate``'s notes say of a turn, what ``draw``'s picture shows,
    # what ``generate`` chooses at random beyond the turns (a sentence, or "")
    notes_help: str
    picture_help: str
    generate_help: str
    # the bundled boards that are stand-in layouts, not the printed board
    stand_in_boards: tuple[str, ...]

    def records(
        self,
        edition: str | None,
        players: int,
        chosen: Mapping[str, RulingValue],
        count: int,
        seed: int,
    ) -> Iterator[str]:
        """``count`` random legal games as records, a blank line before each but the first."""
        ...

    def position_pieces(self, start: State, setup: str | None) -> PositionPieces:
        """The pieces the position page clicks onto the board from ``start`` (the empty
        position of the record's header, whose Setup tag is ``setup``)."""
        ...

    def table_edition(self, final: State) -> str | None:
        """The edition whose standings table a game counts in; None: one table for the game."""
        ...

    def ranking(self, sheet: Sheet) -> list[tuple[str, int, int]]:
        """Each player's name, rank and points, best first."""
        ...

    def unfinished(self, sheet: Sheet) -> list[str]:
        """Why the game is not known to be over, if it is not."""
        ...


def listed(key: str) -> Listed | None:
    """The game whose key (title in lower case) is ``key``; None for no game."""
    return _BY_KEY.get(key)


_BY_KEY = {game.key: game for game in GAMES}


# The registry's one untyped boundary: which game a key names is known only when it is
# asked for, and each caller uses the descriptor with that game's own types.
SomeCliGame = CliGame[Any, Any]


@cache
def cli_game(key: str) -> SomeCliGame:
    """The cli descriptor of a listed game."""
    descriptor: SomeCliGame = importlib.import_module(_BY_KEY[key].package).GAME
    return descriptor


def every_game() -> Iterator[SomeCliGame]:
    """Each game's descriptor, in the registry's order."""
    return (cli_game(game.key) for game in GAMES)
