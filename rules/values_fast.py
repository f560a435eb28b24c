"""Values made many times for every turn, built at the cost of a plain dataclass.

A frozen dataclass sets each field through ``object.__setattr__``, which makes it about
twice as dear to build; the places, turns and entries made for every turn of a record are
many, and validating a record is meridina's speed-critical path. A ``fast_value`` is
therefore a slotted dataclass that is *not* frozen, and its type says so: a type checker
allows assigning to its fields as Python does. It compares and hashes by its fields as a
frozen one does (``unsafe_hash``), so it must not be changed once it is in a set or a
dict: nothing changes one after it is built. ``tests/test_values_fast.py`` holds each
``fast_value`` class to a frozen twin of it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar, overload

if TYPE_CHECKING:
    from typing_extensions import dataclass_transform
else:

    def dataclass_transform(**_: object) -> Callable[[object], object]:
        return lambda decorator: decorator


_V = TypeVar("_V")


@overload
def fast_value(cls: type[_V], /) -> type[_V]: ...
@overload
def fast_value(*, order: bool = False) -> Callable[[type[_V]], type[_V]]: ...
@dataclass_transform()
def fast_value(
    cls: type[_V] | None = None, /, *, order: bool = False
) -> type[_V] | Callable[[type[_V]], type[_V]]:
    """A slotted dataclass compared and hashed by its fields; not frozen (see above)."""
    make = dataclass(slots=True, order=order, unsafe_hash=True)
    return make if cls is None else make(cls)
