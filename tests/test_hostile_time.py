"""Reading takes time linear in the input: long runs of separators are no slower per byte."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from hostile import run
from meridina.notation.check import check_text

HEADER = '[Game "Meridian"]\n[Players "Ann orange; Ben black; Cy grey; Di brown"]\n'
RUN = 100_000  # 10,000 took 2.5 s and 80,000 did not finish in 120 s when turns were quadratic

SHAPES = {
    "spaces inside a turn": "1. orange 7:{run}3@2\n",
    "commas inside a turn": "1. orange{run}7: 3@2\n",
    "tabs between turns": "1. orange 7: 3@2{run}2. black 7: 2@2\n",
    "spaces after a turn number": "1.{run}orange 7: 3@2\n",
    "separators in a position": "position\n  7:{run}orange 3@2\n",
    "digits inside a turn": "1. orange 7: {digits}@2\n",
    "many one-word turns": "{turns}\n",
    "separators before a stray bracket": "1. orange 7: 3@2{run}]\n",
    "separators before a word that is no turn": "{run}orange\n",
    "comments and separators before an open brace": "1. orange 7: 3@2 {{a}}{run}{{b}}{run}{{\n",
}


def body(shape: str, separator: str) -> str:
    return shape.format(
        run=separator * RUN, digits="1" * RUN, turns=" ".join(f"{n}." for n in range(1, RUN // 8))
    )


@pytest.mark.parametrize("separator", [" ", ",", "\t", ", "])
@pytest.mark.parametrize("shape", SHAPES.values(), ids=SHAPES.keys())
def test_a_long_run_is_read_in_linear_time(shape: str, separator: str) -> None:
    text = HEADER + body(shape, separator)
    started = time.perf_counter()
    check_text(text)
    assert time.perf_counter() - started < 2.0


def test_every_command_reads_a_long_turn_line_quickly(tmp_path: Path) -> None:
    path = tmp_path / "long.mrec"
    path.write_text(HEADER + "1. orange 7:" + " " * RUN + "3@2\n", "utf-8")
    for command in ("validate", "replay", "annotate", "score"):
        started = time.perf_counter()
        ran = run(command, str(path))
        assert ran.exit_code in (0, 1, 2)
        assert time.perf_counter() - started < 3.0, command
