"""JSON, streamed file by file and game by game; JSON Lines, one object per game."""

from __future__ import annotations

import json
from typing import IO

from meridina.rules.codes import title
from meridina.shown import json_safe

from ..output import GameResult, InputError, Tally, dumps_at, game_json
from .base import Reporter, ReportOptions

SCHEMA_VERSION = 1


def schema_id(command: str) -> str:
    """The value of the ``schema`` field: which command's output, in which version."""
    return f"meridina/{command}/{SCHEMA_VERSION}"


class JsonReporter(Reporter):
    """``{"schema", "files": [{"file", "games", "error"}], "valid", "games", "invalid",
    "unreadable"}``.

    The counts come last so that the files can be written as they are checked.
    """

    needs = "data"

    def __init__(self, out: IO[str], options: ReportOptions) -> None:
        super().__init__(out, options)
        self.files = 0
        self.games_in_file = 0
        self.error: str | None = None

    def begin_file(self, source: str) -> None:
        if self.files == 0:
            self.out.write(f'{{\n  "schema": {json.dumps(schema_id(self.options.command))},\n')
            self.out.write('  "files": [\n')
        else:
            self.out.write(",\n")
        self.files += 1
        self.games_in_file = 0
        self.error = None
        self.out.write(f'    {{\n      "file": {json_text(source)},\n')
        self.out.write('      "games": [')

    def game(self, result: GameResult) -> None:
        self.out.write("\n" if self.games_in_file == 0 else ",\n")
        self.out.write("        " + dumps_at(game_json(result), 4))
        self.games_in_file += 1
        self.out.flush()

    def input_error(self, error: InputError) -> None:
        self.error = error.message

    def end_file(self, source: str) -> None:
        closing = "\n      ]" if self.games_in_file else "]"
        self.out.write(f'{closing},\n      "error": {json_text(self.error)}\n    }}')

    def end(self, tally: Tally) -> None:
        if self.files == 0:
            self.out.write(f'{{\n  "schema": {json.dumps(schema_id(self.options.command))},\n')
            self.out.write('  "files": [')
        else:
            self.out.write("\n  ")
        self.out.write("],\n")
        self.out.write(f'  "valid": {json.dumps(tally.status() == 0)},\n')
        self.out.write(f'  "games": {tally.games},\n  "invalid": {tally.invalid},\n')
        self.out.write(f'  "unreadable": {tally.unreadable}')
        if self.options.statistics:
            counts = [
                {"rule": rule, "count": count, "title": title(rule)}
                for rule, count in sorted(tally.rules.items(), key=lambda i: (-i[1], i[0]))
            ]
            self.out.write(',\n  "statistics": ' + dumps_at(counts, 1))
        self.out.write("\n}\n")


class JsonLinesReporter(Reporter):
    """One JSON object per game (``file`` added), or per unreadable path; flushed at once."""

    needs = "data"

    def game(self, result: GameResult) -> None:
        self.line({"file": result.source, **game_json(result)})

    def input_error(self, error: InputError) -> None:
        self.line({"file": error.source, "error": error.message})

    def line(self, data: object) -> None:
        self.out.write(json_text(data) + "\n")
        self.out.flush()


def json_text(data: object) -> str:
    """``data`` as compact JSON that encodes as valid UTF-8."""
    return json_safe(json.dumps(data, ensure_ascii=False))
