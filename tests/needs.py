"""What a test needs beyond Python, as markers (registered in pyproject.toml), and their hooks.

Each of NEEDS implies ``slow``, so that ``pytest -m "not slow"`` leaves out every test that
starts a browser, a terminal, a build or a development tool. A bare ``python -m pytest`` (no
file, no ``-m``) is the contributor's loop: it leaves the slow tests out and says so at the
end; ``--run-slow`` runs them too, and where ``CI`` is set (.ci/run sets it) they always run.
There a test needing a browser or tmux that is skipped fails instead: CI installs them.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

NEEDS = ("browser", "tmux", "build", "tool")
# Where CI=true (.ci/run sets it), a test needing these must run: its skip is a failure.
NEVER_SKIPPED_IN_CI = ("browser", "tmux")
# whether a test is marked ``slow`` by its file (minutes of work), not only for what it needs
LONG = pytest.StashKey[bool]()
# how many slow tests a bare run left out: counted where the tests are collected (on each
# pytest-xdist worker, which sends it back in its output), told by the main process
LEFT_OUT = pytest.StashKey[int]()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--run-slow",
        action="store_true",
        help="run the tests marked slow too, which a run naming no test and no -m leaves out "
        "(they always run where CI is set)",
    )


def slow_left_out(config: pytest.Config) -> bool:
    """Whether this run leaves out the slow tests: a run that names no file or test and no
    marker expression, outside CI and without ``--run-slow``. Named tests, or ``-m``, run as
    asked."""
    asked = (
        config.getoption("run_slow")
        or config.getoption("markexpr")
        or config.args_source == pytest.Config.ArgsSource.ARGS
    )
    return not asked and not os.environ.get("CI")


def pytest_itemcollected(item: pytest.Item) -> None:
    item.stash[LONG] = item.get_closest_marker("slow") is not None
    if "browser" in getattr(item, "fixturenames", ()):
        item.add_marker("browser")
    if any(item.get_closest_marker(name) for name in NEEDS):
        item.add_marker("slow")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    outcome = yield
    report: pytest.TestReport = outcome.get_result()
    needs = [name for name in NEVER_SKIPPED_IN_CI if item.get_closest_marker(name)]
    if report.skipped and needs and os.environ.get("CI") and not hasattr(report, "wasxfail"):
        report.outcome = "failed"
        why = report.longrepr[2] if isinstance(report.longrepr, tuple) else report.longrepr
        marked = ", ".join(needs)
        report.longrepr = f"CI must run the tests marked {marked}; this one was skipped: {why}"


# after -k has chosen: the count told is of slow tests the run would have run
@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The files holding tests of minutes of work (marked ``slow`` themselves) run first,
    then those holding other slow tests, then the rest, each file's tests together and in
    order: on several cores the long tests then start early and the short ones even out
    the end, rather than one core running a long test begun last while the others wait.

    pytest-xdist sends each file to one worker (``--dist loadfile``), so a fixture built once
    per module (a browser, a built site, a source distribution, one mypy run) is built once,
    not once on each worker; and it takes the files in this order (``--no-loadscope-reorder``
    in pyproject's addopts: by default it orders them by their number of tests, which put
    the 1,000-game site, a file of few tests, among the last). (``--dist loadgroup`` would
    let a file's tests spread, but pytest 9.2 no longer lets pytest-xdist 3.8 mark a test's
    group: every test ran alone.)"""
    if slow_left_out(config):
        slow = [item for item in items if item.get_closest_marker("slow")]
        if slow:
            config.hook.pytest_deselected(items=slow)
            items[:] = [item for item in items if not item.get_closest_marker("slow")]
        config.stash[LEFT_OUT] = len(slow)
        output = getattr(config, "workeroutput", None)
        if output is not None:
            output["slow_left_out"] = len(slow)
    long_files = {item.path for item in items if item.stash.get(LONG, False)}
    slow_files = {item.path for item in items if item.get_closest_marker("slow")}
    items.sort(key=lambda item: (item.path not in long_files, item.path not in slow_files))


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: object) -> None:
    """A pytest-xdist worker ended: how many slow tests it left out (each collects them all)."""
    count = getattr(node, "workeroutput", {}).get("slow_left_out")
    if count is not None:
        node.config.stash[LEFT_OUT] = count


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    count = config.stash.get(LEFT_OUT, 0)
    if count:
        tests, were = ("test", "was") if count == 1 else ("tests", "were")
        terminalreporter.write_line(
            f"{count} {tests} marked slow (a browser, tmux, builds, development tools, minutes "
            f"of work) {were} left out: `python -m pytest --run-slow` runs them too; CI always "
            "does."
        )
