"""The picture of a checked game after any turn, whichever game it is (for draw and replay)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from meridina.notation.driver import GameReport

from .medina import svg as svg_medina
from .medina import view as medina_view
from .meridian import svg as svg_meridian
from .stand_in import stand_in_line

__all__ = ["caption", "draw", "stand_in_line", "state_after", "turn_count"]
from .views import view_for


def turn_count(report: GameReport) -> int:
    return len(report.record.entries) if report.record is not None else 0


def state_after(report: GameReport, turns: int) -> Any:
    """The state after the first ``turns`` turns (0: the start)."""
    run = report.run
    return run.start if turns == 0 else run.states()[turns - 1]


def caption(report: GameReport, turns: int) -> str:
    view = view_for(str(report.game))
    board = report.run.start.board.name
    if turns == 0:
        when = "start" if turn_count(report) else "position"
    else:
        when = "after " + view.turn_heading(report.record.entries[turns - 1])
    return f"{view.TITLE}, game {report.index}, board {board}: {when}"


def draw(report: GameReport, turns: int) -> ET.Element:
    """The SVG picture after ``turns`` turns of a game that could be set up."""
    state = state_after(report, turns)
    note = stand_in_line(state.board)
    title = caption(report, turns)
    if report.game == "Meridian":
        last = None
        if turns > 0:
            entry, step = report.record.entries[turns - 1], report.run.steps[turns - 1]
            if entry.turn is not None and step is not None:
                last = svg_meridian.LastTurn(entry.turn.meridian, step)
        return svg_meridian.draw(state, last, title, note)
    placed = None
    if turns > 0:
        entry, step = report.record.entries[turns - 1], report.run.steps[turns - 1]
        if entry.turn is not None and step is not None:
            placed = medina_view.placed(step, entry.turn)
    return svg_medina.draw(state, title, note, placed)
