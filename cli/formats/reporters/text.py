"""Readable text: ``FILE:LINE:COL: RULE message`` per problem, the source line, a summary."""

from __future__ import annotations

from typing import IO

import click
from meridina.rules.codes import title
from meridina.rules.common import Problem
from meridina.shown import problem_line, shown, shown_lines

from ..output import GameResult, Tally
from .base import Reporter, ReportOptions
from .source import SourceLines, caret_lines


def problem_text(source: str, problem: Problem, colour: bool | None) -> str:
    """A problem's line as text output shows it, coloured unless ``colour`` (as
    ``use_colour`` gives it, for click's ``echo``) is False."""
    line = problem_line(source, problem)
    return line if colour is False else coloured_problem(source, problem, line)


def echo_problem(source: str, problem: Problem, colour: bool | None, err: bool = True) -> None:
    """A problem's line (``problem_text``) on standard error, or standard output."""
    click.echo(problem_text(source, problem, colour), err=err, color=colour)


def coloured_problem(source: str, problem: Problem, line: str) -> str:
    """A problem's line (``problem_line``) with its place in bold and its rule ID in red, a
    warning's in yellow: as every command that lists problems shows them in colour."""
    shown_source = len(shown(source))
    where, rest = line[:shown_source], line[shown_source:]
    rule_at = rest.index(f" {problem.rule} ") + 1
    colour = "yellow" if problem.warning else "red"
    return (
        click.style(where, bold=True)
        + rest[:rule_at]
        + click.style(problem.rule, fg=colour, bold=True)
        + rest[rule_at + len(problem.rule) :]
    )


class TextReporter(Reporter):
    needs = "text"

    def __init__(self, out: IO[str], options: ReportOptions) -> None:
        super().__init__(out, options)
        self.sources = SourceLines()
        # replay and score show each game's text on stdout and its problems on stderr
        self.problems_to_stderr = options.command != "validate"
        self.stand_ins: dict[str, None] = {}  # what validate says of stand-in boards, once each

    def begin_file(self, source: str) -> None:
        if self.options.file_headings:
            self.echo(click.style(f"== {shown(source)}", bold=True))

    def game(self, result: GameResult) -> None:
        if result.text is not None:
            self.echo(shown_lines(result.text))
        if result.stand_in_note is not None:
            self.stand_ins.setdefault(shown(result.stand_in_note))
        if self.options.statistics:
            return
        for problem in result.problems:
            self.problem(result.source, problem)

    def problem(self, source: str, problem: Problem) -> None:
        err = self.problems_to_stderr
        colour = self.options.err_colour if err else self.options.colour
        self.echo(problem_text(source, problem, colour), err=err)
        if self.options.show_source and problem.at is not None:
            text = self.sources.line(source, problem.at.line)
            if text is not None:
                for row in caret_lines(problem.at.line, problem.at.col, text):
                    self.echo(row, err=self.problems_to_stderr)

    def end(self, tally: Tally) -> None:
        self.sources.close()
        if self.options.statistics:
            for rule, count in sorted(tally.rules.items(), key=lambda item: (-item[1], item[0])):
                self.echo(f"{count:>5}  {rule:<8} {title(rule) or ''}".rstrip())
        if not self.options.quiet and self.options.command == "validate":
            for note in self.stand_ins:
                self.echo(note, err=True)
            self.echo(tally.summary())

    def echo(self, text: str, err: bool = False) -> None:
        if err:
            click.echo(text, err=True, color=self.options.err_colour)
        else:
            click.echo(text, file=self.out, color=self.options.colour)
