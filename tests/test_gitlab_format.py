"""``--format gitlab``: GitLab's Code Quality report, checked against the fields GitLab needs.

The schema (``schemas/gitlab-code-quality.json``) holds what GitLab's documentation requires
of each issue; the fingerprints are checked to be unique in a run and the same from run to
run, even when a problem moves to another line.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from click.testing import CliRunner
from meridina.cli.formats.reporters.gitlab import code_quality_issue, location_path
from meridina.cli.main import cli

HERE = Path(__file__).resolve().parent
SCHEMA = json.loads((HERE / "schemas" / "gitlab-code-quality.json").read_text("utf-8"))

BAD = """\
[Game "Meridian"]
[Players "Ann orange; Ben black; Cy grey; Di brown"]

1. orange 7: 3@2
2. black 4-5-6-7/7: 2@1
3. grey 7: 3@4
"""  # MER-R2 at line 6


def report(command: str, *args: str) -> tuple[int, list[dict[str, Any]]]:
    result = CliRunner().invoke(cli, [command, *args, "--format", "gitlab"])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    data = json.loads(result.stdout)
    jsonschema.Draft7Validator(SCHEMA).validate(data)
    return result.exit_code, data


@pytest.fixture
def records(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bad.mrec").write_text(BAD, "utf-8")
    (tmp_path / "binary.mrec").write_bytes(b"\xff\x00")
    return tmp_path


def test_each_problem_is_an_issue_on_its_line(records: Path) -> None:
    status, issues = report("validate", "bad.mrec", "binary.mrec")
    assert status == 2
    assert [(i["check_name"], i["severity"], i["location"]) for i in issues] == [
        ("MER-R2", "major", {"path": "bad.mrec", "lines": {"begin": 6}}),
        ("REC-0", "critical", {"path": "binary.mrec", "lines": {"begin": 1}}),
    ]
    assert issues[0]["description"].startswith("MER-R2 ")


@pytest.mark.parametrize("command", ["validate", "replay", "score"])
def test_replay_and_score_give_validate_s_issues(records: Path, command: str) -> None:
    assert report(command, "bad.mrec") == report("validate", "bad.mrec")


def test_a_valid_record_gives_an_empty_array(records: Path) -> None:
    (records / "good.mrec").write_text(BAD.rsplit("3.", 1)[0], "utf-8")
    result = CliRunner().invoke(cli, ["validate", "good.mrec", "--format", "gitlab"])
    assert (result.exit_code, result.stdout) == (0, "[]\n")


def test_a_warning_is_minor() -> None:
    issue = code_quality_issue("a.mrec", "REC-3", "minor", "a slip", 4)
    jsonschema.Draft7Validator(SCHEMA).validate([issue])
    assert issue["severity"] == "minor"


def test_fingerprints_are_unique_and_do_not_follow_the_line(records: Path) -> None:
    # the same problem twice in one file: two issues, two fingerprints
    twice = BAD + "\n" + BAD
    (records / "twice.mrec").write_text(twice, "utf-8")
    _, issues = report("validate", "twice.mrec")
    assert [i["check_name"] for i in issues] == ["MER-R2", "MER-R2"]
    assert len({i["fingerprint"] for i in issues}) == 2
    # lines added above: the issue keeps its fingerprint, so GitLab sees no new problem
    _, before = report("validate", "bad.mrec")
    (records / "bad.mrec").write_text(BAD.replace("\n\n", '\n[Event "Club"]\n\n', 1), "utf-8")
    _, after = report("validate", "bad.mrec")
    assert after[0]["location"]["lines"]["begin"] == before[0]["location"]["lines"]["begin"] + 1
    assert after[0]["fingerprint"] == before[0]["fingerprint"]
    # another file: another fingerprint
    (records / "other.mrec").write_text(BAD, "utf-8")
    _, other = report("validate", "other.mrec")
    assert other[0]["fingerprint"] != before[0]["fingerprint"]


def test_a_path_below_the_working_folder_is_given_from_there(records: Path) -> None:
    assert location_path(str(records / "sub" / "a.mrec")) == "sub/a.mrec"
    assert location_path("sub/a.mrec") == "sub/a.mrec"
    _, issues = report("validate", str(records / "bad.mrec"))
    assert issues[0]["location"]["path"] == "bad.mrec"
