"""annotate as a safe formatter: nothing dropped, idempotent, files replaced atomically."""

from __future__ import annotations

import json
import os
import shutil
import stat
from pathlib import Path

import click
import pytest
from hostile import run
from on_a_terminal import run_on_a_terminal
from test_formats import MEDINA_OK, MERIDIAN_BAD

EXAMPLES = sorted((Path(__file__).parent.parent / "examples").rglob("*.mrec"))

GOOD = (
    '[Game "Meridian"]\n[Players "Ann orange; Ben black; Cy grey; Di brown"]\n\n'
    "1. orange 7: 3@2 { my own words }\n2. black 7: 2@2\n"
)
BROKEN = '[Game "Meridian"]\n[Players "Ann orange; Ben black"]\n\n1. orange 7: 3@2 { oops\n'
OPEN_BRACE = '[Game "Medina"]\n[Players "Ann red; Ben blue"]\n\n1. red pass { never closed\n'
THREE = GOOD + "\n" + BROKEN + "\n" + GOOD.replace("Ann", "Anna")


def test_a_game_with_a_syntax_error_is_kept_as_it_stands(tmp_path: Path) -> None:
    path = tmp_path / "three.mrec"
    path.write_text(THREE, "utf-8")
    ran = run("annotate", str(path), "-o", str(path))
    assert ran.exit_code == 1
    text = path.read_text("utf-8")
    assert BROKEN in text
    # placed within the game: its file lines move as the games above it are written
    assert ";= meridina cannot read this game: REC-1 (line 4 of this game, column 18):" in text
    assert text.count('[Game "Meridian"]') == 3
    assert "Anna orange" in text


@pytest.mark.parametrize("broken", [BROKEN, OPEN_BRACE])
def test_annotating_its_own_output_changes_nothing(tmp_path: Path, broken: str) -> None:
    path = tmp_path / "game.mrec"
    path.write_text(GOOD + "\n" + broken + "\n" + GOOD, "utf-8")
    run("annotate", "--in-place", str(path))
    once = path.read_text("utf-8")
    assert once.count("{= ") == 4  # one note per turn of the two good games
    assert "{ my own words }" in once
    run("annotate", "--in-place", str(path))
    assert path.read_text("utf-8") == once
    assert run("annotate", "--check", str(path)).exit_code == 0


