"""Club or tournament standings: every scored game summed per player, matched by name."""

from __future__ import annotations

import csv
import json
from dataclasses import dataclass
from typing import IO, Any

import click
from tabulate import tabulate

from .output import GameResult, Tally, problem_line
from .reporters import Reporter, ReportOptions
from .reporters.json_report import schema_id
from .shown import json_safe, shown

STANDINGS_FORMATS = ("text", "json", "csv")


@dataclass
class Standing:
    name: str
    games: int = 0
    wins: int = 0
    points: int = 0

    @property
    def average(self) -> float:
        return round(self.points / self.games, 2) if self.games else 0.0


class StandingsReporter(Reporter):
    """Sums scored games as they come; writes the table at the end.

    A win is a first place, shared first places each counting as a win (the rulebooks
    let equal players share a place). A game that names no players, or that could not
    be scored, is listed as not counted, with a warning on stderr.
    """

    def __init__(self, out: IO[str], options: ReportOptions, output_format: str) -> None:
        super().__init__(out, options)
        self.output_format = output_format
        self.players: dict[str, Standing] = {}
        self.counted = 0
        self.uncounted: list[dict[str, Any]] = []

    def game(self, result: GameResult) -> None:
        for problem in result.problems:
            click.echo(problem_line(result.source, problem), err=True)
        score = (result.data or {}).get("score")
        rows = score["players"] if score else []
        reason = (
            "it could not be scored"
            if not score
            else "it names no players"
            if any(not row["name"].strip() for row in rows)
            else None
        )
        if reason:
            self.uncounted.append(
                {"file": result.source, "game": result.index, "line": result.line, "reason": reason}
            )
            click.echo(
                shown(
                    f"{result.source}:{result.line}: warning: game {result.index} is listed but "
                    f"not counted in the standings: {reason}"
                ),
                err=True,
            )
            return
        self.counted += 1
        for row in rows:
            name = " ".join(row["name"].split())
            standing = self.players.setdefault(name.casefold(), Standing(name))
            standing.games += 1
            standing.wins += row["rank"] == 1
            standing.points += row.get("points", row.get("total", 0))

    def table(self) -> list[Standing]:
        return sorted(self.players.values(), key=lambda s: (-s.wins, -s.points, -s.average, s.name))

    def end(self, tally: Tally) -> None:
        table = self.table()
        if self.output_format == "json":
            self.write(
                json_safe(
                    json.dumps(
                        {
                            "schema": schema_id("standings"),
                            "games": self.counted,
                            "players": [
                                {
                                    "name": s.name,
                                    "games": s.games,
                                    "wins": s.wins,
                                    "points": s.points,
                                    "average": s.average,
                                }
                                for s in table
                            ],
                            "not_counted": self.uncounted,
                        },
                        indent=2,
                        ensure_ascii=False,
                    )
                )
            )
        elif self.output_format == "csv":
            writer = csv.writer(self.out, lineterminator="\n")
            writer.writerow(["player", "games", "wins", "points", "average"])
            for s in table:
                writer.writerow([s.name, s.games, s.wins, s.points, f"{s.average:.2f}"])
        else:
            rows = [[shown(s.name), s.games, s.wins, s.points, f"{s.average:.2f}"] for s in table]
            self.write(
                tabulate(
                    rows,
                    headers=["Player", "Games", "Wins", "Points", "Average"],
                    colalign=("left", "right", "right", "right", "right"),
                    disable_numparse=True,
                )
            )
            self.write(f"{self.counted} game{'s' if self.counted != 1 else ''} counted")
            for item in self.uncounted:
                self.write(
                    f"not counted: {shown(item['file'])}: game {item['game']} "
                    f"(line {item['line']}), {item['reason']}"
                )
