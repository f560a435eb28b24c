"""What ``find`` writes of the games it keeps: each game's text as a record, or one line each.

The records are the games' texts exactly as they stand in their files, one blank line
between two games, so that the output is itself a record any command reads. A line of
``--list`` shows a game's place, number, game, Date tag, players, outcome and verdict, each
name escaped; with ``--duplicates``, which earlier game it repeats.
"""

from __future__ import annotations

from typing import IO

import click
from meridina.notation.driver import GameReport
from meridina.shown import shown
from meridina.tools.finding import GameFilter
from meridina.tools.repeats import Repeats, repeat_reason
from meridina.tools.summaries import NOT_FINISHED, GameSummary, summary_of

from ..running.problem_filter import ProblemFilter
from .output import GameResult, Tally
from .reporters import Reporter, ReportOptions

SUMMARY = "summary"  # a game result's data: its ``GameSummary``
TEXT = "text"  # ... the game's text as it stands in its file (None with --list)
TAGS_MATCH = "tags_match"  # ... whether its header meets the conditions on tags


def found_game(
    problems: ProblemFilter,
    tags_after: GameFilter | None,
    keep_text: bool,
    path: str,
    report: GameReport,
) -> GameResult:
    """What ``find`` needs of one checked game (in a worker process): its summary, its
    text when the records are written, and, when the conditions on tags could not be
    tested before the check (``--duplicates`` reads every game), whether they hold."""
    kept = problems.keep(path, report.problems)
    data = {
        SUMMARY: summary_of(path, report, kept),
        TEXT: report.source if keep_text else None,
        TAGS_MATCH: tags_after is None or tags_after.text_matches(report.source),
    }
    return GameResult(path, report.index, report.first_line, report.game, kept, data=data)


def without_blank_lines_around(text: str) -> str:
    """A game's text without the blank lines that part it from the games around it."""
    lines = text.split("\n")
    start, end = 0, len(lines)
    while start < end and not lines[start].strip():
        start += 1
    while end > start and not lines[end - 1].strip():
        end -= 1
    return "\n".join(lines[start:end])


class FoundWriter:
    """Writes the games kept, as records or as ``--list`` lines, and counts them."""

    def __init__(self, out: IO[str], colour: bool | None = False) -> None:
        self.out = out
        self.found = 0
        self.colour = colour  # of a ``--list`` line, as ``use_colour`` gives it

    def record(self, text: str) -> None:
        if self.found:
            self.out.write("\n")
        self.out.write(without_blank_lines_around(text) + "\n")
        self.found += 1

    def line(self, summary: GameSummary, first: GameSummary | None = None) -> None:
        line = list_line(summary, first)
        if self.colour is not False:
            line = coloured(line, summary)
        click.echo(line, file=self.out, color=self.colour)
        self.found += 1


def list_line(summary: GameSummary, first: GameSummary | None = None) -> str:
    """``club.mrec:12: game 2; Meridian; 2024-05-17; Ann, Ben; won by Ann; valid``."""
    date = summary.tag("Date")
    parts = [
        f"{summary.place}: game {summary.number}",
        summary.title or "game not known",
        date.strip() if date is not None and date.strip() else "no date",
        ", ".join(" ".join(name.split()) for name in summary.players) or "no players",
        outcome(summary),
        "valid" if summary.valid else "invalid (" + ", ".join(summary.rules) + ")",
    ]
    if first is not None:
        parts.append(repeat_reason(first))
    return shown("; ".join(parts))


def coloured(line: str, summary: GameSummary) -> str:
    """A ``--list`` line as validate colours a problem: the place in bold, and the rules of
    an invalid game's verdict in red. Found from the summary, not read back from the line,
    which holds names and a Date tag as written."""
    place, game, rest = line.partition(": game ")
    if not game:
        return line
    rules = ", ".join(summary.rules)
    at = -1 if summary.valid else rest.rfind(f"; invalid ({rules})")
    if at >= 0:
        start = at + len("; invalid (")
        red = ", ".join(click.style(rule, fg="red", bold=True) for rule in summary.rules)
        rest = rest[:start] + red + rest[start + len(rules) :]
    return click.style(place, bold=True) + game + rest


def outcome(summary: GameSummary) -> str:
    """Who won, as the rules core ranks the game; or why no one has."""
    if not summary.placings:
        return "not scored"
    if summary.end == NOT_FINISHED:
        return "not finished"
    winners = [" ".join(name.split()) for name in summary.winners]
    if len(winners) > 1:
        return "first place shared by " + " and ".join(winners)
    return f"won by {winners[0]}" if winners else "no winner"


class FoundReporter(Reporter):
    """Keeps the checked games that meet every condition, in the order read.

    With ``duplicates``, only a game that repeats one read before (in any file, whatever
    the other conditions say of that earlier game) is kept, when it meets them itself.
    """

    def __init__(
        self,
        out: IO[str],
        options: ReportOptions,
        conditions: GameFilter,
        listing: bool,
        duplicates: bool,
    ) -> None:
        super().__init__(out, options)
        self.conditions = conditions
        self.listing = listing
        self.repeats = Repeats() if duplicates else None
        self.writer = FoundWriter(out, options.colour)

    @property
    def found(self) -> int:
        return self.writer.found

    def game(self, result: GameResult) -> None:
        data = result.data or {}
        summary: GameSummary = data[SUMMARY]
        first = None
        if self.repeats is not None:
            first = self.repeats.first_of(summary)
            if first is None:
                return
        if not data[TAGS_MATCH] or not self.conditions.summary_matches(summary):
            return
        if self.listing:
            self.writer.line(summary, first)
        else:
            self.writer.record(data[TEXT])

    def end(self, tally: Tally) -> None:
        self.out.flush()
