"""Every output format on one run holding a valid record, an invalid one and unreadable paths.

The structured formats are checked against their real schemas or parsers: SARIF against the
official SARIF 2.1.0 schema, meridina's JSON against the schema it ships, JUnit with an XML
parser, GitHub workflow commands with their documented escaping.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from importlib.resources import files
from pathlib import Path
from typing import Any

import click
import jsonschema
import pytest
from click.testing import CliRunner, Result
from meridina.cli.formats.output import GameResult
from meridina.cli.formats.reporters.github import (
    annotation,
    command,
    escape_message,
    escape_property,
)
from meridina.cli.formats.reporters.sarif import sarif_result
from meridina.cli.formats.reporters.text import coloured_problem
from meridina.cli.main import cli
from meridina.rules.codes import TITLES
from meridina.rules.common import Place, Problem
from meridina.shown import problem_line

TOP = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve().parent
SARIF_SCHEMA = json.loads((HERE / "schemas" / "sarif-schema-2.1.0.json").read_text("utf-8"))

MERIDIAN_OK = """\
[Game "Meridian"]
[Players "Ann orange; Ben black; Cy grey; Di brown"]

1. orange 7: 3@2
2. black 4-5-6-7/7: 2@1
"""
MERIDIAN_BAD = MERIDIAN_OK + "3. grey 7: 3@4\n"  # MER-R2 at 6:12
MEDINA_OK = """\
[Game "Medina"]
[Edition "1"]
[Players "Ann red; Ben blue; Cy green"]
[Setup "merchant H7"]

1. red orange@E5 roof@E5
"""
MEDINA_BAD = MEDINA_OK.replace("roof@E5", "roof@H9")  # MED-R1 at 6:18


def shipped_schema(command: str) -> dict[str, Any]:
    text = (files("meridina.cli.formats") / "schemas" / f"{command}.schema.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def run(*args: str, env: dict[str, str] | None = None) -> Result:
    result = CliRunner().invoke(cli, list(args), env=env)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result


@pytest.fixture
def batch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Relative paths, in order: two valid records, two invalid ones, a missing and a binary one."""
    monkeypatch.chdir(tmp_path)
    records = {
        "meridian-ok.mrec": MERIDIAN_OK,
        "meridian-bad.mrec": MERIDIAN_BAD,
        "medina-ok.mrec": MEDINA_OK,
        "medina-bad.mrec": MEDINA_BAD,
    }
    for name, text in records.items():
        (tmp_path / name).write_text(text, "utf-8")
    (tmp_path / "binary.mrec").write_bytes(b"\x00\x01\x02")
    return [*records, "missing.mrec", "binary.mrec"]


EXPECTED = [  # file, rule, line, col of each problem in the batch
    ("meridian-bad.mrec", "MER-R2", 6, 12),
    ("medina-bad.mrec", "MED-R1", 6, 18),
]


def test_text_lists_problems_then_the_summary_on_stdout(batch: list[str]) -> None:
    result = run("validate", *batch)
    assert result.exit_code == 2
    lines = result.stdout.splitlines()
    assert [line.split(" ", 2)[:2] for line in lines[:-1]] == [
        [f"{file}:{line}:{col}:", rule] for file, rule, line, col in EXPECTED
    ]
    assert lines[-1] == "4 games in 6 files: 2 valid, 2 invalid; 2 files unreadable"
    assert "meridina: missing.mrec: REC-0 no such file" in result.stderr
    assert "meridina: binary.mrec:1:1: REC-0 holds binary data" in result.stderr


def test_json_matches_the_shipped_schema_and_keeps_every_path(batch: list[str]) -> None:
    result = run("validate", *batch, "--format", "json")
    assert result.exit_code == 2
    data = json.loads(result.stdout)
    jsonschema.validate(data, shipped_schema("validate"))
    assert [entry["file"] for entry in data["files"]] == batch
    errors = {entry["file"]: entry["error"] for entry in data["files"] if entry["error"]}
    assert set(errors) == {"missing.mrec", "binary.mrec"}
    problems = [
        (entry["file"], p["rule"], p["line"], p["col"])
        for entry in data["files"]
        for game in entry["games"]
        for p in game["problems"]
    ]
    assert problems == EXPECTED
    assert (data["valid"], data["games"], data["invalid"], data["unreadable"]) == (False, 4, 2, 2)
    titles = {
        p["rule"]: p["title"] for e in data["files"] for g in e["games"] for p in g["problems"]
    }
    assert titles == {rule: TITLES[rule] for rule in titles}


