"""``meridina site``: a club's static site of the records PATHS (``meridina.tools.site``).

The records are read as ``score --standings`` reads them (the batch runner: excludes,
.gitignore, ``--jobs``, ``--select``/``--ignore``), except the files the site's cache holds
unchanged: those are not checked again.
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
import sys
from collections.abc import Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import IO

import click
from meridina._version import VERSION
from meridina.notation.driver import GameReport
from meridina.rules.wording import counted
from meridina.shown import problem_line, shown
from meridina.tools.site.building import (
    SiteError,
    build_site,
    drawn_block,
    hidden_folders,
    prepare,
    replay_block,
    shown_file,
    unhidden,
)
from meridina.tools.site.cache import SiteCache, content_digest, page_key
from meridina.tools.site.model import SiteGame, Unreadable
from meridina.tools.summaries import GameSummary, summary_of

from ..commands.options import (
    color_option,
    jobs_option,
    paths_argument,
    problem_options,
    selection_options,
)
from ..commands.rulings_option import rulings_of, rulings_option
from ..commands.verbosity import Verbosity, telling, verbosity_options
from ..files.config import ConfiguredCommand
from ..files.loading import InputFault, Selection, reads_stdin, record_files
from ..formats.exits import EXIT_INVALID, EXIT_UNREADABLE, EXIT_VALID
from ..formats.output import GameResult, InputError, use_colour
from ..formats.reporters import Reporter, ReportOptions
from ..formats.reporters.text import echo_problem
from ..running.batch import GameCheck, run_batch
from ..running.problem_filter import ProblemFilter

SITE = "site"  # a game result's data: what the site needs of it


@click.command(cls=ConfiguredCommand)
@paths_argument
@click.option(
    "--output",
    "-o",
    "out",
    required=True,
    type=click.Path(file_okay=False, path_type=Path),
    metavar="DIR",
    help="The folder to write the site to: made if missing; else it must be empty or hold "
    "a site written before, which is brought up to date.",
)
@problem_options
@verbosity_options
@selection_options
@jobs_option
@color_option
@rulings_option
@click.pass_context
def site(
    context: click.Context,
    paths: tuple[str, ...],
    out: Path,
    selection: Selection,
    jobs: int,
    problems: ProblemFilter,
    exit_zero: bool,
    color: str,
    verbosity: Verbosity,
) -> None:
    """Write a static site of the club's games in the record PATHS to DIR.

    The home page holds the standings (as score --standings counts them), the latest games
    and the games left out with the reason; each game has its replay page and its record,
    each player a page of their games. Open DIR/index.html, or put DIR on any static host:
    every link is relative and nothing is fetched from elsewhere. Built again, the site
    checks only the records that changed and rewrites only the pages that did. The site is
    written even when games have problems (they are shown on it); the exit status says so
    as validate's does (1, or 0 with --exit-zero; 2 when a file cannot be read).
    """
    if any(reads_stdin(path) for path in paths):
        raise click.UsageError("site reads record files and folders, not standard input")
    settings = hashlib.sha256(
        repr((VERSION, paths, problems, rulings_of(context))).encode("utf-8", "surrogatepass")
    ).hexdigest()
    try:
        prepare(out)
    except (SiteError, OSError) as error:
        raise InputFault(f"{shown(str(out))}: {error}") from None
    cache = SiteCache.load(out, settings)
    with verbosity.silenced(report=True):
        files = site_files(paths, selection, verbosity, out)
        digests = {path: file_digest(path) for path, _ in files if isinstance(path, str)}
        fresh = fresh_files(cache, digests, out)
        again = [source_of(path) for path, _ in files if source_of(path) not in fresh]
        names = {source_of(path): name for path, name in files}
        hide = {path: hidden_folders(path, names[path]) for path in again}
        # it writes its pages to files and tells its problems on standard error
        options = ReportOptions(command="site", err_colour=use_colour(color, sys.stderr))
        reporter = SiteReporter(sys.stdout, options)
        drawn = cache.drawn(again, lambda game: drawn_block(out, game) is not None)
        check = GameCheck(partial(site_game, problems, settings, drawn, hide), rulings_of(context))
        run_batch(again, selection, check, telling(reporter, verbosity), jobs, None)
        games: list[SiteGame] = []
        unreadable: list[Unreadable] = []
        for path, name in files:
            source = source_of(path)
            kept = fresh.get(source)
            if kept is None:
                kept, whole = read_games(reporter, source, name, hide.get(source, ()), unreadable)
                if not whole or file_digest(source) != digests.get(source):
                    games.extend(kept)
                    continue  # not kept for the next build: a fault, or it changed meanwhile
            games.extend(kept)
            cache.keep(source, digests[source], kept)
        try:
            built = build_site(games, out, unreadable, cache=cache)
        except (SiteError, OSError) as error:
            raise InputFault(f"{shown(str(out))}: {error}") from None
        if verbosity.notes:
            click.echo(
                shown(
                    f"wrote the site of {counted(len(games), 'game')} to {out}: "
                    f"{counted(len(built.written), 'file')} written, {built.unchanged} unchanged, "
                    f"{len(built.removed)} removed"
                ),
                err=True,
            )
        for name in built.written:
            verbosity.say(f"wrote {name}")
    status = (
        EXIT_UNREADABLE
        if unreadable
        else EXIT_INVALID
        if not exit_zero and any(not game.summary.valid for game in games)
        else EXIT_VALID
    )
    raise SystemExit(status)


def source_of(path: str | InputError) -> str:
    return path.source if isinstance(path, InputError) else path


def fresh_files(cache: SiteCache, digests: dict[str, str], out: Path) -> dict[str, list[SiteGame]]:
    """The files whose games the cache holds for their content now, each game's page in the
    site: they are not read again."""
    fresh: dict[str, list[SiteGame]] = {}
    for path, digest in digests.items():
        games = cache.games_of(path, digest) if digest else None
        if games is not None and all(drawn_block(out, game.id) is not None for game in games):
            fresh[path] = games
    return fresh


def read_games(
    reporter: SiteReporter,
    source: str,
    name: str,
    hide: Sequence[tuple[str, str]],
    unreadable: list[Unreadable],
) -> tuple[list[SiteGame], bool]:
    """The games read of ``source``, shown as ``name``, and whether it was read whole (its
    faults, if not, added to ``unreadable``)."""
    read = [shown_as(game, name, hide) for game in reporter.games.get(source, [])]
    faults = reporter.faults.get(source, [])
    unreadable.extend(Unreadable(name, unhidden(fault.text, hide)) for fault in faults)
    return read, not faults


def site_files(
    paths: tuple[str, ...], selection: Selection, verbosity: Verbosity, out: Path
) -> list[tuple[str | InputError, str]]:
    """Each record file of ``paths`` (or why a path has none) with the name the site shows
    for it: as given when that is a path inside the current folder, else from the folder
    given (a path of this machine is never shown). Names that would be shown twice are
    told apart. The site's own folder is left out: its copies of the records are not
    records of the club."""
    found: list[tuple[str | InputError, str]] = []
    taken: set[str] = set()
    read: set[str] = set()
    site = Path(os.path.abspath(out))
    for argument in paths:
        for item in record_files([argument], selection, verbosity.skipped):
            source = item.source if isinstance(item, InputError) else item
            if Path(os.path.abspath(source)).is_relative_to(site):
                verbosity.skipped(source, "the site's own folder")
                continue
            if os.path.normpath(source) in read:
                continue  # a file given twice (itself and its folder) is one file
            read.add(os.path.normpath(source))
            name = site_name(argument, source)
            unique, count = name, 1
            while unique in taken:
                count += 1
                unique = f"{name} ({count})"
            taken.add(unique)
            found.append((item, unique))
    return found


def site_name(argument: str, path: str) -> str:
    """The name the site shows for ``path``, found under the path given ``argument``."""
    given = Path(os.path.normpath(path))
    if not given.is_absolute() and ".." not in given.parts:
        return shown_file(path)
    top = Path(os.path.abspath(argument))
    try:
        inner = Path(os.path.abspath(path)).relative_to(top)
    except ValueError:
        return given.name
    return (Path(top.name) / inner).as_posix() if inner.parts else top.name


def file_digest(path: str) -> str:
    """The digest of a record file's content; empty when it cannot be read (the batch
    runner then says why)."""
    try:
        with open(path, "rb") as stream:
            return content_digest(stream.read())
    except OSError:
        return ""


def shown_as(game: SiteGame, name: str, hide: Sequence[tuple[str, str]]) -> SiteGame:
    """The game with its file named as the site shows it, in its summary and problems."""
    summary = game.summary
    problems = tuple(shown(name) + unhidden(line, hide) for line in game.problems)
    return dataclasses.replace(
        game, summary=dataclasses.replace(summary, file=name), problems=problems
    )


def site_game(
    problems: ProblemFilter,
    settings: str,
    drawn: frozenset[str],
    hide: Mapping[str, Sequence[tuple[str, str]]],
    path: str,
    report: GameReport,
) -> GameResult:
    """What the site needs of one game (in a worker): its summary, its text, its problems
    and, unless its page stands (``drawn``), its replay block."""
    kept = problems.keep(path, report.problems)
    summary: GameSummary = summary_of(path, report, kept)
    key = page_key(settings, path, report.index, report.first_line, report.source)
    replay = None if key in drawn else replay_block(report, path, hide.get(path, ()))
    lines = tuple(problem_line("", problem) for problem in kept)  # named in ``shown_as``
    game = SiteGame(summary, report.source, lines, key, replay)
    return GameResult(path, report.index, report.first_line, report.game, kept, data={SITE: game})


class SiteReporter(Reporter):
    """Keeps each file's games and faults; says each problem on standard error, as
    ``score --standings`` does."""

    def __init__(self, out: IO[str], options: ReportOptions) -> None:
        super().__init__(out, options)
        self.games: dict[str, list[SiteGame]] = {}
        self.faults: dict[str, list[InputError]] = {}
        self.source = ""

    def begin_file(self, source: str) -> None:
        self.source = source

    def game(self, result: GameResult) -> None:
        for problem in result.problems:
            echo_problem(result.source, problem, self.options.err_colour)
        self.games.setdefault(self.source, []).append((result.data or {})[SITE])

    def input_error(self, error: InputError) -> None:
        super().input_error(error)
        self.faults.setdefault(self.source, []).append(error)
