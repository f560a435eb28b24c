"""What a test needs beyond Python, as markers (registered in pyproject.toml), and their hooks.

Each of NEEDS implies ``slow``, so that ``pytest -m "not slow"`` leaves out every test that
starts a browser, a terminal, a build or a development tool. Where ``CI`` is set (.ci/run
sets it), a test needing a browser or tmux that is skipped fails instead: CI installs them.
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


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
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
    long_files = {item.path for item in items if item.stash.get(LONG, False)}
    slow_files = {item.path for item in items if item.get_closest_marker("slow")}
    items.sort(key=lambda item: (item.path not in long_files, item.path not in slow_files))
