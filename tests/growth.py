"""Time stated as work: how a cost grows when its input grows FACTOR times, in one run.

Work is counted, not timed: the function calls a run makes, Python's and the C functions
it calls (a regular expression's search, a string's join) alike. A count is the same on a
loaded machine as on an idle one, so a bound on it cannot fail by chance, and a quadratic
algorithm that loops over its input shows as a count growing FACTOR squared times. What a
single C call does at length (a regular expression backtracking) is not counted: the
benchmarks (``bench_*.py``) time such work and print the figures.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import FrameType
from typing import Any

FACTOR = 4
LINEAR = 1.5 * FACTOR  # the largest growth of the count taken for linear work


def calls(work: Callable[[], object]) -> int:
    """How many function calls ``work()`` makes, its own and those of what it calls."""
    count = 0

    def counter(frame: FrameType, event: str, arg: Any) -> None:
        nonlocal count
        if event in ("call", "c_call"):
            count += 1

    previous = sys.getprofile()
    sys.setprofile(counter)
    try:
        work()
    finally:
        sys.setprofile(previous)
    return count


def growth(
    work_at: Callable[[int], Callable[[], object]],
    size: int,
    factor: int = FACTOR,
) -> float:
    """How many times more calls ``work_at(factor * size)`` makes than ``work_at(size)``."""
    # imports and lazy set-up done first, on an input of neither size: a first run does work
    # the others do not, and a run over an input seen before may be answered from a cache
    work_at(size + 1)()
    return calls(work_at(factor * size)) / max(calls(work_at(size)), 1)
