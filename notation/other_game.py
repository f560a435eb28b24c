"""A game whose turns read as another game's: one hint at its Game tag, not a fault a turn.

A record of one game tagged as the other (a Meridian game under ``[Game "Medina"]``) makes
every turn unreadable; listing each one hides the one thing to fix. When more than half of a
game's turns cannot be read as its tagged game but read cleanly as another one, those turns'
own faults give way to a single ``REC-2`` at the Game tag. Turns that read as neither game
are still reported one by one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from meridina.rules.codes import REC_3
from meridina.rules.common import Place, Problem

from .games import GAMES, notation_game
from .slips import tag_fault
from .text import TurnText
from .turns import TurnEntry

FEWEST: Final = 2  # one turn alone is too little to say a record is of another game


def other_game_hint(
    key: str, title: str, entries: Sequence[TurnEntry[object]], tag_at: Place
) -> tuple[Problem, frozenset[int]] | None:
    """The hint when most of ``entries`` read cleanly as another game than ``key``'s, and
    the ids of the turn problems it stands for; None otherwise.

    "Most" is more than half of the game's turns, and at least ``FEWEST`` of them: a game
    whose turns read mostly as its tagged game keeps its faults turn by turn.
    """
    total = len(entries)
    # (most turns read: asking for their turn first spares a call each)
    unread = [entry for entry in entries if entry.turn is None and _unreadable(entry)]
    if len(unread) < FEWEST or 2 * len(unread) <= total:
        return None  # the usual case, decided before any other game's notation is loaded
    best: tuple[str, list[TurnEntry[object]]] | None = None
    for game in GAMES:
        if game.key == key:
            continue
        other = notation_game(game.key)
        fits = [entry for entry in unread if _reads_cleanly(other.read_turn, entry.text)]
        if best is None or len(fits) > len(best[1]):
            best = (game.title, fits)
    if best is None or len(best[1]) < FEWEST or 2 * len(best[1]) <= total:
        return None
    other_title, fits = best
    hint = tag_fault(
        f"{len(fits)} of the {total} turns read as {other_title} turns, not as {title} ones: "
        f"is the Game tag right? (their faults as {title} turns are not listed)",
        tag_at,
    )
    told = frozenset(
        id(problem) for entry in fits for problem in entry.problems if problem.rule == REC_3
    )
    return hint, told


def _unreadable(entry: TurnEntry[object]) -> bool:
    """A turn its game's notation could not read, though its syntax is sound."""
    return entry.turn is None and not entry.text.problems and bool(entry.problems)


def _reads_cleanly(read_turn: Callable[[TurnText], TurnEntry[object]], text: TurnText) -> bool:
    entry = read_turn(text)
    return entry.turn is not None and not entry.problems
