"""``meridina annotate``: the record in canonical layout with a note on every turn.

It is a formatter: nothing is dropped (a game it cannot read is given back as it
stands, with a line saying why), its own notes are recognisable and replaced on
the next run, and a file is only ever replaced whole, through a temporary file.
"""

from __future__ import annotations

import itertools
import json
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import click
from meridina.annotate_game import Annotated, annotate_game
from meridina.files.atomic_file import replacing
from meridina.json_values import JsonObject
from meridina.notation.driver import RulingDefaults
from meridina.rules.common import Problem
from meridina.shown import json_safe, shown, shown_lines
from meridina.stand_in import board_json, stand_in_line

from ..files.config import RulingsConfiguredCommand
from ..files.loading import (
    InputFault,
    Selection,
    StandardInput,
    named_stdin,
    read_stdin_whole,
    record_base,
    record_files,
    reports,
)
from ..files.same_file import refuse_replacing_input, same_file
from ..formats.exits import EXIT_INVALID, EXIT_UNREADABLE, EXIT_VALID
from ..formats.output import problem_json, use_colour
from ..formats.reporters.text import echo_problem
from ..games import every_game
from ..running.fixes import Mender
from ..running.problem_filter import NO_FILTER, ProblemFilter
from .annotate_changes import print_diff, rewrite_if_changed, same_text
from .options import (
    color_option,
    filter_options,
    format_option,
    game_options,
    paths_argument,
    selection_options,
    stdin_filename_option,
)
from .rulings_option import rulings_of, rulings_option
from .verbosity import QUIETLESS, Verbosity, verbosity_options


def annotated_games(
    record: str,
    game_number: int | None,
    with_notes: bool,
    rulings: RulingDefaults | None = None,
    fixing: Fixing | None = None,
) -> Iterator[Annotated]:
    """Each game of a record, annotated, one at a time, under ``rulings`` from outside it;
    with ``fixing``, its sure fixes applied first (see ``fixes``)."""
    base = record_base(record)
    mender = fixing.mender(record, base, rulings) if fixing is not None else None
    for report in reports(record, game_number, rulings):
        if mender is not None:
            report = mender.mend(report)
        yield annotate_game(report, base, with_notes, rulings)


@dataclass(frozen=True)
class Fixing:
    """``--fix``: the problems whose fixes may be applied, and whether the file is written."""

    problems: ProblemFilter
    writes: bool

    def mender(self, record: str, base: Path, rulings: RulingDefaults | None) -> Mender:
        return Mender(record, self.problems, base, rulings, self.writes)


def text_pieces(games: Iterator[Annotated]) -> Iterator[str]:
    """The output text piece by piece: games one blank line apart, as a file must hold them."""
    for number, game in enumerate(games):
        text = as_file_text(game.text)
        if number > 0:
            yield "\n" + text
        else:
            # the reader drops a byte order mark that opens a file: one that is text goes twice
            yield "\ufeff" + text if text.startswith("\ufeff") else text


def as_file_text(text: str) -> str:
    """``text`` as a file must hold it to be read back as ``text``: the reader takes a
    carriage return before a line end as part of the line end, so one that belongs to the
    line (a run of them in the file) is written with the line end it stood before."""
    return text.replace("\r\n", "\r\r\n")


class Counter:
    """Follows the exit status while games stream past, and reports their problems.

    With ``rules`` False it reports as a formatter: only a game it cannot read (then kept as
    it stands) is told and counts against the exit status; rule problems are validate's.
    ``problems`` (--select, --ignore) leaves some out of what is told and of the status.
    """

    def __init__(
        self,
        source: str,
        show_problems: bool,
        say_stand_in: bool = False,
        problems: ProblemFilter = NO_FILTER,
        rules: bool = True,
        color: str = "never",
    ) -> None:
        self.source = source
        self.colour = use_colour(color, sys.stderr)  # of the problems told
        self.show_problems = show_problems
        self.problems = problems
        self.say_stand_in = say_stand_in  # text output: name a game on a stand-in board
        self.rules = rules
        self.status = EXIT_VALID

    def watch(self, games: Iterator[Annotated]) -> Iterator[Annotated]:
        for game in games:
            told = self.kept(game) if self.rules else self.problems.keep(self.source, _unread(game))
            if any(not problem.warning for problem in told):
                self.status = EXIT_INVALID
            if self.show_problems:
                for problem in told:
                    echo_problem(self.source, problem, self.colour)
            note = stand_in_line(game.board) if game.board is not None else None
            if self.say_stand_in and note:
                click.echo(shown(f"Game {game.report.index}: {note}"), err=True)
            yield game

    def kept(self, game: Annotated) -> tuple[Problem, ...]:
        return self.problems.keep(self.source, game.report.problems)


