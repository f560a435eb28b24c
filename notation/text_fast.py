"""A turn as the plain reading lays it out, whose ``Word`` objects are made only when asked.

Most games are only checked: their turns are read from the body as written (see
``meridian.turn`` and ``medina.turn``) and never need a ``Word`` each. A ``LaidOutTurn`` is
a ``TurnText`` all the same: its ``words`` are made from the body on first use and kept, so
whatever reads its words, compares, hashes, copies or pickles it sees what a ``TurnText``
built with those words shows (``tests/test_text_fast.py`` holds it to that).
"""

from __future__ import annotations

from dataclasses import replace

from meridina.rules.common import Place, Problem

from .text import Comment, LaidOut, TurnText, Word
from .turn_body import body_words


def make_words(laid: LaidOut) -> tuple[Word, ...]:
    """The words of a laid-out turn."""
    line, col, body, _ = laid
    return tuple(
        Word(kind, text, Place(line, col + offset)) for kind, text, offset in body_words(body) or ()
    )


class LaidOutTurn(TurnText):
    """A ``TurnText`` that keeps its body as laid out until its words are asked for.

    ``words`` is either the words or the body laid out; given the words (as
    ``dataclasses.replace`` gives them) it is a ``TurnText`` like any other.
    """

    __slots__ = ("_laid", "_made")

    def __init__(
        self,
        number: int,
        words: tuple[Word, ...] | LaidOut,
        at: Place,
        comments: tuple[Comment, ...] = (),
        problems: tuple[Problem, ...] = (),
        written: str = "",
        numbered: bool = True,
    ) -> None:
        self.number = number
        self.at = at
        self.comments = comments
        self.problems = problems
        self.written = written
        self.numbered = numbered
        if words and type(words[0]) is int:
            self._laid: LaidOut | None = words
            self._made: tuple[Word, ...] | None = None
        else:
            self._laid = None
            self._made = words  # type: ignore[assignment]  # (a body laid out starts with an int)

    @property
    def words(self) -> tuple[Word, ...]:
        made = self._made
        if made is None:
            laid = self._laid
            made = self._made = () if laid is None else make_words(laid)
        return made

    @words.setter
    def words(self, words: tuple[Word, ...]) -> None:
        self._made = words

    def laid_out(self) -> LaidOut | None:
        return self._laid if self._made is None else None

    def __eq__(self, other: object) -> bool:
        if isinstance(other, TurnText):
            return _fields(self) == _fields(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(_fields(self))  # as a TurnText's own hash


def _fields(turn: TurnText) -> tuple[object, ...]:
    """What a ``TurnText`` compares and hashes by: its fields, in order."""
    return (
        turn.number,
        turn.words,
        turn.at,
        turn.comments,
        turn.problems,
        turn.written,
        turn.numbered,
    )


def laid_out(turn: TurnText) -> LaidOut | None:
    """``turn.laid_out()``, at the cost of a function call only."""
    if type(turn) is LaidOutTurn and turn._made is None:
        return turn._laid
    return None


def with_comments(turn: TurnText, comments: tuple[Comment, ...]) -> TurnText:
    """``turn`` with ``comments``; words not made yet stay so."""
    laid = laid_out(turn)
    if laid is None:
        return replace(turn, comments=comments)
    return LaidOutTurn(
        turn.number, laid, turn.at, comments, turn.problems, turn.written, turn.numbered
    )
