"""Write a user's file safely: a temporary file in the same folder, then an atomic rename.

Until the rename, the original is untouched; after it, the new text is complete.
A failure or a kill in between leaves the original as it was.
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import TextIO


@contextmanager
def replacing(path: Path) -> Iterator[TextIO]:
    """A stream whose text replaces ``path`` when the block ends without an error.

    A link is followed, so the file it points to is replaced and the link kept. The
    file keeps its permission bits; a new file gets the usual ones (umask applied).
    """
    target = Path(os.path.realpath(path))
    handle, temporary = tempfile.mkstemp(
        prefix=f".{target.name[:100]}.", suffix=".tmp", dir=target.parent
    )
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as stream:
            yield stream
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, _mode_for(target))
        os.replace(temporary, target)
    except BaseException:
        with suppress(OSError):
            os.unlink(temporary)
        raise


def _mode_for(target: Path) -> int:
    try:
        return stat.S_IMODE(os.stat(target).st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask
