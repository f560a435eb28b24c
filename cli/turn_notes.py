"""Walk a checked game turn by turn for the notes annotate writes, whichever the game."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from meridina.notation.check import GameReport

# (step, entry, state before, state after) -> what to say about that turn
TurnNote = Callable[[Any, Any, Any, Any], list[str]]


def notes_per_turn(report: GameReport, note: TurnNote) -> list[list[str]]:
    """One list of notes per turn of a played game; none for a game that was not played."""
    run, record = report.run, report.record
    if run is None or run.start is None or record is None:
        return []
    result = []
    before = run.start
    for entry, step, after in zip(record.entries, run.steps, run.states(), strict=True):
        result.append(note(step, entry, before, after))
        before = after
    return result


def notes_at(annotations: Sequence[Sequence[str]]) -> Callable[[int, object], Sequence[str]]:
    """The writer's lookup of the notes after turn ``index``."""
    return lambda index, entry: annotations[index] if index < len(annotations) else []
