"""What a turn played on a live position changed, kept so that the turn can be taken back.

A ``GamePosition`` plays its turns in place, on one state it owns whole. Whatever changes
that state files a record in the state's ``Journal`` (when it keeps one): placing a piece
files one record that takes it back (``pieces.py``), the tiles and the turn's counters
file what they held before. ``undo_to`` plays the records back, newest first. Taking a
turn back this way costs a record or two a placement, where copying the city for every
turn would cost the whole city.
"""

from __future__ import annotations

from collections.abc import Callable, MutableMapping, MutableSet
from operator import attrgetter
from typing import Final, TypeVar


class _Missing:
    """What a table held under a key it did not have."""


MISSING: Final = _Missing()

K = TypeVar("K")
V = TypeVar("V")


class Journal:
    """The undo records of the turns played since a mark, oldest first."""

    __slots__ = ("records",)

    def __init__(self) -> None:
        self.records: list[tuple[int, object, object, object]] = []

    def mark(self) -> int:
        """Where the journal stands now, for ``undo_to``."""
        return len(self.records)

    def item(self, table: MutableMapping[K, V], key: K) -> None:
        """``table[key]`` is about to change (or to be added)."""
        self.records.append((_ITEM, table, key, table.get(key, MISSING)))

    def field(self, owner: object, name: str) -> None:
        """The attribute ``name`` of ``owner`` is about to change."""
        self.records.append((_FIELD, owner, name, getattr(owner, name)))

    def fields(self, owner: object, names: tuple[str, ...]) -> None:
        """The attributes ``names`` of ``owner`` are about to change."""
        read = _READERS.get(names)
        if read is None:
            read = _READERS[names] = attrgetter(*names)
        self.records.append((_FIELDS, owner, names, read(owner)))

    def added(self, members: MutableSet[V], member: V) -> None:
        """``member`` has just been added to ``members`` (which did not hold it)."""
        self.records.append((_ADDED, members, member, None))

    def call(self, undo: Callable[..., None], *args: object) -> None:
        """``undo(*args)`` takes back what has just been done."""
        self.records.append((_CALL, undo, args, None))  # (read by undo_to)

    def undo_to(self, mark: int) -> None:
        """Put back everything changed since ``mark``, newest first."""
        records = self.records
        while len(records) > mark:
            kind, owner, key, old = records.pop()
            if kind == _ITEM:
                table = owner
                assert isinstance(table, dict)
                if old is MISSING:
                    del table[key]
                else:
                    table[key] = old
            elif kind == _FIELD:
                assert isinstance(key, str)
                setattr(owner, key, old)
            elif kind == _FIELDS:
                assert isinstance(key, tuple) and isinstance(old, tuple)
                for name, value in zip(key, old, strict=True):
                    setattr(owner, name, value)
            elif kind == _ADDED:
                assert isinstance(owner, set)
                owner.discard(key)
            else:
                assert callable(owner) and isinstance(key, tuple)
                owner(*key)

    def forget(self) -> None:
        """Keep no record of what was played so far: it can no longer be taken back."""
        self.records.clear()


_READERS: dict[tuple[str, ...], attrgetter[tuple[object, ...]]] = {}  # (several names: a tuple)
_ITEM, _FIELD, _FIELDS, _ADDED, _CALL = range(5)
