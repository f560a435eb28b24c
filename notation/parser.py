"""Parse one game's text into ``GameText``: the plain reading first, Lark for the rest.

A game of plain tag and turn lines is read by ``plain_game`` with regular expressions built
from the grammar's terminals; any other game goes to the full Lark parse with its recovery
and messages. Lark is imported only when a game needs it.
"""

from __future__ import annotations

from .plain_game import read_plain_game
from .splitter import GameChunk
from .text import GameText

__all__ = ["parse_game"]


def parse_game(chunk: GameChunk) -> GameText:
    """Parse one game; a syntax fault raises ``RecordError`` with its place."""
    game = read_plain_game(chunk)
    if game is not None:
        return game
    from .lark_game import parse_with_lark

    return parse_with_lark(chunk)
