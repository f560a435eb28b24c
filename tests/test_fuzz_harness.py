"""The fuzz script's own checks (fuzz_checks.py) on outputs known to be good or bad.

A check that passes everything finds nothing, and one that flags good output buries the
real faults: each check is shown a good output (passes) and bad ones (each flagged with
its kind). The good outputs are meridina's own, on a legal record.
"""

from __future__ import annotations

import dataclasses
import json
import os
import random
import re
import tempfile
from collections.abc import Iterator
from pathlib import Path

import fuzz_every_command
import pytest
from click.testing import CliRunner
from fuzz_checks import (
    check_csv,
    check_diff,
    check_exit,
    check_github,
    check_gitlab,
    check_html,
    check_json,
    check_json_lines,
    check_junit,
    check_no_traceback,
    check_output,
    check_sarif,
    check_svg,
    check_text,
    decode,
)
from fuzz_every_command import (
    INPUT,
    Case,
    Settings,
    check_ran,
    cross_checks,
    record_case,
    record_checks,
    run,
    standard_cases,
    summary,
    tags_of,
    within_bytes,
)
from fuzz_records import CANARY, HostileRecord, hostile_record
from meridina.cli.formats.html_replay import pack, unpack
from meridina.cli.main import cli

LEGAL = """\
[Game "Meridian"]
[Players "Ann orange; Ben black; Cy grey; Di brown"]

1. orange 7: 3@2
2. black 4-5-6-7/7: 2@1
"""
ILLEGAL = LEGAL + "3. grey 7: 3@4\n"  # MER-R2


def kinds(faults: list[tuple[str, str]]) -> set[str]:
    return {kind for kind, _ in faults}


def output_of(*args: str, text: str = ILLEGAL) -> str:
    here = Path.cwd()
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "game.mrec").write_text(text, "utf-8")
        os.chdir(folder)  # so that the outputs name the file as given
        try:
            result = CliRunner().invoke(cli, [*args, "game.mrec"])
        finally:
            os.chdir(here)
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result.stdout


# ---------------------------------------------------------------- each check


def test_exit_status_and_traceback() -> None:
    assert check_exit(0) == check_exit(1) == check_exit(2) == []
    assert kinds(check_exit(3)) == {"exit-3"}
    assert check_no_traceback("game.mrec:1:1: REC-1 x\n") == []
    crashed = 'Traceback (most recent call last):\n  File "x.py", line 1\n'
    assert kinds(check_no_traceback(crashed)) == {"traceback"}


def test_undecodable_output_is_flagged() -> None:
    assert decode("sp\u00e9cial".encode(), "stdout") == ("sp\u00e9cial", [])
    text, faults = decode(b"abc\xff", "stdout")
    assert text is None and kinds(faults) == {"not-utf8"}


def test_text_with_a_workflow_command_or_control_characters_is_flagged() -> None:
    assert check_text(output_of("validate")) == []
    assert check_text("a\tb\nc\n") == []
    assert kinds(check_text("game.mrec:1:1: ok\n::error::pwned\n")) == {
        "workflow-command-injection"
    }
    assert kinds(check_text("Ann\x1b]0;title\x07 wins\n")) == {"control-character"}
    assert kinds(check_text("carriage\rreturn\n")) == {"control-character"}
    assert check_text("a :: b\n  ::indented\n") == []  # only a line's start counts


def test_github_annotations_must_have_the_workflow_command_shape() -> None:
    good = output_of("validate", "--format", "github")
    assert good.startswith("::error file=game.mrec,line=6,col=12,title=MER-R2::")
    assert check_github(good) == []
    assert check_github("") == []
    for bad in (
        "game.mrec:6:12: MER-R2 a summary line\n",  # not a workflow command
        "::error file=a,b.mrec,line=6::comma not escaped\n",
        "::error file=a:b.mrec::colon not escaped\n",
        "::fatal file=a.mrec::no such level\n",
    ):
        assert kinds(check_github(bad)) == {"github-malformed"}, bad
    assert kinds(check_github("::error file=a.mrec::Ann\x1b[2J\n")) == {"control-character"}


