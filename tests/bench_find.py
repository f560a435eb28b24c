"""Benchmark: ``meridina find`` on tags alone against a search that checks every game.

Prints figures; asserts nothing (machines are shared and noisy, so what counts is the
ratio of two things measured in one run, in interleaved rounds). Run from the project
folder:

    python tests/bench_find.py              # 2,000 games (1,000 of each game)
    python tests/bench_find.py --games 200  # a first look

The collection comes from ``meridina generate`` (fixed seeds), written once to a temporary
folder, half Meridian, half Medina. Three searches write the same games (every one):
``--event seed`` reads the headers alone; ``--valid`` checks every game; ``--event seed
--valid`` checks the games the tags keep (here all of them, the worst case). A fourth,
``--player Eva --valid``, checks only the games Eva played in. Each runs in a fresh
process; times are CPU seconds (user and system) of the child, the median of the rounds.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROUNDS = 5
SEARCHES = {
    "tags only (--event seed)": ["--event", "seed"],
    "every game checked (--valid)": ["--valid"],
    "tags, then check (--player Eva --valid)": ["--player", "Eva", "--valid"],
}


def meridina() -> list[str]:
    return [sys.executable, "-m", "meridina"]


def collection(folder: Path, games: int) -> None:
    """Half the games Meridian's, half Medina's, from fixed seeds."""
    half = games // 2
    for game, count in (("meridian", half), ("medina", games - half)):
        subprocess.run(
            [*meridina(), "generate", "--game", game, "-n", str(count), "--seed", "7"],
            stdout=(folder / f"{game}.mrec").open("w", encoding="utf-8"),
            check=True,
        )


def cpu_seconds(arguments: list[str]) -> float:
    """The CPU time of one run of ``meridina find`` in a fresh process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(arguments, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(arguments)} failed: {done.stderr.decode()}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=ROUNDS)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        collection(Path(folder), options.games)
        size = sum(f.stat().st_size for f in Path(folder).iterdir())
        print(f"{options.games} games, {size / 1e6:.1f} MB, {options.rounds} rounds")
        times: dict[str, list[float]] = {name: [] for name in SEARCHES}
        for _ in range(options.rounds):  # interleaved: a busy moment costs each alike
            for name, extra in SEARCHES.items():
                times[name].append(cpu_seconds([*meridina(), "find", folder, *extra]))
        medians = {name: statistics.median(found) for name, found in times.items()}
        for name, seconds in medians.items():
            print(f"  {name:<42} {seconds:7.2f} s CPU")
        tags, checked = medians["tags only (--event seed)"], medians["every game checked (--valid)"]
        print(f"tag scan / full check: {tags / checked:.3f} (the check {checked / tags:.0f}x)")
        print(f"load average: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
