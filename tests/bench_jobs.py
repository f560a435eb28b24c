"""Benchmark: ``validate -j 2`` against ``-j 1`` on a corpus of random Meridian games.

Prints figures; asserts nothing. Builds a corpus of about MEGABYTES (default 20) by
repeating random games, then runs ``meridina validate`` on it with one and with two
processes, alternating, and prints each time, the speed-up and the machine's load
average (the speed-up needs two free cores to mean anything). Run from the project folder:

    python tests/bench_jobs.py [MEGABYTES] [ROUNDS]      (defaults: 20 1)
"""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # run as a script

from meridian_games import random_game

PROGRAM = [sys.executable, "-c", "from meridina.cli.launch import main; main()"]


def write_corpus(path: Path, megabytes: float) -> int:
    texts = [random_game(seed, 2 + seed % 3).text + "\n" for seed in range(40)]
    rng = random.Random(1)
    size, games = 0, 0
    with path.open("w", encoding="utf-8") as out:
        while size < megabytes * 1_000_000:
            text = rng.choice(texts)
            out.write(text)
            size += len(text.encode())
            games += 1
    return games


def seconds(corpus: Path, jobs: str, output: Path) -> float:
    start = time.perf_counter()
    with output.open("w") as out:
        subprocess.run(
            [*PROGRAM, "validate", str(corpus), "-j", jobs],
            stdout=out,
            stderr=subprocess.DEVNULL,
            check=False,
        )
    return time.perf_counter() - start


def load() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def main() -> None:
    megabytes = float(sys.argv[1]) if len(sys.argv) > 1 else 20.0
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    with tempfile.TemporaryDirectory() as folder:
        corpus = Path(folder) / "corpus.mrec"
        games = write_corpus(corpus, megabytes)
        print(f"corpus: {games} games, {corpus.stat().st_size / 1e6:.1f} MB; load {load()}")
        ratios = []
        for _ in range(rounds):
            one = seconds(corpus, "1", Path(folder) / "one.out")
            two = seconds(corpus, "2", Path(folder) / "two.out")
            same = (Path(folder) / "one.out").read_bytes() == (
                Path(folder) / "two.out"
            ).read_bytes()
            ratios.append(one / two)
            print(
                f"-j 1 {one:.1f} s, -j 2 {two:.1f} s: speed-up {one / two:.2f} "
                f"(output identical: {same}); load {load()}"
            )
        print(f"median speed-up {statistics.median(ratios):.2f} (target >= 1.8 on two free cores)")


if __name__ == "__main__":
    main()
