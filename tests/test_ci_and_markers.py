"""The test command, CI's scripts and the markers (tests/needs.py) that let a run leave out
what needs more than Python."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

pytest_plugins = ["pytester"]

TOP = Path(__file__).resolve().parent.parent
TESTS = TOP / "tests"


def readme_test_command() -> str:
    lines = [
        line.strip()
        for line in (TOP / "README.md").read_text("utf-8").splitlines()
        if "python -m pytest" in line and "venv" in line
    ]
    assert len(lines) == 1, lines
    return lines[0]


def test_ci_and_the_development_page_run_the_readme_test_command() -> None:
    command = readme_test_command()
    ci = (TOP / ".ci" / "run").read_text("utf-8").splitlines()
    assert command in ci
    # with CI set, which makes it run the slow tests too (tests/needs.py)
    assert "export CI=true" in ci[: ci.index(command)]
    assert command in (TOP / "docs" / "development.md").read_text("utf-8")


def test_every_test_file_the_other_pythons_run_exists() -> None:
    script = (TOP / ".ci" / "other-pythons").read_text("utf-8")
    listed = re.findall(r"tests/test_\w+\.py", script)
    assert len(listed) > 10
    assert [name for name in listed if not (TOP / name).is_file()] == []


MARKED = """
import pytest

@pytest.mark.tmux
def test_in_a_terminal():
    pytest.skip("tmux is not installed")

@pytest.fixture
def browser():
    return "a browser"

def test_in_a_browser(browser):
    assert browser

@pytest.mark.build
def test_a_build():
    pass

def test_plain():
    pass
"""


@pytest.fixture
def marked(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> pytest.Pytester:
    pytester.syspathinsert(TESTS)
    pytester.makepyfile(test_marked=MARKED)
    monkeypatch.delenv("CI", raising=False)
    return pytester


def test_not_slow_leaves_out_every_test_that_needs_more_than_python(
    marked: pytest.Pytester,
) -> None:
    result = marked.runpytest("-p", "needs", "-p", "no:xdist", "-m", "not slow", "-v")
    result.assert_outcomes(passed=1, deselected=3)
    result.stdout.fnmatch_lines(["*test_plain PASSED*"])


LEFT_OUT = "3 tests marked slow (a browser, tmux, builds, development tools, minutes of work) "


def test_a_bare_run_leaves_out_the_slow_tests_and_says_so(marked: pytest.Pytester) -> None:
    result = marked.runpytest("-p", "needs", "-p", "no:xdist")
    result.assert_outcomes(passed=1, deselected=3)
    result.stdout.fnmatch_lines([LEFT_OUT + "were left out: `python -m pytest --run-slow`*"])


def test_the_count_told_is_of_the_slow_tests_the_keywords_chose(marked: pytest.Pytester) -> None:
    result = marked.runpytest("-p", "needs", "-p", "no:xdist", "-k", "build or plain")
    result.assert_outcomes(passed=1, deselected=3)
    result.stdout.fnmatch_lines(["1 test marked slow (a browser, * of work) was left out: *"])


@pytest.mark.parametrize(
    ("asked", "outcomes"),
    [
        (["--run-slow"], {"passed": 3, "skipped": 1}),
        (["test_marked.py"], {"passed": 3, "skipped": 1}),  # a test named runs as asked
        (["test_marked.py::test_a_build"], {"passed": 1}),
        (["-m", "build"], {"passed": 1, "deselected": 3}),
        (["-m", "slow or not slow"], {"passed": 3, "skipped": 1}),
    ],
)
def test_a_run_asking_for_slow_tests_runs_them(
    marked: pytest.Pytester, asked: list[str], outcomes: dict[str, int]
) -> None:
    result = marked.runpytest("-p", "needs", "-p", "no:xdist", *asked)
    result.assert_outcomes(**outcomes)
    assert "were left out" not in result.stdout.str()


def test_a_bare_run_on_workers_tells_how_many_it_left_out(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CI", raising=False)
    # the hooks as the folder's conftest, which a worker finds as the main process does
    pytester.makeconftest((TESTS / "needs.py").read_text("utf-8"))
    pytester.makepyfile(test_marked=MARKED)
    result = pytester.runpytest("-n", "1")
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines([LEFT_OUT + "were left out*"])


def test_a_skipped_terminal_test_fails_where_ci_is_set(
    marked: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    result = marked.runpytest("-p", "needs", "-p", "no:xdist", "--run-slow")
    result.assert_outcomes(passed=3, skipped=1)
    monkeypatch.setenv("CI", "true")  # and so every slow test runs, asked or not
    result = marked.runpytest("-p", "needs", "-p", "no:xdist")
    result.assert_outcomes(passed=3, failed=1)
    result.stdout.fnmatch_lines(["*CI must run the tests marked tmux*tmux is not installed*"])


def test_hypothesis_sets_no_time_limit() -> None:
    from hypothesis import HealthCheck, settings

    current = settings()  # the loaded profile's values
    assert current.deadline is None
    assert HealthCheck.too_slow in current.suppress_health_check


def test_hypothesis_draws_the_same_cases_at_every_run_in_ci_only() -> None:
    """CI judges a commit on the cases each test's own seed gives; elsewhere each run draws
    new ones (.ci/run sets CI)."""
    from hypothesis import settings

    assert settings().derandomize is bool(os.environ.get("CI"))


def test_files_of_long_tests_run_first_then_other_slow_ones_on_a_worker_too(
    pytester: pytest.Pytester,
) -> None:
    """pytest-xdist would order the files by their number of tests (many first), which put
    the 1,000-game site, a file of few tests, near the end of the run."""
    # the hooks as the folder's conftest, which a worker finds as the main process does
    pytester.makeconftest((TESTS / "needs.py").read_text("utf-8"))
    many = "\n".join(f"def test_{number}():\n    pass\n" for number in range(5))
    pytester.makepyfile(
        test_a_many=many,
        test_b_build="import pytest\n\n@pytest.mark.build\ndef test_build():\n    pass\n",
        test_c_long="import pytest\n\n@pytest.mark.slow\ndef test_long():\n    pass\n",
    )
    addopts = re.search(r'^addopts = "(.*)"$', (TOP / "pyproject.toml").read_text("utf-8"), re.M)
    assert addopts is not None
    # how the suite hands out its files (the rest of addopts: quiet, every core, strict marks)
    options = [o for o in addopts[1].split() if o not in ("-q", "-n", "auto", "--strict-markers")]
    result = pytester.runpytest("-n", "1", *options, "--run-slow", "-v")
    result.assert_outcomes(passed=7)
    ran = [line.split("::")[0].split()[-1] for line in result.outlines if "PASSED" in line]
    files = list(dict.fromkeys(ran))
    assert files == ["test_c_long.py", "test_b_build.py", "test_a_many.py"]
