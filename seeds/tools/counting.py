"""Which games of a collection the ratings and statistics count, and why the others are not.

A game counts when it is valid (no errors among the problems kept), finished and scored by
the rules core, and names its players; the same game recorded twice counts once, at its
first place in the order read (``repeats``). Every game left out is listed with the reason.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .repeats import Repeats, repeat_reason
from .standings import LeftOut
from .summaries import GameSummary

__all__ = ["COUNTED_GAMES", "Counting", "player_key", "shown_name"]

COUNTED_GAMES = (
    "only valid, finished games count, each once (the same game recorded twice counts at "
    "its first place)"
)


def shown_name(name: str) -> str:
    """A player's name as the tables show it: its runs of whitespace made one space."""
    return " ".join(name.split())


def player_key(name: str) -> str:
    """What matches one player's games, as the standings match them: the name with its
    whitespace collapsed and its letter case folded."""
    return shown_name(name).casefold()


@dataclass
class Counting:
    """Sorts games, as they come in the order read, into counted and left out."""

    counted: list[GameSummary] = field(default_factory=list)
    left_out: list[LeftOut] = field(default_factory=list)
    repeats: Repeats = field(default_factory=Repeats)
    # every game but the repeats: how all games read ended, the unfinished ones too
    once: list[GameSummary] = field(default_factory=list)

    def add(self, summary: GameSummary) -> LeftOut | None:
        """Count one game; the entry listing it when it is left out, else None."""
        first = self.repeats.first_of(summary)
        if first is None:
            self.once.append(summary)
        reason = repeat_reason(first) if first is not None else _fault(summary)
        if reason is None:
            self.counted.append(summary)
            return None
        entry = LeftOut(summary.file, summary.number, summary.line, summary.title, reason)
        self.left_out.append(entry)
        return entry


def _fault(summary: GameSummary) -> str | None:
    """Why a game read once is not counted; None when it counts."""
    standing = summary.standing
    if standing.blocked is not None:
        return standing.blocked
    if not summary.placings:
        return "it could not be scored"
    if summary.valid and summary.finished:
        return None
    said = list(standing.flaws)
    if not said:  # the flaws name both faults whenever the rules core finds them
        said.append("it has problems" if not summary.valid else "it is not finished")
    return "; ".join(said)
