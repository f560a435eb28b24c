"""GitHub Actions workflow commands: an annotation per problem on the line it names."""

from __future__ import annotations

from meridina.rules.common import Problem
from meridina.shown import visible

from ..output import READ_RULE, GameResult, InputError
from .base import Reporter


def escape_message(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_message(text).replace(":", "%3A").replace(",", "%2C")


def command(
    level: str, source: str, line: int | None, col: int | None, rule: str, message: str
) -> str:
    # names and quoted record text: no control character reaches the log
    source, message = visible(source), visible(message)
    properties = [f"file={escape_property(source)}"]
    if line is not None:
        properties.append(f"line={line}")
    if col is not None:
        properties.append(f"col={col}")
    properties.append(f"title={escape_property(rule)}")
    return f"::{level} {','.join(properties)}::{escape_message(message)}"


class GithubReporter(Reporter):
    def game(self, result: GameResult) -> None:
        for problem in result.problems:
            self.write(annotation(result.source, problem))

    def input_error(self, error: InputError) -> None:
        self.write(command("error", error.source, error.line, error.col, READ_RULE, error.text))


def annotation(source: str, problem: Problem) -> str:
    at = problem.at
    return command(
        "warning" if problem.warning else "error",
        source,
        at.line if at else None,
        at.col if at else None,
        problem.rule,
        f"{problem.rule} {problem.message}",
    )
