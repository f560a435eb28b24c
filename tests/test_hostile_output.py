"""Names and record text are input: no output lets them act on a terminal, a CI log or a parser.

Control characters are shown as visible escapes, no printed line begins as a GitHub
workflow command, every machine format stays well-formed and valid UTF-8, and the
``--show-source`` caret stands under the fault whatever the characters before it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from conftest import Write, record, run_cli
from hypothesis import given, settings
from hypothesis import strategies as st
from meridina.cli.formats.reporters.github import escape_property
from meridina.cli.formats.reporters.source import caret_lines
from meridina.shown import display_width, json_safe, shown, visible

# a player's name that would retitle and clear a terminal, and fake an annotation in CI
HOSTILE_NAME = "::error title=x::Approved\x1b]0\x07\x1b[2J\ufffe"
RAW = ("\x1b", "\x07", "\ufffe")
FORMATS = ["text", "json", "json-lines", "github", "junit", "sarif", "gitlab"]


def hostile_record() -> str:
    """A game with a hostile name in Players and Result, escapes in a comment, and a fault."""
    return record(
        "1. orange 7: 3@2 { \x1b]0;PWNED\x07\x1b[2J }",
        "2. black 7: 3@3",
        players=f"{HOSTILE_NAME} orange; Ben black; Cy grey; Di brown",
        # the entry without points is quoted in a message
        tags=(f'[Result "{HOSTILE_NAME} 9; Ben 1; Cy 0; Di 0; {HOSTILE_NAME}"]',),
    )


def command_lines(text: str) -> list[str]:
    """The lines GitHub Actions would run as workflow commands (it trims leading space)."""
    return [line for line in text.splitlines() if line.lstrip().startswith("::")]


@pytest.mark.parametrize(
    "args",
    [
        ("validate", "--show-source"),
        ("score",),
        ("score", "--islands"),
        ("score", "--standings"),
        ("ratings",),
        ("stats",),
        ("find", "--list"),
        ("replay",),
    ],
)
def test_text_output_shows_control_characters_and_starts_no_command(
    write: Write, args: tuple[str, ...]
) -> None:
    path = write("game.mrec", hostile_record())
    result = run_cli(*args, path, "--color", "never")
    everything = result.stdout + result.stderr
    assert not any(raw in everything for raw in RAW)
    if args[0] != "replay":  # replay shows neither names nor comments
        assert "\\x1b" in everything  # shown, not dropped
    assert command_lines(everything) == []


def test_github_output_holds_only_its_own_annotations(write: Write) -> None:
    path = write("game.mrec", hostile_record())
    result = run_cli("validate", path, "--format", "github")
    lines = result.stdout.splitlines()
    assert lines and all(line.startswith(("::error file=", "::warning file=")) for line in lines)
    assert not any(raw in result.stdout for raw in RAW)


def test_a_file_name_with_a_line_break_makes_no_command(tmp_path: Path) -> None:
    name = "x\n::error file=README.md,line=1::Approved\n.mrec"
    (tmp_path / name).write_text("no game here\n", "utf-8")
    for output_format in ("text", "github"):
        result = run_cli("validate", str(tmp_path), "--format", output_format)
        everything = result.stdout + result.stderr
        commands = command_lines(everything)
        ours = "::error file=" + escape_property(str(tmp_path))
        assert all(line.startswith(ours) for line in commands)
        assert "\\x0a" in everything


def test_a_file_name_that_starts_like_a_command_starts_no_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("::warning title=x::y.mrec").write_text(record("1. orange 7: 1@1"), "utf-8")
    result = run_cli("validate", "::warning title=x::y.mrec")
    assert command_lines(result.stdout + result.stderr) == []
    assert "\\x3a:warning" in result.stdout


@pytest.mark.parametrize("output_format", FORMATS)
def test_junit_and_every_format_stays_well_formed_with_hostile_names(
    write: Write, output_format: str
) -> None:
    # a two-player game with one colour each: the messages name the players
    two = record("1. orange 7: 3@2", players=f"{HOSTILE_NAME} orange; Ben black")
    path = write("game.mrec", hostile_record() + "\n" + two)
    out = run_cli("validate", path, "--format", output_format).stdout
    assert not any(raw in out for raw in RAW)
    if output_format == "junit":
        ET.fromstring(out.encode("utf-8"))
    elif output_format in ("json", "sarif", "gitlab"):
        json.loads(out)
    elif output_format == "json-lines":
        [json.loads(line) for line in out.splitlines()]


@pytest.mark.skipif(sys.platform == "darwin", reason="file names must be able to hold any byte")
@pytest.mark.parametrize("output_format", FORMATS)
def test_a_file_name_that_is_not_utf8_gives_valid_output(
    tmp_path: Path, output_format: str
) -> None:
    folder = os.fsencode(tmp_path)
    with open(os.path.join(folder, b"bad\xff\xfe.mrec"), "wb") as stream:
        stream.write(record("1. orange 7: 3@1", "2. orange 7: 3@1").encode())
    with open(os.path.join(folder, b"empty\xff.mrec"), "wb"):
        pass
    run = subprocess.run(
        [sys.executable, "-m", "meridina", "validate", str(tmp_path), "--format", output_format],
        capture_output=True,
        check=False,
    )
    assert run.returncode == 2, run.stderr
    out = run.stdout.decode("utf-8")  # raises on invalid UTF-8
    run.stderr.decode("utf-8")
    shown_name = "bad%FF%FE.mrec" if output_format == "sarif" else "bad\\xff\\xfe.mrec"
    assert shown_name in out.replace("\\\\", "\\")
    if output_format == "junit":
        ET.fromstring(run.stdout)
    elif output_format in ("json", "sarif", "gitlab"):
        json.loads(out)
    elif output_format == "json-lines":
        [json.loads(line) for line in out.splitlines()]


def test_caret_counts_wide_characters_as_two_columns() -> None:
    line = "1. orange 7: 3@2 { 東京 } blak 7: 3@2"
    text, caret = caret_lines(1, line.index("blak") + 1, line)
    assert caret.index("^") == text.index("blak") + display_width("東京") - len("東京")


def test_caret_stands_under_the_fault_after_shown_control_characters() -> None:
    line = "1. orange 7: 3@2 { \x1b[2J e\u0301 } blak"
    text, caret = caret_lines(1, line.index("blak") + 1, line)
    assert "\x1b" not in text and "\\x1b[2J" in text
    assert caret.index("^") == text.index("blak") - 1  # the combining accent takes no column


def test_show_source_caret_after_wide_characters(write: Write) -> None:
    path = write("game.mrec", record("1. orange 7: 3@2 { 東京 } 2. blak 7: 3@3"))
    out = run_cli("validate", path, "--show-source").stdout.splitlines()
    source_row = next(row for row in out if "東京" in row)
    caret_row = out[out.index(source_row) + 1]
    before = source_row[: source_row.index("blak")]
    assert caret_row.index("^") == display_width(before)


@settings(max_examples=200, deadline=None)
@given(st.text())
def test_shown_text_holds_no_control_character_and_is_utf8(text: str) -> None:
    result = shown(text)
    assert not any(ord(c) < 0x20 or 0x7F <= ord(c) < 0xA0 for c in result)
    result.encode("utf-8")  # no lone surrogate is left
    assert not result.lstrip().startswith("::")
    assert visible(text) == text or "\\" in visible(text)


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.text(), st.text()))
def test_json_safe_is_valid_utf8_json_with_the_same_printable_text(data: dict[str, str]) -> None:
    document = json_safe(json.dumps(data, indent=2, ensure_ascii=False))
    document.encode("utf-8")
    back = json.loads(document)
    clean = {k: v for k, v in data.items() if not any(0xD800 <= ord(c) <= 0xDFFF for c in k + v)}
    assert {k: back[k] for k in clean} == clean


def test_the_recorder_keeps_its_list_of_faults_on_separate_lines(tmp_path: Path) -> None:
    target = str(tmp_path / "r.mrec")
    players = "Ann orange; Ben black"  # two players with one colour each: two faults
    result = run_cli(
        "record", "-o", target, "--game", "meridian", "--players", players, input_text="quit\n"
    )
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    assert len(lines) == 2 and lines[1].startswith("meridina: --players: MER-S1"), lines


@pytest.mark.parametrize(
    ("game", "option"),
    [
        ('[Game "Meridian"]\n[Players "A\x07nn orange; Ben black; Cy grey; Di brown"]\n\n'
         "1. orange 7: 3@2\n", "--islands"),
        ('[Game "Medina"]\n[Edition "2"]\n[Players "A\x07nn red; Ben blue"]\n\n'
         "1. red orange@E5\n", "--palaces"),
    ],
    ids=["meridian", "medina"],
)  # fmt: skip
def test_score_tables_stay_in_line_with_an_escaped_name(
    write: Write, game: str, option: str
) -> None:
    """The name is escaped before the table is laid out: every row of the ranking starts its
    next column at the same place."""
    lines = run_cli("score", write("g.mrec", game), option).stdout.splitlines()
    header = next(i for i, line in enumerate(lines) if line.lstrip().startswith("Rank"))
    ranking = [lines[header]]
    for line in lines[header + 2 :]:
        if not line.strip():
            break
        ranking.append(line)
    assert any("A\\x07nn" in line for line in ranking)
    third_column = {line.index(line.split()[2], len(line.split()[0]) + 8) for line in ranking}
    assert len(third_column) == 1, ranking


# the runner's older command form, which it takes anywhere in a line
LEGACY = "##[error]Injected"


def legacy_record() -> str:
    """A game whose player, result and comment hold the older command form, with a fault."""
    return record(
        f"1. orange 7: 3@2 {{ {LEGACY} }}",
        "2. black 7: 3@3",
        players=f"{LEGACY} orange; Ben black; Cy grey; Di brown",
        tags=(f'[Result "{LEGACY} 9; Ben 1; Cy 0; Di 0; {LEGACY}"]',),
    )


@pytest.mark.parametrize(
    "args",
    [
        *(("validate", "--show-source", "--format", output_format) for output_format in FORMATS),
        ("score",),
        ("score", "--standings"),
        ("score", "--format", "json"),
        ("ratings",),
        ("stats", "--format", "csv"),
        ("find", "--list"),
        ("replay",),
        ("annotate", "--check"),
        ("annotate", "--diff"),
    ],
)
def test_no_output_holds_the_older_command_form(tmp_path: Path, args: tuple[str, ...]) -> None:
    path = tmp_path / "x##[error]Injected.mrec"
    path.write_text(legacy_record(), "utf-8")
    result = (
        run_cli(*args, str(path), "--color", "never")
        if args[0] != "annotate"
        else (run_cli(*args, str(path)))
    )
    everything = result.stdout + result.stderr
    assert "Injected" in everything  # the name is shown, only escaped
    assert "##[" not in everything


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="#[ab:", max_size=12), st.text(alphabet="#[ab:", max_size=12))
def test_two_shown_texts_side_by_side_make_no_older_command(first: str, second: str) -> None:
    for joined in (shown(first) + shown(second), shown(first) + "[" + shown(second)):
        assert "##[" not in joined
