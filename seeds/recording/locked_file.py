"""The file a recording session writes: held against a second session, added to a turn at a
time, rewritten whole (through a temporary file and an atomic rename) when more changes.

The hold is a lock on an open descriptor of the file (``flock``, or Windows' own call: see
``file_locks``): the system drops it when the process ends, however it ends, so a session
that crashed never leaves the file held. A rewrite locks the new file before it is renamed
into place, so the record is never unheld while the session lasts; where open files cannot
be renamed (Windows), the file is let go just before it is replaced and held again after.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
import weakref
from pathlib import Path

from ..files.atomic_file import replacing, write_atomic
from .file_locks import system_locking

# Flags of os.open that not every system has (Windows has neither; its descriptors are not
# inherited anyway).
NONBLOCK = getattr(os, "O_NONBLOCK", 0)
CLOEXEC = getattr(os, "O_CLOEXEC", 0)
TRIES = 5  # a file replaced while we lock it is tried again, this often
# What os.link raises on a file system without hard links.
NO_LINKS = {errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.ENOSYS, errno.EMLINK}


class FileHeld(Exception):
    """Another session is recording into the file."""

    def __init__(self, path: Path) -> None:
        super().__init__(
            f"{path} is being recorded by another 'meridina record'; "
            "finish that one first (quit or Ctrl-D), then go on with it"
        )


class RecordFile:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._held: int | None = None  # a locked descriptor of the file at ``path``
        self._closer: weakref.finalize[[int], RecordFile] | None = None  # closes it if forgotten

    def hold(self) -> None:
        """Lock the file as it is now; ``FileHeld`` when another session has it.

        A file that cannot be opened is left unheld: reading it says why.
        """
        for _ in range(TRIES):
            try:
                if not stat.S_ISREG(os.stat(self.path).st_mode):
                    return  # only a regular file is opened
                descriptor = os.open(self.path, os.O_RDONLY | NONBLOCK | CLOEXEC)
            except OSError:
                return
            try:
                if not stat.S_ISREG(os.fstat(descriptor).st_mode):
                    os.close(descriptor)
                    return
                if not system_locking().try_lock(descriptor):
                    raise FileHeld(self.path)
            except BaseException:
                os.close(descriptor)
                raise
            if self._is_at_path(descriptor):
                self._keep(descriptor)
                return
            os.close(descriptor)  # replaced by its session's rewrite meanwhile: look again
        raise FileHeld(self.path)

    def create(self, text: str) -> None:
        """Write a new record at ``path`` and hold it; ``FileExistsError`` when a file is
        there, even one another session made since it was looked for."""
        locking = system_locking()
        handle: int | None
        handle, temporary = tempfile.mkstemp(
            dir=self.path.parent, prefix=f".{self.path.name[:100]}.", suffix=".tmp"
        )
        try:
            if locking.moves_open_files:
                locking.try_lock(handle)  # nobody else knows it yet
            data = memoryview(text.encode("utf-8"))
            while data:
                data = data[os.write(handle, data) :]
            os.fsync(handle)
            umask = os.umask(0)
            os.umask(umask)
            if hasattr(os, "fchmod"):  # by the open file: no name to be swapped meanwhile
                os.fchmod(handle, 0o666 & ~umask)
            else:  # Windows before Python 3.13
                os.chmod(temporary, 0o666 & ~umask)
            if not locking.moves_open_files:  # an open file cannot be given a name here
                os.close(handle)
                handle = None
            _place_new(temporary, self.path)
        except BaseException:
            if handle is not None:
                os.close(handle)
            raise
        finally:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
        if handle is None:
            self._hold_again()
        else:
            self._keep(handle)

    def rewrite(self, text: str) -> None:
        """Replace the file with ``text`` in one step, and hold the new file."""
        if not system_locking().moves_open_files:
            self.close()  # a file held open cannot be replaced here
            try:
                write_atomic(self.path, text)
            except BaseException:
                with contextlib.suppress(FileHeld, OSError):
                    self.hold()  # the old file, still in place: held again
                raise
            self._hold_again()
            return
        new: int | None = None
        try:
            with replacing(self.path) as stream:
                stream.write(text)
                new = os.dup(stream.fileno())
                system_locking().try_lock(new)  # nobody else knows it yet
        except BaseException:
            if new is not None:
                os.close(new)
            raise
        self._keep(new)

    def append(self, text: str) -> bool:
        """Add ``text`` at the end of the held file, on disk before this returns.

        False (nothing written) when the file at ``path`` is not the one held; a
        failure part way cuts the file back to what it was.
        """
        if self._held is None:
            return False
        descriptor = os.open(self.path, os.O_WRONLY | os.O_APPEND | NONBLOCK | CLOEXEC)
        try:
            if not self._is_at_path(self._held) or not _same_file(descriptor, self._held):
                return False
            size = os.fstat(descriptor).st_size
            data = memoryview(text.encode("utf-8"))
            try:
                while data:
                    data = data[os.write(descriptor, data) :]
                os.fsync(descriptor)
            except BaseException:
                with contextlib.suppress(OSError):
                    os.ftruncate(descriptor, size)
                raise
            return True
        finally:
            os.close(descriptor)

    def close(self) -> None:
        """Let the file go (the session is over)."""
        if self._closer is not None:
            self._closer()
        self._held = self._closer = None

    def _hold_again(self) -> None:
        """Hold the file just put in place closed; another session that took it in that
        moment makes the write fail, as any other failure to write does."""
        try:
            self.hold()
        except FileHeld:
            raise OSError(
                errno.EBUSY, "another 'meridina record' took it as it was written"
            ) from None

    def _keep(self, descriptor: int) -> None:
        self.close()
        self._held = descriptor
        self._closer = weakref.finalize(self, os.close, descriptor)

    def _is_at_path(self, descriptor: int) -> bool:
        try:
            now = os.stat(self.path)
        except OSError:
            return False
        held = os.fstat(descriptor)
        return (now.st_dev, now.st_ino) == (held.st_dev, held.st_ino)


def _place_new(temporary: str, path: Path) -> None:
    """Give ``temporary`` the name ``path``, unless a file has it; ``FileExistsError`` then."""
    try:
        os.link(temporary, path)  # unlike a rename, never replaces a file
    except FileExistsError:
        raise
    except OSError as error:
        if error.errno not in NO_LINKS:
            raise
        if os.path.lexists(path):  # a folder without hard links: look, then rename
            raise FileExistsError(errno.EEXIST, "file exists", str(path)) from None
        os.rename(temporary, path)


def _same_file(first: int, second: int) -> bool:
    one, other = os.fstat(first), os.fstat(second)
    return (one.st_dev, one.st_ino) == (other.st_dev, other.st_ino)
