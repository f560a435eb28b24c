"""Benchmark: how long the ``meridina`` program takes to start, against plain Python baselines.

Prints figures; asserts nothing. Each round runs the baseline and the program one after
the other as whole processes (paired runs), so a busy machine slows both alike; the
median of the paired ratios is printed with their min and max. Run from the project
folder:

    python tests/bench_startup.py [ROUNDS]      (default: 15)

Targets: ``meridina --help`` at most 2x ``python -c "import click"``;
``meridina validate`` of a one-game record at most 1.5x ``python -c "import chess.pgn"``
(needs python-chess installed; that pair is skipped without it).

Compiled modules are cached in a folder of their own for both sides, as an installed
program has them: with PYTHONDONTWRITEBYTECODE set, every start would compile each of
meridina's modules again, while click and python-chess were compiled when installed.
"""

from __future__ import annotations

import importlib.util
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TOP = Path(__file__).resolve().parent.parent
ONE_GAME = TOP / "examples" / "meridian" / "two-players.mrec"
PROGRAM = [sys.executable, "-c", "from meridina.cli.launch import main; main()"]

PAIRS: list[tuple[str, list[str], list[str], float]] = [
    (
        "meridina --help / import click",
        [sys.executable, "-c", "import click"],
        [*PROGRAM, "--help"],
        2.0,
    ),
    (
        "meridina validate one game / import chess.pgn",
        [sys.executable, "-c", "import chess.pgn"],
        [*PROGRAM, "validate", str(ONE_GAME)],
        1.5,
    ),
]


def seconds(command: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, env=env
    )
    return time.perf_counter() - start


def with_bytecode(folder: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = folder
    return env


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 15
    have_chess = importlib.util.find_spec("chess") is not None
    print(f"{rounds} paired rounds; load average {Path('/proc/loadavg').read_text().split()[:3]}")
    with tempfile.TemporaryDirectory() as folder:
        env = with_bytecode(folder)
        for pair in PAIRS:
            measure(*pair, rounds, have_chess, env)


def measure(
    name: str,
    baseline: list[str],
    program: list[str],
    target: float,
    rounds: int,
    have_chess: bool,
    env: dict[str, str],
) -> None:
    if "chess" in baseline[-1] and not have_chess:
        print(f"{name}: skipped (pip install chess)")
        return
    seconds(baseline, env)  # fill the bytecode cache
    seconds(program, env)
    ratios, base_times, program_times = [], [], []
    for _ in range(rounds):
        base = seconds(baseline, env)
        ours = seconds(program, env)
        base_times.append(base)
        program_times.append(ours)
        ratios.append(ours / base)
    print(
        f"{name}: median ratio {statistics.median(ratios):.2f} "
        f"(min {min(ratios):.2f}, max {max(ratios):.2f}; target <= {target}); "
        f"median {statistics.median(program_times) * 1000:.0f} ms "
        f"vs {statistics.median(base_times) * 1000:.0f} ms"
    )


if __name__ == "__main__":
    main()