def _unread(game: Annotated) -> list[Problem]:
    """Why a game could not be read at all, or nothing when it was."""
    report = game.report
    return report.errors if report.record is None or report.game is None else []


NOTES = "; ".join(f"for {game.title} {game.notes_help}" for game in every_game())
HELP = f"""Write PATHS back in canonical layout with a note after each turn.

A PATH is a record file, '-' for standard input, a folder (every *.mrec below it) or a
quoted glob, as for validate.

The notes say what the turn did and how the game stands: {NOTES}. Illegal turns are
marked with their rule. Your own comments are kept; meridina's notes start with '='
({{= ...}}) and are replaced when a record is annotated again. A game that cannot be read
is written back as it stands, with a ';=' line saying why.

Exit status: 0 every game valid, 1 a problem in some game (with --check or --diff: some
file would change), 2 a file that cannot be read or written. With --no-problems, annotate
is a formatter only: it names each file --in-place rewrites and tells only of a game it
cannot read (exit status 1), leaving rule problems to validate.

Games are checked under the rulings validate uses here: the config file's, then
--rulings, under each record's own Rulings tag.
"""


@click.command(cls=RulingsConfiguredCommand, help=HELP)
@paths_argument
@selection_options
@game_options(
    kinds=False, number_help="Only the N-th game of the file (1 = first). Default: every game."
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Write the annotated record to this file (replaced whole) instead of standard output.",
)
@click.option("--in-place", is_flag=True, help="Replace each RECORD by its annotated text.")
@click.option(
    "--check", is_flag=True, help="Change nothing; exit 1 if annotating would change a file."
)
@click.option("--diff", is_flag=True, help="Change nothing; print what would change, as a diff.")
@click.option(
    "--no-notes", is_flag=True, help="Only the canonical layout: add no notes, drop old ones."
)
@click.option(
    "--fix",
    is_flag=True,
    help="Also mend what meridina is sure of (a misspelt game name, colour, tag, piece or word "
    "with one near match, a turn number out of order), each fix told on standard error and "
    "kept only if the game says the same otherwise; with --check or --diff, only say what "
    "would be fixed.",
)
@click.option(
    "--no-problems",
    is_flag=True,
    help="Leave rule problems to validate: tell only of files rewritten (--in-place) and of "
    "games that cannot be read, which alone make the exit status 1.",
)
@stdin_filename_option
@format_option
@color_option
@filter_options
@verbosity_options
@rulings_option
@click.pass_context
def annotate(
    context: click.Context,
    paths: tuple[str, ...],
    selection: Selection,
    game_number: int | None,
    output: Path | None,
    in_place: bool,
    check: bool,
    diff: bool,
    no_notes: bool,
    fix: bool,
    no_problems: bool,
    stdin_filename: str | None,
    output_format: str,
    color: str,
    problems: ProblemFilter,
    verbosity: Verbosity,
) -> None:
    """Write PATHS back in canonical layout with a note after each turn (help: ``HELP``)."""
    modes = sum([in_place, check, diff, output is not None])
    if modes > 1:
        raise click.UsageError("choose one of -o, --in-place, --check and --diff")
    if in_place and "-" in paths:
        raise click.UsageError("--in-place works on files, not '-'")
    # --check and --diff compare standard input with its annotated text: it is read whole
    whole = read_stdin_whole() if (check or diff) and "-" in paths else None
    if whole is not None or stdin_filename is not None:
        paths = named_stdin(paths, stdin_filename or "-", whole)
    found = list(record_files(paths, selection, verbosity.skipped))
    if not found and any(isinstance(path, StandardInput) for path in paths):
        raise SystemExit(_pass_through(output, modes, whole))  # excluded by its name
    records = tuple(item for item in found if isinstance(item, str))
    faults = [item for item in found if not isinstance(item, str)]
    if len(found) > 1 and not (in_place or check or diff):
        raise click.UsageError("several records need --in-place, --check or --diff")
    if faults and len(found) == 1:
        raise InputFault(faults[0].message)
    if output_format == "json" and modes:
        raise click.UsageError("--format json writes to standard output only")
    if game_number is not None and in_place:
        raise click.UsageError("--in-place rewrites whole files: it cannot take --game-number")
    context.with_resource(verbosity.silenced(report=check or diff))
    with_notes = not no_notes
    rulings = rulings_of(context)
    rules = not no_problems
    fixing = Fixing(problems, writes=not (check or diff)) if fix else None
    if output_format == "json":
        raise SystemExit(
            _json(records[0], game_number, with_notes, rulings, problems, fixing, rules, color)
        )
    if not modes:
        counter = Counter(records[0], True, verbosity.notes, problems, rules, color)
        games = counter.watch(annotated_games(records[0], game_number, with_notes, rulings, fixing))
        for piece in text_pieces(games):
            _write_record(piece)
        raise SystemExit(counter.status)
    if output is not None:
        if game_number is not None and same_file(output, records[0]):
            raise click.UsageError(
                "-o names the record itself: with --game-number, other games would go"
            )
        refuse_replacing_input(output, [])  # the record itself may be rewritten, not the config
        raise SystemExit(
            _write_to(
                records[0],
                output,
                game_number,
                with_notes,
                rulings,
                problems,
                verbosity,
                fixing,
                rules,
                color,
            )
        )
    for fault in faults:
        click.echo(f"meridina: {fault.message}", err=True)
    status = _each_file(
        records, in_place, check, with_notes, rulings, problems, verbosity, fixing, rules, color
    )
    raise SystemExit(EXIT_UNREADABLE if faults else status)


