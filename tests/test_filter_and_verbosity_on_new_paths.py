"""--select/--ignore, per-file ignores and -q/-v where they meet the GitLab report, standard
input under --stdin-filename, annotate --check on standard input and annotate --no-problems."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from meridina.cli.main import cli
from test_formats import MERIDIAN_BAD

BROKEN = "MER-R2"  # the rule MERIDIAN_BAD breaks


def run(*args: str, input_text: str | None = None) -> Result:
    result = CliRunner().invoke(cli, list(args), input=input_text)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "records").mkdir()
    (tmp_path / "records" / "bad.mrec").write_text(MERIDIAN_BAD, "utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize("command", ["validate", "score", "replay"])
def test_the_gitlab_report_leaves_out_an_ignored_rule(project: Path, command: str) -> None:
    listed = json.loads(run(command, "records", "--format", "gitlab").stdout)
    assert BROKEN in {issue["check_name"] for issue in listed}
    ignored = run(command, "records", "--format", "gitlab", "--ignore", BROKEN)
    assert ignored.exit_code == 0
    assert BROKEN not in {issue["check_name"] for issue in json.loads(ignored.stdout)}


def test_per_file_ignores_match_the_stdin_filename(project: Path) -> None:
    (project / "meridina.toml").write_text(
        'per-file-ignores = { "records/old/" = ["MER-R2"] }\n', "utf-8"
    )
    args = ["validate", "-", "--stdin-filename"]
    assert run(*args, "records/new.mrec", input_text=MERIDIAN_BAD).exit_code == 1
    assert run(*args, "records/old/a.mrec", input_text=MERIDIAN_BAD).exit_code == 0


def test_annotate_of_named_standard_input_honours_ignore(project: Path) -> None:
    args = ["annotate", "-", "--stdin-filename", "records/a.mrec"]
    listed = run(*args, input_text=MERIDIAN_BAD)
    assert f"records/a.mrec:6:12: {BROKEN}" in listed.stderr
    assert listed.exit_code == 1
    ignored = run(*args, "--ignore", BROKEN, input_text=MERIDIAN_BAD)
    assert BROKEN not in ignored.stderr
    assert ignored.exit_code == 0


def test_annotate_check_on_standard_input_is_silent_with_qq(project: Path) -> None:
    result = run("annotate", "--check", "-", "-qq", input_text=MERIDIAN_BAD)
    assert result.stdout == result.stderr == ""
    assert result.exit_code == 1  # it would change, as without -qq


def test_annotate_no_problems_still_tells_verbosely(project: Path) -> None:
    result = run("annotate", "--in-place", "--no-problems", "-v", "records")
    assert BROKEN not in result.stderr
    assert "records/bad.mrec: rewritten" in result.stdout
    again = run("annotate", "--in-place", "--no-problems", "-v", "records")
    assert "records/bad.mrec: unchanged" in again.stderr
    assert again.stdout == ""
