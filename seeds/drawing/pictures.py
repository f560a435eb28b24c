"""The picture of a checked game after any turn, whichever game it is (for draw and replay)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from meridina.notation.driver import GameReport

from ..games import shown_game
from ..stand_in import OnBoard, stand_in_line
from ..views import view_for

__all__ = ["caption", "draw", "stand_in_line", "state_after", "turn_count"]


def turn_count(report: GameReport) -> int:
    return len(report.record.entries) if report.record is not None else 0


def state_after(report: GameReport, turns: int) -> OnBoard:
    """The state after the first ``turns`` turns (0: the start)."""
    run = report.run
    state: OnBoard = run.start if turns == 0 else run.state_after(turns)
    return state


def caption(report: GameReport, turns: int) -> str:
    view = view_for(str(report.game))
    board = report.run.start.board.name
    if turns == 0:
        when = "start" if turn_count(report) else "position"
    else:
        when = "after " + view.turn_heading(report.record.entries[turns - 1])
    return f"{view.TITLE}, game {report.index}, board {board}: {when}"


def draw(report: GameReport, turns: int, targets: bool = False) -> ET.Element:
    """The SVG picture after ``turns`` turns of a game that could be set up; with
    ``targets``, a clickable layer names every place."""
    state = state_after(report, turns)
    note = stand_in_line(state.board)
    title = caption(report, turns)
    return shown_game(str(report.game).lower()).draw(
        state, last_made(report, turns), title, note, targets
    )


def last_made(report: GameReport, turns: int) -> tuple[object, object] | None:
    """The turn that led to the state after ``turns`` turns, and its step, when it was made."""
    if turns == 0:
        return None
    entry, step = report.record.entries[turns - 1], report.run.steps[turns - 1]
    if entry.turn is None or step is None:
        return None
    return entry.turn, step
