"""``meridina stats``: a collection's statistics per game, edition and number of players,
as text, JSON or CSV, with what counts said in every format."""

from __future__ import annotations

import csv
import json
import textwrap

from meridina.json_values import JsonObject
from meridina.rules.wording import counted
from meridina.shown import json_safe, shown
from meridina.tools.counting import COUNTED_GAMES
from meridina.tools.statistics import CONFIDENCE, Spread, Statistics, TableStats, gather
from tabulate import tabulate

from .counted_games import CountingReporter, left_out_rows
from .output import Tally
from .standings import spreadsheet_cell

SCHEMA = "meridina/stats/1"
PLACES = 4  # decimals of a rate, mean or spread in JSON and CSV


class StatisticsReporter(CountingReporter):
    """Sums the games read once they are all in."""

    what = "the statistics"

    def end(self, tally: Tally) -> None:
        found = gather(self.summaries)
        if self.output_format == "json":
            self.write(json_safe(json.dumps(statistics_json(found), indent=2, ensure_ascii=False)))
        elif self.output_format == "csv":
            self.write_csv(found)
        else:
            self.write_text(found)

    def write_text(self, found: Statistics) -> None:
        """Every line starts with a number, a heading or an indent: never with a name."""
        for table in found.tables:
            self.write_table(table)
        if not found.tables:
            self.write("no games counted")
        self.write("every game read, each once: " + _ends(found.ends))
        self.write(
            textwrap.fill(f"method: {found.method}", 100, subsequent_indent="  ",
                          break_on_hyphens=False)
        )  # fmt: skip
        self.write_left_out(found.left_out, COUNTED_GAMES)

    def write_table(self, table: TableStats) -> None:
        self.write(f"{table.title}: {counted(table.games, 'game')} counted")
        seats = [
            [s.seat, s.games, s.wins, _percent(s.rate), f"{_percent(s.low)} to {_percent(s.high)}"]
            for s in table.seats
        ]
        self.write(
            tabulate(
                seats,
                headers=["Seat", "Games", "Wins", "Win rate", f"{CONFIDENCE:.0%} interval"],
                colalign=("right", "right", "right", "right", "right"),
                disable_numparse=True,
            )
        )
        self.write(
            f"  winning score: {_spread(table.winning_score)}; "
            f"winning margin: {_spread(table.winning_margin)}"
        )
        self.write(f"  ended: {_ends(table.ends)}; shared first place: {table.shared_first}")
        players = [[p.games, p.wins, f"{p.average:.2f}", shown(p.name)] for p in table.players]
        self.write(
            tabulate(
                players,
                headers=["Games", "Wins", "Average", "Player"],
                colalign=("right", "right", "right", "left"),
                disable_numparse=True,
            )
        )
        self.write("")

    def write_csv(self, found: Statistics) -> None:
        """Four parts, an empty row between them: win rates by seat, each table's scores and
        ends, each player's line, what counts; then the games left out."""
        writer = csv.writer(self.out, lineterminator="\n")
        key = ["game", "edition", "player_count"]
        writer.writerow([*key, "seat", "games", "wins", "win_rate", "low", "high"])
        for table in found.tables:
            for s in table.seats:
                writer.writerow(
                    [*_key(table), s.seat, s.games, s.wins, _fixed(s.rate), _fixed(s.low),
                     _fixed(s.high)]
                )  # fmt: skip
        writer.writerow([])
        ends = [word.replace(" ", "_") for word, _ in found.tables[0].ends] if found.tables else []
        writer.writerow(
            [*key, "games", "winning_score_mean", "winning_score_deviation",
             "winning_margin_mean", "winning_margin_deviation", *ends, "shared_first"]
        )  # fmt: skip
        for table in found.tables:
            score, margin = table.winning_score, table.winning_margin
            writer.writerow(
                [*_key(table), table.games, _fixed(score.mean), _fixed(score.deviation),
                 _fixed(margin.mean), _fixed(margin.deviation),
                 *(number for _, number in table.ends), table.shared_first]
            )  # fmt: skip
        writer.writerow([])
        writer.writerow([*key, "player", "games", "wins", "points", "average"])
        for table in found.tables:
            for p in table.players:
                writer.writerow(
                    [*_key(table), spreadsheet_cell(p.name), p.games, p.wins, p.points,
                     _fixed(p.average)]
                )  # fmt: skip
        writer.writerow([])
        writer.writerow(["ended", "games"])
        for word, number in found.ends:
            writer.writerow([word, number])
        writer.writerow(["method", found.method])
        left_out_rows(self.out, found.left_out)


def _key(table: TableStats) -> list[str | int]:
    return [table.name, table.edition or "", table.player_count]


def _fixed(value: float | None) -> str:
    return "" if value is None else f"{value:.{PLACES}f}"


def _percent(value: float) -> str:
    return f"{value:.1%}"


def _spread(spread: Spread) -> str:
    if spread.mean is None:
        return "none"
    deviation = "n/a" if spread.deviation is None else f"{spread.deviation:.2f}"
    return f"mean {spread.mean:.2f}, spread {deviation}"


def _ends(ends: tuple[tuple[str, int], ...]) -> str:
    return ", ".join(f"{word} {number}" for word, number in ends)


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, PLACES)


def _spread_json(spread: Spread) -> JsonObject:
    return {
        "count": spread.count,
        "mean": _rounded(spread.mean),
        "deviation": _rounded(spread.deviation),
    }


def statistics_json(found: Statistics) -> JsonObject:
    """The statistics as ``stats --format json`` writes them (stats.schema.json)."""
    return {
        "schema": SCHEMA,
        "games": found.counted,
        "method": found.method,
        "confidence": CONFIDENCE,
        "ends": dict(found.ends),
        "tables": [
            {
                "name": table.name,
                "edition": table.edition,
                "player_count": table.player_count,
                "games": table.games,
                "seats": [
                    {
                        "seat": s.seat,
                        "games": s.games,
                        "wins": s.wins,
                        "rate": _rounded(s.rate),
                        "low": _rounded(s.low),
                        "high": _rounded(s.high),
                    }
                    for s in table.seats
                ],
                "winning_score": _spread_json(table.winning_score),
                "winning_margin": _spread_json(table.winning_margin),
                "ends": dict(table.ends),
                "shared_first": table.shared_first,
                "players": [
                    {
                        "name": p.name,
                        "games": p.games,
                        "wins": p.wins,
                        "points": p.points,
                        "average": _rounded(p.average),
                    }
                    for p in table.players
                ],
            }
            for table in found.tables
        ],
        "not_counted": [entry.data() for entry in found.left_out],
    }
