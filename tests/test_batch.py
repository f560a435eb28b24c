"""Many records at once: bad paths do not stop a batch, folder walks, excludes, options."""

from __future__ import annotations

import gc
import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from meridina.cli.main import cli
from meridina.cli.running.batch import YOUNG_COLLECTION, Progress, fewer_collections
from test_formats import MEDINA_BAD, MEDINA_OK, MERIDIAN_BAD, MERIDIAN_OK

MAIN = "from meridina.cli.launch import main; main()"


def run(*args: str, env: dict[str, str] | None = None) -> Result:
    result = CliRunner().invoke(cli, list(args), env=env)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result


def files_of(result: Result) -> dict[str, str | None]:
    """Each path of a validate --format json run, with its error."""
    return {entry["file"]: entry["error"] for entry in json.loads(result.stdout)["files"]}


def make(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, "utf-8")


@pytest.fixture
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


# ---------------------------------------------------------------- a bad path never stops a batch


def test_an_empty_folder_is_reported_and_the_others_are_checked(in_tmp: Path) -> None:
    make(in_tmp, {"a.mrec": MERIDIAN_OK, "b.mrec": MEDINA_OK})
    (in_tmp / "empty").mkdir()
    text = run("validate", "a.mrec", "empty", "b.mrec")
    assert text.exit_code == 2
    assert "meridina: empty: REC-0 no record files (*.mrec) in this folder" in text.stderr
    assert text.stdout.splitlines()[-1] == (
        "2 games in 3 files: 2 valid, 0 invalid; 1 file unreadable"
    )
    data = run("validate", "a.mrec", "empty", "b.mrec", "--format", "json")
    assert data.exit_code == 2
    assert files_of(data) == {
        "a.mrec": None,
        "empty": "empty: REC-0 no record files (*.mrec) in this folder",
        "b.mrec": None,
    }


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_fifos_and_broken_links_in_a_folder_are_reported(in_tmp: Path) -> None:
    make(in_tmp, {"club/a.mrec": MERIDIAN_BAD})
    os.mkfifo(in_tmp / "club" / "pipe.mrec")
    (in_tmp / "club" / "gone.mrec").symlink_to(in_tmp / "nowhere.mrec")
    result = run("validate", "club", "--format", "json")
    assert result.exit_code == 2
    errors = files_of(result)
    assert errors["club/a.mrec"] is None
    assert "FIFO" in (errors["club/pipe.mrec"] or "")
    assert "broken link" in (errors["club/gone.mrec"] or "")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
