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
    handle, temporary = tempfile.mkstemp(
        dir=target.parent, prefix=f".{target.name[:100]}.", suffix=".tmp"
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
