"""What a turn played on a live position changed, kept so that the turn can be taken back.

A ``GamePosition`` plays its turns in place, on one state it owns whole. Whatever changes
that state files a record in the state's ``Journal`` (when it keeps one): placing a piece
files one record that takes it back (``pieces.py``), the tiles and the turn's counters
file what they held before. ``undo_to`` plays the records back, newest first. Taking a
turn back this way costs a record or two a placement, where copying the city for every
turn would cost the whole city.

A record is a pair: the function that takes a change back and what it is called with.
Filing one is a single ``keep`` (the list's own ``append``), since a record is filed for
every piece of every turn and almost never played back.
"""

from __future__ import annotations

from collections.abc import Callable, MutableMapping, MutableSet
from typing import Final, TypeVar


class _Missing:
    """What a table held under a key it did not have."""


MISSING: Final = _Missing()

K = TypeVar("K")
V = TypeVar("V")

# How to take one change back, and what with.
Record = tuple[Callable[..., object], tuple[object, ...]]


class Journal:
    """The undo records of the turns played since a mark, oldest first."""

    __slots__ = ("keep", "records")

    def __init__(self) -> None:
        self.records: list[Record] = []
        # Files one record, ``(undo, args)``: ``undo(*args)`` takes a change back.
        self.keep: Callable[[Record], None] = self.records.append

    def mark(self) -> int:
        """Where the journal stands now, for ``undo_to``."""
        return len(self.records)

    def item(self, table: MutableMapping[K, V], key: K) -> None:
        """``table[key]`` is about to change (or to be added)."""
        self.keep((_put_back, (table, key, table.get(key, MISSING))))

    def field(self, owner: object, name: str) -> None:
        """The attribute ``name`` of ``owner`` is about to change."""
        self.keep((setattr, (owner, name, getattr(owner, name))))

    def added(self, members: MutableSet[V], member: V) -> None:
        """``member`` has just been added to ``members`` (which did not hold it)."""
        self.keep((members.discard, (member,)))

    def undo_to(self, mark: int) -> None:
        """Put back everything changed since ``mark``, newest first."""
        records = self.records
        while len(records) > mark:
            undo, args = records.pop()
            undo(*args)

    def forget(self) -> None:
        """Keep no record of what was played so far: it can no longer be taken back."""
        self.records.clear()


def _put_back(table: MutableMapping[K, V], key: K, old: V | _Missing) -> None:
    """``table[key]`` as it was: ``old``, or no entry."""
    if isinstance(old, _Missing):
        del table[key]
    else:
        table[key] = old
