"""Standard input in ``annotate --check -`` and ``--diff -``, and ``--stdin-filename NAME``.

As ruff and black do: with ``-``, the problems name NAME, and NAME is matched by the exclude
patterns where files named one by one are (``--force-exclude``); an excluded input is given
back unchanged, or passes a check.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import record
from conftest import run_cli as run

BAD = record("1. orange 7: 3@2", "2. black 7: 3@4")  # MER-R2 on line 4
CANONICAL = record("1. orange 7: 3@2")


@pytest.fixture(autouse=True)
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def canonical_without_notes() -> str:
    result = run("annotate", "--no-notes", "-", input_text=CANONICAL)
    assert result.exit_code == 0
    return result.stdout


def test_check_reads_standard_input() -> None:
    text = canonical_without_notes()
    assert run("annotate", "--check", "--no-notes", "-", input_text=text).exit_code == 0
    changed = run("annotate", "--check", "-", input_text=text)
    assert (changed.exit_code, changed.stdout) == (1, "-: would change\n")
    named = run("annotate", "--check", "-", "--stdin-filename", "club/a.mrec", input_text=text)
    assert (named.exit_code, named.stdout) == (1, "club/a.mrec: would change\n")


def test_diff_reads_standard_input_and_names_it() -> None:
    text = canonical_without_notes()
    result = run("annotate", "--diff", "-", "--stdin-filename", "club/a.mrec", input_text=text)
    assert result.exit_code == 1
    assert result.stdout.startswith("--- club/a.mrec\n+++ club/a.mrec\n@@ ")
    assert "+1. orange 7: 3@2 {= " in result.stdout
    same = run("annotate", "--diff", "--no-notes", "-", input_text=text)
    assert (same.exit_code, same.stdout) == (0, "")


def test_the_diff_of_standard_input_is_the_diff_of_the_same_file() -> None:
    Path("a.mrec").write_text(BAD, "utf-8")
    from_file = run("annotate", "--diff", "a.mrec")
    from_stdin = run("annotate", "--diff", "-", "--stdin-filename", "a.mrec", input_text=BAD)
    assert (from_stdin.exit_code, from_stdin.stdout) == (from_file.exit_code, from_file.stdout)


@pytest.mark.parametrize(
    "args",
    [
        ["annotate"],
        ["annotate", "-o", "out.mrec"],
        ["annotate", "--format", "json"],
        ["validate"],
        ["replay"],
        ["score"],
    ],
)
def test_problems_name_the_stdin_filename(args: list[str]) -> None:
    result = run(*args, "-", "--stdin-filename", "club/a.mrec", input_text=BAD)
    assert "club/a.mrec:4:" in result.stdout + result.stderr
    assert "-:4:" not in result.stdout + result.stderr


@pytest.mark.parametrize("command", ["validate", "replay", "score"])
def test_reports_name_the_stdin_filename(command: str) -> None:
    args = [command, "-", "--stdin-filename", "club/a.mrec"]
    gitlab = json.loads(run(*args, "--format", "gitlab", input_text=BAD).stdout)
    assert [issue["location"]["path"] for issue in gitlab] == ["club/a.mrec"]
    data = json.loads(run(*args, "--format", "json", input_text=BAD).stdout)
    assert [entry["file"] for entry in data["files"]] == ["club/a.mrec"]


def test_an_unreadable_input_is_named_too() -> None:
    for args in (["validate"], ["annotate", "--check"], ["annotate", "--diff"]):
        result = run(*args, "-", "--stdin-filename", "b.mrec", input_text=b"\xff")
        assert result.exit_code == 2
        assert "b.mrec:1:1: REC-0 is not valid UTF-8" in result.stdout + result.stderr


def test_an_excluded_name_is_skipped_as_a_file_named_alone_is() -> None:
    name = ["--stdin-filename", "build/a.mrec"]
    # checked like a file named alone, unless --force-exclude applies the patterns to it
    assert run("validate", "-", *name, input_text=BAD).exit_code == 1
    skipped = run("validate", "-", *name, "--force-exclude", input_text=BAD)
    assert skipped.exit_code == 0 and "0 games in 0 files" in skipped.stdout
    for mode in ("--check", "--diff"):
        result = run("annotate", mode, "-", *name, "--force-exclude", input_text=BAD)
        assert (result.exit_code, result.stdout) == (0, "")
    given_back = run("annotate", "-", *name, "--force-exclude", input_text=BAD)
    assert (given_back.exit_code, given_back.stdout) == (0, BAD)
    run("annotate", "-", *name, "--force-exclude", "-o", "out.mrec", input_text=BAD)
    assert Path("out.mrec").read_text("utf-8") == BAD


def test_stdin_filename_needs_standard_input() -> None:
    Path("a.mrec").write_text(BAD, "utf-8")
    for command in ("validate", "annotate", "replay", "score"):
        result = run(command, "a.mrec", "--stdin-filename", "x.mrec")
        assert result.exit_code == 2
        assert "give '-' as a path" in result.stderr


def test_in_place_still_needs_files() -> None:
    result = run("annotate", "--in-place", "-", input_text=BAD)
    assert result.exit_code == 2
    assert "--in-place works on files, not '-'" in result.stderr


@pytest.mark.parametrize("command", ["validate", "annotate"])
def test_board_files_are_found_beside_the_stdin_filename(command: str) -> None:
    bundled = Path(__file__).resolve().parent.parent / "rules" / "meridian" / "boards"
    Path("club").mkdir()
    Path("club/own.toml").write_text(
        (bundled / "five-city.toml").read_text("utf-8").replace('"five-city"', '"own"'), "utf-8"
    )
    text = '[Game "Meridian"]\n[Board "own.toml"]\n[Players "Ann orange grey; Ben black brown"]\n'
    unnamed = run(command, "-", input_text=text)
    assert unnamed.exit_code == 1 and "MER-B1" in unnamed.stdout + unnamed.stderr
    named = run(command, "-", "--stdin-filename", "club/game.mrec", input_text=text)
    assert named.exit_code == 0, named.stdout + named.stderr
