"""What ``ratings`` and ``stats`` share: the games read, as they come, sorted into counted
and left out, each one left out said on standard error as the standings say it."""

from __future__ import annotations

import csv
from typing import IO

from meridina.rules.wording import counted
from meridina.tools.counting import Counting
from meridina.tools.standings import LeftOut
from meridina.tools.summaries import GameSummary

from .output import GameResult
from .reporters import Reporter, ReportOptions
from .standings import left_out_line, spreadsheet_cell, summary_told

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
        told = summary_told(result, self.what, self.counting.add, self.options.err_colour)
        self.summaries.append(told)

    def write_left_out(self, entries: tuple[LeftOut, ...], counted_games: str) -> None:
        """The games left out, under the text's tables."""
        if not entries:
            return
        self.write(f"not counted: {counted(len(entries), 'game')}; {counted_games}")
        for item in entries:
            self.write(left_out_line(item))


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
