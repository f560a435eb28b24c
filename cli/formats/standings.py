"""Club or tournament standings: one table per game, each player's scored games summed by name.

One game's points are not on another's scale, nor on those of its other editions, nor on
those of a game of another number of players (a 2-player Meridian game scores about twice a
4-player one), so each game, edition and number of players has its own table. Only valid,
finished games count unless asked otherwise; every game left out is listed with the reason.
"""

from __future__ import annotations

import csv
import json
from dataclasses import dataclass, field
from typing import IO

import click
from meridina.json_values import JsonObject
from meridina.notation.driver import GameReport
from meridina.rules.wording import counted
from meridina.shown import json_safe, problem_line, shown, visible
from meridina.stand_in import board_json, stand_in_sentence
from tabulate import tabulate

from ..games import GAMES, cli_game
from ..running.problem_filter import ProblemFilter
from .output import GameResult, Tally
from .reporters import Reporter, ReportOptions

STANDINGS_FORMATS = ("text", "json", "csv")
SCHEMA = "meridina/standings/2"
# How each table is ranked, said above it (text) and once in JSON
RANKED_BY = ("wins", "points", "average")
RANKING_RULE = "ranked by wins, then points, then average points a game"
ORDER = [game.title for game in GAMES]  # the tables' order
# What a spreadsheet reads as the start of a formula (OWASP's CSV injection list)
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def standing_game(problems: ProblemFilter, path: str, report: GameReport) -> GameResult:
    """What the standings need of one game: its table, its players' places, and its faults.

    ``data["blocked"]`` names what keeps a game out of any table; ``data["flaws"]``, what
    keeps it out unless games with problems are asked for.
    """
    run = report.run
    sheet = run.sheet if run is not None else None
    final = run.final if run is not None else None
    data: JsonObject = {"name": report.game, "edition": None, "players": [], "flaws": []}
    if sheet is None or final is None or report.game is None:
        data["blocked"] = "it could not be scored"
    else:
        game = cli_game(report.game.lower())
        data["edition"] = game.table_edition(final)
        data["board"] = board_json(final.board)
        data["players"] = [list(row) for row in game.ranking(sheet)]
        data["blocked"] = (
            "it names no players"
            if any(not name.strip() for name, _, _ in data["players"])
            else None
        )
        data["player_count"] = len(data["players"])
        data["flaws"] = game.unfinished(sheet)
    kept = problems.keep(path, report.problems)
    errors = sum(1 for problem in kept if not problem.warning)
    if errors:
        data["flaws"].insert(0, counted(errors, "problem"))
    return GameResult(path, report.index, report.first_line, report.game, kept, data=data)


@dataclass
class Standing:
    name: str
    games: int = 0
    wins: int = 0
    points: int = 0
    with_problems: int = 0  # of its games, those counted in spite of problems

    @property
    def average(self) -> float:
        return round(self.points / self.games, 2) if self.games else 0.0

    def order(self) -> tuple[int, int, float]:
        return (-self.wins, -self.points, -self.average)


@dataclass
class Table:
    """The standings of one game (one edition, for a game that has editions) played by
    ``player_count`` players."""

    name: str
    edition: str | None
    player_count: int
    games: int = 0
    players: dict[str, Standing] = field(default_factory=dict)

    @property
    def title(self) -> str:
        edition = [] if self.edition is None else [edition_words(self.edition)]
        return ", ".join([self.name, *edition, counted(self.player_count, "player")])

    def ranked(self) -> list[tuple[int, Standing]]:
        """Most wins first, then points, then average; equal players share a rank."""
        rows = sorted(self.players.values(), key=lambda s: (*s.order(), s.name))
        ranked: list[tuple[int, Standing]] = []
        for place, standing in enumerate(rows, 1):
            shares = ranked and ranked[-1][1].order() == standing.order()
            ranked.append((ranked[-1][0] if shares else place, standing))
        return ranked


