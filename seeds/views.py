"""One view per game: what the commands call to show a game, whichever it is.

Each game's view module is checked against ``GameView`` with that game's own types (its
descriptor's ``view`` returns it as one), so a view that drifts from its rules core
is a type error, not a runtime surprise.
"""

from __future__ import annotations

from typing import Any, Protocol, TypeVar

from meridina.json_values import JsonObject
from meridina.notation.driver import GameReport
from meridina.notation.turns import TurnEntry

from .games import shown_game

# A view only takes these in.
StateIn = TypeVar("StateIn", contravariant=True)
TurnIn = TypeVar("TurnIn", contravariant=True)
StepIn = TypeVar("StepIn", contravariant=True)
RecordIn = TypeVar("RecordIn", contravariant=True)
SheetIn = TypeVar("SheetIn", contravariant=True)


class GameView(Protocol[StateIn, TurnIn, StepIn, RecordIn, SheetIn]):
    """What replay, annotate and score need from a game's presentation module."""

    TITLE: str
    LEGEND: str

    def diagram(self, state: StateIn) -> str: ...

    def turn_heading(self, entry: TurnEntry[TurnIn]) -> str: ...

    def events(self, step: StepIn | None, entry: TurnEntry[TurnIn]) -> list[str]: ...

    def notes(self, report: GameReport) -> list[list[str]]: ...

    def write(self, record: RecordIn, annotations: list[list[str]]) -> str: ...

    def state_json(self, state: StateIn) -> JsonObject: ...

    def score_text(self, sheet: SheetIn, final: StateIn, details: bool) -> str: ...

    def sheet_json(self, sheet: SheetIn, final: StateIn) -> JsonObject: ...

    def status(self, sheet: SheetIn) -> str: ...


# Whichever game's view: its types are the registry's (see ``shown_game``).
SomeGameView = GameView[Any, Any, Any, Any, Any]


def view_for(game: str) -> SomeGameView:
    """The view of the game titled ``game``."""
    return shown_game(game.lower()).view()
