"""Read a small file a user named (a board, a record to go on with) whole, refusing what is not one.

Only a regular file is opened, and no more than ``most`` bytes are read of it.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable
from pathlib import Path


class Unreadable(Exception):
    """Why the file cannot be read, as the end of a sentence about it: ``no such file``."""


def read_small(path: Path, most: int, too_large: Callable[[int], str]) -> bytes:
    """The bytes of ``path``; ``too_large`` says, for a size over ``most``, why it is refused."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise Unreadable("no such file") from None
    except OSError as error:
        raise Unreadable(f"cannot be read ({error.strerror})") from None
    if not stat.S_ISREG(info.st_mode):
        raise Unreadable("is not a regular file")
    if info.st_size > most:
        raise Unreadable(too_large(info.st_size))
    try:
        with open(path, "rb") as stream:
            return stream.read(most + 1)
    except OSError as error:
        raise Unreadable(f"cannot be read ({error.strerror})") from None
