"""Every game the API shows, listed once; a game's modules load when first asked for.

Each game's package here holds its descriptor, ``GAME`` in its ``__init__``, checked against
``ShownGame`` with that game's own types: its view (states and events in words and JSON),
its picture, the game as the recorder plays it, and which of its boards are stand-ins. The
command line's own registry (``meridina.cli.games``) adds what only the commands need.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from functools import cache
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from meridina.rules.games import Listed

if TYPE_CHECKING:
    import xml.etree.ElementTree as ET

    from meridina.notation.rulings import RulingValue

    from .medina import values as medina_values
    from .meridian import values as meridian_values
    from .recording.games import RecordedGame
    from .views import GameView

    # What a position and a score say, typed per game (each game's ``values``).
    Supply = meridian_values.Supply | medina_values.Supply
    ScoreDetail = meridian_values.ScoreDetail | medina_values.ScoreDetail

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


class PositionModel(Protocol[State, Turn]):
    """A game's position model as the API plays it: a turn pushed only when it breaks no
    rule, popped back, copied; each game's wraps its rules' own position."""

    def push(self, turn: Turn) -> bool:
        """Play ``turn`` when it breaks no rule (True); otherwise leave the position as it
        was (False)."""
        ...

    def pop(self) -> Turn: ...

    def copy(self) -> PositionModel[State, Turn]: ...

    def state(self) -> State:
        """A snapshot of the position, that nothing played later changes."""
        ...

    def legal_turns(self) -> Iterator[Turn]: ...

    def is_over(self) -> bool: ...

    def mover(self, turn: Turn) -> str:
        """The colour that plays ``turn``."""
        ...


class ShownGame(Protocol[State, Turn, Step, Record, Sheet, BoardIn]):
    """What the API needs of one game beyond its rules and notation."""

    title: str
    # the players allowed per edition (None: the game has no editions), and the edition
    # played when none is given
    editions: Mapping[str | None, tuple[int, ...]]
    default_edition: str | None
    # ``replay --html``'s score table: heading and the key of the view's score JSON
    score_columns: tuple[tuple[str, str], ...]

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

    def model(self, state: State) -> PositionModel[State, Turn]:
        """The position ``state`` is a snapshot of, to push turns on."""
        ...

    def supplies(self, state: State) -> tuple[Supply, ...]:
        """What each colour still holds, in seat order."""
        ...

    def details(self, sheet: Sheet) -> tuple[ScoreDetail, ...]:
        """What each player's points are made of, in rank order."""
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

    def is_stand_in(self, board: BoardIn) -> bool:
        """True when ``board`` has the layout of a bundled board marked as a stand-in."""
        ...


# Converters of other programs' game files, by program: each module's ``converted(name)``
# gives the record of one file and its warnings.
IMPORTERS: dict[str, str] = {"boardspace": "meridina.medina.boardspace"}

_BY_KEY = {game.key: game for game in GAMES}


# The registry's one untyped boundary: which game a key names is known only when it is
# asked for, and each caller uses the descriptor with that game's own types.
SomeShownGame = ShownGame[Any, Any, Any, Any, Any, Any]


@cache
def shown_game(key: str) -> SomeShownGame:
    """The descriptor of a listed game."""
    descriptor: SomeShownGame = importlib.import_module(_BY_KEY[key].package).GAME
    return descriptor
