"""JUnit XML as Jenkins and GitLab read it: a testsuite per file, a testcase per game."""

from __future__ import annotations

import shutil
import tempfile
import xml.etree.ElementTree as ET
from typing import IO

from meridina.shown import problem_line, shown, visible

from ..output import READ_RULE, GameResult, InputError, Tally
from .base import Reporter, ReportOptions

INDENT = "  "
CASE_DEPTH = 2  # testsuites > testsuite > testcase


class JunitReporter(Reporter):
    """Writes each game's testcase as it comes, so memory does not grow with the run.

    The counts stand in the opening tags, before the cases they count: a file's cases
    wait in a temporary file until the file is done, and the finished suites wait in
    another until the run is done. The document is the one ``ElementTree`` would write
    for the whole tree, indented by ``ET.indent``, byte for byte.

    A game is a testcase with one ``failure`` per error; its warnings go to ``system-out``.
    """

    def __init__(self, out: IO[str], options: ReportOptions) -> None:
        super().__init__(out, options)
        self.cases = _spool()  # the current file's testcases
        self.suites = _spool()  # the finished testsuites
        self.suite = Counts()
        self.total = Counts()
        self.source = ""
        self.suite_count = 0

    def begin_file(self, source: str) -> None:
        self.source = source
        self.suite = Counts()
        self.cases.seek(0)
        self.cases.truncate()

    def game(self, result: GameResult) -> None:
        case = _case(result.source, f"game {result.index} (line {result.line})", result.line)
        failed = False
        for problem in result.problems:
            line = problem_line(result.source, problem)
            if problem.warning:
                out = case.find("system-out")
                if out is None:
                    out = ET.SubElement(case, "system-out")
                out.text = f"{out.text}\n{line}" if out.text else line
            else:
                ET.SubElement(case, "failure", type=problem.rule, message=line).text = line
                failed = True
        self.add_case(case, failed=failed, erred=False)

    def input_error(self, error: InputError) -> None:
        case = _case(error.source, "read the file", error.line or 1)
        message = shown(error.message)
        ET.SubElement(case, "error", type=READ_RULE, message=message).text = message
        self.add_case(case, failed=False, erred=True)

    def add_case(self, case: ET.Element, failed: bool, erred: bool) -> None:
        ET.indent(case, INDENT, CASE_DEPTH)
        separator = INDENT * CASE_DEPTH
        self.cases.write(f"\n{separator}{ET.tostring(case, encoding='unicode')}")
        self.suite.add(failed, erred)

    def end_file(self, source: str) -> None:
        if self.suite_count:
            self.suites.write(f"\n{INDENT}")
        self.suite_count += 1
        suite = self.suite.element("testsuite", name=visible(self.source))
        if self.suite.tests:
            self.suites.write(_opening_tag(suite))
            self.cases.seek(0)
            shutil.copyfileobj(self.cases, self.suites)
            self.suites.write(f"\n{INDENT}</testsuite>")
        else:
            self.suites.write(ET.tostring(suite, encoding="unicode"))
        self.total.merge(self.suite)

    def end(self, tally: Tally) -> None:
        self.cases.close()
        # what ElementTree.write declares for a text stream
        encoding = getattr(self.out, "encoding", None) or "utf-8"
        self.out.write(f"<?xml version='1.0' encoding='{encoding}'?>\n")
        root = self.total.element("testsuites", name="meridina")
        if self.suite_count:
            self.out.write(f"{_opening_tag(root)}\n{INDENT}")
            self.suites.seek(0)
            shutil.copyfileobj(self.suites, self.out)
            self.out.write("\n</testsuites>")
        else:
            self.out.write(ET.tostring(root, encoding="unicode"))
        self.suites.close()
        self.out.write("\n")


class Counts:
    """A suite's (or the run's) tests, failures and errors."""

    def __init__(self) -> None:
        self.tests = self.failures = self.errors = 0

    def add(self, failed: bool, erred: bool) -> None:
        self.tests += 1
        self.failures += failed
        self.errors += erred

    def merge(self, other: Counts) -> None:
        self.tests += other.tests
        self.failures += other.failures
        self.errors += other.errors

    def element(self, tag: str, name: str) -> ET.Element:
        """The element with its name, then its counts (in ElementTree's attribute order)."""
        element = ET.Element(tag, name=name)
        element.set("tests", str(self.tests))
        element.set("failures", str(self.failures))
        element.set("errors", str(self.errors))
        return element


def _case(source: str, name: str, line: int) -> ET.Element:
    source = visible(source)  # XML forbids control characters, even escaped
    return ET.Element("testcase", classname=source, name=name, file=source, line=str(line))


def _opening_tag(element: ET.Element) -> str:
    """An element's start tag as ElementTree writes it (from its empty form ``<x ... />``)."""
    empty = ET.tostring(element, encoding="unicode")
    return empty.removesuffix(" />") + ">"


def _spool() -> IO[str]:
    # surrogatepass: a file name that is not UTF-8 comes back exactly as it went in
    return tempfile.TemporaryFile("w+", encoding="utf-8", errors="surrogatepass", newline="")
