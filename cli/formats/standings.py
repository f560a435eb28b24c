"""Club or tournament standings: one table per game, each player's scored games summed by name.

One game's points are not on another's scale, nor on those of its other editions, nor on
those of a game of another number of players (a 2-player Meridian game scores about twice a
4-player one), so each game, edition and number of players has its own table. Only valid,
finished games count unless asked otherwise; every game left out is listed with the reason.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Callable
from typing import IO

import click
from meridina.notation.driver import GameReport
from meridina.rules.wording import counted
from meridina.shown import json_safe, shown, visible
from meridina.stand_in import stand_in_sentence
from meridina.tools.standings import LeftOut, Standings
from meridina.tools.summaries import GameSummary, summary_of
from tabulate import tabulate

from ..running.problem_filter import ProblemFilter
from .output import GameResult, Tally
from .reporters import Reporter, ReportOptions
from .reporters.text import echo_problem

STANDINGS_FORMATS = ("text", "json", "csv")
SUMMARY = "summary"  # a game result's data: its ``GameSummary``
SCHEMA = "meridina/standings/2"
# How each table is ranked, said above it (text) and once in JSON
RANKED_BY = ("wins", "points", "average")
RANKING_RULE = "ranked by wins, then points, then average points a game"
# What a spreadsheet reads as the start of a formula (OWASP's CSV injection list)
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def standing_game(problems: ProblemFilter, path: str, report: GameReport) -> GameResult:
    """What the standings need of one game (its ``GameSummary``), with the problems kept."""
    kept = problems.keep(path, report.problems)
    data = {SUMMARY: summary_of(path, report, kept)}
    return GameResult(path, report.index, report.first_line, report.game, kept, data=data)


def spreadsheet_cell(text: str) -> str:
    """A cell a spreadsheet shows as text, never runs as a formula (OWASP: a leading quote),
    its control characters shown as escapes."""
    if text.startswith(FORMULA_STARTS):
        text = "'" + text
    return visible(text)


class StandingsReporter(Reporter):
    """Sums scored games as they come; writes the tables at the end.

    A win is a first place, shared first places each counting as a win (the rulebooks
    let equal players share a place).
    """

    def __init__(
        self,
        out: IO[str],
        options: ReportOptions,
        output_format: str,
        include_problems: bool = False,
    ) -> None:
        super().__init__(out, options)
        self.output_format = output_format
        self.include_problems = include_problems
        self.summed = Standings(include_problems)

    def game(self, result: GameResult) -> None:
        summary_told(result, "the standings", self.summed.add, self.options.err_colour)

    def end(self, tally: Tally) -> None:
        if self.output_format == "json":
            self.write_json()
        elif self.output_format == "csv":
            self.write_csv()
        else:
            self.write_text()

    def write_json(self) -> None:
        tables = [
            {
                "name": table.name,
                "edition": table.edition,
                "player_count": table.player_count,
                "games": table.games,
                "players": [
                    {
                        "rank": rank,
                        "name": s.name,
                        "games": s.games,
                        "wins": s.wins,
                        "points": s.points,
                        "average": s.average,
                        "games_with_problems": s.with_problems,
                    }
                    for rank, s in table.ranked()
                ],
            }
            for table in self.summed.ordered_tables()
        ]
        document = {
            "schema": SCHEMA,
            "games": self.summed.counted,
            "include_problems": self.include_problems,
            "ranked_by": list(RANKED_BY),
            "tables": tables,
            "counted_with_problems": [entry.data() for entry in self.summed.with_problems],
            "not_counted": [entry.data() for entry in self.summed.uncounted],
            "stand_in_boards": list(self.summed.stand_ins),
        }
        self.write(json_safe(json.dumps(document, indent=2, ensure_ascii=False)))

    def write_csv(self) -> None:
        """The tables as rows; then, after an empty row, the games left out or marked.
        (``player_count`` came last, after the columns readers already had.)"""
        writer = csv.writer(self.out, lineterminator="\n")
        writer.writerow(
            [
                "game",
                "edition",
                "rank",
                "player",
                "games",
                "wins",
                "points",
                "average",
                "games_with_problems",
                "player_count",
            ]
        )
        for table in self.summed.ordered_tables():
            for rank, s in table.ranked():
                writer.writerow(
                    [
                        table.name,
                        table.edition or "",
                        rank,
                        spreadsheet_cell(s.name),
                        s.games,
                        s.wins,
                        s.points,
                        f"{s.average:.2f}",
                        s.with_problems,
                        table.player_count,
                    ]
                )
        writer.writerow([])
        writer.writerow(["file", "line", "game", "number", "counted", "reason"])
        for was_counted, item in self.summed.listed:
            writer.writerow(
                [
                    spreadsheet_cell(item.file),
                    item.line,
                    item.name or "",
                    item.game,
                    "yes" if was_counted else "no",
                    spreadsheet_cell(item.reason),
                ]
            )

    def write_text(self) -> None:
        """Every line starts with a rank, a heading or an indent: never with a name."""
        headers = ["Rank", "Player", "Games", "Wins", "Points", "Average"]
        if self.include_problems:
            headers.append("With problems")
        tables = self.summed.ordered_tables()
        last_of_game = {table.name: table for table in tables}
        for table in tables:
            rows = [
                [rank, shown(s.name), s.games, s.wins, s.points, f"{s.average:.2f}"]
                + ([s.with_problems] if self.include_problems else [])
                for rank, s in table.ranked()
            ]
            self.write(f"{table.title}: {counted(table.games, 'game')} counted")
            self.write(f"  {RANKING_RULE}")
            self.write(
                tabulate(
                    rows,
                    headers=headers,
                    colalign=("right", "left", *["right"] * (len(headers) - 2)),
                    disable_numparse=True,
                )
            )
            if last_of_game[table.name] is table:  # the game's stand-in boards, under its tables
                for name, game in self.summed.stand_ins.items():
                    if game == table.name:
                        self.write(stand_in_sentence(name))
            self.write("")
        if not self.summed.tables:
            self.write("no games counted")
        summed = self.summed
        if summed.with_problems:
            self.write(
                f"counted with problems (marked in 'With problems'): "
                f"{counted(len(summed.with_problems), 'game')}"
            )
            self.write_games(summed.with_problems)
        if summed.uncounted:
            only = "" if self.include_problems else "; only valid, finished games count"
            self.write(f"not counted: {counted(len(summed.uncounted), 'game')}{only}")
            self.write_games(summed.uncounted)

    def write_games(self, entries: list[LeftOut]) -> None:
        for item in entries:
            self.write(left_out_line(item))


def summary_told(
    result: GameResult,
    counted_in: str,
    count: Callable[[GameSummary], LeftOut | None],
    colour: bool | None = False,
) -> GameSummary:
    """A game's summary, once each of its problems is said on standard error (in colour as
    ``colour`` says, as ``use_colour`` gives it) and, when ``count`` leaves the game out of
    what it is ``counted_in``, why."""
    for problem in result.problems:
        echo_problem(result.source, problem, colour)
    summary: GameSummary = (result.data or {})[SUMMARY]
    left = count(summary)
    if left is not None:
        click.echo(
            shown(
                f"{result.source}:{result.line}: warning: game {result.index} is listed but "
                f"not counted in {counted_in}: {left.reason}"
            ),
            err=True,
        )
    return summary


def left_out_line(item: LeftOut) -> str:
    """A game left out (or counted with problems), as the text lists it under the tables:
    escaped whole, for a repeat's reason names another file."""
    kind = f", {item.name}" if item.name else ""
    return "  " + shown(f"{item.file}:{item.line}: game {item.game}{kind}: {item.reason}")
