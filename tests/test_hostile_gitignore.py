"""Exclude and .gitignore patterns: matched in time linear in the name, read with limits.

A pattern like ``*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*b`` took exponential time against a
file named with many ``a``; a .gitignore linked to /dev/zero was read until memory ran out.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import record, run_cli
from growth import growth
from hypothesis import given, settings
from hypothesis import strategies as st
from meridina.cli.files import ignore_patterns
from meridina.cli.files.ignore_patterns import MOST_CHARACTERS, IgnoreSpec
from meridina.cli.files.loading import Selection, record_files

HOSTILE = "*a" * 16 + "*b"


def walk_at(tmp_path: Path, length: int) -> Callable[[], object]:
    """A folder walk past a file named with ``length`` a's, under the hostile pattern."""
    folder = tmp_path / f"walk{length}"
    folder.mkdir()
    (folder / ".gitignore").write_text(HOSTILE + "\n", "utf-8")
    (folder / ("a" * length + ".mrec")).write_text(record("1. orange 7: 3@2"), "utf-8")
    return lambda: run_cli("validate", str(folder))


def test_a_hostile_gitignore_pattern_costs_linear_time(tmp_path: Path) -> None:
    # 24 a's took about a second under the backtracking matcher, 30 took 106 s
    assert growth(lambda length: walk_at(tmp_path, length), 12, factor=2) < 4


def test_a_hostile_exclude_pattern_costs_linear_time(tmp_path: Path) -> None:
    def at(length: int) -> Callable[[], object]:
        folder = tmp_path / f"x{length}"
        folder.mkdir()
        (folder / ("a" * length + ".mrec")).write_text(record("1. orange 7: 3@2"), "utf-8")
        return lambda: run_cli("validate", str(folder), "--extend-exclude", HOSTILE)

    assert growth(at, 12, factor=2) < 4


def count_steps(spec: IgnoreSpec, path: str, monkeypatch: pytest.MonkeyPatch) -> int:
    """How many characters the matcher compares to decide ``path``."""
    steps = 0
    compare = ignore_patterns._token_matches

    def counted(token: ignore_patterns.Token, character: str) -> bool:
        nonlocal steps
        steps += 1
        return compare(token, character)

    monkeypatch.setattr(ignore_patterns, "_token_matches", counted)
    spec.check_file(path)
    monkeypatch.setattr(ignore_patterns, "_token_matches", compare)
    return steps


# patterns that never match a folder of the chain, so every one is tried at every entry:
# by the entry's name, and with a "/", carried down the chain
CHAIN_SHAPES = ["a*b{}", "**/a*b{}/**"]


def chain(tmp_path: Path, depth: int) -> Path:
    """``records/a/a/.../a/x.mrec``: one chain of ``depth`` folders, a record at its end."""
    top = tmp_path / f"chain{depth}" / "records"
    deepest = top.joinpath(*["a"] * depth)
    deepest.mkdir(parents=True)
    (deepest / "x.mrec").write_text(record("1. orange 7: 3@2"), "utf-8")
    return top


def names_matched(monkeypatch: pytest.MonkeyPatch, walk: Callable[[], object]) -> int:
    """How many times a pattern's segment is matched against a name during ``walk``."""
    calls = 0
    match = ignore_patterns._name_matches

    def counted(segment: ignore_patterns.Segment, name: str) -> bool:
        nonlocal calls
        calls += 1
        return match(segment, name)

    monkeypatch.setattr(ignore_patterns, "_name_matches", counted)
    walk()
    monkeypatch.setattr(ignore_patterns, "_name_matches", match)
    return calls


@pytest.mark.parametrize("shape", CHAIN_SHAPES)
@pytest.mark.parametrize("through", ["gitignore", "extend-exclude"])
def test_a_deep_walk_matches_each_name_once_per_pattern(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, through: str, shape: str
) -> None:
    # every prefix of every path against every pattern took depth cubed times the patterns:
    # 1,000 patterns and 160 folders, seven minutes
    patterns = [shape.format(number) for number in range(200)]

    def count_at(depth: int) -> int:
        top = chain(tmp_path, depth)
        if through == "gitignore":
            (top / ".gitignore").write_text("\n".join(patterns) + "\n", "utf-8")
            selection = Selection()
        else:
            selection = Selection(extend_exclude=tuple(patterns), respect_gitignore=False)
        found: list[object] = []
        calls = names_matched(
            monkeypatch, lambda: found.extend(record_files([str(top)], selection))
        )
        assert found == [str(top.joinpath(*["a"] * depth, "x.mrec"))]
        return calls

    shallow, deep = count_at(10), count_at(40)
    entries = 40 + 1  # the folders below the top and the record
    # a name once per pattern; a folder once more for "inside it" (the "/**" patterns)
    assert deep <= 2.2 * entries * len(patterns)
    assert deep <= 4.4 * shallow  # four times the entries, four times the work


