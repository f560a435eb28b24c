"""Plain objects for a parsed game record, before any game's meaning is given to it."""

from __future__ import annotations

from collections.abc import Sequence

from meridina.rules.common import Place, Problem, value
from meridina.rules.values_fast import fast_value


@fast_value  # made for every word read
class Word:
    """One word of a turn or a position entry, with its kind and place.

    Kinds: ``word`` (a name such as ``orange`` or ``pass``), ``number`` (``7``,
    ``4-5-6-7/6``), ``place`` (``3@2``, ``orange@E5``) and ``key`` (``7:``).
    """

    kind: str
    text: str
    at: Place


@fast_value  # made for every tag read
class Tag:
    name: str
    value: str
    at: Place
    value_at: Place


@value
class Comment:
    text: str
    at: Place


# A turn's words as the plain reading found them: the line, the column of ``body[0]``,
# ``body`` (the turn as written after its number, found to be words and separators only, so
# that the same body always holds the same words) and its ``parts``, ``body.split(" ")``
# when no other separator is in it, else None.
LaidOut = tuple[int, int, str, "Sequence[str] | None"]


@fast_value  # made for every turn (see ``text_fast``)
class TurnText:
    """One turn as written: its number, its words and its place.

    The plain reading makes a ``LaidOutTurn`` (see ``text_fast``), a ``TurnText`` whose
    words are made on first use, so that a game that is only checked never makes them.
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
        """The turn's body as the plain reading laid it out, while its words are not made
        (see ``text_fast.LaidOutTurn``); None for a turn built with its words."""
        return None


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