def _write_to(
    record: str,
    output: Path,
    game_number: int | None,
    with_notes: bool,
    rulings: RulingDefaults | None = None,
    problems: ProblemFilter = NO_FILTER,
    verbosity: Verbosity = QUIETLESS,
    fixing: Fixing | None = None,
    rules: bool = True,
    color: str = "never",
) -> int:
    counter = Counter(record, True, verbosity.notes, problems, rules, color)
    try:
        with replacing(output) as stream:
            games = counter.watch(annotated_games(record, game_number, with_notes, rulings, fixing))
            for piece in text_pieces(games):
                stream.write(piece)
    except OSError as error:
        raise InputFault(f"{output}: cannot be written ({error.strerror})") from None
    return counter.status


def _each_file(
    records: tuple[str, ...],
    in_place: bool,
    check: bool,
    with_notes: bool,
    rulings: RulingDefaults | None = None,
    problems: ProblemFilter = NO_FILTER,
    verbosity: Verbosity = QUIETLESS,
    fixing: Fixing | None = None,
    rules: bool = True,
    color: str = "never",
) -> int:
    """--in-place, --check or --diff over several files; a bad file does not stop the rest.

    Without ``rules`` (--no-problems) --in-place names each file it rewrites, as --check
    names each file that would change."""
    changed = unreadable = invalid = False
    for record in records:
        try:
            games = _read_first(annotated_games(record, None, with_notes, rulings, fixing))
            if in_place:
                counter = Counter(record, True, problems=problems, rules=rules, color=color)
                pieces = text_pieces(counter.watch(games))
                rewritten = rewrite_if_changed(Path(record), pieces)
                if rewritten and not rules:
                    click.echo(shown(f"{record}: rewritten"))
                else:  # -v: what --no-problems does not say already
                    verbosity.say(f"{record}: {'rewritten' if rewritten else 'unchanged'}")
                invalid = invalid or counter.status == EXIT_INVALID
                continue
            pieces = text_pieces(games)
            if check:
                differs = not same_text(record, pieces)
                if differs:
                    click.echo(shown(f"{record}: would change"))
            else:
                differs = print_diff(record, pieces, use_colour(color, sys.stdout))
            changed = changed or differs
            if not differs:  # one that differs is listed already
                verbosity.say(f"{record}: unchanged")
        except click.ClickException as error:
            error.show()
            unreadable = True
        except OSError as error:
            click.echo(shown(f"meridina: {record}: cannot be written ({error.strerror})"), err=True)
            unreadable = True
    if unreadable:
        return EXIT_UNREADABLE
    if in_place:
        return EXIT_INVALID if invalid else EXIT_VALID
    return EXIT_INVALID if changed else EXIT_VALID


