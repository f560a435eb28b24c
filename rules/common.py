"""Plain values shared by every rules core and by the notation that feeds them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar, overload

from .codes import RuleCode
from .values_fast import fast_value

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
    """A frozen slotted dataclass: compared and hashed by its fields, never changed.

    The few values made many times for every turn are ``fast_value`` instead (see
    ``values_fast``).
    """
    make = dataclass(slots=True, order=order, frozen=True)
    return make if cls is None else make(cls)


@fast_value(order=True)
class Place:
    """Where something stands in a record file: 1-based line and column."""

    line: int
    col: int


@value
class Fix:
    """A mend meridina is sure of: the text ``old`` that stands at ``at``, to be ``new``."""

    at: Place
    old: str
    new: str


@value
class Problem:
    """A fault found in a record: the rule it breaks, a sentence for a player, and where;
    ``fix`` when one mend is sure (``annotate --fix`` applies it, once checked again)."""

    rule: RuleCode
    message: str
    at: Place | None = None
    warning: bool = False
    fix: Fix | None = None


class RecordError(Exception):
    """Raised while reading a record or a data file whose fault stops the reading."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.message)
        self.problem = problem
