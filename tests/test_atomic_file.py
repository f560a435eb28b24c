"""Writing a user's file: whole or not at all, in place, with its permissions kept."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from meridina.files.atomic_file import UnsafeTarget, write_atomic


def test_new_file_gets_the_umask_mode_and_the_text(tmp_path: Path) -> None:
    target = tmp_path / "game.mrec"
    old = os.umask(0o027)
    try:
        write_atomic(target, "1. orange 7: 3@2\n")
    finally:
        os.umask(old)
    assert target.read_text("utf-8") == "1. orange 7: 3@2\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert os.listdir(tmp_path) == ["game.mrec"]


def test_existing_file_keeps_its_mode(tmp_path: Path) -> None:
    target = tmp_path / "game.mrec"
    target.write_text("old\n", "utf-8")
    target.chmod(0o604)
    write_atomic(target, "new\n")
    assert target.read_text("utf-8") == "new\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o604


def test_a_failed_rename_leaves_the_old_file_and_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "game.mrec"
    target.write_text("old\n", "utf-8")

    def broken(source: object, destination: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError, match="disk full"):
        write_atomic(target, "new\n")
    assert target.read_text("utf-8") == "old\n"
    assert os.listdir(tmp_path) == ["game.mrec"]


def test_nothing_is_written_through_a_symbolic_link(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    real = outside / "credentials"
    real.write_text("old\n", "utf-8")
    checkout = tmp_path / "checkout"
    checkout.mkdir()
    link = checkout / "link.mrec"
    link.symlink_to(real)
    with pytest.raises(UnsafeTarget, match="symbolic link"):
        write_atomic(link, "new\n")
    assert link.is_symlink() and real.read_text("utf-8") == "old\n"
    assert os.listdir(checkout) == ["link.mrec"]


def test_a_folder_is_not_overwritten(tmp_path: Path) -> None:
    (tmp_path / "games").mkdir()
    with pytest.raises(UnsafeTarget):
        write_atomic(tmp_path / "games", "text\n")
    assert (tmp_path / "games").is_dir()


@settings(max_examples=30, deadline=None)
@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=200))
def test_any_text_reads_back_the_same(tmp_path_factory: pytest.TempPathFactory, text: str) -> None:
    target = tmp_path_factory.mktemp("atomic") / "game.mrec"
    write_atomic(target, text)
    assert target.read_bytes() == text.encode("utf-8")


KILLED_WRITER = """
import os, signal, sys
from pathlib import Path
from meridina.files.atomic_file import replacing
with replacing(Path(sys.argv[1])) as stream:
    stream.write("half a rec")
    stream.flush()
    os.kill(os.getpid(), signal.SIGKILL)
"""


def test_a_killed_writers_temporary_file_is_removed_by_the_next_write(tmp_path: Path) -> None:
    import subprocess
    import sys

    target = tmp_path / "game.mrec"
    target.write_text("old\n", "utf-8")
    seen = set()
    for _ in range(2):  # each killed writer finds the file its predecessor left, and removes it
        subprocess.run([sys.executable, "-c", KILLED_WRITER, str(target)], check=False)
        left = [name for name in os.listdir(tmp_path) if name != "game.mrec"]
        assert len(left) == 1 and left[0].startswith(".game.mrec.meridina-"), left
        seen.add(left[0])
    assert len(seen) == 2
    assert target.read_text("utf-8") == "old\n"
    write_atomic(target, "new\n")
    assert os.listdir(tmp_path) == ["game.mrec"]
    assert target.read_text("utf-8") == "new\n"


def test_a_running_writers_file_and_other_files_are_kept(tmp_path: Path) -> None:
    import subprocess
    import sys

    target = tmp_path / "game.mrec"
    with subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"]) as running:
        try:
            kept = [
                f".game.mrec.meridina-{running.pid}-abcd1234.tmp",  # still being written
                ".game.mrec.abcd1234.tmp",  # not named by meridina
                ".other.mrec.meridina-999999999-abcd1234.tmp",  # another file's
                "game.mrec.meridina-999999999-abcd1234.tmp",
            ]
            for name in kept:
                (tmp_path / name).write_text("x", "utf-8")
            write_atomic(target, "new\n")
            assert sorted(os.listdir(tmp_path)) == sorted([*kept, "game.mrec"])
        finally:
            running.kill()
