"""``meridina replay``: the board after each turn, with what each turn did."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from functools import partial
from pathlib import Path

import click
from meridina.json_values import JsonObject
from meridina.notation.driver import GameReport
from meridina.notation.turns import TurnEntry
from meridina.rules.common import Problem
from meridina.stand_in import board_json, stand_in_line
from meridina.views import SomeGameView, view_for

from ..files.config import ConfiguredCommand
from ..files.loading import InputFault, named_stdin
from ..files.same_file import refuse_replacing_input
from ..formats.html_replay import write_html
from ..formats.output import GameResult, output_stream, problem_json, use_colour
from ..formats.reporters import REPORTERS, ReportOptions, make_reporter
from ..games import every_game
from ..running.batch import GameCheck, run_batch, several
from ..running.problem_filter import ProblemFilter
from .options import (
    BatchOptions,
    batch_options,
    filter_options,
    formats_option,
    game_options,
    paths_argument,
    stdin_filename_option,
)
from .rulings_option import rulings_of, rulings_option
from .verbosity import Verbosity, telling, verbosity_options

STAND_INS = " ".join(
    f"The bundled {game.title} boards are stand-in layouts, not the printed board."
    for game in every_game()
    if game.stand_in_boards
)
HELP = f"""Replay the record PATHS turn by turn, drawing the board after each turn.

Illegal turns are shown with the rule they break. {STAND_INS}
"""


@click.command(cls=ConfiguredCommand, help=HELP)
@paths_argument
@game_options(
    kinds=False, number_help="Only the N-th game of the file (1 = first). Default: every game."
)
@click.option(
    "--turn",
    "turn_number",
    type=click.IntRange(min=0),
    default=None,
    help="Show only the board after turn N (0 = before the first turn).",
)
@formats_option(
    list(REPORTERS),
    "text, json (shapes in docs/json.md), json-lines, or a problem report (github, junit, "
    "sarif, gitlab).",
)
@click.option(
    "--html",
    "html_out",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Write one self-contained HTML page stepping through every turn of one record "
    "to this file.",
)
@filter_options
@verbosity_options
@stdin_filename_option
@batch_options
@rulings_option
@click.pass_context
def replay(
    context: click.Context,
    paths: tuple[str, ...],
    game_number: int | None,
    turn_number: int | None,
    output_format: str,
    html_out: Path | None,
    stdin_filename: str | None,
    batch: BatchOptions,
    problems: ProblemFilter,
    verbosity: Verbosity,
) -> None:
    """Replay the record PATHS turn by turn (help: ``HELP``)."""
    rulings = rulings_of(context)
    paths = named_stdin(paths, stdin_filename)
    if html_out is not None:
        if len(paths) != 1:
            raise click.UsageError("--html writes the page of one record: give one file")
        refuse_replacing_input(html_out, paths)
        with verbosity.silenced(report=False):
            raise SystemExit(write_html(paths[0], game_number, html_out, rulings))
    with verbosity.silenced(report=True), output_stream(batch.output, paths, output_format) as out:
        options = ReportOptions(
            command="replay",
            colour=use_colour(batch.color, out),
            err_colour=use_colour(batch.color, sys.stderr),
            file_headings=several(paths) and verbosity.notes,
        )
        reporter = make_reporter(output_format, out, options)
        summary = partial(replayed_game, turn_number, reporter.needs, problems)
        check = GameCheck(summary, rulings, game_number)
        tally = run_batch(
            paths, batch.selection, check, telling(reporter, verbosity), 1, verbosity.skipped
        )
    raise SystemExit(tally.status())


def replayed_game(
    turn_number: int | None,
    needs: str | None,
    problems: ProblemFilter,
    path: str,
    report: GameReport,
) -> GameResult:
    """One game with its replay, built only as ``needs``."""
    kept = problems.keep(path, report.problems)
    frames = None
    if report.run is not None and report.run.start is not None and report.game is not None:
        numbers = [entry.text.number for entry in report.record.entries]
        if turn_number is not None and turn_number != 0 and turn_number not in numbers:
            raise InputFault(f"{path}: game {report.index} has no turn {turn_number}")
        frames = Frames(report, view_for(report.game), turn_number, kept)
    return GameResult(
        path,
        report.index,
        report.first_line,
        report.game,
        kept,
        frames.text() if frames and needs == "text" else None,
        (frames.data() if frames else unplayed(report, kept)) if needs == "data" else None,
    )


def unplayed(report: GameReport, kept: tuple[Problem, ...]) -> JsonObject:
    return {
        "game": report.index,
        "name": report.game,
        "board": None,
        "start": None,
        "turns": [],
        "problems": [problem_json(p) for p in kept],
    }


class Frames:
    """One played game's boards: the start, then after each turn (or one turn only)."""

    def __init__(
        self,
        report: GameReport,
        view: SomeGameView,
        turn_number: int | None,
        problems: tuple[Problem, ...],
    ) -> None:
        self.report, self.view, self.turn_number = report, view, turn_number
        self.problems = problems  # those the filter keeps
        self.run, self.record = report.run, report.record

    def turns(self) -> Iterator[tuple[TurnEntry[object], list[str], object, bool]]:
        steps = zip(self.record.entries, self.run.steps, self.run.states(), strict=True)
        for entry, step, state in steps:
            if self.turn_number is not None and entry.text.number != self.turn_number:
                continue
            legal = step is not None and not any(not p.warning for p in step.problems)
            yield entry, self.view.events(step, entry), state, legal

    def text(self) -> str:
        view, start = self.view, self.run.start
        lines = [f"Game {self.report.index}: {view.TITLE} on board {start.board.name}"]
        if note := stand_in_line(start.board):
            lines.append(note)
        lines.append(view.LEGEND)
        if self.turn_number in (None, 0):
            lines.append("\nStart\n" + view.diagram(start))
        for entry, said, state, _ in self.turns():
            lines.append(f"\n{view.turn_heading(entry)}: " + "; ".join(said))
            lines.append(view.diagram(state))
        return "\n".join(lines)

    def data(self) -> JsonObject:
        view = self.view
        return {
            "game": self.report.index,
            "name": self.report.game,
            "board": board_json(self.run.start.board),
            "start": view.state_json(self.run.start),
            "turns": [
                {
                    "number": entry.text.number,
                    "turn": view.turn_heading(entry).split(". ", 1)[1],
                    "legal": legal,
                    "events": said,
                    "state": view.state_json(state),
                }
                for entry, said, state, legal in self.turns()
            ],
            "problems": [problem_json(p) for p in self.problems],
        }
