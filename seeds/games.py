"""Every game the API shows, listed once; a game's modules load when first asked for.

Each game's package here holds its descriptor, ``GAME`` in its ``__init__``, checked against
``ShownGame`` with that game's own types: its view (states and events in words and JSON),
its picture, the game as the recorder plays it, and which of its boards are stand-ins. The
command line's own registry (``meridina.cli.games``) adds what only the commands need.
"""

from __future__ import annotations

import importlib
from functools import cache
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from meridina.rules.games import Listed

if TYPE_CHECKING:
    import xml.etree.ElementTree as ET

    from .recording.games import RecordedGame
    from .views import GameView

GAMES: tuple[Listed, ...] = (
    Listed("Meridian", "meridina.meridian"),
    Listed("Medina", "meridina.medina"),
)

State = TypeVar("State")
Turn = TypeVar("Turn")
Step = TypeVar("Step")
Record = TypeVar("Record", contravariant=True)
Sheet = TypeVar("Sheet")
BoardIn = TypeVar("BoardIn", contravariant=True)


class ShownGame(Protocol[State, Turn, Step, Record, Sheet, BoardIn]):
    """What the API needs of one game beyond its rules and notation."""

    title: str

    def view(self) -> GameView[State, Turn, Step, Record, Sheet]: ...

    def recorded(self) -> RecordedGame[State, Turn, Step, Record, Sheet]:
        """The game as the recorder plays it."""
        ...

    def draw(
        self,
        state: State,
        last: tuple[Turn, Step] | None,
        title: str,
        note: str | None,
        targets: bool = False,
    ) -> ET.Element:
        """The SVG picture of ``state``, marking ``last``, the turn that led to it and its
        step, when that turn was made; with ``targets``, a clickable layer on top holds one
        shape per place (``data-target`` names it as the notation does)."""
        ...

    def seats(self, record: Record) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """The players of ``record`` in seat order, each with the colours they play (none
        when its header could not be read)."""
        ...

    def edition(self, record: Record) -> str | None:
        """The edition of the rules ``record`` is played by; None for a game of one."""
        ...

    def is_stand_in(self, board: BoardIn) -> bool:
        """True when ``board`` has the layout of a bundled board marked as a stand-in."""
        ...


_BY_KEY = {game.key: game for game in GAMES}


# The registry's one untyped boundary: which game a key names is known only when it is
# asked for, and each caller uses the descriptor with that game's own types.
SomeShownGame = ShownGame[Any, Any, Any, Any, Any, Any]


@cache
def shown_game(key: str) -> SomeShownGame:
    """The descriptor of a listed game."""
    descriptor: SomeShownGame = importlib.import_module(_BY_KEY[key].package).GAME
    return descriptor
