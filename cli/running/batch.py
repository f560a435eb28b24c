"""Run a command over many paths: one stream of per-game results, in input order, to a reporter.

Each path is checked on its own; an unreadable one becomes an ``InputError`` and the
run goes on. The games of each file are cut apart here, unparsed, and checked in
batches: in this process, or with ``jobs`` above 1 by a pool of worker processes.
Either way the reporter receives the same calls in the same order, and only a few
batches per worker are in flight, so memory does not grow with the input.
"""

from __future__ import annotations

import gc
import os
import sys
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import NamedTuple

import click
from meridina.notation.driver import GameReport, RulingDefaults, check_game
from meridina.notation.reader import parse_chunk
from meridina.notation.splitter import GameChunk

from ..files.loading import (
    GLOB_CHARACTERS,
    InputFault,
    Selection,
    Skipped,
    game_chunks,
    reads_stdin,
    record_base,
    record_files,
)
from ..formats.output import GameResult, InputError, Tally, input_error
from ..formats.reporters import Reporter
from .workers import Handle, Workers

# What a command shows of one checked game; a module-level function (or a
# functools.partial of one), so that worker processes can be handed it.
Summary = Callable[[str, GameReport], GameResult]

BATCH_GAMES = 16  # games in one batch handed to a worker
BATCH_CHARACTERS = 64 * 1024  # record text in one batch
AHEAD = 2  # batches in flight per worker
# A file's batches double up to this many times the first: a small file is still spread
# over the workers, and a large one costs this process less to hand out.
BATCH_GROWTH = 4
# Objects allocated (net) between two young-generation collections during a run. Checking
# a game builds and drops many small objects, few of them in cycles; at Python's default
# of 700 the collector runs hundreds of times a second for little, costing about 4%.
YOUNG_COLLECTION = 10_000

# The values below are named tuples: immutable, picklable for the workers, and built at
# import in a fraction of a frozen dataclass's time, which every run pays at its start.


class GameCheck(NamedTuple):
    """How a command checks the games of a file: what it keeps of each, under which rulings."""

    summary: Summary
    rulings: RulingDefaults | None = None
    game_number: int | None = None  # only this game of each file
    keep_steps: bool = True  # False when the summary needs no state but the last
    # only games of this kind ("Meridian", "Medina"); one whose kind cannot be told is kept,
    # so its problems are still shown
    game_kind: str | None = None
    # a test on a game's text before it is read: a game it refuses is neither checked nor
    # reported (``find``'s conditions on tags); a module-level callable, for the workers
    wanted: Callable[[str], bool] | None = None


class Batch(NamedTuple):
    """Some consecutive games of one file, as text: what a worker is handed."""

    source: str
    base: Path
    games: tuple[tuple[int, str, int], ...]  # (index, text, first line)


class Checked(NamedTuple):
    """A batch's results, and the fault that ended its file early (then the rest is skipped)."""

    results: list[GameResult]
    fault: InputError | None = None


def check_batch(check: GameCheck, batch: Batch) -> Checked:
    """Parse, check and summarise each game of a batch (in a worker or in this process)."""
    results = []
    try:
        for index, text, first_line in batch.games:
            if check.wanted is not None and not check.wanted(text):
                continue
            parsed = parse_chunk(index, GameChunk(text, first_line))
            report = check_game(parsed, batch.base, check.rulings, check.keep_steps)
            if check.game_kind is not None and report.game not in (None, check.game_kind):
                continue
            results.append(check.summary(batch.source, report))
    except InputFault as fault:
        return Checked(results, input_error(batch.source, fault.message, fault.at))
    return Checked(results)


class Begin(NamedTuple):
    source: str


class Results(NamedTuple):
    source: str
    handle: Handle[Checked]


class Fault(NamedTuple):
    error: InputError


class End(NamedTuple):
    source: str


Event = Begin | Results | Fault | End


def run_batch(
    paths: Sequence[str],
    selection: Selection,
    check: GameCheck,
    reporter: Reporter,
    jobs: int = 1,
    skipped: Skipped | None = None,
) -> Tally:
    items = list(record_files(paths, selection, skipped))
    tally = Tally()
    progress = Progress(len(items))
    with fewer_collections(), Workers(jobs) as workers:
        events = in_order(file_events(items, check, workers), AHEAD * jobs)
        failed = False
        for event in events:
            if isinstance(event, Begin):
                progress.clear()
                reporter.begin_file(event.source)
                tally.files += 1
                failed = False
            elif isinstance(event, End):
                reporter.end_file(event.source)
                progress.step()
            elif failed:
                continue  # the file stopped at its first fault, as a sequential read does
            elif isinstance(event, Fault):
                failed = True
                tally.add_unreadable()
                reporter.input_error(event.error)
            else:
                checked = event.handle.result()
                for result in checked.results:
                    tally.add(result)
                    reporter.game(result)
                if checked.fault is not None:
                    failed = True
                    tally.add_unreadable()
                    reporter.input_error(checked.fault)
    progress.clear()
    reporter.end(tally)
    return tally


@contextmanager
def fewer_collections() -> Iterator[None]:
    """Collect the young generation less often for the run (and in workers forked in it)."""
    young, *older = gc.get_threshold()
    if young:  # 0: collection is off, and stays off
        gc.set_threshold(max(young, YOUNG_COLLECTION), *older)
    try:
        yield
    finally:
        gc.set_threshold(young, *older)


def file_events(
    items: Sequence[str | InputError], check: GameCheck, workers: Workers
) -> Iterator[Event]:
    """Each path's events in input order, its games handed out in batches as they are read."""
    for item in items:
        source = item.source if isinstance(item, InputError) else item
        yield Begin(source)
        if isinstance(item, InputError):
            yield Fault(item)
        else:
            try:
                # one game at a time where no pool waits, or input may come slowly
                most = 1 if workers.jobs == 1 or reads_stdin(item) else BATCH_GAMES
                for batch in batches(item, check.game_number, most):
                    yield Results(item, workers.submit(check_batch, check, batch))
            except InputFault as fault:
                yield Fault(input_error(item, fault.message, fault.at))
        yield End(source)


def batches(path: str, game_number: int | None, most_games: int) -> Iterator[Batch]:
    base = record_base(path)
    games: list[tuple[int, str, int]] = []
    size = 0
    most_characters = BATCH_CHARACTERS
    largest_games = most_games * BATCH_GROWTH
    try:
        for index, chunk in game_chunks(path, game_number):
            games.append((index, chunk.text, chunk.first_line))
            size += len(chunk.text)
            if len(games) >= most_games or size >= most_characters:
                yield Batch(path, base, tuple(games))
                games, size = [], 0
                if most_games > 1 and most_games < largest_games:
                    most_games, most_characters = most_games * 2, most_characters * 2
    except InputFault:
        if games:  # the games read before a fault are checked before it is told
            yield Batch(path, base, tuple(games))
        raise
    if games:
        yield Batch(path, base, tuple(games))


def in_order(events: Iterator[Event], most_pending: int) -> Iterator[Event]:
    """The events in their order, each batch's as soon as it and all before it are done.

    At most ``most_pending`` batches are waited for at a time: then the oldest is waited on
    before more of the input is read.
    """
    queue: deque[Event] = deque()
    pending = 0
    for event in events:
        queue.append(event)
        pending += isinstance(event, Results)
        while queue:
            head = queue[0]
            if isinstance(head, Results) and not head.handle.done() and pending <= most_pending:
                break
            queue.popleft()
            pending -= isinstance(head, Results)
            yield head
    yield from queue


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
