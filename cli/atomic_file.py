"""Write a user's file so that it is always whole: a temporary file, then an atomic rename."""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path


class UnsafeTarget(Exception):
    """The path names something that is not a regular file (a folder, a device, a pipe)."""


def write_atomic(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` in one step; a crash leaves the old or the new file.

    The temporary file lives in the same folder, so the rename never crosses file
    systems; an existing file keeps its permission bits, a new one gets those the
    umask allows. A symbolic link keeps pointing at its file, which is replaced.
    """
    target = Path(os.path.realpath(path))
    mode = _mode_for(target)
    handle, temporary = tempfile.mkstemp(
        dir=target.parent, prefix=f".{target.name}.", suffix=".tmp"
    )
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    _sync_folder(target.parent)


def _mode_for(target: Path) -> int:
    try:
        info = os.stat(target)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask
    if not stat.S_ISREG(info.st_mode):
        raise UnsafeTarget(f"{target.name} is not a regular file")
    return stat.S_IMODE(info.st_mode)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable where the system allows it."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(descriptor)
    finally:
        os.close(descriptor)
