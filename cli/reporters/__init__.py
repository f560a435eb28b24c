"""One reporter per output format, all fed the same stream of per-game results."""

from __future__ import annotations

from typing import IO

from .base import Reporter, ReportOptions
from .github import GithubReporter
from .json_report import JsonLinesReporter, JsonReporter
from .junit import JunitReporter
from .sarif import SarifReporter
from .text import TextReporter

REPORTERS: dict[str, type[Reporter]] = {
    "text": TextReporter,
    "json": JsonReporter,
    "json-lines": JsonLinesReporter,
    "github": GithubReporter,
    "junit": JunitReporter,
    "sarif": SarifReporter,
}


def make_reporter(name: str, out: IO[str], options: ReportOptions) -> Reporter:
    return REPORTERS[name](out, options)


__all__ = ["REPORTERS", "ReportOptions", "Reporter", "make_reporter"]
