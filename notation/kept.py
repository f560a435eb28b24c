"""Bounded memories of what short texts were read as, so that no input makes them grow.

Each memory holds at most a fixed count of texts, each at most ``LONGEST`` characters (by
default): a longer text is read again each time. ``forget_all`` empties every memory, for
the tests that prove a reading equal with and without them.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Final, TypeVar

LONGEST: Final = 64  # characters: far longer than any word or turn body written
KEPT_VALUES: Final = 256

T = TypeVar("T")

_FORGET: list[Callable[[], None]] = []  # how to empty each memory


def kept_by_text(
    read: Callable[[str], T], size: int = KEPT_VALUES, longest: int = LONGEST
) -> Callable[[str], T]:
    """``read``, whose results for short texts are kept (the results must be immutable)."""
    kept = lru_cache(maxsize=size)(read)
    _FORGET.append(kept.cache_clear)

    def reader(text: str) -> T:
        return kept(text) if len(text) <= longest else read(text)

    return reader


def memory() -> dict[str, T]:
    """An empty memory of texts, for ``remember``."""
    found: dict[str, T] = {}
    _FORGET.append(found.clear)
    return found


def text_set() -> set[str]:
    """An empty set of texts, for ``remember_text``."""
    found: set[str] = set()
    _FORGET.append(found.clear)
    return found


def remember(found: dict[str, T], text: str, value: T, size: int) -> T:
    """Keep ``value`` for ``text`` when short; emptied first when full. Returns ``value``."""
    if len(text) <= LONGEST:
        if len(found) >= size:
            found.clear()
        found[text] = value
    return value


def remember_text(found: set[str], text: str, size: int) -> None:
    """Add ``text`` to ``found`` when short; emptied first when full."""
    if len(text) <= LONGEST:
        if len(found) >= size:
            found.clear()
        found.add(text)


def forget_all() -> None:
    """Empty every memory."""
    for forget in _FORGET:
        forget()
