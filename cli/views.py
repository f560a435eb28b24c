"""One view per game: what the commands call to show a game, whichever it is.

Each game's view module is checked against ``GameView`` with that game's own types,
so a view that drifts from its rules core is a type error, not a runtime surprise.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from meridina.notation.driver import GameReport
from meridina.notation.turns import TurnEntry

if TYPE_CHECKING:
    from meridina.notation.medina import MedinaRecord
    from meridina.notation.meridian import MeridianRecord
    from meridina.rules.medina import engine as medina_engine
    from meridina.rules.medina import model as medina_model
    from meridina.rules.medina import scoring as medina_scoring
    from meridina.rules.medina import state as medina_state
    from meridina.rules.meridian import engine as meridian_engine
    from meridina.rules.meridian import model as meridian_model
    from meridina.rules.meridian import scoring as meridian_scoring
    from meridina.rules.meridian import state as meridian_state

    from .medina import view as medina_view
    from .meridian import view as meridian_view

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

    def state_json(self, state: StateIn) -> dict[str, Any]: ...

    def score_text(self, sheet: SheetIn, final: StateIn, details: bool) -> str: ...

    def sheet_json(self, sheet: SheetIn, final: StateIn) -> dict[str, Any]: ...

    def status(self, sheet: SheetIn) -> str: ...


if TYPE_CHECKING:  # each view checked against GameView with its game's own types
    MERIDIAN_VIEW: GameView[
        meridian_state.State,
        meridian_model.Turn,
        meridian_engine.Step,
        MeridianRecord,
        meridian_scoring.ScoreSheet,
    ] = meridian_view
    MEDINA_VIEW: GameView[
        medina_state.State,
        medina_model.Turn,
        medina_engine.Step,
        MedinaRecord,
        medina_scoring.ScoreSheet,
    ] = medina_view

# game name -> its view module, imported when a game of it is first shown
VIEWS = {"Meridian": ".meridian.view", "Medina": ".medina.view"}


def view_for(game: str) -> GameView[Any, Any, Any, Any, Any]:
    view: GameView[Any, Any, Any, Any, Any] = importlib.import_module(VIEWS[game], __package__)
    return view