@pytest.mark.parametrize("length", [30, 60, 240])
def test_matching_work_is_at_most_pattern_times_name(
    length: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    spec = IgnoreSpec.from_lines([HOSTILE])
    steps = count_steps(spec, "a" * length, monkeypatch)
    doubled = count_steps(spec, "a" * (2 * length), monkeypatch)
    assert steps <= len(HOSTILE) * length
    assert doubled <= 2.2 * steps


CASES = [
    ("*.mrec", "club/a.mrec", True),
    ("*.mrec", "club/a.mrec.bak", None),
    ("build/", "build/", True),
    ("build/", "build", None),
    ("build/", "club/build/", True),
    ("/top.mrec", "top.mrec", True),
    ("/top.mrec", "club/top.mrec", None),
    ("doc/*.mrec", "doc/a.mrec", True),
    ("doc/*.mrec", "doc/x/a.mrec", None),
    ("a/**/b", "a/b", True),
    ("a/**/b", "a/x/y/b", True),
    ("a/**", "a/x/y", True),
    ("a/**", "a", None),
    ("**/x", "p/q/x", True),
    ("[ab]?.mrec", "bz.mrec", True),
    ("[!ab]?.mrec", "bz.mrec", None),
    ("\\#x", "#x", True),
    ("# comment", "# comment", None),
    ("old", "old/game.mrec", True),
]


@pytest.mark.parametrize(("pattern", "path", "verdict"), CASES)
def test_patterns_follow_gitignore_rules(pattern: str, path: str, verdict: bool | None) -> None:
    assert IgnoreSpec.from_lines([pattern]).check_file(path) is verdict


def test_the_last_matching_pattern_decides() -> None:
    spec = IgnoreSpec.from_lines(["*.mrec", "!keep.mrec"])
    assert spec.check_file("keep.mrec") is False
    assert spec.check_file("drop.mrec") is True


@settings(max_examples=300, deadline=None)
@given(
    st.text(alphabet="a*?/b[]!", max_size=MOST_CHARACTERS // 16),
    st.text(alphabet="ab/*", max_size=200),
)
def test_any_pattern_against_any_path_is_decided(pattern: str, path: str) -> None:
    IgnoreSpec.from_lines([pattern]).check_file(path)


def test_an_unreasonable_pattern_is_refused_with_its_file_and_line(tmp_path: Path) -> None:
    (tmp_path / "club").mkdir()
    (tmp_path / "club" / "a.mrec").write_text(record("1. orange 7: 3@2"), "utf-8")
    long_pattern = "*" + "a" * MOST_CHARACTERS
    (tmp_path / "club" / ".gitignore").write_text(f"# ok\nold/\n{long_pattern}\n", "utf-8")
    result = run_cli("validate", str(tmp_path / "club"))
    assert result.exit_code == 2
    assert f"{tmp_path / 'club' / '.gitignore'}:3: REC-0" in result.stderr
    assert "1 game in 2 files" in result.stdout  # the record is still checked


def test_an_unreasonable_exclude_pattern_is_refused(tmp_path: Path) -> None:
    (tmp_path / "a.mrec").write_text(record("1. orange 7: 3@2"), "utf-8")
    result = run_cli("validate", str(tmp_path), "--exclude", "a" * (MOST_CHARACTERS + 1))
    assert result.exit_code == 2
    assert "--exclude" in result.stderr and "at most" in result.stderr


def test_a_large_gitignore_is_not_read(tmp_path: Path) -> None:
    (tmp_path / "a.mrec").write_text(record("1. orange 7: 3@2"), "utf-8")
    (tmp_path / ".gitignore").write_text("# padding\n" * 300_000)  # 3 MB took 46 s to read
    result = run_cli("validate", str(tmp_path))
    assert result.exit_code == 2
    assert ".gitignore: REC-0 is" in result.stderr and "bytes" in result.stderr


@pytest.mark.parametrize("kind", ["link to /dev/zero", "fifo", "folder"])
def test_a_gitignore_that_is_no_small_regular_file_is_not_read(tmp_path: Path, kind: str) -> None:
    (tmp_path / "a.mrec").write_text(record("1. orange 7: 3@2"), "utf-8")
    ignore = tmp_path / ".gitignore"
    if kind == "fifo":
        if not hasattr(os, "mkfifo"):
            pytest.skip("needs FIFOs")
        os.mkfifo(ignore)
    elif kind == "folder":
        ignore.mkdir()
    else:
        ignore.symlink_to("/dev/zero")
    result = run_cli("validate", str(tmp_path))
    assert result.exit_code == 2
    assert ".gitignore: REC-0" in result.stderr
    assert "1 game in 2 files" in result.stdout


def whole_path_verdict(patterns: list[str], path: str) -> bool | None:
    """The verdict matched the plain way: each prefix, then the path, against every pattern."""
    compiled = [p for p in map(ignore_patterns.compile_pattern, patterns) if p is not None]

    def verdict(names: list[str], is_folder: bool) -> bool | None:
        decided = None
        for pattern in compiled:
            if pattern.folders_only and not is_folder:
                continue
            shown = [*names, ""] if pattern.inside_only and is_folder else names
            segments = pattern.segments
            if ignore_patterns._greedy(
                segments, shown, ignore_patterns.ANY_SEGMENTS, ignore_patterns._name_matches
            ):
                decided = not pattern.negated
        return decided

    names = [name for name in path.split("/") if name]
    if any(verdict(names[:depth], True) for depth in range(1, len(names))):
        return True
    return verdict(names, path.endswith("/"))


@settings(max_examples=400, deadline=None)
@given(
    st.lists(st.text(alphabet="ab*?/!", min_size=1, max_size=10), max_size=4),
    st.text(alphabet="ab/", max_size=14),
)
def test_a_walk_decides_as_matching_the_whole_path_does(patterns: list[str], path: str) -> None:
    assert IgnoreSpec.from_lines(patterns).check_file(path) is whole_path_verdict(patterns, path)
