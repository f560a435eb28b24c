"""Run a command over many paths: one stream of per-game results, in input order, to a reporter.

Each path is checked on its own; an unreadable one becomes an ``InputError`` and the
run goes on. Results are produced per file, so a parallel checker could compute
files out of order and still hand them to the reporter in input order.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import click
from meridina.notation.reader import UnreadableInput

from .loading import GLOB_CHARACTERS, InputFault, Selection, record_files
from .output import GameResult, InputError, Tally, input_error
from .reporters import Reporter

Checker = Callable[[str], Iterator[GameResult]]


def run_batch(
    paths: Sequence[str], selection: Selection, check: Checker, reporter: Reporter
) -> Tally:
    items = list(record_files(paths, selection))
    tally = Tally()
    progress = Progress(len(items))
    for item in items:
        source = item.source if isinstance(item, InputError) else item
        progress.clear()
        reporter.begin_file(source)
        tally.files += 1
        if isinstance(item, InputError):
            tally.unreadable += 1
            reporter.input_error(item)
        else:
            try:
                for result in check(item):
                    tally.add(result)
                    reporter.game(result)
            except UnreadableInput as error:
                tally.unreadable += 1
                reporter.input_error(input_error(item, str(error)))
            except InputFault as error:
                tally.unreadable += 1
                reporter.input_error(input_error(item, error.message))
        reporter.end_file(source)
        progress.step()
    progress.clear()
    reporter.end(tally)
    return tally


def several(paths: Sequence[str]) -> bool:
    """Whether a run may hold more than one file (then text output names each file)."""
    return len(paths) > 1 or any(Path(p).is_dir() or GLOB_CHARACTERS & set(p) for p in paths)


class Progress:
    """A one-line bar on stderr, only on a terminal, outside CI, after the first second."""

    DELAY = 1.0

    def __init__(self, total: int) -> None:
        self.total = total
        self.done = 0
        self.start = time.monotonic()
        self.shown = False
        self.enabled = total > 1 and sys.stderr.isatty() and not os.environ.get("CI")

    def step(self) -> None:
        self.done += 1
        if self.enabled and time.monotonic() - self.start > self.DELAY:
            width = 30
            filled = width * self.done // self.total
            bar = "#" * filled + "-" * (width - filled)
            click.echo(f"\r[{bar}] {self.done}/{self.total} files", err=True, nl=False)
            self.shown = True

    def clear(self) -> None:
        if self.shown:
            click.echo("\r\033[K", err=True, nl=False)
            self.shown = False
