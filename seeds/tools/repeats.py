"""The same game recorded twice in a collection: found by its identity (``sameness``),
counted once, at its first place, by the standings, ratings and statistics."""

from __future__ import annotations

from .summaries import GameSummary

__all__ = ["Repeats", "repeat_reason"]


class Repeats:
    """Tells, game by game in the order read, which repeat a game seen before."""

    def __init__(self) -> None:
        self._first: dict[str, GameSummary] = {}

    def first_of(self, summary: GameSummary) -> GameSummary | None:
        """The earlier game ``summary`` repeats; None for a game not seen before (or with
        no identity: its header could not be read)."""
        if summary.identity is None:
            return None
        first = self._first.setdefault(summary.identity, summary)
        return None if first is summary else first


def repeat_reason(first: GameSummary) -> str:
    """Why a repeat is left out: where the game was counted."""
    return f"the same game as game {first.number} at {first.place}, counted once"
