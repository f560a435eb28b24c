"""``meridina find``: the games of a collection that meet some conditions, as records or a list.

Conditions on tags are tested on each game's header lines, before its turns are read: when
they are all that is asked, no game is checked. The winner, the verdict, a rule and
repeats need the check, done through the batch runner only for the games whose tags match.
"""

from __future__ import annotations

import datetime
import time
from collections.abc import Sequence
from functools import partial

import click
from meridina.notation.suggest import did_you_mean
from meridina.rules.codes import CODES
from meridina.rules.wording import counted
from meridina.tools.dates import played_on
from meridina.tools.finding import GameFilter

from ..files.config import ConfiguredCommand
from ..files.loading import InputFault, Selection, game_chunks, named_stdin, record_files
from ..formats.exits import EXIT_INVALID, EXIT_UNREADABLE, EXIT_VALID
from ..formats.found import FoundReporter, FoundWriter, found_game
from ..formats.output import InputError, input_error, output_stream, use_colour
from ..formats.reporters import Reporter, ReportOptions
from ..running.batch import GameCheck, run_batch
from ..running.problem_filter import ProblemFilter, known_rule_prefix
from .options import (
    BatchOptions,
    batch_options,
    filter_options,
    game_options,
    jobs_option,
    paths_argument,
    stdin_filename_option,
)
from .rulings_option import rulings_of, rulings_option
from .verbosity import Verbosity, telling, verbosity_options


def day_option(
    context: click.Context, parameter: click.Parameter, value: str | None
) -> datetime.date | None:
    """A day, written as a Date tag writes it (2024-05-17, 2024.05.17, 2024/05/17)."""
    if value is None:
        return None
    day = played_on(value)
    if day is None:
        raise click.BadParameter(f"{value!r} is not a day: write it as 2024-05-17")
    return day


def rule_option(
    context: click.Context, parameter: click.Parameter, value: tuple[str, ...]
) -> tuple[str, ...]:
    """Rule IDs, or the starts of some (``MER-R``), in capitals; an unknown one is refused."""
    rules = []
    for given in value:
        rule = given.strip().upper()
        if not known_rule_prefix(rule):
            hint = did_you_mean(rule, CODES)
            raise click.BadParameter(f"no rule {given!r}{hint} (see 'meridina rules')")
        rules.append(rule)
    return tuple(rules)


