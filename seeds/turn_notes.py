"""Walk a checked game turn by turn for the notes annotate writes, whichever the game."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from meridina.notation.driver import GameReport
from meridina.notation.turns import TurnEntry
from meridina.rules.common import Problem
from meridina.rules.game import Handling

Step = TypeVar("Step")
Turn = TypeVar("Turn")
State = TypeVar("State")

# (step, entry, state before, state after) -> what to say about that turn, in a game's types
TurnNote = Callable[[Step | None, TurnEntry[Turn], State, State], list[str]]


def notes_per_turn(report: GameReport, note: TurnNote[Step, Turn, State]) -> list[list[str]]:
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


# What became of a faulty turn, in the words of the digests' "How an illegal turn is handled".
HANDLED = {
    Handling.PLAYED: "played all the same",
    Handling.DISCARDED: "not played: the card counts as discarded",
    Handling.IGNORED: "ignored: nothing of the turn counts",
}
NOT_PLACED = "not placed"  # a Medina piece whose placement breaks a rule


class FaultEvent(str):
    """A faulty turn's event as replay words it, keeping its faults and what became of them:
    the HTML page says each fault once, in its red line, with ``handled`` beside it."""

    faults: tuple[Problem, ...]
    handled: str


def fault_event(faults: Sequence[Problem], handled: str) -> str:
    """The event of a faulty turn, for replay's text and JSON and the HTML page alike:
    the rules it breaks, then what became of it (``HANDLED`` or ``NOT_PLACED``)."""
    broken = "; ".join(f"{p.rule} {p.message}" for p in faults)
    event = FaultEvent(f"ILLEGAL: {broken} ({handled})")
    event.faults, event.handled = tuple(faults), handled
    return event


def notes_at(annotations: Sequence[Sequence[str]]) -> Callable[[int, object], Sequence[str]]:
    """The writer's lookup of the notes after turn ``index``."""
    return lambda index, entry: annotations[index] if index < len(annotations) else []
