"""The browser is sent to the table by a file only this user can read, never by the
address with the token: a browser's command line is open to every user of the machine
(``ps``, ``/proc/PID/cmdline``), a file in a folder of one's own is not. Jupyter opens its
notebooks the same way.

The file sends the browser on to the address with the token, which the table turns into
a cookie at once; it is removed, with its folder, when the table stops.
"""

from __future__ import annotations

import html
import os
import shutil
import signal
import tempfile
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType

NAME = "open-table.html"
PRIVATE = 0o600  # read and written by this user only; the folder is theirs alone too


class Terminated(Exception):
    """SIGTERM came: the file goes before the process ends by it."""


@contextmanager
def opening_page(url: str) -> Iterator[Path]:
    """A file, in a new folder only this user may enter, that leads a browser to ``url``;
    both are gone when the block ends, however it ends (Ctrl-C, SIGTERM too)."""
    folder = Path(tempfile.mkdtemp(prefix="meridina-table-"))  # made 0700
    terminated = False
    previous = _on_terminate(_raise_terminated)
    try:
        page = folder / NAME
        descriptor = os.open(page, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE)
        with os.fdopen(descriptor, "w", encoding="utf-8") as out:
            out.write(leading_to(url))
        yield page
    except Terminated:
        terminated = True
    finally:
        shutil.rmtree(folder, ignore_errors=True)
        _on_terminate(previous)
    if terminated:  # end by the signal, as the process would have without the file
        signal.raise_signal(signal.SIGTERM)


def _raise_terminated(signum: int, frame: FrameType | None) -> None:
    raise Terminated


Handler = Callable[[int, FrameType | None], object] | int | None


def _on_terminate(handler: Handler) -> Handler:
    """Set what SIGTERM does (in the main thread, where signals are taken); the last."""
    if handler is None or threading.current_thread() is not threading.main_thread():
        return None
    return signal.signal(signal.SIGTERM, handler)


def leading_to(url: str) -> str:
    """A page that sends the browser on to ``url`` at once (a link, should it not)."""
    address = html.escape(url, quote=True)
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f'<meta http-equiv="refresh" content="0;url={address}">'
        "<title>meridina table</title></head>"
        f'<body><p><a href="{address}">Open the table</a></p></body></html>\n'
    )
