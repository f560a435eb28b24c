"""Benchmark: peak memory of validate, replay and score as the record file grows.

Prints figures; asserts nothing. Every command streams game by game, so its peak
memory should stay flat when the file grows. Run from the project folder:

    python tests/bench_memory.py [MEGABYTES ...]     (default: 1 4)

Each command runs in a fresh process, its output going to a file, and reports the
process's peak resident memory.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # run as a script

from meridian_games import random_game

RUN = """
import resource, sys
from meridina.cli.main import cli
try:
    cli.main(sys.argv[1:], standalone_mode=True)
except SystemExit:
    pass
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)
"""
COMMANDS = [
    ["validate", "--format", "text"],
    ["validate", "--format", "json"],
    ["replay", "--format", "text"],
    ["replay", "--format", "json"],
    ["score", "--format", "json"],
]


def write_records(path: Path, megabytes: float) -> int:
    texts = [random_game(seed, 4).text + "\n" for seed in range(20)]
    size, games = 0, 0
    with path.open("w", encoding="utf-8") as out:
        while size < megabytes * 1_000_000:
            text = texts[games % len(texts)]
            out.write(text)
            size += len(text.encode())
            games += 1
    return games


def peak_kilobytes(command: list[str], record: Path, output: Path) -> int:
    done = subprocess.run(
        [sys.executable, "-c", RUN, command[0], str(record), *command[1:], "-o", str(output)],
        capture_output=True,
        text=True,
        check=False,
    )
    return int(done.stderr.strip().splitlines()[-1])


def main() -> None:
    sizes = [float(a) for a in sys.argv[1:]] or [1.0, 4.0]
    with tempfile.TemporaryDirectory() as folder:
        records = []
        for megabytes in sizes:
            path = Path(folder) / f"{megabytes}MB.mrec"
            games = write_records(path, megabytes)
            records.append(path)
            print(f"{path.name}: {games} games")
        print(f"{'command':<28}" + "".join(f"{p.stem + ' peak':>16}" for p in records))
        for command in COMMANDS:
            peaks = [peak_kilobytes(command, p, Path(folder) / "out") for p in records]
            print(f"{' '.join(command):<28}" + "".join(f"{k / 1024:>13.1f} MB" for k in peaks))


if __name__ == "__main__":
    main()