def test_json_is_parsed_and_checked_against_the_shipped_schema() -> None:
    good = output_of("validate", "--format", "json")
    assert check_json(good, "validate") == []
    assert check_json(output_of("score", "--format", "json"), "score") == []
    assert check_json(output_of("replay", "--format", "json"), "replay") == []
    assert kinds(check_json(good[:-5], "validate")) == {"json-invalid"}
    wrong = good.replace('"valid": false', '"valid": "no"', 1)
    assert wrong != good and kinds(check_json(wrong, "validate")) == {"json-schema"}
    assert check_json('{"any": "shape"}', None) == []


def test_json_lines_are_parsed_a_line_at_a_time() -> None:
    good = output_of("validate", "--format", "json-lines")
    assert check_json_lines(good, "validate") == []
    assert check_json_lines(output_of("replay", "--format", "json-lines"), "replay") == []
    assert kinds(check_json_lines(good + '{"cut": \n', "validate")) == {"json-lines-invalid"}
    assert kinds(check_json_lines("[1, 2]\n", None)) == {"json-lines-invalid"}
    wrong = good.replace('"valid": false', '"valid": 0', 1)
    assert kinds(check_json_lines(wrong, "validate")) == {"json-lines-schema"}


def test_gitlab_is_checked_against_the_fields_gitlab_needs() -> None:
    good = output_of("validate", "--format", "gitlab")
    assert check_gitlab(good) == [] and '"major"' in good
    assert kinds(check_gitlab(good.replace('"major"', '"fatal"', 1))) == {"gitlab-schema"}
    assert kinds(check_gitlab(good.replace('"begin"', '"start"', 1))) == {"gitlab-schema"}
    twice = json.loads(good) * 2
    assert kinds(check_gitlab(json.dumps(twice))) == {"gitlab-fingerprint"}
    assert kinds(check_gitlab("[")) == {"gitlab-invalid"}


def test_sarif_is_checked_against_the_official_schema() -> None:
    good = output_of("validate", "--format", "sarif")
    assert check_sarif(good) == []
    assert check_sarif(good) == []  # the second time, with its rules already seen
    assert kinds(check_sarif(good.replace('"2.1.0"', '"9"', 1))) == {"sarif-schema"}
    assert kinds(check_sarif(good.replace('"error"', '"fatal"'))) == {"sarif-schema"}
    assert kinds(check_sarif("{")) == {"sarif-invalid"}


def test_junit_must_parse_as_xml_with_a_testsuites_root() -> None:
    good = output_of("validate", "--format", "junit")
    assert check_junit(good) == []
    broken = good.replace("MER-R2 ", "MER-R2 <unescaped & ", 1)
    assert kinds(check_junit(broken)) == {"junit-invalid"}
    with_escape = good.replace("MER-R2 ", "MER-R2 \x1b[2J", 1)  # not allowed in XML 1.0
    assert kinds(check_junit(with_escape)) == {"junit-invalid"}
    assert kinds(check_junit("<testsuite/>")) == {"junit-invalid"}
    assert kinds(check_junit('<testsuites tests="x" failures="0"/>')) == {"junit-invalid"}


def test_svg_must_parse_and_hold_no_outside_load_or_record_markup(tmp_path: Path) -> None:
    record, picture = tmp_path / "game.mrec", tmp_path / "game.svg"
    record.write_text(LEGAL, "utf-8")
    assert CliRunner().invoke(cli, ["draw", str(record), "-o", str(picture)]).exit_code == 0
    good = picture.read_text("utf-8")
    assert check_svg(good) == []
    assert kinds(check_svg(good[:-20])) == {"svg-invalid"}
    loading = good.replace("</svg>", '<image href="https://example.invalid/x.png"/></svg>')
    assert kinds(check_svg(loading)) == {"external-url"}
    injected = good.replace("</svg>", f"<text>{CANARY}</b></text></svg>")
    assert "markup-injection" in kinds(check_svg(injected))  # (and unquoted: not XML)
    escaped = good.replace("</svg>", "<text>&lt;b id=fuzzcanary&gt;</text></svg>")
    assert check_svg(escaped) == []


