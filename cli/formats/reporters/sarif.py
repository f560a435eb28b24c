"""SARIF 2.1.0 for GitHub code scanning: every rule meridina knows, one result per problem."""

from __future__ import annotations

import json
import os
from functools import lru_cache
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import IO
from urllib.parse import quote

from meridina.json_values import JsonObject
from meridina.rules.codes import TITLES
from meridina.rules.common import Problem

from ..output import READ_RULE, GameResult, InputError, Tally, dumps_at
from ..rule_texts import rule_body, rule_page, rule_text
from .base import Reporter, ReportOptions

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
RULES = list(TITLES)
RULE_INDEX = {rule: index for index, rule in enumerate(RULES)}


class SarifReporter(Reporter):
    """Writes each result as it comes, so memory does not grow with the run.

    The results array is the last thing in the document: what stands before it is
    written with the first result, what stands after it at the end. The document is
    the one ``json.dumps(..., indent=2)`` would write for the whole, byte for byte.
    """

    def __init__(self, out: IO[str], options: ReportOptions) -> None:
        super().__init__(out, options)
        self.results = 0  # written so far
        self.after_results = ""

    def game(self, result: GameResult) -> None:
        for problem in result.problems:
            self.result(sarif_result(result.source, problem))

    def input_error(self, error: InputError) -> None:
        self.result(result_for(error.source, READ_RULE, "error", error.text, error.line, error.col))

    def result(self, found: JsonObject) -> None:
        if self.results == 0:
            before, self.after_results = document_around_results()
            self.out.write(f"{before}\n{RESULT_INDENT}")
        else:
            self.out.write(f",\n{RESULT_INDENT}")
        self.out.write(dumps_at(found, RESULTS_DEPTH))
        self.results += 1

    def end(self, tally: Tally) -> None:
        if self.results == 0:
            before, after = document_around_results()
            self.write(f"{before}{after}")
        else:
            self.write(f"\n{'  ' * (RESULTS_DEPTH - 1)}{self.after_results}")


RESULTS_DEPTH = 4  # document > runs > run > results > result
RESULT_INDENT = "  " * RESULTS_DEPTH


@lru_cache(maxsize=1)  # the same for every run of a process: the rules and their texts
def document_around_results() -> tuple[str, str]:
    """The document as JSON up to its results array's ``[`` and from its ``]`` on."""
    document = {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "meridina",
                        "version": _version(),
                        "rules": [rule_descriptor(rule) for rule in RULES],
                    }
                },
                "columnKind": "unicodeCodePoints",
                "results": [],
            }
        ],
    }
    text = json.dumps(document, indent=2, ensure_ascii=False)
    before, empty, after = text.rpartition('"results": []')
    return before + empty[:-1], empty[-1:] + after


def rule_descriptor(rule: str) -> JsonObject:
    """A rule as code scanning shows it: its title, and its text from the rules digest (or
    the notation guide) as the help a reader opens beside a result."""
    descriptor: JsonObject = {"id": rule, "shortDescription": {"text": TITLES[rule]}}
    found = rule_text(rule)
    page = rule_page(rule)
    if found is not None and page is not None:
        descriptor["fullDescription"] = {"text": unwrapped(rule_body(found) or TITLES[rule])}
        descriptor["help"] = {
            "text": unwrapped(page),
            "markdown": unwrapped(found.text or TITLES[rule]),
        }
    descriptor["defaultConfiguration"] = {"level": "error"}
    return descriptor


def unwrapped(text: str) -> str:
    """Text wrapped for a terminal as a viewer wraps it itself: paragraphs kept, lines joined."""
    return "\n\n".join(" ".join(part.split()) for part in text.split("\n\n") if part.strip())


def sarif_result(source: str, problem: Problem) -> JsonObject:
    at = problem.at
    return result_for(
        source,
        problem.rule,
        "warning" if problem.warning else "error",
        problem.message,
        at.line if at else None,
        at.col if at else None,
    )


def result_for(
    source: str, rule: str, level: str, message: str, line: int | None, col: int | None
) -> JsonObject:
    location: JsonObject = {"artifactLocation": {"uri": artifact_uri(source)}}
    if line is not None:
        location["region"] = {"startLine": line, "startColumn": col or 1}
    found: JsonObject = {"ruleId": rule}
    if rule in RULE_INDEX:
        found["ruleIndex"] = RULE_INDEX[rule]
    found.update(level=level, message={"text": message}, locations=[{"physicalLocation": location}])
    return found


def artifact_uri(source: str) -> str:
    """A relative path stays relative (to where meridina ran); an absolute one is a file URI."""
    if source == "-":
        return "stdin"
    path = Path(source)
    # A name that is not UTF-8 is quoted from its own bytes, as ``as_uri`` does.
    return path.as_uri() if path.is_absolute() else quote(os.fsencode(path.as_posix()))


def _version() -> str:
    try:
        return version("meridina")
    except PackageNotFoundError:
        return "0"
