"""Plain values shared by every rules core and by the notation that feeds them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar, overload

from .codes import RuleCode

if TYPE_CHECKING:
    from typing_extensions import dataclass_transform
else:

    def dataclass_transform(**_: object) -> Any:
        return lambda decorator: decorator


_V = TypeVar("_V")


@overload
def value(cls: type[_V], /) -> type[_V]: ...
@overload
def value(*, order: bool = False) -> Callable[[type[_V]], type[_V]]: ...
@dataclass_transform(frozen_default=True)
def value(cls: type[_V] | None = None, /, *, order: bool = False) -> Any:
    """A frozen slotted dataclass as type checkers see it, built at the cost of a plain one.

    A frozen dataclass sets each field through ``object.__setattr__``, which makes it more
    than twice as dear to build; the values made for every turn of a record are many. Equality,
    hashing (over the fields, as a frozen one hashes), ``repr``, ``replace`` and ``fields`` are
    those of a frozen dataclass; only assignment is left to the type checker to refuse.
    """
    make = dataclass(slots=True, order=order, unsafe_hash=True)
    return make if cls is None else make(cls)


@value(order=True)
class Place:
    """Where something stands in a record file: 1-based line and column."""

    line: int
    col: int


@value
class Problem:
    """A fault found in a record: the rule it breaks, a sentence for a player, and where."""

    rule: RuleCode
    message: str
    at: Place | None = None
    warning: bool = False


class RecordError(Exception):
    """Raised while reading a record or a data file whose fault stops the reading."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.message)
        self.problem = problem
