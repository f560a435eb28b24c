"""Time stated as work: how a cost grows when its input doubles, measured in one run.

An absolute bound in seconds fails on a loaded machine and passes a quadratic
algorithm on a fast one. The ratio of the times for an input and its double, each
the least of a few tries, is about 2 for linear work (less while fixed costs
dominate) and 4 or more for quadratic work, whatever the machine's speed.
"""

from __future__ import annotations

import time
from collections.abc import Callable

TRIES = 3
LINEAR = 3.0  # the largest ratio taken for linear growth: 2, with room for noise


def seconds(work: Callable[[], object]) -> float:
    """The least time of a few runs of ``work``."""
    best = float("inf")
    for _ in range(TRIES):
        started = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - started)
    return best


def growth(work_at: Callable[[int], Callable[[], object]], size: int) -> float:
    """How many times longer ``work_at(2 * size)`` takes than ``work_at(size)``."""
    small, large = work_at(size), work_at(2 * size)
    seconds(small)  # warm caches and imports first
    return seconds(large) / max(seconds(small), 1e-6)
