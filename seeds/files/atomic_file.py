"""Write a user's file so that it is always whole: a temporary file, then an atomic rename.

Until the rename the original is untouched; after it the new text is complete. A failure
or a kill in between leaves the original as it was.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

from .running_process import running


class UnsafeTarget(OSError):
    """The path names something that is not a regular file (a folder, a device, a pipe, a link)."""

    def __init__(self, name: str, why: str = "not a regular file") -> None:
        super().__init__(errno.EINVAL, why, name)


@contextlib.contextmanager
def replacing(path: Path) -> Iterator[TextIO]:
    """A stream whose text replaces ``path`` when the block ends without an error.

    The temporary file lives in the same folder, so the rename never crosses file
    systems; an existing file keeps its permission bits, a new one gets those the
    umask allows. A symbolic link is refused: writing through it could replace a file
    anywhere (a link committed to a repository may point out of it).
    """
    if os.path.islink(path):
        raise UnsafeTarget(Path(path).name, "a symbolic link; meridina writes through no link")
    target = Path(os.path.abspath(path))
    mode = _mode_for(target)
    _remove_leftovers(target)
    handle, temporary = tempfile.mkstemp(
        dir=target.parent, prefix=f"{_temporary_prefix(target)}{os.getpid()}-", suffix=".tmp"
    )
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as stream:
            yield stream
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    _sync_folder(target.parent)


def _temporary_prefix(target: Path) -> str:
    """A temporary file is named ``.NAME.meridina-PID-XXXXXXXX.tmp``: whose it is, for whom."""
    return f".{target.name[:100]}.meridina-"


def _remove_leftovers(target: Path) -> None:
    """Remove the temporary files of ``target`` that a killed writer left behind.

    Only files named as this module names them for ``target``, whose writing process
    no longer runs; a writer still at work keeps its file.
    """
    prefix = _temporary_prefix(target)
    try:
        names = [name for name in os.listdir(target.parent) if name.startswith(prefix)]
    except OSError:
        return
    for name in names:
        pid = name[len(prefix) :].split("-", 1)[0]
        if not name.endswith(".tmp") or not pid.isascii() or not pid.isdigit():
            continue
        if len(pid) > 10 or running(int(pid)):
            continue
        leftover = target.parent / name
        with contextlib.suppress(OSError):
            if stat.S_ISREG(os.lstat(leftover).st_mode):
                os.unlink(leftover)


def write_atomic(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` in one step; a crash leaves the old or the new file."""
    with replacing(path) as stream:
        stream.write(text)


def _mode_for(target: Path) -> int:
    try:
        info = os.stat(target)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask
    if not stat.S_ISREG(info.st_mode):
        raise UnsafeTarget(target.name)
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
