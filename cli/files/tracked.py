"""The record files git tracks below a folder: a walk never skips one of them by .gitignore.

git ignores only untracked files; a .gitignore that names a tracked record does not take it
out of the repository, so it must not take it out of a check either. git is asked once per
walk, without a shell, for a bounded time and output; where it is missing or fails, the walk
goes on as without it.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

GIT_SECONDS = 30  # far above what listing a large repository takes
MOST_LISTING_BYTES = 256 * 1024 * 1024  # a longer listing is not read: the walk goes on without


class Tracked:
    """Tracked record files below a walk's top, by their ``/``-separated path from it."""

    def __init__(self, files: frozenset[str]) -> None:
        self.files = files
        self.folders = frozenset(
            "/".join(parts[:end])
            for parts in (name.split("/") for name in files)
            for end in range(1, len(parts))
        )

    def holds_file(self, relative: str) -> bool:
        return relative in self.files

    def holds_folder(self, relative: str) -> bool:
        """Whether a tracked record lies somewhere below the folder ``relative``."""
        return relative in self.folders


def tracked_records(top: Path, suffix: str) -> Tracked | None:
    """The tracked files ending in ``suffix`` below ``top``; None when git cannot say."""
    listing = _git_listing(top)
    if listing is None:
        return None
    names = (os.fsdecode(name) for name in listing.split(b"\0") if name)
    return Tracked(frozenset(name for name in names if name.endswith(suffix)))


def _git_listing(top: Path) -> bytes | None:
    """``git ls-files -z`` run in ``top`` (paths relative to it), or None."""
    import subprocess  # here: only a folder walk asks git, and the module costs every start

    command = ["git", "-C", str(top), "ls-files", "-z", "--cached"]
    with tempfile.TemporaryFile() as output:
        try:
            process = subprocess.Popen(
                command, stdin=subprocess.DEVNULL, stdout=output, stderr=subprocess.DEVNULL
            )
        except OSError:  # no git here
            return None
        try:
            code = process.wait(timeout=GIT_SECONDS)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
            return None
        if code != 0 or output.tell() > MOST_LISTING_BYTES:
            return None
        output.seek(0)
        return output.read()
