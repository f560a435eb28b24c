"""Plain values shared by every rules core and by the notation that feeds them."""

from __future__ import annotations

from dataclasses import dataclass

from .codes import RuleCode


@dataclass(frozen=True, slots=True, order=True)
class Place:
    """Where something stands in a record file: 1-based line and column."""

    line: int
    col: int


@dataclass(frozen=True, slots=True)
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
