"""Time stated as work: how a cost grows when its input grows FACTOR times, in one run.

An absolute bound in seconds fails on a loaded machine and passes a quadratic
algorithm on a fast one. The ratio of the times for an input and one FACTOR times as
large, each the least of a few tries, is about FACTOR for linear work (less while fixed
costs dominate) and FACTOR squared for quadratic work, whatever the machine's speed.
Sizes are best chosen large enough for the times to be many milliseconds: below that,
steps such as the allocator turning to fresh pages weigh on the ratio.
"""

from __future__ import annotations

import time
from collections.abc import Callable

TRIES = 3
FACTOR = 4
LINEAR = 2.0 * FACTOR  # the largest ratio taken for linear growth, with room for noise


def seconds(work: Callable[[], object], tries: int = TRIES) -> float:
    """The least processor time of a few runs of ``work`` (other processes' load aside)."""
    best = float("inf")
    for _ in range(tries):
        started = time.process_time()
        work()
        best = min(best, time.process_time() - started)
    return best


def growth(
    work_at: Callable[[int], Callable[[], object]],
    size: int,
    factor: int = FACTOR,
    tries: int = TRIES,
) -> float:
    """How many times longer ``work_at(factor * size)`` takes than ``work_at(size)``."""
    small, large = work_at(size), work_at(factor * size)
    seconds(small, 1)  # warm caches and imports first
    return seconds(large, tries) / max(seconds(small, tries), 1e-6)
