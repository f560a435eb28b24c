"""Plain values shared by every rules core and by the notation that feeds them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, TypeVar, overload

from .codes import RuleCode
from .values_fast import fast_value

if TYPE_CHECKING:
    from typing_extensions import dataclass_transform
else:

    def dataclass_transform(**_: object) -> Callable[[object], object]:
        return lambda decorator: decorator


_V = TypeVar("_V")


@overload
def value(cls: type[_V], /) -> type[_V]: ...
@overload
def value(*, order: bool = False) -> Callable[[type[_V]], type[_V]]: ...
@dataclass_transform(frozen_default=True)
def value(
    cls: type[_V] | None = None, /, *, order: bool = False
) -> type[_V] | Callable[[type[_V]], type[_V]]:
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


class Worded(Protocol):
    """A fault kept as facts: it makes its sentence for a player only when asked."""

    def words(self) -> str: ...


@value
class Problem:
    """A fault found in a record: the rule it breaks, a sentence for a player, and where;
    ``fix`` when one mend is sure (``annotate --fix`` applies it, once checked again).

    ``said`` is the sentence, or a ``Worded`` fault that makes it when ``message`` is first
    read: a problem dropped by ``--select``/``--ignore`` is never worded. Problems compare
    and hash by their sentence, however it was given (the methods below, not the fields).
    """

    rule: RuleCode
    said: str | Worded
    at: Place | None = None
    warning: bool = False
    fix: Fix | None = None

    @property
    def message(self) -> str:
        said = self.said
        if isinstance(said, str):
            return said
        text = said.words()
        object.__setattr__(self, "said", text)  # worded once; equal and hashed the same
        return text

    def _key(self) -> tuple[object, ...]:
        return (self.rule, self.message, self.at, self.warning, self.fix)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Problem):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (
            f"Problem(rule={self.rule!r}, message={self.message!r}, at={self.at!r}, "
            f"warning={self.warning!r}, fix={self.fix!r})"
        )


class RecordError(Exception):
    """Raised while reading a record or a data file whose fault stops the reading."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.message)
        self.problem = problem
