"""One view per game: what the commands call to show a game, whichever it is."""

from __future__ import annotations

from typing import Any, Protocol

from . import medina_view, meridian_view


class GameView(Protocol):
    """What replay, annotate and score need from a game's presentation module."""

    TITLE: str
    LEGEND: str

    def diagram(self, state: Any) -> str: ...

    def turn_heading(self, entry: Any) -> str: ...

    def events(self, step: Any, entry: Any) -> list[str]: ...

    def notes(self, report: Any) -> list[list[str]]: ...

    def write(self, record: Any, annotations: list[list[str]]) -> str: ...

    def state_json(self, state: Any) -> dict[str, Any]: ...

    def score_text(self, sheet: Any, final: Any, details: bool) -> str: ...

    def sheet_json(self, sheet: Any, final: Any) -> dict[str, Any]: ...

    def status(self, sheet: Any) -> str: ...


VIEWS: dict[str, GameView] = {"Meridian": meridian_view, "Medina": medina_view}


def view_for(game: str) -> GameView:
    return VIEWS[game]
