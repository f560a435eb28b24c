"""annotate streams game by game: its memory does not grow with the number of games."""

from __future__ import annotations

import tracemalloc
from pathlib import Path

from hostile import run

GAME = (Path(__file__).parent.parent / "examples" / "meridian" / "figure-c.mrec").read_text("utf-8")


def peak_bytes(path: Path, *args: str) -> int:
    run("annotate", str(path), *args)  # load boards and caches first
    tracemalloc.start()
    try:
        run("annotate", str(path), *args)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_annotate_memory_is_flat_in_the_number_of_games(tmp_path: Path) -> None:
    small, large = tmp_path / "small.mrec", tmp_path / "large.mrec"
    small.write_text("\n".join([GAME] * 40), "utf-8")
    large.write_text("\n".join([GAME] * 200), "utf-8")
    grown_by = large.stat().st_size - small.stat().st_size  # about 90 KB more input
    # written to a file: output to standard output is held by the test runner itself
    for args in (("-o", str(tmp_path / "out.mrec")),):
        growth = peak_bytes(large, *args) - peak_bytes(small, *args)
        assert growth < grown_by, (args, growth, grown_by)