def test_statistics_count_each_unreadable_path_under_its_rule(batch: list[str]) -> None:
    text = run("validate", *batch, "--statistics")
    assert text.exit_code == 2
    counts = {line.split()[1]: int(line.split()[0]) for line in text.stdout.splitlines()[:-1]}
    assert counts == {"MER-R2": 1, "MED-R1": 1, "REC-0": 2}
    assert text.stdout.splitlines()[-1].endswith("; 2 files unreadable")
    data = json.loads(run("validate", *batch, "--statistics", "--format", "json").stdout)
    jsonschema.validate(data, shipped_schema("validate"))
    assert {entry["rule"]: entry["count"] for entry in data["statistics"]}["REC-0"] == 2
    assert data["unreadable"] == 2


@pytest.mark.parametrize("command", ["score", "replay"])
def test_score_and_replay_json_count_unreadable_paths(batch: list[str], command: str) -> None:
    result = run(command, *batch, "--format", "json")
    assert result.exit_code == 2
    data = json.loads(result.stdout)
    jsonschema.validate(data, shipped_schema(command))
    assert data["unreadable"] == 2


def test_a_run_with_every_path_read_says_nothing_of_unreadable_files(batch: list[str]) -> None:
    text = run("validate", *batch[:4])
    assert text.stdout.splitlines()[-1] == "4 games in 4 files: 2 valid, 2 invalid"
    assert text.exit_code == 1  # the exit status is the same as ever
    assert json.loads(run("validate", *batch[:4], "--format", "json").stdout)["unreadable"] == 0


@pytest.mark.parametrize("command", ["validate", "score", "replay", "standings", "rulesets"])
def test_each_schema_id_is_an_absolute_uri_naming_the_schema_field(command: str) -> None:
    schema = shipped_schema(command)
    scheme, _, rest = schema["$id"].partition(":")
    assert scheme == "urn" and rest  # an absolute URI: it has a scheme
    field = schema["properties"]["schema"]["const"]
    assert schema["$id"] == "urn:" + field.replace("/", ":")


def test_json_schema_rejects_a_wrong_shape() -> None:
    """The shipped schema is strict enough to catch a missing or misspelt field."""
    schema = shipped_schema("validate")
    good = {"schema": "meridina/validate/1", "files": [], "valid": True, "games": 0, "invalid": 0}
    jsonschema.validate(good, schema)
    for broken in ({**good, "valid": "yes"}, {k: v for k, v in good.items() if k != "schema"}):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(broken, schema)


def test_json_lines_gives_one_object_per_game_or_unreadable_path(batch: list[str]) -> None:
    result = run("validate", *batch, "--format", "json-lines")
    assert result.exit_code == 2
    objects = [json.loads(line) for line in result.stdout.splitlines()]
    root = shipped_schema("validate")
    line_schema = {"$schema": root["$schema"], "$defs": root["$defs"], "$ref": "#/$defs/line"}
    for item in objects:
        jsonschema.validate(item, line_schema)
    assert [(o["file"], o.get("valid")) for o in objects] == [
        ("meridian-ok.mrec", True),
        ("meridian-bad.mrec", False),
        ("medina-ok.mrec", True),
        ("medina-bad.mrec", False),
        ("missing.mrec", None),
        ("binary.mrec", None),
    ]


def test_every_sarif_rule_carries_its_text_from_the_digest_as_help(batch: list[str]) -> None:
    data = json.loads(run("validate", *batch, "--format", "sarif").stdout)
    rules = {rule["id"]: rule for rule in data["runs"][0]["tool"]["driver"]["rules"]}
    digest = " ".join((TOP / "seeds" / "MERIDIAN.md").read_text("utf-8").split())
    r3 = rules["MER-R3"]
    assert r3["fullDescription"]["text"].startswith("Going up a meridian from city 1")
    assert r3["fullDescription"]["text"] in digest
    assert r3["help"]["markdown"].startswith("**MER-R3 \N{EN DASH} Taller towers stand higher.**")
    assert r3["help"]["markdown"] in digest
    for rule in rules.values():
        assert rule["help"]["text"].startswith(rule["id"] + " \N{EN DASH} "), rule["id"]
        assert len(rule["fullDescription"]["text"]) > len(rule["shortDescription"]["text"])