@pytest.mark.parametrize("command", ["validate", "replay", "score"])
def test_a_fifo_on_the_command_line_is_refused_without_waiting(in_tmp: Path, command: str) -> None:
    os.mkfifo(in_tmp / "pipe.mrec")
    make(in_tmp, {"ok.mrec": MERIDIAN_OK})
    done = subprocess.run(
        [sys.executable, "-c", MAIN, command, "pipe.mrec", "ok.mrec"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=in_tmp,
    )
    assert done.returncode == 2
    assert "pipe.mrec: REC-0 is a FIFO (named pipe), not a record file" in done.stderr


# ---------------------------------------------------------------- what a folder walk keeps


def test_folder_walk_skips_tool_folders_and_gitignored_files(in_tmp: Path) -> None:
    make(
        in_tmp,
        {
            "records/a.mrec": MERIDIAN_OK,
            "records/drafts/b.mrec": MERIDIAN_BAD,
            "records/drafts/keep.mrec": MEDINA_OK,
            "records/node_modules/c.mrec": MERIDIAN_BAD,
            "records/.hg/d.mrec": MERIDIAN_BAD,
            "records/venv/f.mrec": MERIDIAN_BAD,
            "records/build/e.mrec": MERIDIAN_BAD,
            "records/scratch.mrec": MEDINA_BAD,
            ".gitignore": "scratch.mrec\nrecords/drafts/*\n!records/drafts/keep.mrec\n",
        },
    )
    (in_tmp / ".git").mkdir()
    result = run("validate", "records", "--format", "json")
    assert list(files_of(result)) == ["records/a.mrec", "records/drafts/keep.mrec"]
    assert result.exit_code == 0
    everything = run("validate", "records", "--no-respect-gitignore", "--format", "json")
    assert list(files_of(everything)) == [
        "records/a.mrec",
        "records/drafts/b.mrec",
        "records/drafts/keep.mrec",
        "records/scratch.mrec",
    ]


def test_exclude_replaces_the_defaults_and_extend_exclude_adds(in_tmp: Path) -> None:
    make(
        in_tmp,
        {"r/a.mrec": MERIDIAN_OK, "r/old/b.mrec": MERIDIAN_OK, "r/build/c.mrec": MEDINA_OK},
    )
    assert list(files_of(run("validate", "r", "--format", "json"))) == ["r/a.mrec", "r/old/b.mrec"]
    extended = run("validate", "r", "--extend-exclude", "old/", "--format", "json")
    assert list(files_of(extended)) == ["r/a.mrec"]
    replaced = run("validate", "r", "--exclude", "old", "--format", "json")
    assert list(files_of(replaced)) == ["r/a.mrec", "r/build/c.mrec"]


def test_force_exclude_skips_named_files_that_an_exclude_pattern_covers(in_tmp: Path) -> None:
    make(
        in_tmp,
        {"r/a.mrec": MERIDIAN_OK, "r/old/b.mrec": MERIDIAN_BAD, "r/build/c.mrec": MEDINA_BAD},
    )
    named = ("r/a.mrec", "r/old/b.mrec", "./r/build/c.mrec", str(in_tmp / "r/old/b.mrec"))
    as_named = run("validate", *named, "--extend-exclude", "old/", "--format", "json")
    assert len(list(files_of(as_named))) == 4  # a file named one by one is checked
    forced = run(
        "validate", *named, "--extend-exclude", "old/", "--force-exclude", "--format", "json"
    )
    assert list(files_of(forced)) == ["r/a.mrec"]
    assert forced.exit_code == 0


def test_quoted_globs_are_expanded(in_tmp: Path) -> None:
    make(in_tmp, {"r/x/a.mrec": MERIDIAN_OK, "r/b.mrec": MEDINA_OK, "r/c.txt": "no"})
    result = run("validate", "r/**/*.mrec", "--format", "json")
    assert list(files_of(result)) == ["r/b.mrec", "r/x/a.mrec"]
    nothing = run("validate", "r/*.nope")
    assert nothing.exit_code == 2
    assert "r/*.nope: REC-0 no file matches this pattern" in nothing.stderr


# ---------------------------------------------------------------- choosing and summing problems


def test_quiet_prints_problems_only(in_tmp: Path) -> None:
    make(in_tmp, {"bad.mrec": MERIDIAN_BAD})
    result = run("validate", "bad.mrec", "-q")
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        "bad.mrec:6:12: MER-R2 a tower 3 high already stands on this meridian (orange)"
    ]


def test_statistics_count_each_rule(in_tmp: Path) -> None:
    make(in_tmp, {"a.mrec": MERIDIAN_BAD + "\n" + MERIDIAN_BAD, "b.mrec": MEDINA_BAD})
    result = run("validate", "a.mrec", "b.mrec", "--statistics", "-q")
    assert result.exit_code == 1
    rows = [line.split(None, 2) for line in result.stdout.splitlines()]
    assert [row[:2] for row in rows] == [["2", "MER-R2"], ["1", "MED-R1"]]
    assert rows[0][2] == "Different heights"
    data = json.loads(
        run("validate", "a.mrec", "b.mrec", "--statistics", "--format", "json").stdout
    )
    assert [(s["rule"], s["count"]) for s in data["statistics"]] == [("MER-R2", 2), ("MED-R1", 1)]
    assert run("validate", "a.mrec", "--statistics", "--format", "sarif").exit_code == 2


