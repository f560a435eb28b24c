"""What ``ratings`` and ``stats`` share: the games read, as they come, sorted into counted
and left out, each one left out said on standard error as the standings say it."""

from __future__ import annotations

import csv
from typing import IO

import click
from meridina.rules.wording import counted
from meridina.shown import problem_line, shown
from meridina.tools.counting import Counting
from meridina.tools.standings import LeftOut
from meridina.tools.summaries import GameSummary

from .output import GameResult
from .reporters import Reporter, ReportOptions
from .standings import SUMMARY, spreadsheet_cell

COLLECTION_FORMATS = ("text", "json", "csv")


class CountingReporter(Reporter):
    """Keeps each game's summary; says each problem, and each game left out, as it comes."""

    what = "the collection"  # what a game left out is not counted in

    def __init__(self, out: IO[str], options: ReportOptions, output_format: str) -> None:
        super().__init__(out, options)
        self.output_format = output_format
        self.summaries: list[GameSummary] = []
        self.counting = Counting()

    def game(self, result: GameResult) -> None:
        for problem in result.problems:
            click.echo(problem_line(result.source, problem), err=True)
        summary: GameSummary = (result.data or {})[SUMMARY]
        self.summaries.append(summary)
        left = self.counting.add(summary)
        if left is not None:
            click.echo(
                shown(
                    f"{result.source}:{result.line}: warning: game {result.index} is listed but "
                    f"not counted in {self.what}: {left.reason}"
                ),
                err=True,
            )

    def write_left_out(self, entries: tuple[LeftOut, ...], counted_games: str) -> None:
        """The games left out, under the text's tables."""
        if not entries:
            return
        self.write(f"not counted: {counted(len(entries), 'game')}; {counted_games}")
        for item in entries:
            kind = f", {item.name}" if item.name else ""
            # the whole line shown: a repeat's reason names another file
            self.write(shown(f"  {item.file}:{item.line}: game {item.game}{kind}: {item.reason}"))


def left_out_rows(out: IO[str], entries: tuple[LeftOut, ...]) -> None:
    """The games left out, as the standings' CSV lists them, after an empty row."""
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([])
    writer.writerow(["file", "line", "game", "number", "reason"])
    for item in entries:
        writer.writerow(
            [spreadsheet_cell(item.file), item.line, item.name or "", item.game,
             spreadsheet_cell(item.reason)]
        )  # fmt: skip