def _read_first(games: Iterator[Annotated]) -> Iterator[Annotated]:
    """``games`` with the first already read: a file that cannot be read is told so (as the
    reader says why) before the file is opened to be compared or replaced."""
    first = next(games, None)
    return games if first is None else itertools.chain((first,), games)


def _pass_through(output: Path | None, modes: int, whole: bytes | None) -> int:
    """Standard input whose name the exclude patterns skip: given back unchanged, as a
    formatter gives back what it is told to leave alone (--check, --diff: all is well)."""
    if whole is not None or (modes and output is None):
        return EXIT_VALID
    data = read_stdin_whole()
    if output is None:
        click.echo(data, nl=False)
        return EXIT_VALID
    try:
        with replacing(output) as stream:
            stream.flush()
            stream.buffer.write(data)
    except OSError as error:
        raise InputFault(f"{output}: cannot be written ({error.strerror})") from None
    return EXIT_VALID


def _write_record(text: str) -> None:
    """Record text on standard output: exactly as written for a file or a pipe (click would
    drop escape sequences from it), with control characters made visible for a terminal."""
    if sys.stdout.isatty():
        click.echo(shown_lines(text), nl=False)
    else:
        click.echo(text, nl=False, color=True)


def _json(
    record: str,
    game_number: int | None,
    with_notes: bool,
    rulings: RulingDefaults | None = None,
    problems: ProblemFilter = NO_FILTER,
    fixing: Fixing | None = None,
    rules: bool = True,
    color: str = "never",
) -> int:
    """The JSON document, in the layout ``json.dumps(indent=2)`` gives, written only once
    whole. A file that turns out unreadable half-way gives the games read before it and the
    fault as ``error`` (the fault also goes to standard error, and the exit status is 2)."""
    # the problems also go to standard error, coloured as --color says of it
    counter = Counter(record, show_problems=True, problems=problems, rules=rules, color=color)
    entries = []
    fault: InputFault | None = None
    try:
        annotated = annotated_games(record, game_number, with_notes, rulings, fixing)
        for game in counter.watch(annotated):
            data = _game_json(game, counter.kept(game))
            entry = json_safe(json.dumps(data, indent=2, ensure_ascii=False))
            entries.append("\n".join("    " + line for line in entry.split("\n")))
    except InputFault as error:
        fault = error
    games = "[\n" + ",\n".join(entries) + "\n  ]" if entries else "[]"
    file = json_safe(json.dumps(record, ensure_ascii=False))
    said = "" if fault is None else f'\n  "error": {json_safe(json.dumps(fault.message))},'
    click.echo(f'{{\n  "file": {file},{said}\n  "games": {games}\n}}')
    if fault is not None:
        raise fault
    return counter.status


def _game_json(game: Annotated, kept: tuple[Problem, ...]) -> JsonObject:
    report = game.report
    entries = report.record.entries if report.record is not None and report.game else []
    return {
        "game": report.index,
        "name": report.game,
        "board": board_json(game.board) if game.board is not None else None,
        "text": game.text,
        "turns": [
            {"number": entry.text.number, "notes": game.notes[i] if i < len(game.notes) else []}
            for i, entry in enumerate(entries)
        ],
        "problems": [problem_json(p) for p in kept],
    }
