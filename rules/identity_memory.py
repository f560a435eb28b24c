"""What was worked out once for an object, found again by the object's identity.

Boards and seatings hold dicts, so they cannot be dict keys, and hashing their contents on
every game would cost more than the work it saves. An ``IdentityMemory`` finds an entry by
``id(obj)``, which is sound only while ``obj`` lives: an id is reused once its object dies.
So each entry keeps its object alive as long as the entry stands, and an entry is given
back only for that very object (``is``); a memory is emptied when it is full.
"""

from __future__ import annotations

from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class IdentityMemory(Generic[K, V]):
    """At most ``size`` values, each worked out for one object and kept with it."""

    __slots__ = ("_entries", "_size")

    def __init__(self, size: int) -> None:
        self._entries: dict[int, tuple[K, V]] = {}
        self._size = size

    def get(self, key: K) -> V | None:
        """The value kept for ``key`` itself; None when there is none."""
        entry = self._entries.get(id(key))
        return entry[1] if entry is not None and entry[0] is key else None

    def put(self, key: K, value: V) -> V:
        """Keep ``value`` for ``key`` (and ``key`` with it); gives back ``value``."""
        entries = self._entries
        if len(entries) >= self._size:
            entries.clear()
        entries[id(key)] = (key, value)
        return value

    def __len__(self) -> int:
        return len(self._entries)

    def clear(self) -> None:
        self._entries.clear()
