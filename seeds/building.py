"""The text of a game built in memory: its header, then a turn added at a time.

A game built in memory is a record like any other: each step writes the record's text
and reads it back through the same checker as a file, so a turn is judged by the one turn
loop and a game written out reads back the same.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from meridina.notation.writing import comment, write_new_game

# Characters a turn's words never hold, that would make a line something else: a second
# line, a comment, a tag.
NOT_IN_A_TURN = frozenset("\n\r{};[]")

Seats = Sequence[tuple[str, "str | Sequence[str]"]]
TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_'\-]*")  # the grammar's WORD


def bad_tag_name(names: Sequence[str]) -> str | None:
    """The first of ``names`` that a tag cannot be called; None when all can."""
    return next((name for name in names if not TAG_NAME.fullmatch(name)), None)


def colours_of(colours: str | Sequence[str]) -> tuple[str, ...]:
    """A player's colours, one given as a string or several as a sequence."""
    return (colours,) if isinstance(colours, str) else tuple(colours)


def header_text(game: str, players: Seats, edition: str | None, tags: Mapping[str, str]) -> str:
    """The header of a new game: its Game, Edition and Players tags, then ``tags``."""
    seats = "; ".join(" ".join((name, *colours_of(colours))) for name, colours in players)
    written: dict[str, str] = {"Game": game}
    if edition is not None:
        written["Edition"] = edition
    written["Players"] = seats
    for name, value in tags.items():
        written.setdefault(name, value)
    return write_new_game(written.items(), [])


def turn_line(number: int, turn: str, note: str | None) -> str | None:
    """The line that adds ``turn`` as turn ``number`` with its comment; None when ``turn``
    is not one line of words."""
    words = turn.split()
    if not words or NOT_IN_A_TURN & set(turn):
        return None
    line = f"{number}. {' '.join(words)}"
    return f"{line} {comment(' '.join(note.split()))}" if note and note.strip() else line
