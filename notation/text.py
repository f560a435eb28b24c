"""Plain objects for a parsed game record, before any game's meaning is given to it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from meridina.rules.common import Place, Problem, value

from .turn_body import body_words


@value
class Word:
    """One word of a turn or a position entry, with its kind and place.

    Kinds: ``word`` (a name such as ``orange`` or ``pass``), ``number`` (``7``,
    ``4-5-6-7/6``), ``place`` (``3@2``, ``orange@E5``) and ``key`` (``7:``).
    """

    kind: str
    text: str
    at: Place


@value
class Tag:
    name: str
    value: str
    at: Place
    value_at: Place


@value
class Comment:
    text: str
    at: Place


# A turn's words as the plain reading found them, before any ``Word`` is made of them: the
# line, the column of ``body[0]``, ``body`` (the turn as written after its number, found to be
# words and separators only, so that the same body always holds the same words) and its
# ``parts``, ``body.split(" ")`` when no other separator is in it, else None. A plain tuple,
# the cheapest to build; its first item, a number, tells it from a tuple of words.
LaidOut = tuple[int, int, str, "Sequence[str] | None"]


def _make(laid: LaidOut) -> tuple[Word, ...]:
    """The words of a laid-out turn."""
    line, col, body, _ = laid
    return tuple(
        Word(kind, text, Place(line, col + offset)) for kind, text, offset in body_words(body) or ()
    )


@value
class TurnText:
    """One turn as written: its number, its words and its place.

    ``words`` may be given as a ``LaidOut`` (see ``laid_out``): the words are then made on
    first use, so that a game that is only checked never makes them.
    """

    number: int
    words: tuple[Word, ...]
    at: Place
    comments: tuple[Comment, ...] = ()
    # Syntax slips read anyway (warnings), or the fault that makes the turn unreadable.
    problems: tuple[Problem, ...] = ()
    written: str = ""  # the words as written, kept for a turn with a syntax fault
    # False when the turn's number was not written as "N." (``written`` then holds the
    # whole turn as typed), so that writing it back does not mend it silently.
    numbered: bool = True

    @property
    def broken(self) -> bool:
        """A syntax fault costs the turn: it is reported and not played."""
        return any(not problem.warning for problem in self.problems)

    def laid_out(self) -> LaidOut | None:
        """The words as the plain reading laid them out, while no ``Word`` is made of them."""
        return laid_out(self)


def laid_out(turn: TurnText) -> LaidOut | None:
    """``turn.laid_out()``, at the cost of a function call only."""
    words = _get_words(turn)
    return words if words and type(words[0]) is int else None


def _words(turn: TurnText) -> tuple[Word, ...]:
    words = _get_words(turn)
    if words and type(words[0]) is int:
        words = _make(words)
        _set_words(turn, words)
    return words  # type: ignore[no-any-return]


# ``words`` is a property over its slot, so that equality, hashing, repr, replace and
# pickling, which all read it by name, see the words made.
_WORDS_SLOT: Any = TurnText.__dict__["words"]
_get_words: Callable[[TurnText], Any] = _WORDS_SLOT.__get__
_set_words: Callable[[TurnText, tuple[Word, ...] | LaidOut], None] = _WORDS_SLOT.__set__
TurnText.words = property(_words, _set_words)  # type: ignore[assignment]


def with_comments(turn: TurnText, comments: tuple[Comment, ...]) -> TurnText:
    """``turn`` with ``comments``; words not made yet stay so."""
    words = _WORDS_SLOT.__get__(turn, TurnText)
    return TurnText(
        turn.number, words, turn.at, comments, turn.problems, turn.written, turn.numbered
    )


def laid_out_turn(
    number: int, at: Place, col: int, body: str, parts: Sequence[str] | None
) -> TurnText:
    """``TurnText(number, (at.line, col, body, parts), at)``, whose words are made on
    first use; built slot by slot, which costs half as much as through ``__init__``."""
    turn: Any = _new_object(TurnText)
    turn.number = number
    _set_words(turn, (at.line, col, body, parts))
    turn.at = at
    turn.comments = turn.problems = ()
    turn.written = ""
    turn.numbered = True
    return turn  # type: ignore[no-any-return]


_new_object = object.__new__


@value
class EntryText:
    key: Word
    words: tuple[Word, ...]


@value
class PositionText:
    entries: tuple[EntryText, ...]
    at: Place


@value
class GameText:
    """One game as written: tags, an optional position, turns and comments."""

    tags: tuple[Tag, ...]
    position: PositionText | None
    turns: tuple[TurnText, ...]
    at: Place
    comments: tuple[Comment, ...] = ()
    problems: tuple[Problem, ...] = ()  # syntax problems outside the turns

    def tag(self, name: str) -> Tag | None:
        """The first tag named ``name``, in any case."""
        lowered = name.lower()
        for tag in self.tags:
            if tag.name == name or tag.name.lower() == lowered:  # as written, mostly
                return tag
        return None
