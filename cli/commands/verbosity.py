"""``-q`` and ``-v``: how much a command says beyond its output, the same on every command.

- ``-q`` (``--quiet``): the output only. No summary line, no notes on standard error about the
  run (stand-in boards, file headings); problems are still listed.
- ``-qq`` (``-s``, ``--silent``, as ruff spells it): nothing on standard error, and nothing
  on standard output either where the output is a report (validate, score, replay, annotate's
  check and diff): only the exit status says how it went. A record, a picture or a file asked
  for with ``-o`` is still written.
- ``-v`` (``--verbose``): also, on standard error, each file as it is done (its games and
  problems), each path the excludes or a .gitignore leave out, and, at the end, the count of
  files and games and the time taken.
"""

from __future__ import annotations

import contextlib
import functools
import io
import time
from collections.abc import Callable, Iterator
from typing import NamedTuple, TypeVar, cast

import click
from meridina.rules.wording import counted
from meridina.shown import shown

from ..formats.output import GameResult, InputError, Tally
from ..formats.reporters.base import Reporter
from .options import with_options

R = TypeVar("R")


class Dropped(io.StringIO):
    """A text stream that keeps nothing: a silent run's memory does not grow with its output."""

    def write(self, text: str) -> int:
        return len(text)

    def isatty(self) -> bool:
        return False


class Verbosity(NamedTuple):
    quiet: int = 0
    verbose: int = 0

    @property
    def notes(self) -> bool:
        """Whether to say what is not the output itself (summaries, notes, headings)."""
        return self.quiet == 0

    @property
    def silent(self) -> bool:
        return self.quiet >= 2

    @contextlib.contextmanager
    def silenced(self, report: bool) -> Iterator[None]:
        """With ``-qq``: standard error dropped, and standard output too when it carries a
        ``report`` (rather than a record or a picture)."""
        if not self.silent:
            yield
            return
        with contextlib.redirect_stderr(Dropped()):
            if report:
                with contextlib.redirect_stdout(Dropped()):
                    yield
            else:
                yield

    def skipped(self, path: str, why: str) -> None:
        """``-v``: a path the excludes or a .gitignore leave out."""
        self.say(f"skipped {path} ({why})")

    def say(self, text: str) -> None:
        """A line of ``-v``."""
        if self.verbose and not self.silent:
            click.echo(shown(text), err=True)


QUIETLESS = Verbosity()


def verbosity_options(function: Callable[..., R]) -> Callable[..., R]:
    """``-q/--quiet`` and ``-v/--verbose``, handed to the command as one ``verbosity``."""

    @functools.wraps(function)
    def gathered(*args: object, **kwargs: object) -> R:
        # a count, or a config file's true
        quiet, silent = int(cast("int | bool", kwargs.pop("quiet"))), kwargs.pop("silent")
        quiet = 2 if silent else quiet
        verbosity = Verbosity(quiet, cast(int, kwargs.pop("verbose")))
        if verbosity.quiet and verbosity.verbose:
            raise click.UsageError("-q and -v cannot be used together")
        return function(*args, verbosity=verbosity, **kwargs)

    options = [
        click.option(
            "--quiet",
            "-q",
            count=True,
            help="Print the output only (problems, scores, boards), no summary or notes; "
            "-qq: as --silent.",
        ),
        click.option(
            "--silent",
            "-s",
            is_flag=True,
            help="Print nothing: only the exit status tells (a record, a picture or a file "
            "asked for with -o is still written).",
        ),
        click.option(
            "--verbose",
            "-v",
            count=True,
            help="Also tell each file as it is done, and the counts and time at the end "
            "(on standard error).",
        ),
    ]
    return with_options(gathered, options)


class TellingFiles(Reporter):
    """``-v``: passes everything on, and tells each file's games and problems as it ends."""

    def __init__(self, inner: Reporter, verbosity: Verbosity) -> None:
        super().__init__(inner.out, inner.options)
        self.inner = inner
        self.verbosity = verbosity
        self.games = self.problems = 0
        self.started = time.perf_counter()

    def begin_file(self, source: str) -> None:
        self.games = self.problems = 0
        self.inner.begin_file(source)

    def game(self, result: GameResult) -> None:
        self.games += 1
        self.problems += len(result.problems)
        self.inner.game(result)

    def input_error(self, error: InputError) -> None:
        self.inner.input_error(error)

    def end_file(self, source: str) -> None:
        self.inner.end_file(source)
        games, problems = counted(self.games, "game"), counted(self.problems, "problem")
        self.verbosity.say(f"checked {source}: {games}, {problems}")

    def end(self, tally: Tally) -> None:
        self.inner.end(tally)
        seconds = time.perf_counter() - self.started
        self.verbosity.say(
            f"{counted(tally.files, 'file')}, {counted(tally.games, 'game')} in {seconds:.2f} s"
        )


def telling(reporter: Reporter, verbosity: Verbosity) -> Reporter:
    return TellingFiles(reporter, verbosity) if verbosity.verbose else reporter