def test_html_must_load_nothing_from_elsewhere_nor_break_out_of_a_script(tmp_path: Path) -> None:
    record, page = tmp_path / "game.mrec", tmp_path / "game.html"
    record.write_text(LEGAL, "utf-8")
    result = CliRunner().invoke(cli, ["replay", str(record), "--html", str(page)])
    assert result.exit_code == 0
    good = page.read_text("utf-8")
    assert check_html(good) == []
    cdn = good.replace("</head>", '<script src="https://cdn.example.invalid/x.js"></script></head>')
    assert kinds(check_html(cdn)) == {"external-url"}
    styled = good.replace(
        "</head>", "<style>body{background:url(//x.invalid/a.png)}</style></head>"
    )
    assert kinds(check_html(styled)) == {"external-url"}
    (inner,) = re.findall(r'id="replay-page">(.*?)</script>', good)
    style = unpack(inner).replace(b"<style>", b"<style>@import url(x.css);")
    assert kinds(check_html(good.replace(inner, pack(style)))) == {"external-url"}
    assert "<script>" in good
    broken = good.replace("<script>", '<script>let name = "</script>";', 1)  # ends it early
    assert kinds(check_html(broken)) == {"html-script-breakout"}
    injected = good + f"<p>{CANARY}</b></p>"
    assert kinds(check_html(injected)) == {"markup-injection"}


def test_csv_rows_of_one_width_and_no_formulas() -> None:
    good = output_of("score", "--standings", "--format", "csv", text=LEGAL)
    assert good.startswith("player,") or good.startswith("name,") or "," in good
    assert check_csv(good) == []
    assert check_csv("name,points\nAnn,-3\nBen,+2\n") == []  # signed numbers are numbers
    for cell in ("=1+1", "+1+1", "-2+3", "@SUM(A1)", "=HYPERLINK(x)"):
        assert kinds(check_csv(f"name,points\n{cell},3\n")) == {"csv-formula-injection"}, cell
    assert kinds(check_csv("a,b\n1,2,3\n")) == {"csv-invalid"}


def test_diff_lines_are_diff_lines() -> None:
    good = "--- a.mrec\n+++ a.mrec\n@@ -1,2 +1,2 @@\n same\n-old\n+new\n\\ No newline\n"
    assert check_diff(good) == []
    assert kinds(check_diff(good + "::error::x\n")) == {"diff-malformed"}


def test_check_output_picks_the_check_for_each_format() -> None:
    assert check_output("text", output_of("validate"), None) == []
    assert kinds(check_output("junit", "<x", None)) == {"junit-invalid"}
    assert kinds(check_output("github", "plain\n", None)) == {"github-malformed"}
    assert check_output("record", "::error:: a record line, as written\n", None) == []


# ---------------------------------------------------------------- the generator


def test_records_depend_on_the_seed_alone() -> None:
    one = [hostile_record(random.Random(f"7-{n}")) for n in range(5)]
    two = [hostile_record(random.Random(f"7-{n}")) for n in range(5)]
    assert one == two
    assert len({r.data for r in one}) == 5


def test_most_records_are_spoilt_and_every_spoiler_is_used() -> None:
    records = [hostile_record(random.Random(f"3-{n}")) for n in range(150)]
    assert 5 <= sum(r.legal for r in records) <= 40
    used = {name for r in records for name in r.spoilers}
    assert {"swap_turns", "hostile_name", "long_line", "truncate", "bom"} <= used
    assert all(r.spoilers == () for r in records if r.legal)


# ---------------------------------------------------------------- no false alarms


@pytest.fixture
def in_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.chdir(tmp_path)
    yield tmp_path


def legal_records(count: int) -> list[HostileRecord]:
    found: list[HostileRecord] = []
    number = 0
    while len(found) < count:
        record = hostile_record(random.Random(f"11-{number}"))
        number += 1
        if record.legal and len(record.games) == 1:
            found.append(record)
    return found


def test_legal_records_pass_every_check_of_every_command(in_folder: Path) -> None:
    """The harness finds nothing in meridina's answers to legal records: any fault it
    reports is in meridina, not in the harness."""
    for number, record in enumerate(legal_records(3)):
        (in_folder / INPUT).write_bytes(record.data)
        ran = {}
        failures = []
        for case in [*standard_cases(record, number + 1), record_case(record, False, 1)]:
            ran[case.name] = run(case, in_folder)
            failures += [
                (case.name, kind, detail) for kind, detail in check_ran(ran[case.name], in_folder)
            ]
            if case.name.startswith("record"):
                failures += [
                    (f.case.name, f.kind, f.detail)
                    for f in record_checks(ran[case.name], in_folder)
                ]
        failures += [(f.case.name, f.kind, f.detail) for f in cross_checks(record, ran, in_folder)]
        assert ran["validate --format text"].exit_code == 0
        assert failures == [], record.data.decode()[:300]