def test_sarif_is_valid_against_the_official_schema(batch: list[str]) -> None:
    result = run("validate", *batch, "--format", "sarif")
    assert result.exit_code == 2
    data = json.loads(result.stdout)
    jsonschema.Draft4Validator(SARIF_SCHEMA).validate(data)
    (sarif_run,) = data["runs"]
    rules = sarif_run["tool"]["driver"]["rules"]
    assert [rule["id"] for rule in rules] == list(TITLES)
    assert all(rule["shortDescription"]["text"] == TITLES[rule["id"]] for rule in rules)
    found = []
    for item in sarif_run["results"]:
        assert rules[item["ruleIndex"]]["id"] == item["ruleId"]
        location = item["locations"][0]["physicalLocation"]
        region = location.get("region", {})
        found.append(
            (
                location["artifactLocation"]["uri"],
                item["ruleId"],
                item["level"],
                region.get("startLine"),
                region.get("startColumn"),
            )
        )
    assert found == [
        *((file, rule, "error", line, col) for file, rule, line, col in EXPECTED),
        ("missing.mrec", "REC-0", "error", None, None),
        ("binary.mrec", "REC-0", "error", 1, 1),
    ]


def test_junit_has_a_suite_per_file_and_a_case_per_game(batch: list[str]) -> None:
    result = run("validate", *batch, "--format", "junit")
    assert result.exit_code == 2
    root = ET.fromstring(result.stdout.encode())
    assert root.tag == "testsuites"
    suites = root.findall("testsuite")
    assert [suite.get("name") for suite in suites] == batch
    assert (root.get("tests"), root.get("failures"), root.get("errors")) == ("6", "2", "2")
    failures = [
        (suite.get("name"), failure.get("type"), failure.get("message") or "")
        for suite in suites
        for failure in suite.iter("failure")
    ]
    assert [(file, rule) for file, rule, _ in failures] == [(f, r) for f, r, _, _ in EXPECTED]
    for (_, _, message), (file, rule, line, col) in zip(failures, EXPECTED, strict=True):
        assert message.startswith(f"{file}:{line}:{col}: {rule} ")
    case = suites[0].find("testcase")
    assert case is not None and case.get("name") == "game 1 (line 1)" and len(case) == 0
    missing = suites[4].find("testcase/error")
    assert missing is not None and missing.get("type") == "REC-0"


def test_github_annotations_name_file_line_col_and_rule(batch: list[str]) -> None:
    result = run("validate", *batch, "--format", "github")
    assert result.exit_code == 2
    lines = result.stdout.splitlines()
    pattern = re.compile(r"::error file=([^,]+),line=(\d+),col=(\d+),title=([^:]+)::(.*)")
    annotations = [pattern.fullmatch(line) for line in lines[:2]]
    assert [(m[1], m[4], int(m[2]), int(m[3])) for m in annotations if m] == [
        (file, rule, line, col) for file, rule, line, col in EXPECTED
    ]
    assert lines[2] == "::error file=missing.mrec,title=REC-0::no such file"
    assert lines[3].startswith("::error file=binary.mrec,line=1,col=1,title=REC-0::holds binary")


def test_github_escaping_follows_the_actions_toolkit() -> None:
    assert escape_message("50% done\r\nnext") == "50%25 done%0D%0Anext"
    assert escape_property("a:b,c%") == "a%3Ab%2Cc%25"
    line = command("warning", "odd,name:1.mrec", 3, None, "REC-3", "x%y")
    assert line == "::warning file=odd%2Cname%3A1.mrec,line=3,title=REC-3::x%25y"


@pytest.mark.parametrize(
    "output_format", ["text", "json", "json-lines", "github", "junit", "sarif", "gitlab"]
)
def test_output_file_holds_what_stdout_would(
    batch: list[str], tmp_path: Path, output_format: str
) -> None:
    on_stdout = run("validate", *batch, "--format", output_format)
    target = tmp_path / "report.out"
    to_file = run("validate", *batch, "--format", output_format, "--output", str(target))
    assert to_file.exit_code == on_stdout.exit_code == 2
    assert to_file.stdout == ""
    assert target.read_text("utf-8") == on_stdout.stdout
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".report")] == []


def test_output_into_a_missing_folder_is_exit_2(batch: list[str], tmp_path: Path) -> None:
    result = run("validate", batch[0], "--output", str(tmp_path / "nowhere" / "r.json"))
    assert result.exit_code == 2
    assert "cannot write the report" in result.stderr


