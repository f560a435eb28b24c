"""Whether a process still runs, asked as each system allows without disturbing it.

POSIX systems answer ``kill(pid, 0)``, which sends nothing. On Windows ``os.kill`` sends
a console event (signal 0 is Ctrl-C there), so Windows is asked through ``OpenProcess``
and ``GetExitCodeProcess``, which only look.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from types import ModuleType
from typing import Protocol

QUERY_LIMITED_INFORMATION = 0x1000  # the least access that reads an exit code
STILL_ACTIVE = 259  # the exit code of a process that has not ended
NO_SUCH_PROCESS = 87  # ERROR_INVALID_PARAMETER: OpenProcess's answer for an unknown id
LARGEST_WINDOWS_ID = 0xFFFF_FFFF  # a process id is a DWORD


class Kernel32(Protocol):
    """What is asked of Windows' kernel32 (a stand-in in tests); a handle is a number."""

    def OpenProcess(self, access: int, inherit: bool, pid: int) -> int | None: ...

    def GetExitCodeProcess(self, handle: int, code: object) -> int: ...

    def CloseHandle(self, handle: int) -> int: ...


def running(pid: int) -> bool:
    """True while ``pid`` runs, or when the system cannot tell: a caller keeps what it owns."""
    if pid == os.getpid():
        return True
    return probe_for(sys.platform)(pid)


def probe_for(platform: str) -> Callable[[int], bool]:
    """The way to ask on ``platform`` (a ``sys.platform`` value)."""
    return windows_running if platform == "win32" else posix_running


def posix_running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (OSError, OverflowError):
        return True  # another user's process, or no way to tell
    return True


def windows_running(
    pid: int, kernel32: Kernel32 | None = None, last_error: Callable[[], int] | None = None
) -> bool:
    """Windows' answer; ``kernel32`` and ``last_error`` stand in for the system's in tests."""
    import ctypes  # only here: the other systems never load it

    if not 0 < pid <= LARGEST_WINDOWS_ID:
        return True  # not an id Windows gives: nothing to ask, keep it
    if kernel32 is None:
        kernel32 = _kernel32()
    handle = kernel32.OpenProcess(QUERY_LIMITED_INFORMATION, False, pid)
    if not handle:
        if last_error is None:
            windows: ModuleType = ctypes  # its get_last_error is there on Windows only
            last_error = windows.get_last_error
        return last_error() != NO_SUCH_PROCESS  # access denied: it runs, as someone else
    try:
        code = ctypes.c_ulong()
        if not kernel32.GetExitCodeProcess(handle, ctypes.byref(code)):
            return True
        return code.value == STILL_ACTIVE
    finally:
        kernel32.CloseHandle(handle)


def _kernel32() -> Kernel32:
    import ctypes

    windows: ModuleType = ctypes  # its WinDLL is there on Windows only
    dll = windows.WinDLL("kernel32", use_last_error=True)
    dll.OpenProcess.restype = ctypes.c_void_p  # a handle is pointer-sized
    dll.OpenProcess.argtypes = (ctypes.c_ulong, ctypes.c_int, ctypes.c_ulong)
    dll.GetExitCodeProcess.argtypes = (ctypes.c_void_p, ctypes.POINTER(ctypes.c_ulong))
    dll.CloseHandle.argtypes = (ctypes.c_void_p,)
    library: Kernel32 = dll
    return library
