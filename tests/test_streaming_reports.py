"""JUnit and SARIF are written as the results come: the same bytes as the whole document
built at the end, in memory that does not grow with the number of games."""

from __future__ import annotations

import functools
import io
import json
import tracemalloc
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from typing import IO, Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from meridina.cli.formats.output import GameResult, InputError, Tally
from meridina.cli.formats.reporters import ReportOptions, make_reporter
from meridina.cli.formats.reporters.sarif import RULES, result_for, rule_descriptor, sarif_result
from meridina.rules.common import Place, Problem
from meridina.shown import problem_line, shown, visible

# What a run tells its reporter about one path: its games, then perhaps its fault.
FileCalls = tuple[str, list[GameResult], InputError | None]

TEXT = st.text(st.sampled_from("ab <&>\"'\n\t\r é%:,]]>"), max_size=12)
PLACE = st.none() | st.builds(Place, st.integers(1, 999), st.integers(1, 99))
PROBLEM = st.builds(
    Problem, st.sampled_from(["REC-3", "MER-R2", "MED-R1"]), TEXT, PLACE, st.booleans()
)


@st.composite
def runs(draw: st.DrawFn) -> list[FileCalls]:
    calls = []
    for number in range(draw(st.integers(0, 4))):
        source = f"{draw(TEXT)}{number}.mrec"
        games = [
            GameResult(
                source, index, index * 7, "Meridian", tuple(draw(st.lists(PROBLEM, max_size=3)))
            )
            for index in range(1, draw(st.integers(0, 4)) + 1)
        ]
        fault = draw(
            st.none() | st.builds(InputError, st.just(source), TEXT, st.none() | st.integers(1, 9))
        )
        calls.append((source, games, fault))
    return calls


def report(output_format: str, calls: Sequence[FileCalls], out: IO[str]) -> None:
    reporter = make_reporter(output_format, out, ReportOptions())
    tally = Tally()
    for source, games, fault in calls:
        reporter.begin_file(source)
        for game in games:
            tally.add(game)
            reporter.game(game)
        if fault is not None:
            reporter.input_error(fault)
        reporter.end_file(source)
    reporter.end(tally)


def junit_whole(calls: Sequence[FileCalls]) -> str:
    """The JUnit document built as one tree and written at the end."""
    root = ET.Element("testsuites", name="meridina")
    totals = [0, 0, 0]
    for raw_source, games, fault in calls:
        source = visible(raw_source)  # names are shown with their control characters escaped
        suite = ET.SubElement(root, "testsuite", name=source)
        counts = [0, 0, 0]
        for game in games:
            case = ET.SubElement(
                suite, "testcase", classname=source, name=f"game {game.index} (line {game.line})",
                file=source, line=str(game.line),
            )  # fmt: skip
            counts[0] += 1
            for problem in game.problems:
                line = problem_line(raw_source, problem)
                if problem.warning:
                    out = case.find("system-out")
                    if out is None:
                        out = ET.SubElement(case, "system-out")
                    out.text = f"{out.text}\n{line}" if out.text else line
                else:
                    ET.SubElement(case, "failure", type=problem.rule, message=line).text = line
            counts[1] += case.find("failure") is not None
        if fault is not None:
            case = ET.SubElement(
                suite, "testcase", classname=source, name="read the file", file=source,
                line=str(fault.line or 1),
            )  # fmt: skip
            message = shown(fault.message)
            ET.SubElement(case, "error", type="REC-0", message=message).text = message
            counts[0] += 1
            counts[2] += 1
        for key, number in zip(("tests", "failures", "errors"), counts, strict=True):
            suite.set(key, str(number))
        totals = [t + c for t, c in zip(totals, counts, strict=True)]
    for key, number in zip(("tests", "failures", "errors"), totals, strict=True):
        root.set(key, str(number))
    ET.indent(root)
    document = io.StringIO()
    ET.ElementTree(root).write(document, encoding="unicode", xml_declaration=True)
    return document.getvalue() + "\n"


@functools.cache  # the same for every document (the rules and their texts): built once
def rule_descriptors() -> list[dict[str, Any]]:
    return [rule_descriptor(rule) for rule in RULES]


def sarif_whole(calls: Sequence[FileCalls], version: str) -> str:
    """The SARIF document built as one object and written at the end."""
    results: list[dict[str, Any]] = []
    for source, games, fault in calls:
        results.extend(sarif_result(source, p) for game in games for p in game.problems)
        if fault is not None:
            results.append(result_for(source, "REC-0", "error", fault.text, fault.line, fault.col))
    document = {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "meridina",
                        "version": version,
                        "rules": rule_descriptors(),
                    }
                },
                "columnKind": "unicodeCodePoints",
                "results": results,
            }
        ],
    }
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def written(output_format: str, calls: Sequence[FileCalls]) -> str:
    out = io.StringIO()
    report(output_format, calls, out)
    return out.getvalue()


@settings(max_examples=150, deadline=None)
@given(runs())
def test_junit_streamed_is_the_whole_tree_written_at_the_end(calls: list[FileCalls]) -> None:
    assert written("junit", calls) == junit_whole(calls)


@pytest.mark.slow  # minutes of work on two cores: left out of the everyday loop
@settings(max_examples=150, deadline=None)
@given(runs())
def test_sarif_streamed_is_the_whole_document_written_at_the_end(calls: list[FileCalls]) -> None:
    text = written("sarif", calls)
    version = json.loads(text)["runs"][0]["tool"]["driver"]["version"]
    assert text == sarif_whole(calls, version)


class Sink(io.StringIO):
    """An output that keeps nothing of what is written to it."""

    def write(self, text: str) -> int:
        return len(text)


def peak_bytes(output_format: str, games: int) -> int:
    problem = Problem("MER-R2", "a tower 3 high already stands here", Place(6, 12))
    calls: list[FileCalls] = [
        (
            "a.mrec",
            [GameResult("a.mrec", i, i, "Meridian", (problem,)) for i in range(1, games + 1)],
            None,
        )
    ]
    report(output_format, calls[:0], Sink())  # modules and caches loaded before measuring
    results = calls[0][1]
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        reporter = make_reporter(output_format, Sink(), ReportOptions())
        reporter.begin_file("a.mrec")
        for result in results:
            reporter.game(result)
        reporter.end_file("a.mrec")
        reporter.end(Tally())
        return tracemalloc.get_traced_memory()[1] - before
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("output_format", ["junit", "sarif"])
def test_memory_does_not_grow_with_the_games(output_format: str) -> None:
    small, large = peak_bytes(output_format, 1000), peak_bytes(output_format, 8000)
    # collecting would hold about 900 bytes per game, 6 MB for the 7000 games more;
    # what is allowed is the copying of the spooled cases, a chunk at a time
    assert large - small < 256 * 1024, (small, large)