@pytest.mark.parametrize("command_name", ["replay", "score"])
def test_replay_and_score_json_match_their_schemas(batch: list[str], command_name: str) -> None:
    result = run(command_name, *batch, "--format", "json")
    assert result.exit_code == 2
    data = json.loads(result.stdout)
    jsonschema.validate(data, shipped_schema(command_name))
    assert [entry["file"] for entry in data["files"]] == batch
    assert [entry["error"] is not None for entry in data["files"]] == [False] * 4 + [True] * 2


@pytest.mark.parametrize("command_name", ["replay", "score"])
def test_replay_and_score_sarif_carry_the_same_problems(
    batch: list[str], command_name: str
) -> None:
    result = run(command_name, *batch, "--format", "sarif")
    data = json.loads(result.stdout)
    jsonschema.Draft4Validator(SARIF_SCHEMA).validate(data)
    rules = [item["ruleId"] for item in data["runs"][0]["results"]]
    assert rules == ["MER-R2", "MED-R1", "REC-0", "REC-0"]


def test_junit_has_one_failure_per_problem_of_a_game(tmp_path: Path) -> None:
    path = tmp_path / "two.mrec"
    path.write_text(MERIDIAN_BAD + "4. brown 7: 3@5\n", "utf-8")
    root = ET.fromstring(run("validate", str(path), "--format", "junit").stdout.encode())
    (case,) = root.iter("testcase")
    assert [f.get("type") for f in case.iter("failure")] == ["MER-R2", "MER-R2"]
    assert (root.get("tests"), root.get("failures")) == ("1", "1")


def test_warnings_are_warnings_in_every_format() -> None:
    warning = Problem("REC-3", "a slip, read anyway", Place(4, 7), warning=True)
    assert annotation("a.mrec", warning) == (
        "::warning file=a.mrec,line=4,col=7,title=REC-3::REC-3 a slip, read anyway"
    )
    assert sarif_result("a.mrec", warning)["level"] == "warning"
    line = coloured_problem("a.mrec", warning, problem_line("a.mrec", warning))
    assert click.style("REC-3", fg="yellow", bold=True) in line
    assert click.unstyle(line) == "a.mrec:4:7: REC-3 warning: a slip, read anyway"
    result = GameResult("a.mrec", 1, 1, "Meridian", (warning,))
    assert result.valid


@pytest.mark.parametrize(
    "output_format", ["text", "json", "json-lines", "github", "junit", "sarif", "gitlab"]
)
def test_a_file_name_that_is_not_utf8_is_reported_in_every_format(
    tmp_path: Path, output_format: str
) -> None:
    # Run as a program: the real standard output, not a test runner's, is what must cope.
    name = os.fsdecode(b"game-\xff.mrec")
    (tmp_path / name).write_text(MERIDIAN_BAD, "utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "meridina", "validate", "--format", output_format, name],
        capture_output=True,
        cwd=tmp_path,
        check=False,
    )
    assert done.returncode == 1, done.stderr
    assert b"Traceback" not in done.stderr and b"internal error" not in done.stderr
    assert b"MER-R2" in done.stdout
    if output_format == "sarif":
        location = json.loads(done.stdout)["runs"][0]["results"][0]["locations"][0]
        assert location["physicalLocation"]["artifactLocation"]["uri"] == "game-%FF.mrec"
    if output_format == "gitlab":
        (issue,) = json.loads(done.stdout.decode("utf-8"))
        assert issue["location"]["path"] == "game-\\xff.mrec"


@pytest.mark.parametrize("command", ["validate", "score", "replay"])
def test_a_data_file_fault_fits_the_shipped_schema(tmp_path: Path, command: str) -> None:
    """A Board tag naming a folder is a DATA-1 fault; the JSON that reports it still fits."""
    (tmp_path / "boards").mkdir()
    record = tmp_path / "game.mrec"
    record.write_text(
        '[Game "Meridian"]\n[Board "boards"]\n'
        '[Players "Ann orange; Ben black; Cy grey; Di brown"]\n\n1. orange 7: 3@2\n',
        "utf-8",
    )
    result = run(command, str(record), "--format", "json")
    assert result.exit_code == 1
    assert '"rule": "DATA-1"' in result.stdout
    jsonschema.validate(json.loads(result.stdout), shipped_schema(command))
