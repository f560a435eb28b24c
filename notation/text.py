"""Plain objects for a parsed game record, before any game's meaning is given to it."""

from __future__ import annotations

from dataclasses import dataclass, field

from meridina.rules.common import Place


@dataclass(frozen=True, slots=True)
class Word:
    """One word of a turn or a position entry, with its kind and place.

    Kinds: ``word`` (a name such as ``orange`` or ``pass``), ``number`` (``7``,
    ``4-5-6-7/6``), ``place`` (``3@2``, ``orange@E5``) and ``key`` (``7:``).
    """

    kind: str
    text: str
    at: Place


@dataclass(frozen=True, slots=True)
class Tag:
    name: str
    value: str
    at: Place
    value_at: Place


@dataclass(frozen=True, slots=True)
class Comment:
    text: str
    at: Place


@dataclass(frozen=True, slots=True)
class TurnText:
    number: int
    words: tuple[Word, ...]
    at: Place
    comments: tuple[Comment, ...] = ()


@dataclass(frozen=True, slots=True)
class EntryText:
    key: Word
    words: tuple[Word, ...]


@dataclass(frozen=True, slots=True)
class PositionText:
    entries: tuple[EntryText, ...]
    at: Place


@dataclass(frozen=True, slots=True)
class GameText:
    """One game as written: tags, an optional position, turns and comments."""

    tags: tuple[Tag, ...]
    position: PositionText | None
    turns: tuple[TurnText, ...]
    at: Place
    comments: tuple[Comment, ...] = field(default=())

    def tag(self, name: str) -> Tag | None:
        lowered = name.lower()
        for tag in self.tags:
            if tag.name.lower() == lowered:
                return tag
        return None
