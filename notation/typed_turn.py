"""Read one turn typed on a line of its own, with places in that line's columns.

A typed line is a turn body (``orange 7: 3@2``), optionally numbered (``12. orange
7: 3@2``) and optionally followed by a comment. It is read with the record grammar,
as turn ``number`` of a one-turn game, so that it means exactly what it would mean
in a file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from meridina.rules.common import Place, Problem, RecordError

from .parser import parse_game
from .slips import numbering_fault, turn_fault
from .splitter import GameChunk
from .text import Comment, TurnText, Word

_NUMBER = re.compile(r"[ \t]*([0-9]{1,9})\.(?![0-9])[ \t]*")
MAX_LINE = 4096  # characters: a turn is a few words; more is not a turn


@dataclass(frozen=True, slots=True)
class TypedLine:
    """What a typed line holds: a turn, or only comments (``turn`` is None)."""

    turn: TurnText | None
    comments: tuple[Comment, ...] = ()


def read_typed_turn(
    line: str, number: int, line_no: int = 1, renumber: bool = False
) -> TypedLine | Problem:
    """The turn a line states as turn ``number``, or the first problem of the line.

    With ``renumber`` (the first turn of a record) a number typed with the turn
    is taken as the turn's own.
    """
    line = line.rstrip("\r\n")
    if len(line) > MAX_LINE:
        return turn_fault(f"a line of more than {MAX_LINE} characters is not a turn")
    body_start = 0
    numbered = _NUMBER.match(line)
    if numbered is not None:
        typed = int(numbered.group(1))
        if renumber and typed > 0:
            number = typed
        elif typed != number:
            return numbering_fault(
                f"this is turn {number}, not turn {typed}",
                Place(line_no, numbered.start(1) + 1),
            )
        body_start = numbered.end()
    prefix = f"{number}. "
    shift = body_start - len(prefix)
    text = prefix + line[body_start:] + "\n"
    try:
        game = parse_game(GameChunk(text, line_no))
    except RecordError as error:
        return _moved(error.problem, shift)
    if game.tags or game.position is not None:
        return turn_fault("a tag or a position cannot be typed as a turn", Place(line_no, 1))
    if len(game.turns) > 1:
        second = game.turns[1]
        return turn_fault("type one turn per line", _at(second.at, shift))
    if not game.turns:
        return TypedLine(None, tuple(Comment(c.text, _at(c.at, shift)) for c in game.comments))
    turn = game.turns[0]
    if not turn.words and numbered is None:
        return TypedLine(None, tuple(Comment(c.text, _at(c.at, shift)) for c in turn.comments))
    words = tuple(Word(w.kind, w.text, _at(w.at, shift)) for w in turn.words)
    at = Place(line_no, body_start + 1)
    comments = tuple(Comment(c.text, _at(c.at, shift)) for c in turn.comments)
    return TypedLine(TurnText(number, words, at, comments))


def _at(place: Place, shift: int) -> Place:
    return Place(place.line, max(1, place.col + shift))


def _moved(problem: Problem, shift: int) -> Problem:
    if problem.at is None:
        return problem
    return Problem(problem.rule, problem.message, _at(problem.at, shift), problem.warning)
