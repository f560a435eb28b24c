"""One reporter per output format, all fed the same stream of per-game results.

A format's module is imported only when that format is asked for.
"""

from __future__ import annotations

import importlib
from typing import IO

from .base import Reporter, ReportOptions

# format -> (module in this package, reporter class)
REPORTERS: dict[str, tuple[str, str]] = {
    "text": (".text", "TextReporter"),
    "json": (".json_report", "JsonReporter"),
    "json-lines": (".json_report", "JsonLinesReporter"),
    "github": (".github", "GithubReporter"),
    "junit": (".junit", "JunitReporter"),
    "sarif": (".sarif", "SarifReporter"),
    "gitlab": (".gitlab", "GitlabReporter"),
}


def reporter_class(name: str) -> type[Reporter]:
    module, attribute = REPORTERS[name]
    found = getattr(importlib.import_module(module, __package__), attribute)
    if not (isinstance(found, type) and issubclass(found, Reporter)):
        raise TypeError(f"{module}.{attribute} is not a reporter")
    return found


def make_reporter(name: str, out: IO[str], options: ReportOptions) -> Reporter:
    return reporter_class(name)(out, options)


__all__ = ["REPORTERS", "ReportOptions", "Reporter", "make_reporter", "reporter_class"]
