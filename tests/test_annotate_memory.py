"""annotate streams game by game: its memory does not grow with the number of games."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

GAME = (Path(__file__).parent.parent / "examples" / "meridian" / "figure-c.mrec").read_text("utf-8")

# Measured in a fresh interpreter: in the test process, what other tests left behind
# (caches, the garbage collector's generations) makes the peak wander.
MEASURE = """
import sys, tracemalloc
from click.testing import CliRunner
from meridina.cli.main import cli

args = sys.argv[1:]
CliRunner().invoke(cli, args)  # load boards and caches first
tracemalloc.start()
result = CliRunner().invoke(cli, args)
assert result.exit_code in (0, 1), result.output
print(tracemalloc.get_traced_memory()[1])
"""


def peak_bytes(path: Path, *args: str) -> int:
    ran = subprocess.run(
        [sys.executable, "-c", MEASURE, "annotate", str(path), *args],
        capture_output=True,
        text=True,
        check=True,
    )
    return int(ran.stdout)


def test_annotate_memory_is_flat_in_the_number_of_games(tmp_path: Path) -> None:
    small, large = tmp_path / "small.mrec", tmp_path / "large.mrec"
    small.write_text("\n".join([GAME] * 40), "utf-8")
    large.write_text("\n".join([GAME] * 200), "utf-8")
    grown_by = large.stat().st_size - small.stat().st_size  # about 90 KB more input
    # written to a file: output to standard output would be held by the test runner
    for args in (("-o", str(tmp_path / "out.mrec")),):
        growth = peak_bytes(large, *args) - peak_bytes(small, *args)
        assert growth < grown_by, (args, growth, grown_by)
