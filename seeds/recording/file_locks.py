"""An exclusive lock on an open file, taken without waiting, with the system's own call.

POSIX systems lock with ``flock``: an advisory lock on the whole file. Windows has no
``flock``; ``msvcrt.locking`` locks a range of bytes, and a locked range can be neither read
nor written through any other handle, so the lock is taken on one byte far past the end of
any record (Windows allows a lock past the end), which leaves the text free to read and to
append to. Either system drops the lock when its descriptor is closed or the process ends.
Windows also cannot rename or replace a file while it is open: there a held file is let go
just before it is replaced, and taken again once it is in place (``moves_open_files``).

The modules are looked up when a lock is first wanted, not when this is imported, so that
every command imports on every system.
"""

from __future__ import annotations

import errno
import functools
import importlib
import os
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType

FAR_BYTE = 0x7FFF_FFFE  # msvcrt.locking seeks with a 32-bit offset; no record comes near it
BUSY = {errno.EACCES, errno.EAGAIN, errno.EDEADLK}  # what a lock held elsewhere raises


@dataclass(frozen=True, slots=True)
class Locking:
    """How this system locks a file."""

    call: str  # "flock" or "msvcrt.locking", for messages and tests
    try_lock: Callable[[int], bool]  # True once locked; False when another handle holds it
    moves_open_files: bool  # a file may be renamed or replaced while a descriptor is open


def _module(name: str) -> ModuleType | None:
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def choose(find: Callable[[str], ModuleType | None] = _module) -> Locking:
    """The locking this system offers: ``flock`` where there is ``fcntl``, else Windows'
    ``msvcrt.locking``; an ``OSError`` on use where there is neither."""
    fcntl = find("fcntl")
    if fcntl is not None:
        return Locking("flock", functools.partial(_flock, fcntl), moves_open_files=True)
    msvcrt = find("msvcrt")
    if msvcrt is not None:
        return Locking("msvcrt.locking", functools.partial(_msvcrt, msvcrt), False)
    return Locking("none", _no_locks, moves_open_files=True)


@functools.cache
def system_locking() -> Locking:
    """The locking of the system this runs on, chosen once."""
    return choose()


def _flock(fcntl: ModuleType, descriptor: int) -> bool:
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def _msvcrt(msvcrt: ModuleType, descriptor: int) -> bool:
    where = os.lseek(descriptor, 0, os.SEEK_CUR)
    os.lseek(descriptor, FAR_BYTE, os.SEEK_SET)  # locking() starts at the file's position
    try:
        msvcrt.locking(descriptor, msvcrt.LK_NBLCK, 1)
    except OSError as error:
        if error.errno in BUSY:
            return False
        raise
    finally:
        os.lseek(descriptor, where, os.SEEK_SET)
    return True


def _no_locks(descriptor: int) -> bool:
    raise OSError(errno.ENOSYS, "this system offers no file locks (neither flock nor msvcrt)")
