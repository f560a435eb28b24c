"""Reading is linear in the input: long runs of separators are no slower per byte.

Stated as growth: a run four times as long makes at most about four times as many calls,
counted in one run (a bound in seconds fails on a loaded machine)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from growth import LINEAR, growth
from hostile import run
from meridina.notation.driver import check_text

HEADER = '[Game "Meridian"]\n[Players "Ann orange; Ben black; Cy grey; Di brown"]\n'
# grown from 50,000 to 200,000: 10,000 took 2.5 s and 80,000 did not finish in 120 s when
# turns were quadratic
RUN = 50_000

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


def body(shape: str, separator: str, length: int = RUN) -> str:
    return shape.format(
        run=separator * length,
        digits="1" * length,
        turns=" ".join(f"{n}." for n in range(1, length // 8)),
    )


@pytest.mark.parametrize("separator", [" ", ",", "\t", ", "])
@pytest.mark.parametrize("shape", SHAPES.values(), ids=SHAPES.keys())
def test_a_long_run_is_read_in_linear_time(shape: str, separator: str) -> None:
    def reading(length: int) -> Callable[[], object]:
        text = HEADER + body(shape, separator, length)
        return lambda: check_text(text)

    assert growth(reading, RUN) < LINEAR


def test_every_command_reads_a_long_turn_line_in_linear_time(tmp_path: Path) -> None:
    for command in ("validate", "replay", "annotate", "score"):

        def running(length: int, command: str = command) -> Callable[[], object]:
            path = tmp_path / f"long{length}.mrec"
            path.write_text(HEADER + "1. orange 7:" + " " * length + "3@2\n", "utf-8")

            def once() -> None:
                assert run(command, str(path)).exit_code in (0, 1, 2)

            return once

        assert growth(running, RUN) < LINEAR, command
