"""``meridina ratings``: each game's player ratings (openskill's Plackett-Luce), as text,
JSON or CSV, with the method and the model's parameters in every format."""

from __future__ import annotations

import csv
import json
import textwrap

from meridina.json_values import JsonObject
from meridina.rules.wording import counted
from meridina.shown import json_safe, shown
from meridina.tools.counting import COUNTED_GAMES
from meridina.tools.ratings import SHOWN_RATING, RatingPoint, Ratings, rate
from tabulate import tabulate

from .counted_games import CountingReporter, left_out_rows
from .output import Tally
from .standings import spreadsheet_cell

SCHEMA = "meridina/ratings/1"
PLACES = 4  # decimals of a rating in JSON and CSV (text: 2)


class RatingsReporter(CountingReporter):
    """Rates the games read once they are all in (they are rated in date order)."""

    what = "the ratings"

    def end(self, tally: Tally) -> None:
        rated = rate(self.summaries)
        if self.output_format == "json":
            self.write(json_safe(json.dumps(ratings_json(rated), indent=2, ensure_ascii=False)))
        elif self.output_format == "csv":
            self.write_csv(rated)
        else:
            self.write_text(rated)

    def write_text(self, rated: Ratings) -> None:
        """Every line starts with a rank, a heading or an indent: never with a name."""
        headers = ["Rank", "Player", "Games", "Wins", "Rating", "mu", "sigma"]
        for table in rated.tables:
            self.write(f"{table.name}: {counted(table.games, 'game')} rated")
            rows = [
                [rank, shown(p.name), p.games, p.wins, f"{p.ordinal:.2f}", f"{p.mu:.2f}",
                 f"{p.sigma:.2f}"]
                for rank, p in table.ranked()
            ]  # fmt: skip
            self.write(
                tabulate(
                    rows,
                    headers=headers,
                    colalign=("right", "left", *["right"] * (len(headers) - 2)),
                    disable_numparse=True,
                )
            )
            self.write("")
        if not rated.tables:
            self.write("no games rated")
        self.write(
            textwrap.fill(f"method: {rated.method}", 100,
                          subsequent_indent="  ", break_on_hyphens=False)
        )  # fmt: skip
        self.write_left_out(rated.left_out, COUNTED_GAMES)

    def write_csv(self, rated: Ratings) -> None:
        """The tables as rows; after an empty row, the model's parameters and the method;
        after another, the games left out."""
        writer = csv.writer(self.out, lineterminator="\n")
        writer.writerow(["game", "rank", "player", "games", "wins", "rating", "mu", "sigma"])
        for table in rated.tables:
            for rank, p in table.ranked():
                writer.writerow(
                    [table.name, rank, spreadsheet_cell(p.name), p.games, p.wins,
                     f"{p.ordinal:.{PLACES}f}", f"{p.mu:.{PLACES}f}", f"{p.sigma:.{PLACES}f}"]
                )  # fmt: skip
        writer.writerow([])
        writer.writerow(["parameter", "value"])
        writer.writerow(["model", "openskill Plackett-Luce"])
        for name, value in rated.parameters:
            writer.writerow([name, str(value).lower() if isinstance(value, bool) else value])
        writer.writerow(["rating", SHOWN_RATING])
        writer.writerow(["method", rated.method])
        left_out_rows(self.out, rated.left_out)


def ratings_json(rated: Ratings) -> JsonObject:
    """The ratings as ``ratings --format json`` writes them (ratings.schema.json)."""
    return {
        "schema": SCHEMA,
        "games": rated.counted,
        "model": {
            "library": "openskill",
            "name": "Plackett-Luce",
            "parameters": {name: value for name, value in rated.parameters},
        },
        "rating": SHOWN_RATING,
        "method": rated.method,
        "tables": [
            {
                "name": table.name,
                "games": table.games,
                "players": [
                    {
                        "rank": rank,
                        "name": p.name,
                        "games": p.games,
                        "wins": p.wins,
                        "rating": round(p.ordinal, PLACES),
                        "mu": round(p.mu, PLACES),
                        "sigma": round(p.sigma, PLACES),
                        "history": [_point(point) for point in p.history],
                    }
                    for rank, p in table.ranked()
                ],
            }
            for table in rated.tables
        ],
        "not_counted": [entry.data() for entry in rated.left_out],
    }


def _point(point: RatingPoint) -> JsonObject:
    return {
        "file": point.file,
        "game": point.game,
        "line": point.line,
        "date": point.date.isoformat() if point.date is not None else None,
        "rank": point.rank,
        "rating": round(point.ordinal, PLACES),
    }
