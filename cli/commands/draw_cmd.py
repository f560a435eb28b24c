"""``meridina draw``: an SVG picture of a game's position after any turn."""

from __future__ import annotations

import sys
from pathlib import Path

import click
from meridina.drawing import pictures, svg
from meridina.files.atomic_file import write_atomic
from meridina.notation.driver import GameReport

from ..files.loading import InputFault, reports
from ..files.same_file import refuse_replacing_input
from ..formats.exits import EXIT_INVALID, EXIT_VALID
from ..formats.output import use_colour
from ..formats.reporters.text import echo_problem
from ..games import every_game
from ..running.problem_filter import ProblemFilter
from .options import (
    color_option,
    filter_options,
    game_options,
    picture_output_option,
    record_argument,
)
from .verbosity import Verbosity, verbosity_options

HELP = f"""Draw one game of RECORD as an SVG picture (no browser or network needed).

{" ".join(f"{game.title}: {game.picture_help}." for game in every_game())}
"""


@click.command(help=HELP)
@record_argument
@game_options(kinds=False, default=1, number_help="Which game of the file to draw (1 = first).")
@click.option(
    "--turn",
    "turn_number",
    type=click.IntRange(min=0),
    default=None,
    help="Draw the board after turn N (0 = before the first turn). Default: the end.",
)
@picture_output_option
@color_option
@filter_options
@verbosity_options
def draw(
    record: str,
    game_number: int,
    turn_number: int | None,
    output: Path | None,
    color: str,
    problems: ProblemFilter,
    verbosity: Verbosity,
) -> None:
    """Draw one game of RECORD as an SVG picture (help: ``HELP``)."""
    refuse_replacing_input(output, [record])
    click.get_current_context().with_resource(verbosity.silenced(report=False))
    report = next(iter(reports(record, game_number)))
    colour = use_colour(color, sys.stderr)
    kept = problems.keep(record, report.problems)  # --select, --ignore, per-file ignores
    for problem in kept:
        echo_problem(record, problem, colour)
    if report.run is None or report.run.start is None or report.game is None:
        # why, said here when --select or --ignore left it out of the problems above
        faults = [p for p in report.problems if not p.warning]
        why = (
            "see the problems above"
            if kept or not faults
            else f"{faults[0].rule}: {faults[0].message}"
        )
        raise InputFault(
            f"{record}: game {report.index} cannot be drawn: it could not be set up ({why})"
        )
    turns = _turns_for(report, record, turn_number)
    text = svg.serialize(pictures.draw(report, turns))
    if output is None:
        click.echo(text, nl=False)
    else:
        try:
            write_atomic(output, text)
        except OSError as error:
            raise InputFault(f"{output}: cannot be written ({error.strerror})") from None
    note = pictures.stand_in_line(report.run.start.board)
    if note and verbosity.notes:
        click.echo(note, err=True)
    verbosity.say(f"{record}: game {report.index} drawn after {turns} turns")
    raise SystemExit(EXIT_INVALID if any(not p.warning for p in kept) else EXIT_VALID)


def _turns_for(report: GameReport, record: str, turn_number: int | None) -> int:
    """How many turns to play: all of them, none (turn 0), or up to the turn numbered N."""
    entries = report.record.entries
    if turn_number is None:
        return len(entries)
    if turn_number == 0:
        return 0
    for index, entry in enumerate(entries, start=1):
        if entry.text.number == turn_number:
            return index
    raise InputFault(f"{record}: game {report.index} has no turn {turn_number}")
