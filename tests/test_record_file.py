"""The file ``meridina record`` writes: one session at a time, turns added, sizes bounded."""

from __future__ import annotations

import errno
import os
import signal
import stat
import subprocess
import sys
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest
from conftest import record
from conftest import run_cli as run
from meridina.cli.recording import new_record as record_open
from meridina.cli.recording.new_record import new_header, new_session
from meridina.cli.recording.position_session import PositionSession
from meridina.games import shown_game
from meridina.notation.driver import GameReport, check_file, check_text
from meridina.notation.splitter import LARGEST_GAME
from meridina.recording.opening import existing_session

TOP = Path(__file__).resolve().parent.parent


def one(reports: Iterable[GameReport]) -> GameReport:
    found = list(reports)
    assert len(found) == 1
    return found[0]


def test_a_game_too_long_to_go_on_with_is_a_sentence_and_exit_2(tmp_path: Path) -> None:
    target = tmp_path / "long.mrec"
    padding = "{ " + "x" * (LARGEST_GAME + 10) + " }"
    target.write_text(record(padding, "1. orange 7: 3@2"), "utf-8")
    result = run("record", str(target), input_text="black 7: 3@4\n")
    assert result.exit_code == 2
    assert f"{target}:1: REC-0 the game starting here is longer than" in result.output
    assert target.read_text("utf-8").endswith("1. orange 7: 3@2\n")


FOUR = "Ann orange; Ben black; Cy grey; Di brown"
START = ["--game", "meridian", "--players", FOUR]
OPENING = ["orange 7: 3@2", "black 4-5-6-7/7: 2@1", "grey 7: 4@3", "brown 7: 1@1"]
HELD = "is being recorded by another 'meridina record'"


def turns_in(path: Path) -> int:
    reports = check_text(path.read_text("utf-8"))
    assert len(reports) == 1 and reports[0].valid, reports
    return len(reports[0].record.entries)


def test_a_second_session_on_the_file_is_refused_until_the_first_ends(tmp_path: Path) -> None:
    target = tmp_path / "game.mrec"
    first = new_session(target, "meridian", [("Players", FOUR, "--players")])
    assert first.play(OPENING[0]).written is not None
    second = run("record", str(target), input_text=f"{OPENING[1]}\n")
    assert second.exit_code == 2
    assert f"meridina: {target} {HELD}" in second.output
    assert first.play(OPENING[1]).written is not None
    assert first.undo() is not None  # a rewrite: the new file is held too
    assert run("record", str(target), input_text=f"{OPENING[1]}\n").exit_code == 2
    first.close()
    third = run("record", str(target), input_text=f"{OPENING[1]}\n")
    assert third.exit_code == 0, third.output
    assert turns_in(target) == 2


def _recorder(target: Path) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-c", "from meridina.cli.launch import main; main()"]
    return subprocess.Popen(
        [*command, "record", "-o", str(target), *START],
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def test_a_session_in_another_process_holds_the_file_until_it_is_killed(
    tmp_path: Path,
) -> None:
    target = tmp_path / "game.mrec"
    process = _recorder(target)
    assert process.stdin is not None
    try:
        process.stdin.write(f"{OPENING[0]}\n".encode())
        process.stdin.flush()
        deadline = time.monotonic() + 30
        while not (target.exists() and turns_in(target) == 1):
            assert time.monotonic() < deadline, "the recorder did not write its turn"
            time.sleep(0.05)
        refused = run("record", str(target), input_text=f"{OPENING[1]}\n")
        assert refused.exit_code == 2 and HELD in refused.output
        os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
    # The killed session left no hold behind.
    taken = run("record", str(target), input_text=f"{OPENING[1]}\n")
    assert taken.exit_code == 0, taken.output
    assert turns_in(target) == 2


def test_piped_turns_are_added_to_the_file_not_rewritten_each_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    example = one(check_file(TOP / "examples/meridian/three-players.mrec"))
    players = example.record.game.tag("Players")
    assert players is not None
    lines = [shown_game("meridian").recorded().format_turn(e.turn) for e in example.record.entries]
    assert len(lines) > 30
    renames = []
    rename = os.replace

    def counted(source: str, target: str) -> None:
        renames.append(target)
        rename(source, target)

    monkeypatch.setattr(os, "replace", counted)
    target = tmp_path / "game.mrec"
    result = run(
        "record", "-o", str(target), "--game", "meridian", "--players", players.value,
        input_text="".join(f"{line}\n" for line in lines),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    # written whole when made, at the first turn and at the end (the Result); else added to
    assert len(renames) <= 3
    on_disk = target.read_text("utf-8")
    reopened = existing_session(target)
    reopened.close()
    assert on_disk == reopened.text()  # the canonical layout, as a whole rewrite gives
    assert one(check_text(on_disk)).record.game.tag("Result") is not None


def test_a_position_being_typed_holds_its_file_too(tmp_path: Path) -> None:
    target = tmp_path / "table.mrec"
    header = new_header(target, "meridian", [("Players", FOUR, "--players")], position=True)
    session = PositionSession(shown_game("meridian").recorded(), target, header.record.game)
    session.save()
    assert session.add("7: orange 3@2").accepted
    refused = run("record", str(target), input_text=f"{OPENING[1]}\n")
    assert refused.exit_code == 2 and HELD in refused.output
    session.close()
    assert HELD not in run("record", str(target), input_text="").output


def test_a_new_record_never_replaces_a_file_made_meanwhile(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "game.mrec"
    theirs = record("1. orange 7: 3@2")
    checked = record_open.new_header

    def then_another_session_starts(*args: Any, **kwargs: Any) -> GameReport:
        report = checked(*args, **kwargs)
        target.write_text(theirs, "utf-8")  # made by another session after the check
        return report

    monkeypatch.setattr(record_open, "new_header", then_another_session_starts)
    result = run("record", "-o", str(target), *START, input_text=f"{OPENING[0]}\n")
    assert result.exit_code == 2
    assert f"meridina: {target} already exists" in result.output
    assert target.read_text("utf-8") == theirs
    assert [p.name for p in tmp_path.iterdir()] == ["game.mrec"]  # no temporary file left


def test_a_new_record_gets_the_permissions_the_umask_allows(tmp_path: Path) -> None:
    target = tmp_path / "game.mrec"
    umask = os.umask(0o027)
    try:
        new_session(target, "meridian", [("Players", FOUR, "--players")]).close()
    finally:
        os.umask(umask)
    assert stat.S_IMODE(target.stat().st_mode) == 0o640


def test_a_folder_without_hard_links_still_gets_a_new_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_links(source: str, target: str) -> None:
        raise OSError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)
    target = tmp_path / "game.mrec"
    result = run("record", "-o", str(target), *START, input_text=f"{OPENING[0]}\n")
    assert result.exit_code == 0, result.output
    assert turns_in(target) == 1
    assert [p.name for p in tmp_path.iterdir()] == ["game.mrec"]
