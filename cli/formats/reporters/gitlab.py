"""GitLab's Code Quality report: a JSON array with one issue per problem.

GitLab reads it from a job's ``artifacts: reports: codequality:`` file and shows each
issue on the merge request. It tells an issue that stays from a new one by its
``fingerprint``, so a fingerprint is made from what does not move when lines are added
above a problem (the file, the rule, the message), plus how many of the same came before
it in the run, which keeps two equal problems of one file apart.
"""

from __future__ import annotations

import hashlib
import os
from collections import Counter
from pathlib import Path
from typing import IO

from meridina.json_values import JsonObject
from meridina.rules.common import Problem

from ..output import READ_RULE, GameResult, InputError, Tally, dumps_at
from .base import Reporter, ReportOptions

# GitLab's severities run info, minor, major, critical, blocker
ERROR = "major"
WARNING = "minor"
UNREADABLE = "critical"  # nothing of the file could be checked past this point


class GitlabReporter(Reporter):
    """Writes each issue as it comes; the document is the one ``json.dumps(..., indent=2)``
    would write for the whole array, byte for byte."""

    def __init__(self, out: IO[str], options: ReportOptions) -> None:
        super().__init__(out, options)
        self.issues = 0  # written so far
        self.seen: Counter[tuple[str, str, str]] = Counter()

    def game(self, result: GameResult) -> None:
        for problem in result.problems:
            self.issue(result.source, *issue_parts(problem))

    def input_error(self, error: InputError) -> None:
        self.issue(error.source, READ_RULE, UNREADABLE, error.text, error.line)

    def issue(self, source: str, rule: str, severity: str, message: str, line: int | None) -> None:
        key = (source, rule, message)
        found = code_quality_issue(source, rule, severity, message, line, self.seen[key])
        self.seen[key] += 1
        self.out.write("[\n  " if self.issues == 0 else ",\n  ")
        self.out.write(dumps_at(found, 1))
        self.issues += 1

    def end(self, tally: Tally) -> None:
        self.write("\n]" if self.issues else "[]")


def issue_parts(problem: Problem) -> tuple[str, str, str, int | None]:
    """A problem's rule, severity, message and line."""
    at = problem.at
    severity = WARNING if problem.warning else ERROR
    return problem.rule, severity, problem.message, at.line if at else None


def code_quality_issue(
    source: str, rule: str, severity: str, message: str, line: int | None, repeat: int = 0
) -> JsonObject:
    """One issue; ``repeat`` counts the issues of the same file, rule and message before it."""
    return {
        "description": f"{rule} {message}",
        "check_name": rule,
        "fingerprint": fingerprint(source, rule, message, repeat),
        "severity": severity,
        "location": {"path": location_path(source), "lines": {"begin": line or 1}},
    }


def fingerprint(source: str, rule: str, message: str, repeat: int) -> str:
    """The same for the same problem from run to run, whatever line it moved to."""
    key = "\0".join([source, rule, message, str(repeat)])
    return hashlib.sha256(key.encode("utf-8", "surrogateescape")).hexdigest()


def location_path(source: str) -> str:
    """The path as GitLab places it, from the top of the repository: a path under the
    folder meridina ran in is given from there, with ``/`` between its parts."""
    path = Path(source)
    if path.is_absolute():
        try:
            path = path.relative_to(Path(os.getcwd()))
        except ValueError:  # elsewhere: GitLab cannot show it on a file, but says where
            return path.as_posix()
    return path.as_posix()
