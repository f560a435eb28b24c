"""Fuzz every command with generated hostile records and print what came out.

Not part of the test run (its name does not start with ``test_``). Run it as

    python tests/fuzz_hostile.py --count 100000 --seed 1

Each input goes through one command in turn (validate, replay, annotate, score),
in-process. It counts exit codes, escaped exceptions and inputs slower than
``--slow`` seconds; any input that is not fine is saved under ``--keep``.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from click.testing import CliRunner
from hostile_fragments import hostile_record
from meridina.cli.main import cli

COMMANDS = ("validate", "replay", "annotate", "score")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--slow", type=float, default=2.0, help="seconds that count as slow")
    parser.add_argument("--keep", type=Path, default=Path("fuzz-failures"))
    options = parser.parse_args()
    rng = random.Random(options.seed)
    runner = CliRunner()
    exits: Counter[str] = Counter()
    per_command: Counter[str] = Counter()
    bad: list[tuple[str, str, str]] = []
    slowest = (0.0, 0, "")
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fuzz.mrec"
        for number in range(options.count):
            # mostly small records, now and then a long one
            text = hostile_record(rng, 30 if rng.random() < 0.98 else 400)
            path.write_text(text, "utf-8")
            command = COMMANDS[number % len(COMMANDS)]
            began = time.perf_counter()
            result = runner.invoke(cli, [command, str(path)])
            took = time.perf_counter() - began
            per_command[command] += 1
            escaped = result.exception is not None and not isinstance(result.exception, SystemExit)
            key = "exception" if escaped else f"exit {result.exit_code}"
            exits[key] += 1
            if took > slowest[0]:
                slowest = (took, len(text), command)
            if escaped or result.exit_code not in (0, 1, 2) or took > options.slow:
                reason = key if took <= options.slow else f"{key}, {took:.2f} s"
                bad.append((command, reason, text))
            if (number + 1) % 10_000 == 0:
                print(f"  {number + 1} inputs, {time.perf_counter() - started:.0f} s", flush=True)
    total = time.perf_counter() - started
    print(f"inputs: {options.count} (seed {options.seed})")
    print("per command: " + ", ".join(f"{c} {per_command[c]}" for c in COMMANDS))
    print("outcomes: " + ", ".join(f"{k}: {v}" for k, v in sorted(exits.items())))
    print(f"slowest: {slowest[0]:.3f} s ({slowest[2]}, {slowest[1]} characters)")
    print(f"over {options.slow} s or outside exit 0/1/2: {len(bad)}")
    print(f"total: {total:.0f} s")
    if bad:
        options.keep.mkdir(parents=True, exist_ok=True)
        for index, (command, reason, text) in enumerate(bad):
            (options.keep / f"{index:05d}-{command}.mrec").write_text(text, "utf-8")
            print(f"  kept {index:05d}-{command}.mrec: {reason}")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