def edition_words(edition: str) -> str:
    ordinals = {"1": "1st", "2": "2nd", "3": "3rd"}
    return f"{ordinals.get(edition, edition)} edition"


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
        self.tables: dict[tuple[str, str | None, int], Table] = {}
        self.counted = 0
        self.with_problems: list[JsonObject] = []
        self.uncounted: list[JsonObject] = []
        self.listed: list[tuple[bool, JsonObject]] = []  # both, in input order: (counted, game)
        # the stand-in boards of counted games, once each, with the game each is of
        self.stand_ins: dict[str, str] = {}

    def game(self, result: GameResult) -> None:
        for problem in result.problems:
            click.echo(problem_line(result.source, problem), err=True)
        data = result.data or {}
        flaws: list[str] = data.get("flaws", [])
        blocked: str | None = data.get("blocked")
        reason = "; ".join(([blocked] if blocked else []) + flaws)
        entry = {
            "file": result.source,
            "game": result.index,
            "line": result.line,
            "name": result.name,
            "reason": reason,
        }
        if blocked or (flaws and not self.include_problems):
            self.uncounted.append(entry)
            self.listed.append((False, entry))
            click.echo(
                shown(
                    f"{result.source}:{result.line}: warning: game {result.index} is listed but "
                    f"not counted in the standings: {reason}"
                ),
                err=True,
            )
            return
        if flaws:
            self.with_problems.append(entry)
            self.listed.append((True, entry))
        self.counted += 1
        board = data.get("board") or {}
        if board.get("stand_in"):
            self.stand_ins.setdefault(board["name"], data["name"])
        key = (data["name"], data["edition"], data["player_count"])
        table = self.tables.setdefault(key, Table(*key))
        table.games += 1
        for name, rank, points in data["players"]:
            name = " ".join(name.split())
            standing = table.players.setdefault(name.casefold(), Standing(name))
            standing.games += 1
            standing.wins += rank == 1
            standing.points += points
            standing.with_problems += bool(flaws)

    def ordered_tables(self) -> list[Table]:
        return sorted(
            self.tables.values(),
            key=lambda t: (ORDER.index(t.name), t.edition or "", t.player_count),
        )

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
            for table in self.ordered_tables()
        ]
        document = {
            "schema": SCHEMA,
            "games": self.counted,
            "include_problems": self.include_problems,
            "ranked_by": list(RANKED_BY),
            "tables": tables,
            "counted_with_problems": self.with_problems,
            "not_counted": self.uncounted,
            "stand_in_boards": list(self.stand_ins),
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
        for table in self.ordered_tables():
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
        for was_counted, item in self.listed:
            writer.writerow(
                [
                    spreadsheet_cell(item["file"]),
                    item["line"],
                    item["name"] or "",
                    item["game"],
                    "yes" if was_counted else "no",
                    spreadsheet_cell(item["reason"]),
                ]
            )

    def write_text(self) -> None:
        """Every line starts with a rank, a heading or an indent: never with a name."""
        headers = ["Rank", "Player", "Games", "Wins", "Points", "Average"]
        if self.include_problems:
            headers.append("With problems")
        tables = self.ordered_tables()
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
                for name, game in self.stand_ins.items():
                    if game == table.name:
                        self.write(stand_in_sentence(name))
            self.write("")
        if not self.tables:
            self.write("no games counted")
        if self.with_problems:
            self.write(
                f"counted with problems (marked in 'With problems'): "
                f"{counted(len(self.with_problems), 'game')}"
            )
            self.write_games(self.with_problems)
        if self.uncounted:
            only = "" if self.include_problems else "; only valid, finished games count"
            self.write(f"not counted: {counted(len(self.uncounted), 'game')}{only}")
            self.write_games(self.uncounted)

    def write_games(self, entries: list[JsonObject]) -> None:
        for item in entries:
            kind = f", {item['name']}" if item["name"] else ""
            self.write(
                f"  {shown(item['file'])}:{item['line']}: game {item['game']}{kind}: "
                f"{item['reason']}"
            )