def test_a_hostile_name_is_found_where_it_is_printed(in_folder: Path) -> None:
    """meridina prints an escape in a name visibly; the same output with the raw escape back
    in it is caught.

    (A bell and a backspace: click drops only CSI escape sequences from output that does
    not go to a terminal.)"""
    text = LEGAL.replace("Ann orange", "Ann\x07\x08 orange")
    record = HostileRecord(text.encode(), ("hostile_name",), False, ("meridian",))
    (in_folder / INPUT).write_bytes(record.data)
    case = next(c for c in standard_cases(record, 1) if c.name == "score --format text")
    ran = run(case, in_folder)
    assert b"Ann\\x07\\x08" in ran.stdout
    assert "control-character" not in kinds(check_ran(ran, in_folder))
    raw = dataclasses.replace(ran, stdout=ran.stdout.replace(b"Ann\\x07\\x08", b"Ann\x07\x08"))
    assert "control-character" in kinds(check_ran(raw, in_folder))


def test_the_piped_turns_and_options_come_from_the_first_game() -> None:
    data = (LEGAL + '\n[Game "Medina"]\n[Players "Ann red"]\n1. red orange@E5\n').encode()
    tags, body = tags_of(b"\xef\xbb\xbf" + data)
    assert tags == {"Game": "Meridian", "Players": "Ann orange; Ben black; Cy grey; Di brown"}
    assert body == [b"1. orange 7: 3@2", b"2. black 4-5-6-7/7: 2@1"]
    case = record_case(HostileRecord(data, (), True, ("meridian", "medina")), True, 1)
    assert case.args[:5] == ("record", "-o", "new.mrec", "--game", "meridian")
    assert case.stdin == b"1. orange 7: 3@2\n2. black 4-5-6-7/7: 2@1\n"
    assert case.process


# ---------------------------------------------------------------- what the harness cannot run


def test_a_case_the_system_will_not_start_is_reported_not_raised(in_folder: Path) -> None:
    # one argument over Linux's 128 KiB limit for a single argument (E2BIG)
    case = Case("record (piped, process)", ("record", "--players", "A" * 200_000), process=True)
    ran = run(case, in_folder)
    assert ran.not_run is not None and "OSError" in ran.not_run


def test_long_arguments_are_cut_to_whole_characters_within_the_byte_limit() -> None:
    cut = within_bytes("\u00e9" * 60_000, 100_001)  # two bytes each: 50,000 whole ones fit
    assert cut == "\u00e9" * 50_000
    data = ('[Game "Meridian"]\n[Players "' + "\u00e9" * 80_000 + '"]\n1. orange 7: 3@2\n').encode()
    case = record_case(HostileRecord(data, (), True, ("meridian",)), True, 1)
    players = case.args[case.args.index("--players") + 1]
    assert len(players.encode("utf-8")) <= fuzz_every_command.LONGEST_ARGUMENT


def test_an_input_the_harness_cannot_finish_is_counted_and_the_run_goes_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    done: list[int] = []

    def fuzz_one(number: int, *_: object) -> None:
        if number == 1:
            raise OSError(7, "Argument list too long")
        done.append(number)

    monkeypatch.setattr(fuzz_every_command, "fuzz_one", fuzz_one)
    settings = Settings(1, None, 4, 5, 10, 100, float("inf"))
    here = Path.cwd()
    try:
        tally = fuzz_every_command.fuzz_numbers([0, 1, 2], settings)
    finally:
        os.chdir(here)
    assert done == [0, 2]
    assert tally.not_run == {"not run: the harness": 1}
    lines = summary(tally, settings, 20.0, 1.0)
    shown = "\n".join(lines)
    assert "not run: the harness: 1" in shown and "Argument list too long" in shown
