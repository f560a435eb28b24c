"""What differs between systems: the record file's lock and the probe of a writer's process.

Windows has no ``fcntl`` and its ``os.kill`` sends console events. A child Python is run with
``fcntl`` made unimportable and a stand-in ``msvcrt`` (a byte-range lock as Windows keeps it),
and records a game through ``record`` and ``meridina.Recording``; a file is never renamed,
replaced or removed while this process holds it open, as Windows forbids.
"""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest
from meridina.files import running_process
from meridina.files.atomic_file import write_atomic
from meridina.recording import file_locks
from meridina.recording.file_locks import FAR_BYTE, choose

TOP = Path(__file__).resolve().parent.parent

# The child: hides fcntl (or not, with "posix"), puts in the stand-in msvcrt, watches every
# rename, link and removal for a file still open in the process, then records.
CHILD = r"""
import errno, json, os, sys
from pathlib import Path

windows = sys.argv[2] == "windows"
folder = Path(sys.argv[1])
seen = {"offsets": [], "open_when_moved": []}

class NoFcntl:
    def find_spec(self, name, path=None, target=None):
        if name == "fcntl":
            raise ImportError("no module named 'fcntl' on this system")
        return None

if windows:
    sys.modules.pop("fcntl", None)
    sys.meta_path.insert(0, NoFcntl())
    held = {}  # (device, inode) -> the descriptor that locked it

    def locking(descriptor, mode, count):
        assert (mode, count) == (2, 1)
        seen["offsets"].append(os.lseek(descriptor, 0, os.SEEK_CUR))
        info = os.fstat(descriptor)
        key = (info.st_dev, info.st_ino)
        other = held.get(key)
        if other is not None and other != descriptor:
            try:
                still = os.fstat(other)
            except OSError:
                still = None
            if still is not None and (still.st_dev, still.st_ino) == key:
                raise PermissionError(errno.EACCES, "Permission denied")
        held[key] = descriptor

    msvcrt = type(sys)("msvcrt")
    msvcrt.LK_UNLCK, msvcrt.LK_NBLCK, msvcrt.locking = 0, 2, locking
    sys.modules["msvcrt"] = msvcrt

def open_files():
    found = set()
    for name in os.listdir("/proc/self/fd"):
        try:
            info = os.fstat(int(name))
        except OSError:
            continue
        found.add((info.st_dev, info.st_ino))
    return found

def watched(call):
    def moving(*paths, **options):
        for path in paths[:2]:
            try:
                info = os.stat(path)
            except (OSError, TypeError, ValueError):
                continue
            if (info.st_dev, info.st_ino) in open_files():
                seen["open_when_moved"].append(call.__name__)
        return call(*paths, **options)
    return moving

for name in ("replace", "rename", "link", "unlink"):
    setattr(os, name, watched(getattr(os, name)))

import meridina
import meridina.cli.table
from click.testing import CliRunner
from meridina.cli.main import cli
from meridina.recording.locked_file import FileHeld, RecordFile

target = folder / "game.mrec"
typed = CliRunner().invoke(
    cli,
    ["record", "-o", str(target), "--game", "medina", "--edition", "1",
     "--players", "Ann red; Ben blue; Cy green", "--setup", "merchant H7"],
    input="red orange@E5 wall@B1\nquit\n",
)
seen["record"] = [typed.exit_code, typed.output]
recording = meridina.Recording(target)
seen["played"] = recording.play("blue grey@L9 wall@C1").turn
recording.comment("a quiet start")
seen["undone"] = recording.undo()
seen["played again"] = recording.play("blue grey@L9 wall@C1").turn
first = RecordFile(target)
first.hold()
try:
    RecordFile(target).hold()
    seen["second hold"] = "held"
except FileHeld:
    seen["second hold"] = "refused"
first.close()
seen["text"] = target.read_text("utf-8")
seen["fcntl loaded"] = "fcntl" in sys.modules
print(json.dumps(seen))
"""


def _record_in_child(tmp_path: Path, system: str) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(tmp_path), system],
        capture_output=True,
        text=True,
        check=False,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    found: dict[str, Any] = json.loads(done.stdout)
    return found


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs /proc to see open files")
def test_a_game_is_recorded_without_fcntl_as_windows_would(tmp_path: Path) -> None:
    seen = _record_in_child(tmp_path, "windows")
    assert seen["fcntl loaded"] is False
    assert seen["record"][0] == 0, seen["record"][1]
    assert seen["played"] == seen["played again"] == "2. blue grey@L9 wall@C1"
    assert seen["undone"] == "2. blue grey@L9 wall@C1"
    assert seen["second hold"] == "refused"
    assert seen["text"].endswith("1. red orange@E5 wall@B1\n2. blue grey@L9 wall@C1\n")
    assert "a quiet start" not in seen["text"]  # taken back with its turn
    assert seen["offsets"] and set(seen["offsets"]) == {FAR_BYTE}  # the text stays readable
    assert seen["open_when_moved"] == []  # no file renamed or removed while held open


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs /proc to see open files")
def test_with_flock_a_held_file_is_replaced_while_open(tmp_path: Path) -> None:
    # the POSIX way, where it is allowed: what the watch above would catch on Windows
    seen = _record_in_child(tmp_path, "posix")
    assert seen["record"][0] == 0 and seen["second hold"] == "refused"
    assert seen["offsets"] == [] and "replace" in seen["open_when_moved"]


# ---------------------------------------------------------------- the per-system choice