def test_exit_zero_forgives_problems_but_not_unreadable_paths(in_tmp: Path) -> None:
    make(in_tmp, {"bad.mrec": MERIDIAN_BAD})
    assert run("validate", "bad.mrec", "--exit-zero").exit_code == 0
    assert run("validate", "bad.mrec", "missing.mrec", "--exit-zero").exit_code == 2


@pytest.mark.parametrize(
    ("options", "rules", "status"),
    [
        ([], ["MER-R2", "MED-R1"], 1),
        (["--select", "MED-"], ["MED-R1"], 1),
        (["--select", "MER-R2", "--select", "MED-R1"], ["MER-R2", "MED-R1"], 1),
        (["--ignore", "MER-R"], ["MED-R1"], 1),
        (["--select", "REC-"], [], 0),
        (["--select", "MED", "--ignore", "MED-R1"], [], 0),
    ],
)
def test_select_and_ignore_by_rule_prefix(
    in_tmp: Path, options: list[str], rules: list[str], status: int
) -> None:
    make(in_tmp, {"a.mrec": MERIDIAN_BAD, "b.mrec": MEDINA_BAD})
    result = run("validate", "a.mrec", "b.mrec", "--format", "json", *options)
    data = json.loads(result.stdout)
    found = [p["rule"] for f in data["files"] for g in f["games"] for p in g["problems"]]
    assert found == rules
    assert result.exit_code == status
    assert data["invalid"] == len(rules)


# ---------------------------------------------------------------- source lines and colour


def test_show_source_puts_a_caret_under_the_column(in_tmp: Path) -> None:
    make(in_tmp, {"bad.mrec": MERIDIAN_BAD})
    lines = run("validate", "bad.mrec", "--show-source", "-q").stdout.splitlines()
    assert lines[1] == "    6 | 3. grey 7: 3@4"
    assert lines[2].index("^") - lines[2].index("|") == lines[1].index("3@4") - lines[1].index("|")
    assert "|" not in run("validate", "bad.mrec", "-q").stdout  # not a terminal: off by default


def test_show_source_keeps_a_long_line_short(in_tmp: Path) -> None:
    make(in_tmp, {"long.mrec": MERIDIAN_OK + "3. grey 7:" + " " * 5000 + "3@4\n"})
    lines = run("validate", "long.mrec", "--show-source", "-q").stdout.splitlines()
    problem = lines.index(next(line for line in lines if "long.mrec:6:" in line))
    shown, caret = lines[problem + 1], lines[problem + 2]
    assert len(shown) < 130 and shown.endswith("3@4")
    assert shown[caret.index("^")] == "3"


@pytest.mark.parametrize(
    ("options", "env", "coloured"),
    [
        ([], {}, False),
        (["--color", "always"], {}, True),
        ([], {"FORCE_COLOR": "1"}, True),
        ([], {"FORCE_COLOR": "1", "NO_COLOR": "1"}, False),
        (["--color", "always"], {"NO_COLOR": "1"}, True),
        (["--color", "never"], {"FORCE_COLOR": "1"}, False),
    ],
)
def test_colour_follows_the_option_then_no_color_and_force_color(
    in_tmp: Path, options: list[str], env: dict[str, str], coloured: bool
) -> None:
    make(in_tmp, {"bad.mrec": MERIDIAN_BAD})
    result = run("validate", "bad.mrec", *options, env={"NO_COLOR": "", "FORCE_COLOR": "", **env})
    assert ("\x1b[" in result.stdout) is coloured
    assert "MER-R2" in result.stdout


