"""JUnit XML as Jenkins and GitLab read it: a testsuite per file, a testcase per game."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import IO

from ..output import READ_RULE, GameResult, InputError, Tally, problem_line
from .base import Reporter, ReportOptions


class JunitReporter(Reporter):
    """Collects the (small) per-game results, then writes one document at the end.

    A game is a testcase with one ``failure`` per error; its warnings go to ``system-out``.
    """

    def __init__(self, out: IO[str], options: ReportOptions) -> None:
        super().__init__(out, options)
        self.root = ET.Element("testsuites", name="meridina")
        self.suite = ET.Element("testsuite")

    def begin_file(self, source: str) -> None:
        self.suite = ET.SubElement(self.root, "testsuite", name=source)

    def game(self, result: GameResult) -> None:
        case = self.case(result.source, f"game {result.index} (line {result.line})", result.line)
        for problem in result.problems:
            line = problem_line(result.source, problem)
            if problem.warning:
                out = case.find("system-out")
                if out is None:
                    out = ET.SubElement(case, "system-out")
                out.text = f"{out.text}\n{line}" if out.text else line
            else:
                ET.SubElement(case, "failure", type=problem.rule, message=line).text = line

    def input_error(self, error: InputError) -> None:
        case = self.case(error.source, "read the file", error.line or 1)
        ET.SubElement(case, "error", type=READ_RULE, message=error.message).text = error.message

    def case(self, source: str, name: str, line: int) -> ET.Element:
        return ET.SubElement(
            self.suite, "testcase", classname=source, name=name, file=source, line=str(line)
        )

    def end_file(self, source: str) -> None:
        count(self.suite)

    def end(self, tally: Tally) -> None:
        totals = [count(suite) for suite in self.root]
        for key, index in (("tests", 0), ("failures", 1), ("errors", 2)):
            self.root.set(key, str(sum(t[index] for t in totals)))
        ET.indent(self.root)
        ET.ElementTree(self.root).write(self.out, encoding="unicode", xml_declaration=True)
        self.out.write("\n")


def count(suite: ET.Element) -> tuple[int, int, int]:
    """Set and return a suite's tests, failures and errors."""
    cases = suite.findall("testcase")
    numbers = (
        len(cases),
        sum(case.find("failure") is not None for case in cases),
        sum(case.find("error") is not None for case in cases),
    )
    for key, number in zip(("tests", "failures", "errors"), numbers, strict=True):
        suite.set(key, str(number))
    return numbers
