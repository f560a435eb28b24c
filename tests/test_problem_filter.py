"""--select and --ignore on every command that lists problems, and per-file ignores."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from meridina.cli.main import cli
from test_formats import MEDINA_BAD, MERIDIAN_BAD

# MERIDIAN_BAD breaks MER-R2 (a second tower on a meridian)
BROKEN = "MER-R2"


def run(*args: str) -> Result:
    result = CliRunner().invoke(cli, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "records" / "old").mkdir(parents=True)
    (tmp_path / "records" / "new.mrec").write_text(MERIDIAN_BAD, "utf-8")
    (tmp_path / "records" / "old" / "past.mrec").write_text(MERIDIAN_BAD, "utf-8")
    (tmp_path / "records" / "medina.mrec").write_text(MEDINA_BAD, "utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


LISTING_COMMANDS = [
    ("score", "records/new.mrec"),
    ("replay", "records/new.mrec"),
    ("annotate", "records/new.mrec"),
]


@pytest.mark.parametrize(("command", "record"), LISTING_COMMANDS)
def test_ignore_drops_the_problem_and_its_exit_status(
    project: Path, command: str, record: str
) -> None:
    listed = run(command, record)
    assert listed.exit_code == 1
    assert BROKEN in listed.stderr
    ignored = run(command, record, "--ignore", "MER-R")
    assert ignored.exit_code == 0, ignored.output
    assert BROKEN not in ignored.stderr


@pytest.mark.parametrize(("command", "record"), LISTING_COMMANDS)
def test_select_keeps_only_the_rules_chosen(project: Path, command: str, record: str) -> None:
    other = run(command, record, "--select", "MED-")
    assert other.exit_code == 0
    assert BROKEN not in other.stderr
    chosen = run(command, record, "--select", "MER-R2")
    assert chosen.exit_code == 1
    assert BROKEN in chosen.stderr


@pytest.mark.parametrize("command", ["score", "replay", "annotate"])
def test_the_json_of_each_command_lists_only_the_kept_problems(project: Path, command: str) -> None:
    def rules(*extra: str) -> list[str]:
        text = run(command, "records/new.mrec", "--format", "json", *extra).stdout
        return [str(p["rule"]) for p in _problem_lists(json.loads(text))]

    assert rules() == [BROKEN]
    assert rules("--ignore", "MER") == []


def _problem_lists(data: object) -> list[dict[str, object]]:
    """Every problem object in a JSON document, wherever it sits."""
    found: list[dict[str, object]] = []
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "problems" and isinstance(value, list):
                found.extend(value)
            else:
                found.extend(_problem_lists(value))
    elif isinstance(data, list):
        for value in data:
            found.extend(_problem_lists(value))
    return found


def test_annotate_takes_select_and_ignore_from_the_config(project: Path) -> None:
    (project / "meridina.toml").write_text('ignore = ["MER-R2"]\n', "utf-8")
    assert run("annotate", "records/new.mrec").exit_code == 0
    assert run("annotate", "records/new.mrec", "--isolated").exit_code == 1


def test_per_file_ignores_apply_to_the_matching_files_only(project: Path) -> None:
    (project / "meridina.toml").write_text(
        'format = "json"\nper-file-ignores = { "records/old/*.mrec" = ["MER-R2"] }\n', "utf-8"
    )
    data = json.loads(run("validate", "records").stdout)
    by_file = {
        Path(f["file"]).name: [p["rule"] for g in f["games"] for p in g["problems"]]
        for f in data["files"]
    }
    assert by_file["new.mrec"] == [BROKEN]
    assert by_file["past.mrec"] == []


def test_per_file_ignores_are_read_from_the_config_files_folder(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (project / "pyproject.toml").write_text(
        '[tool.meridina.per-file-ignores]\n"old/" = ["MER"]\n"/records/new.mrec" = ["MER"]\n',
        "utf-8",
    )
    monkeypatch.chdir(project / "records")
    for command in ("validate", "score", "replay", "annotate"):
        assert run(command, "new.mrec").exit_code == 0, command
        assert run(command, "old/past.mrec").exit_code == 0, command
        assert run(command, "old/past.mrec", "--isolated").exit_code == 1, command


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ('per-file-ignores = ["MER"]\n', 1, "per-file-ignores is a table"),
        ('\nper-file-ignores = { "old/*" = "MER-R2" }\n', 2, "takes a list of rule IDs"),
        ('[per-file-ignores]\n"old/*" = ["MER-R2", "MER-Z9"]\n', 2, "'MER-Z9' is not a rule ID"),
        ('[per-file-ignores]\n\n"old/*" = [""]\n', 3, "'' is not a rule ID"),
        ('[per-file-ignores]\n"# note" = ["MER"]\n', 2, "is not a path pattern"),
    ],
)
def test_a_bad_per_file_ignore_is_exit_2_with_its_place(
    project: Path, text: str, line: int, message: str
) -> None:
    (project / "meridina.toml").write_text(text, "utf-8")
    result = run("validate", "records/new.mrec")
    assert result.exit_code == 2
    assert result.stderr.startswith(f"meridina: {project / 'meridina.toml'}:{line}: ")
    assert message in result.stderr


def test_per_file_ignores_hold_in_worker_processes(project: Path) -> None:
    (project / "meridina.toml").write_text(
        'per-file-ignores = { "**/old/**" = ["MER-R2"] }\n', "utf-8"
    )
    result = run("validate", "records/old", "records/old/past.mrec", "--jobs", "2")
    assert result.exit_code == 0, result.output


def test_score_says_when_the_problems_that_leave_it_incomplete_are_not_listed(
    project: Path,
) -> None:
    listed = run("score", "records/new.mrec").stdout
    assert "score incomplete: 1 problem below" in listed
    ignored = run("score", "records/new.mrec", "--ignore", "MER").stdout
    assert "score incomplete: 1 problem (1 of them left out of the list)" in ignored