def test_no_progress_bar_when_stderr_is_not_a_terminal(in_tmp: Path) -> None:
    make(in_tmp, {f"r/{n}.mrec": MERIDIAN_OK for n in range(5)})
    # only the stand-in board's note, said once for the five games, and no progress bar
    (line,) = run("validate", "r").stderr.splitlines()
    assert line.startswith("Board five-city is a stand-in layout")


def test_quiet_text_output_asks_no_game_whether_its_board_is_a_stand_in(
    in_tmp: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """-q drops the stand-in note, so no game's board is looked at for it."""
    import meridina.cli.commands.validate_cmd as validate_cmd

    asked: list[object] = []

    def stand_in_line(board: object) -> str | None:
        asked.append(board)
        return None

    monkeypatch.setattr(validate_cmd, "stand_in_line", stand_in_line)
    make(in_tmp, {f"r/{n}.mrec": MERIDIAN_OK for n in range(3)})
    quiet = run("validate", "-q", "r")
    assert (quiet.exit_code, quiet.stdout, quiet.stderr, asked) == (0, "", "", [])
    run("validate", "r")
    assert len(asked) == 3  # without -q, each game's board is asked about for the note


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(("ci", "shown"), [("", True), ("true", False)])
def test_progress_bar_only_on_a_terminal_outside_ci(
    monkeypatch: pytest.MonkeyPatch, ci: str, shown: bool
) -> None:
    terminal = FakeTerminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    monkeypatch.setenv("CI", ci)
    monkeypatch.setattr(Progress, "DELAY", 0.0)
    progress = Progress(4)
    progress.step()
    progress.step()
    assert ("2/4 files" in terminal.getvalue()) is shown
    progress.clear()
    assert terminal.getvalue().endswith("\r\x1b[K") is shown


def test_a_run_collects_young_objects_less_often_and_then_as_before() -> None:
    before = gc.get_threshold()
    with fewer_collections():
        during = gc.get_threshold()
    assert during == (max(before[0], YOUNG_COLLECTION), *before[1:])
    assert gc.get_threshold() == before
    gc.set_threshold(0, *before[1:])  # collection switched off stays off
    try:
        with fewer_collections():
            assert gc.get_threshold()[0] == 0
    finally:
        gc.set_threshold(*before)


def git(folder: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@t", "-c", "init.defaultBranch=main",
         *args],
        cwd=folder, check=True, capture_output=True,
    )  # fmt: skip


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_a_tracked_record_is_checked_whatever_gitignore_says(
    in_tmp: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """git ignores only untracked files: a .gitignore naming a tracked record does not take
    it out of the repository, nor out of the check."""
    make(in_tmp, {"records/bad.mrec": MERIDIAN_BAD, "records/old/worse.mrec": MERIDIAN_BAD})
    git(in_tmp, "init", "-q")
    git(in_tmp, "add", "records")
    git(in_tmp, "commit", "-q", "-m", "records")
    make(
        in_tmp,
        {
            "records/scratch.mrec": MEDINA_BAD,
            "records/old/draft.mrec": MEDINA_BAD,
            ".gitignore": "bad.mrec\nold/\nscratch.mrec\ndraft.mrec\n",
        },
    )
    result = run("validate", "records", "--format", "json")
    assert list(files_of(result)) == ["records/bad.mrec", "records/old/worse.mrec"]
    assert result.exit_code == 1
    # the folder named is itself ignored: its tracked records are still checked
    (in_tmp / ".gitignore").write_text("records/\n", "utf-8")
    whole = run("validate", "records", "--format", "json")
    assert list(files_of(whole)) == ["records/bad.mrec", "records/old/worse.mrec"]
    (in_tmp / ".gitignore").write_text("bad.mrec\nold/\nscratch.mrec\ndraft.mrec\n", "utf-8")
    # without git, the walk goes by the .gitignore alone
    monkeypatch.setenv("PATH", str(in_tmp / "nowhere"))
    alone = run("validate", "records", "--format", "json")
    assert alone.exit_code == 2  # no record left in the folder