@click.command(cls=ConfiguredCommand)
@paths_argument
@game_options(
    kinds=True, number_help="Only the N-th game of each file (1 = first). Default: every game."
)
@click.option(
    "--player",
    "players",
    multiple=True,
    metavar="NAME",
    help="Games NAME played in, by the Players tag (spaces and case aside); repeatable: "
    "games all of them played in.",
)
@click.option(
    "--event",
    metavar="TEXT",
    help="Games whose Event tag holds TEXT (spaces and case aside).",
)
@click.option(
    "--from",
    "start",
    metavar="DATE",
    callback=day_option,
    help="Games whose Date tag names this day or a later one (2024-05-17); a game with "
    "no such Date is left out.",
)
@click.option(
    "--to",
    "end",
    metavar="DATE",
    callback=day_option,
    help="Games whose Date tag names this day or an earlier one.",
)
@click.option(
    "--winner",
    "winners",
    multiple=True,
    metavar="NAME",
    help="Finished games NAME won (a first place, shared or not), as the rules score them; "
    "repeatable: games any of them won.",
)
@click.option("--valid", is_flag=True, help="Valid games only.")
@click.option("--invalid", is_flag=True, help="Games with problems only.")
@click.option(
    "--rule",
    "rules",
    multiple=True,
    metavar="ID",
    callback=rule_option,
    help="Games with a problem (or a warning) under rule ID (MER-R1: that rule; MER-R: "
    "every rule so starting); repeatable: any of them.",
)
@click.option(
    "--duplicates",
    is_flag=True,
    help="Games that repeat a game read before them: the same players in the same seats "
    "and the same turns, whatever the layout, comments and other tags.",
)
@click.option(
    "--list",
    "listing",
    is_flag=True,
    help="One line a game (place, number, game, Date, players, winner, verdict) instead "
    "of the records.",
)
@filter_options
@verbosity_options
@stdin_filename_option
@batch_options
@jobs_option
@rulings_option
@click.pass_context
def find(
    context: click.Context,
    paths: tuple[str, ...],
    game_number: int | None,
    game_kind: str | None,
    players: tuple[str, ...],
    event: str | None,
    start: datetime.date | None,
    end: datetime.date | None,
    winners: tuple[str, ...],
    valid: bool,
    invalid: bool,
    rules: tuple[str, ...],
    duplicates: bool,
    listing: bool,
    stdin_filename: str | None,
    batch: BatchOptions,
    problems: ProblemFilter,
    verbosity: Verbosity,
) -> None:
    """Find the games of the record PATHS that meet every condition given.

    The games found are written as records, each as it stands in its file, one blank line
    between two, so that the output pipes into any other command; with --list, one line
    each. Exit status: 0 when a game was found, 1 when none was, 2 for a usage error or a
    path that cannot be read (the other paths are still searched).
    """
    if valid and invalid:
        raise click.UsageError("give --valid or --invalid, not both")
    if start is not None and end is not None and start > end:
        raise click.UsageError(f"--from {start} is after --to {end}")
    conditions = GameFilter(
        game_kind,
        players,
        event,
        start,
        end,
        winners,
        True if valid else False if invalid else None,
        rules,
    )
    paths = named_stdin(paths, stdin_filename)
    checks = conditions.needs_check or duplicates or listing
    with verbosity.silenced(report=listing), output_stream(batch.output, paths) as out:
        if checks:
            reporter = FoundReporter(
                out,
                ReportOptions(command="find", colour=use_colour(batch.color, out)),
                conditions,
                listing,
                duplicates,
            )
            # with --duplicates every game is checked: an earlier game may not meet the
            # conditions on tags, and is repeated all the same
            summary = partial(found_game, problems, conditions if duplicates else None, not listing)
            check = GameCheck(
                summary,
                rulings_of(context),
                game_number,
                keep_steps=False,
                wanted=None if duplicates else conditions.text_matches,
            )
            tally = run_batch(
                paths,
                batch.selection,
                check,
                telling(reporter, verbosity),
                batch.jobs,
                verbosity.skipped,
            )
            found, unreadable = reporter.found, tally.unreadable
        else:
            writer = FoundWriter(out)
            unreadable = scan_headers(
                paths, batch.selection, game_number, conditions, writer, verbosity
            )
            found = writer.found
    raise SystemExit(EXIT_UNREADABLE if unreadable else EXIT_VALID if found else EXIT_INVALID)


def scan_headers(
    paths: Sequence[str],
    selection: Selection,
    game_number: int | None,
    conditions: GameFilter,
    writer: FoundWriter,
    verbosity: Verbosity,
) -> int:
    """Write the games whose header lines meet the conditions, reading no turn; the count
    of paths that could not be read (or not to their end), each told on standard error.
    With ``-v``, each file is told as it is done (its games read and found), and the counts
    and time at the end, as the checking path tells them."""
    unreadable = files = games = 0
    started = time.perf_counter()
    told = Reporter(writer.out, ReportOptions(command="find"))
    for item in record_files(paths, selection, verbosity.skipped):
        fault: InputError | None = item if isinstance(item, InputError) else None
        if not isinstance(item, InputError):
            files += 1
            read = found = 0
            try:
                for _, chunk in game_chunks(item, game_number):
                    read += 1
                    if conditions.text_matches(chunk.text):
                        found += 1
                        writer.record(chunk.text)
            except InputFault as error:
                fault = input_error(item, error.message, error.at)
            games += read
            verbosity.say(f"searched {item}: {counted(read, 'game')}, {found} found")
        if fault is not None:
            told.input_error(fault)
            unreadable += 1
    seconds = time.perf_counter() - started
    verbosity.say(f"{counted(files, 'file')}, {counted(games, 'game')} in {seconds:.2f} s")
    return unreadable