@pytest.mark.parametrize("example", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_every_example_is_a_fixed_point_after_one_run(tmp_path: Path, example: Path) -> None:
    path = tmp_path / example.name
    shutil.copy(example, path)
    run("annotate", "--in-place", str(path))
    once = path.read_bytes()
    run("annotate", "--in-place", str(path))
    assert path.read_bytes() == once


def test_in_place_keeps_the_mode_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    path = tmp_path / "game.mrec"
    path.write_text(GOOD, "utf-8")
    path.chmod(0o640)
    assert run("annotate", "--in-place", str(path)).exit_code == 0
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert "{= " in path.read_text("utf-8")
    assert [p.name for p in tmp_path.iterdir()] == ["game.mrec"]


def test_a_failed_rename_leaves_the_original_untouched(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.mrec"
    path.write_text(THREE, "utf-8")

    def refuse(source: str, target: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    for args in (["--in-place", str(path)], [str(path), "-o", str(path)]):
        ran = run("annotate", *args)
        assert ran.exit_code == 2
        assert "No space left on device" in ran.stderr
        assert path.read_text("utf-8") == THREE
        assert [p.name for p in tmp_path.iterdir()] == ["game.mrec"]


def test_an_interruption_while_writing_leaves_the_original_untouched(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.mrec"
    path.write_text(THREE, "utf-8")
    real_fsync = os.fsync

    def interrupted(handle: int) -> None:
        real_fsync(handle)
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", interrupted)
    assert run("annotate", "--in-place", str(path)).exit_code != 0
    assert path.read_text("utf-8") == THREE
    assert [p.name for p in tmp_path.iterdir()] == ["game.mrec"]


def test_check_and_diff_change_nothing_and_say_what_would_change(tmp_path: Path) -> None:
    path = tmp_path / "game.mrec"
    path.write_text(GOOD, "utf-8")
    checked = run("annotate", "--check", str(path))
    assert checked.exit_code == 1
    assert f"{path}: would change" in checked.stdout
    diffed = run("annotate", "--diff", str(path))
    assert diffed.exit_code == 1
    assert diffed.stdout.startswith(f"--- {path}\n+++ {path}\n@@ ")
    assert "+1. orange 7: 3@2 { my own words } {= builds" in diffed.stdout
    assert path.read_text("utf-8") == GOOD
    run("annotate", "--in-place", str(path))
    assert run("annotate", "--check", str(path)).exit_code == 0
    assert run("annotate", "--diff", str(path)).stdout == ""


def test_diff_and_problems_are_coloured_only_when_asked(tmp_path: Path) -> None:
    """As git colours a diff (black's and ruff's --diff too), and as validate a problem."""
    path = tmp_path / "game.mrec"
    path.write_text(GOOD + "\n" + BROKEN, "utf-8")
    plain = run("annotate", "--diff", str(path), "--color", "never").stdout
    coloured = run("annotate", "--diff", str(path), "--color", "always").stdout
    assert plain.startswith(f"--- {path}\n+++ {path}\n@@ ")
    assert "\n-" in plain and "\n+" in plain
    assert "\x1b[" not in plain and click.unstyle(coloured) == plain
    assert run("annotate", "--diff", str(path)).stdout == plain  # not a terminal
    styles = {"---": {"bold": True}, "+++": {"bold": True}, "@@": {"fg": "cyan"}}
    for shown, line in zip(coloured.splitlines(), plain.splitlines(), strict=True):
        style = next((s for mark, s in styles.items() if line.startswith(mark)), None)
        if style is None and line[:1] in "+-":
            style = {"fg": "red" if line[0] == "-" else "green"}
        assert shown == (click.style(line, **style) if style else line)  # type: ignore[arg-type]
    told = run("annotate", str(path), "--color", "always").stderr
    said = run("validate", str(path), "--color", "always", "--no-show-source").stdout
    problems = [line for line in said.splitlines() if "\x1b[" in line]
    assert problems and [line for line in told.splitlines() if line in problems] == problems
    assert "\x1b[" not in run("annotate", str(path)).stderr


def test_no_notes_writes_the_layout_only_and_drops_old_notes(tmp_path: Path) -> None:
    path = tmp_path / "game.mrec"
    path.write_text(GOOD + "\n" + BROKEN, "utf-8")
    run("annotate", "--in-place", str(path))
    ran = run("annotate", "--no-notes", str(path))
    assert "{=" not in ran.stdout and ";=" not in ran.stdout
    assert "{ my own words }" in ran.stdout
    assert BROKEN in ran.stdout


def test_in_place_goes_on_after_an_unreadable_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.mrec"
    bad.write_bytes(b"\xff\xfe not text")
    good = tmp_path / "good.mrec"
    good.write_text(GOOD, "utf-8")
    ran = run("annotate", "--in-place", str(bad), str(good))
    assert ran.exit_code == 2
    assert f"{bad}:1:1: REC-0" in ran.stderr
    assert bad.read_bytes() == b"\xff\xfe not text"
    assert "{= " in good.read_text("utf-8")


@pytest.mark.parametrize("mode", ["--check", "--in-place", "--diff"])
def test_bad_utf8_in_a_later_game_is_a_read_fault(tmp_path: Path, mode: str) -> None:
    path = tmp_path / "game.mrec"
    text = (GOOD + "\n").encode("utf-8") * 40 + b'[Game "Meridian"]\n\n1. orange 7: \xff\n'
    path.write_bytes(text)
    ran = run("annotate", mode, str(path))
    assert ran.exit_code == 2
    assert f"{path}:" in ran.stderr and "REC-0 is not valid UTF-8" in ran.stderr
    assert path.read_bytes() == text
    assert [p.name for p in tmp_path.iterdir()] == ["game.mrec"]


def test_json_of_a_file_unreadable_half_way_is_no_half_document(tmp_path: Path) -> None:
    """The document is written once whole: the games read before the fault, and the fault."""
    path = tmp_path / "game.mrec"
    path.write_bytes((GOOD + "\n").encode("utf-8") * 40 + b'[Game "Meridian"]\n\x00\n')
    ran = run("annotate", "--format", "json", str(path))
    assert ran.exit_code == 2
    document = json.loads(ran.stdout)
    assert "REC-0" in document["error"] and "REC-0" in ran.stderr
    assert len(document["games"]) == 40


ESCAPED_NAME = '[Game "Meridian"]\n[Players "Ann\x1b[2J orange; Ben black; Cy grey; Di brown"]\n'


def test_record_on_standard_output_is_what_in_place_writes(tmp_path: Path) -> None:
    """Piped or redirected, the record comes out exactly: escape sequences are not dropped."""
    path = tmp_path / "game.mrec"
    path.write_text(ESCAPED_NAME + "\n1. orange 7: 3@2\n", "utf-8")
    printed = run("annotate", "--no-notes", str(path)).stdout
    run("annotate", "--no-notes", "--in-place", str(path))
    assert "\x1b[2J" in printed
    assert printed == path.read_text("utf-8")


def test_record_on_a_terminal_shows_control_characters(tmp_path: Path) -> None:
    path = tmp_path / "game.mrec"
    path.write_text(ESCAPED_NAME + "\n1. orange 7: 3@2\n", "utf-8")
    said = run_on_a_terminal(["annotate", "--no-notes", str(path)]).terminal
    assert "\x1b" not in said
    assert "Ann\\x1b[2J orange" in said


# ---------------------------------------------------------------- the formatter gate in CI

EXAMPLES_FOLDER = Path(__file__).parent.parent / "examples"


def test_the_gate_passes_on_every_bundled_example() -> None:
    ran = run("annotate", "--check", "--no-notes", str(EXAMPLES_FOLDER))
    assert ran.exit_code == 0, ran.stdout + ran.stderr
    assert ran.stdout == ""


@pytest.mark.parametrize(
    "options",
    [
        ("--game", "meridian", "--players", "3"),
        ("--game", "meridian", "--players", "2"),
        ("--game", "medina", "--edition", "1", "--players", "3"),
        ("--game", "medina", "--edition", "2", "--players", "2"),
        ("--game", "medina", "--players", "4"),
    ],
)
def test_the_gate_passes_on_generated_games(tmp_path: Path, options: tuple[str, ...]) -> None:
    path = tmp_path / "corpus.mrec"
    assert run("generate", *options, "-n", "6", "--seed", "5", "-o", str(path)).exit_code == 0
    ran = run("annotate", "--check", "--no-notes", str(path))
    assert ran.exit_code == 0, ran.stdout


def test_the_gate_takes_folders_and_globs_as_validate_does(tmp_path: Path) -> None:
    folder = tmp_path / "records" / "club"
    folder.mkdir(parents=True)
    (folder / "kept.mrec").write_text(GOOD.replace(" { my own words }", ""), "utf-8")
    (folder / "loose.mrec").write_text(GOOD.replace("\n\n", "\n\n\n"), "utf-8")
    (folder / "notes.txt").write_text("not a record", "utf-8")
    records = str(tmp_path / "records")
    for paths in ([records], [f"{records}/**/*.mrec"]):
        ran = run("annotate", "--check", "--no-notes", *paths)
        assert ran.exit_code == 1, ran.stderr
        assert ran.stdout == f"{folder / 'loose.mrec'}: would change\n"
    assert run("annotate", "--in-place", "--no-notes", records).exit_code == 0
    assert run("annotate", "--check", "--no-notes", f"{records}/**/*.mrec").exit_code == 0
    missing = run("annotate", "--check", f"{tmp_path}/none/*.mrec")
    assert missing.exit_code == 2
    assert "REC-0 no file matches this pattern" in missing.stderr
    assert "cannot be written" not in missing.stderr


def test_no_problems_tells_only_what_it_rewrites_and_cannot_read(tmp_path: Path) -> None:
    """As the pre-commit formatter runs: rule problems are validate's to tell."""
    untidy_invalid = tmp_path / "bad.mrec"
    untidy_invalid.write_text(MERIDIAN_BAD.replace("\n1.", "\n\n\n1."), "utf-8")
    tidy = tmp_path / "good.mrec"
    tidy.write_text(MEDINA_OK, "utf-8")
    unreadable_game = tmp_path / "broken.mrec"
    unreadable_game.write_text(BROKEN, "utf-8")
    files = [str(untidy_invalid), str(tidy)]
    told = run("annotate", "--in-place", "--no-notes", "--no-problems", *files)
    assert told.exit_code == 0  # an invalid record is no formatter's failure
    assert told.stdout == f"{untidy_invalid}: rewritten\n"
    assert told.stderr == ""
    assert "\n\n\n1." not in untidy_invalid.read_text("utf-8")
    again = run("annotate", "--in-place", "--no-notes", "--no-problems", *files)
    assert (again.exit_code, again.stdout, again.stderr) == (0, "", "")
    cannot = run("annotate", "--in-place", "--no-notes", "--no-problems", str(unreadable_game))
    assert cannot.exit_code == 1
    assert cannot.stdout == ""
    assert cannot.stderr.splitlines() == [
        f"{unreadable_game}:4:18: REC-1 a comment opened with '{{' is never closed"
    ]
    # without it, --in-place tells every problem, as it always has
    plain = run("annotate", "--in-place", "--no-notes", *files)
    assert plain.exit_code == 1 and "MER-R2" in plain.stderr


@pytest.mark.parametrize("mode", ["--in-place", "--check", "--diff"])
def test_a_missing_file_is_told_as_unread_not_unwritten(tmp_path: Path, mode: str) -> None:
    present = tmp_path / "game.mrec"
    present.write_text(GOOD, "utf-8")
    missing = tmp_path / "gone.mrec"
    ran = run("annotate", mode, str(missing), str(present))
    assert ran.exit_code == 2
    assert ran.stderr == f"meridina: {missing}: REC-0 no such file\n"