def _found(*present: str) -> Any:
    modules = {name: ModuleType(name) for name in present}
    return modules.get


def test_each_system_gets_its_own_lock() -> None:
    posix = choose(_found("fcntl", "msvcrt"))
    windows = choose(_found("msvcrt"))
    neither = choose(_found())
    assert (posix.call, posix.moves_open_files) == ("flock", True)
    assert (windows.call, windows.moves_open_files) == ("msvcrt.locking", False)
    with pytest.raises(OSError, match="no file locks"):
        neither.try_lock(0)
    assert file_locks.system_locking().call == ("flock" if os.name == "posix" else "msvcrt.locking")


def test_the_windows_lock_takes_one_far_byte_and_puts_the_position_back(tmp_path: Path) -> None:
    calls: list[tuple[int, int, int]] = []
    taken = {"busy": False}

    def locking(descriptor: int, mode: int, count: int) -> None:
        calls.append((os.lseek(descriptor, 0, os.SEEK_CUR), mode, count))
        if taken["busy"]:
            raise PermissionError(errno.EACCES, "Permission denied")

    msvcrt = SimpleNamespace(LK_NBLCK=2, locking=locking)
    lock = choose(lambda name: msvcrt if name == "msvcrt" else None)  # type: ignore[arg-type,return-value]
    path = tmp_path / "game.mrec"
    path.write_text("text\n", "utf-8")
    descriptor = os.open(path, os.O_RDONLY)
    try:
        os.lseek(descriptor, 2, os.SEEK_SET)
        assert lock.try_lock(descriptor) is True
        taken["busy"] = True
        assert lock.try_lock(descriptor) is False  # another handle holds it
        assert os.lseek(descriptor, 0, os.SEEK_CUR) == 2
    finally:
        os.close(descriptor)
    assert calls == [(FAR_BYTE, 2, 1), (FAR_BYTE, 2, 1)]


# ---------------------------------------------------------------- is the writer still running


class Kernel32:
    """Windows' calls as the probe makes them, answering for one process."""

    def __init__(self, exists: bool, exit_code: int = 259) -> None:
        self.exists, self.exit_code, self.closed = exists, exit_code, 0

    def OpenProcess(self, access: int, inherit: bool, pid: int) -> int:
        return 7 if self.exists else 0

    def GetExitCodeProcess(self, handle: int, code: Any) -> int:
        code._obj.value = self.exit_code
        return 1

    def CloseHandle(self, handle: int) -> int:
        self.closed += 1
        return 1


@pytest.mark.parametrize(
    ("kernel32", "error", "alive"),
    [
        (Kernel32(exists=True), 0, True),  # STILL_ACTIVE
        (Kernel32(exists=True, exit_code=0), 0, False),  # ended; someone still has a handle
        (Kernel32(exists=False), 87, False),  # no such process
        (Kernel32(exists=False), 5, True),  # access denied: another user's, running
    ],
)
def test_windows_is_asked_whether_a_process_runs_without_os_kill(
    monkeypatch: pytest.MonkeyPatch, kernel32: Kernel32, error: int, alive: bool
) -> None:
    def no_kill(pid: int, signal: int) -> None:
        raise AssertionError("os.kill sends a console event on Windows")

    monkeypatch.setattr(os, "kill", no_kill)
    assert running_process.windows_running(4242, kernel32, lambda: error) is alive
    assert kernel32.closed == (1 if kernel32.exists else 0)


def test_a_dead_writers_leftover_is_removed_on_windows_by_asking_windows(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def no_kill(pid: int, signal: int) -> None:
        raise AssertionError("os.kill sends a console event on Windows")

    assert running_process.probe_for("win32") is running_process.windows_running
    assert running_process.probe_for("linux") is running_process.posix_running
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(os, "kill", no_kill)
    monkeypatch.setattr(running_process, "_kernel32", lambda: Kernel32(True, exit_code=0))
    leftover = tmp_path / ".game.mrec.meridina-4242-abcd1234.tmp"
    leftover.write_text("x", "utf-8")
    write_atomic(tmp_path / "game.mrec", "new\n")
    assert sorted(os.listdir(tmp_path)) == ["game.mrec"]


def test_a_failed_rewrite_where_open_files_cannot_move_keeps_the_file_held(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from meridina.recording import locked_file
    from meridina.recording.file_locks import Locking

    posix = choose()
    # flock's lock, with Windows' rule that a file held open is let go before it moves
    monkeypatch.setattr(
        locked_file, "system_locking", lambda: Locking("test", posix.try_lock, False)
    )

    def full(path: Path, text: str) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    path = tmp_path / "game.mrec"
    path.write_text("old\n", "utf-8")
    held = locked_file.RecordFile(path)
    held.hold()
    monkeypatch.setattr(locked_file, "write_atomic", full)
    with pytest.raises(OSError, match="No space"):
        held.rewrite("new\n")
    with pytest.raises(locked_file.FileHeld):
        locked_file.RecordFile(path).hold()  # held again after the failure
    monkeypatch.undo()
    monkeypatch.setattr(
        locked_file, "system_locking", lambda: Locking("test", posix.try_lock, False)
    )
    held.rewrite("new\n")
    with pytest.raises(locked_file.FileHeld):
        locked_file.RecordFile(path).hold()
    held.close()
    assert path.read_text("utf-8") == "new\n"
    locked_file.RecordFile(path).hold()  # let go: anyone may hold it now
