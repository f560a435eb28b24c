"""What a turn played on a live position changed, kept so that the turn can be taken back.

A ``GamePosition`` plays its turns in place, on one state it owns whole. Before a rule
changes anything that state holds, it tells the state's ``Journal`` (when the state keeps
one) what was there; ``undo_to`` puts it all back, newest first. Taking a turn back this
way costs a few small records a placement, where copying the city for every turn would
cost the whole city.
"""

from __future__ import annotations

from collections.abc import MutableMapping, MutableSequence, MutableSet
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

    def entry(self, table: MutableSequence[V], index: int) -> None:
        """``table[index]`` of a list is about to change."""
        self.records.append((_ENTRY, table, index, table[index]))

    def field(self, owner: object, name: str) -> None:
        """The attribute ``name`` of ``owner`` is about to change."""
        self.records.append((_FIELD, owner, name, getattr(owner, name)))

    def added(self, members: MutableSet[V], member: V) -> None:
        """``member`` has just been added to ``members`` (which did not hold it)."""
        self.records.append((_ADDED, members, member, None))

    def inserted(self, table: MutableSequence[V], index: int) -> None:
        """An item has just been inserted into a list at ``index`` (-1: appended)."""
        self.records.append((_INSERTED, table, index, None))

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
            elif kind == _ENTRY:
                assert isinstance(owner, list) and isinstance(key, int)
                owner[key] = old
            elif kind == _FIELD:
                assert isinstance(key, str)
                setattr(owner, key, old)
            elif kind == _ADDED:
                assert isinstance(owner, set)
                owner.discard(key)
            else:
                assert isinstance(owner, list) and isinstance(key, int)
                del owner[key]

    def forget(self) -> None:
        """Keep no record of what was played so far: it can no longer be taken back."""
        self.records.clear()


_ITEM, _ENTRY, _FIELD, _ADDED, _INSERTED = range(5)
