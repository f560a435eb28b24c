"""-q, -qq and -v mean the same on every command that reports."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from meridina.cli.main import cli
from test_formats import MERIDIAN_BAD

BROKEN = "MER-R2"
STAND_IN = "stand-in layout"  # the note on the bundled board, said on standard error


def run(*args: str) -> Result:
    result = CliRunner().invoke(cli, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


@pytest.fixture
def records(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "a.mrec").write_text(MERIDIAN_BAD, "utf-8")
    (tmp_path / "b.mrec").write_text(MERIDIAN_BAD, "utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


REPORTING = ["validate", "score", "replay"]


@pytest.mark.parametrize("command", REPORTING)
def test_quiet_keeps_the_problems_and_drops_the_rest(records: Path, command: str) -> None:
    loud = run(command, "a.mrec", "b.mrec")
    quiet = run(command, "a.mrec", "b.mrec", "-q")
    assert loud.exit_code == quiet.exit_code == 1
    listed = ".mrec:6:12: MER-R2"
    assert quiet.output.count(listed) == loud.output.count(listed) == 2
    assert STAND_IN not in quiet.stderr
    assert "== a.mrec" not in quiet.stdout
    assert "1 game in" not in quiet.stdout
    assert len(quiet.output) < len(loud.output)


@pytest.mark.parametrize("command", [*REPORTING, "annotate"])
def test_quiet_twice_says_nothing_and_keeps_the_exit_status(records: Path, command: str) -> None:
    args = [command, "a.mrec"] if command != "annotate" else [command, "--check", "a.mrec"]
    result = run(*args, "-qq")
    assert result.exit_code == 1
    assert result.stdout == result.stderr == ""


def test_quiet_twice_still_writes_the_record_asked_for(records: Path) -> None:
    result = run("annotate", "a.mrec", "-qq")
    assert result.exit_code == 1
    assert result.stderr == ""
    assert result.stdout.startswith('[Game "Meridian"]')
    drawn = run("draw", "a.mrec", "-qq")
    assert drawn.stdout.startswith("<svg") and drawn.stderr == ""


def test_quiet_twice_still_writes_the_report_file_asked_for(records: Path) -> None:
    result = run("validate", "a.mrec", "-qq", "-o", "report.txt")
    assert result.exit_code == 1
    assert result.output == ""
    assert BROKEN in (records / "report.txt").read_text("utf-8")


@pytest.mark.parametrize("command", REPORTING)
def test_verbose_tells_each_file_and_the_counts(records: Path, command: str) -> None:
    result = run(command, "a.mrec", "b.mrec", "-v")
    assert "checked a.mrec: 1 game, 1 problem" in result.stderr
    assert "checked b.mrec: 1 game, 1 problem" in result.stderr
    assert "2 files, 2 games in " in result.stderr
    assert "checked" not in run(command, "a.mrec").stderr


def test_verbose_annotate_tells_the_files_left_as_they_are(records: Path) -> None:
    assert run("annotate", "--in-place", "a.mrec").exit_code == 1
    result = run("annotate", "--check", "a.mrec", "b.mrec", "-v")
    assert "a.mrec: unchanged" in result.stderr
    assert result.stdout == "b.mrec: would change\n"
    rewritten = run("annotate", "--in-place", "a.mrec", "b.mrec", "-v")
    assert "a.mrec: unchanged" in rewritten.stderr
    assert "b.mrec: rewritten" in rewritten.stderr


def test_quiet_draw_drops_the_note_and_verbose_tells_what_was_drawn(records: Path) -> None:
    assert STAND_IN in run("draw", "a.mrec").stderr
    quiet = run("draw", "a.mrec", "-q")
    assert STAND_IN not in quiet.stderr and BROKEN in quiet.stderr
    assert "a.mrec: game 1 drawn after 3 turns" in run("draw", "a.mrec", "-v").stderr


@pytest.mark.parametrize("command", [*REPORTING, "annotate", "draw"])
def test_quiet_and_verbose_together_are_a_usage_error(records: Path, command: str) -> None:
    result = run(command, "a.mrec", "-q", "-v")
    assert result.exit_code == 2
    assert "-q and -v cannot be used together" in result.stderr


def test_quiet_in_the_config_is_one_q(records: Path) -> None:
    (records / "meridina.toml").write_text("quiet = true\n", "utf-8")
    result = run("validate", "a.mrec")
    assert BROKEN in result.stdout
    assert "1 game in" not in result.stdout


@pytest.mark.parametrize("silent", ["-s", "--silent"])
def test_silent_is_quiet_twice(records: Path, silent: str) -> None:
    result = run("validate", "a.mrec", silent)
    assert result.exit_code == 1
    assert result.output == ""


def test_import_silent_drops_its_warnings_and_verbose_tells_each_file(records: Path) -> None:
    from boardspace_files import Moves, game_file

    whole = game_file(Moves().start(0).piece(0, "orange", "E5").done(0).moves)
    (records / "open.sgf").write_text(whole.rstrip().removesuffix(")"), "utf-8")
    told = run("import", "boardspace", "open.sgf", "-v")
    assert "REC-1 warning" in told.stderr and "converted open.sgf" in told.stderr
    silent = run("import", "boardspace", "open.sgf", "-qq")
    assert silent.exit_code == 0 and silent.stderr == ""
    assert silent.stdout.endswith("1. blue orange@E5\n")


def test_board_check_quiet_keeps_the_warnings_only(records: Path) -> None:
    loud = run("board", "check", "five-city")
    quiet = run("board", "check", "five-city", "-q")
    assert "no faults" in loud.stdout and "no faults" not in quiet.stdout
    assert "MER-B2 warning" in quiet.stdout and quiet.exit_code == 0
    assert run("board", "check", "five-city", "--silent").output == ""


def test_what_a_silent_run_drops_is_not_kept() -> None:
    from meridina.cli.commands.verbosity import Dropped

    stream = Dropped()
    assert stream.write("x" * 1000) == 1000
    assert stream.getvalue() == ""


@pytest.mark.parametrize("command", [*REPORTING, "annotate"])
def test_verbose_tells_what_the_excludes_and_gitignore_leave_out(
    records: Path, command: str
) -> None:
    (records / "recs" / "old").mkdir(parents=True)
    (records / "recs" / "build").mkdir()
    for name in ("a.mrec", "old/b.mrec", "build/c.mrec", "tmp.mrec"):
        (records / "recs" / name).write_text(MERIDIAN_BAD, "utf-8")
    (records / "recs" / ".gitignore").write_text("tmp.mrec\n", "utf-8")
    extra = ["--check"] if command == "annotate" else []
    result = run(command, *extra, "recs", "--extend-exclude", "old", "-v")
    told = [line for line in result.stderr.splitlines() if line.startswith("skipped")]
    assert told == [
        "skipped recs/build/ (excluded)",
        "skipped recs/old/ (excluded)",
        "skipped recs/tmp.mrec (ignored by .gitignore)",
    ]
    assert "skipped" not in run(command, *extra, "recs", "--extend-exclude", "old").stderr


def test_verbose_tells_a_file_named_but_excluded_with_force_exclude(records: Path) -> None:
    result = run("validate", "a.mrec", "b.mrec", "--force-exclude", "--exclude", "b.*", "-v")
    assert "skipped b.mrec (excluded)" in result.stderr
    assert "checked a.mrec" in result.stderr
