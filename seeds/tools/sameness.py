"""When two records hold the same game: the same game and edition, the same players in the
same seats, and the same turns (or the same position), whatever the layout, the comments
and the other tags.

A game's identity is a digest of those alone, each turn as the notation writes it back
(``annotate``'s form, ``writing.turn_body``), so that a game typed twice with other
spacing, other comments or another Event is still found as one game.
"""

from __future__ import annotations

import hashlib

from meridina.notation.driver import GameReport
from meridina.notation.games import notation_game
from meridina.notation.writing import turn_body

from ..games import shown_game

__all__ = ["game_identity"]


def game_identity(report: GameReport) -> str | None:
    """The game's identity (a hex digest), or None when its header cannot be read."""
    record, title = report.record, report.game
    if record is None or title is None:
        return None
    key = title.lower()
    game = shown_game(key)
    notation = notation_game(key)
    seats = [
        "/".join([" ".join(name.split()).casefold(), *colours])
        for name, colours in game.seats(record)
    ]
    parts = [key, game.edition(record) or "", "\x1f".join(seats)]
    position = record.game.position
    if position is not None:
        parts.extend(
            " ".join([entry.key.text, *(word.text for word in entry.words)])
            for entry in position.entries
        )
    parts.append("\x1e")
    parts.extend(turn_body(notation.format_turn, entry) for entry in record.entries)
    return hashlib.sha256("\x1f".join(parts).encode("utf-8", "surrogatepass")).hexdigest()[:32]
