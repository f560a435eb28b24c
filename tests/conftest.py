"""Shared helpers: building small Meridian records, finding places in them, running the CLI.

``run_cli`` runs a command in-process and ``write`` (a fixture) puts a file in the test's
folder; both are typed, so mypy checks the tests that use them like any other code.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from meridina.notation.driver import GameReport, check_text
from meridina.rules.common import Place

# the markers' hooks (needs.py): `slow` for every test that needs more than Python, left out
# of a bare run outside CI (and said so), the files of slow tests first, and no skipped
# browser or tmux test in CI
from needs import pytest_addoption as add_needs_options
from needs import pytest_collection_modifyitems as pytest_collection_modifyitems
from needs import pytest_itemcollected as pytest_itemcollected
from needs import pytest_runtest_makereport as pytest_runtest_makereport
from needs import pytest_terminal_summary as pytest_terminal_summary
from needs import pytest_testnodedown as pytest_testnodedown

# No test asserts a duration: not hypothesis's either, whose default fails an example that
# takes over 200 ms, and a test whose data takes long to make, both of which a busy machine
# (or a parallel run) brings about.
settings.register_profile("meridina", deadline=None, suppress_health_check=[HealthCheck.too_slow])
# Where CI is set, each test draws its examples from a seed of its own source (derandomize):
# a commit is judged on the same cases at every run, never failed by a case that a later
# run happened to draw. Elsewhere each run draws new ones, and so finds new cases.
settings.register_profile("meridina-ci", settings.get_profile("meridina"), derandomize=True)
settings.load_profile("meridina-ci" if os.environ.get("CI") else "meridina")

FOUR = "Ann orange; Ben black; Cy grey; Di brown"
THREE = "Ann orange; Ben black; Cy grey"
TWO = "Ann orange black; Ben grey brown"
ALL_CARDS = "1 2 3 4 5 6 7 8 9 10 1-2-3 4-5-6-7 8-9-10"

Found = tuple[str, Place | None]


def record(*body: str, players: str = FOUR, tags: tuple[str, ...] = ()) -> str:
    """A Meridian record: the Game and Players tags, extra tag lines, then ``body`` lines."""
    lines = ['[Game "Meridian"]', f'[Players "{players}"]', *tags, *body]
    return "\n".join(lines) + "\n"


def check_one(text: str, base: Path | None = None) -> GameReport:
    """Check a record that holds exactly one game."""
    reports = check_text(text, base)
    assert len(reports) == 1, f"expected one game, got {len(reports)}"
    return reports[0]


def spot(text: str, anchor: str, word: str | None = None) -> Place:
    """The place of ``word`` on the one line of ``text`` holding ``anchor``.

    The word is looked for from where the anchor starts; without a word, the
    anchor's own place is given. Lines and columns count from 1.
    """
    hits = [
        (number, line) for number, line in enumerate(text.split("\n"), start=1) if anchor in line
    ]
    assert len(hits) == 1, f"{anchor!r} is on {len(hits)} lines, not one"
    number, line = hits[0]
    start = line.index(anchor)
    col = start if word is None else line.index(word, start)
    return Place(number, col + 1)


def found(report: GameReport) -> list[Found]:
    """Every problem of a report (warnings too) as (rule, place)."""
    return [(problem.rule, problem.at) for problem in report.problems]


def errors(report: GameReport) -> list[Found]:
    """The errors of a report as (rule, place), in file order."""
    return [(problem.rule, problem.at) for problem in report.errors]


def assert_only(report: GameReport, rule: str, at: Place | None) -> None:
    """The report is invalid and its errors are this one fault (perhaps said twice)."""
    assert not report.valid
    assert set(errors(report)) == {(rule, at)}, report.problems


def assert_legal(report: GameReport) -> None:
    assert report.valid, report.problems
    assert report.run is not None and report.run.sheet is not None


@dataclass(frozen=True)
class Case:
    """``bad`` breaks ``rule`` at ``word`` on the line holding ``anchor``; ``good`` does not."""

    name: str
    rule: str
    bad: str
    anchor: str
    word: str | None
    good: str

    @property
    def at(self) -> Place:
        return spot(self.bad, self.anchor, self.word)


def problem_places(reports: list[GameReport]) -> list[list[tuple[int, int, str]]]:
    """Each game's problems as (line, column, rule), in file order."""
    return [
        [
            (
                problem.at.line if problem.at else 0,
                problem.at.col if problem.at else 0,
                problem.rule,
            )
            for problem in report.problems
        ]
        for report in reports
    ]


def assert_same_text(one: Any, two: Any) -> None:
    """Two readings of a record agree on what is not game-specific: tags, numbers, comments."""
    assert sorted((t.name, t.value) for t in one.game.tags) == sorted(
        (t.name, t.value) for t in two.game.tags
    )
    assert [e.text.number for e in one.entries] == [e.text.number for e in two.entries]
    assert [c.text for c in one.game.comments] == [c.text for c in two.game.comments]
    assert [[c.text for c in e.text.comments] for e in one.entries] == [
        [c.text for c in e.text.comments] for e in two.entries
    ]
    assert [p.rule for p in one.problems] == [p.rule for p in two.problems]


comment_texts = st.text(
    alphabet=st.sampled_from(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,:;!?'\"-@()[]/éüß"
    ),
    max_size=40,
)
tag_texts = st.text(
    alphabet=st.characters(codec="utf-8", exclude_categories=("Cc", "Cs", "Zl", "Zp")),
    max_size=30,
)


# ---------------------------------------------------------------- the command line

Write = Callable[[str, str | bytes], str]


def run_cli(
    *args: str, input_text: str | bytes | None = None, env: dict[str, str] | None = None
) -> Result:
    """Run ``meridina ARGS`` in-process; a crash (anything but an exit) fails the test."""
    from meridina.cli.main import cli

    result = CliRunner().invoke(cli, list(args), input=input_text, env=env)
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


@pytest.fixture
def write(tmp_path: Path) -> Write:
    """Put a file NAME in the test's folder (text as UTF-8, bytes as they are); gives its path."""

    def writer(name: str, content: str | bytes) -> str:
        path = tmp_path / name
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, "utf-8")
        return str(path)

    return writer


def pytest_addoption(parser: Any) -> None:
    add_needs_options(parser)
    parser.addoption(
        "--update-goldens",
        action="store_true",
        default=False,
        help="Rewrite the golden outputs under tests/golden/ from the current code.",
    )
