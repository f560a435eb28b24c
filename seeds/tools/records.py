"""Games played at random written as records, one generator for them all."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from meridina.notation.writing import write_new_game

Play = Callable[[random.Random], tuple[list[tuple[str, str]], list[str]]]


def record_tags(seed: int, number: int) -> list[tuple[str, str]]:
    return [("Event", f"Random game, seed {seed}"), ("Round", str(number))]


def written_games(count: int, seed: int, play: Play) -> Iterator[str]:
    """Each game ``play`` plays (its setup's tags and its turns) as a record, a blank line
    before every game but the first; one random number generator plays them all."""
    rng = random.Random(seed)
    for number in range(1, count + 1):
        tags, turns = play(rng)
        lead = "\n" if number > 1 else ""
        yield lead + write_new_game([*tags, *record_tags(seed, number)], turns)
