"""``python -m meridina`` with one of its output streams on a pseudo-terminal and the other on
a pipe, as a user at a terminal who redirects one of them runs it."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
import threading
from dataclasses import dataclass


@dataclass(frozen=True)
class Ran:
    terminal: str  # what the terminal was shown (its line ends as a terminal gives them)
    piped: str  # what the other stream wrote
    status: int


def run_on_a_terminal(
    args: list[str], terminal: str = "stdout", env: dict[str, str] | None = None
) -> Ran:
    """Run meridina with ``args``, its ``terminal`` stream (stdout or stderr) a terminal."""
    main, end = pty.openpty()
    shown: list[bytes] = []

    def read() -> None:  # as it comes, so that a full terminal never holds the command up
        while True:
            try:
                chunk = os.read(main, 4096)
            except OSError:  # the other end is closed: all is read
                return
            if not chunk:
                return
            shown.append(chunk)

    reader = threading.Thread(target=read)
    reader.start()
    # the terminal's end for one stream, a pipe for the other
    stdout, stderr = (end, subprocess.PIPE) if terminal == "stdout" else (subprocess.PIPE, end)
    try:
        ran = subprocess.run(
            [sys.executable, "-m", "meridina", *args],
            stdout=stdout,
            stderr=stderr,
            env=env,
            check=False,
            timeout=120,
        )
        os.close(end)
        reader.join(timeout=60)
    finally:
        os.close(main)
    piped = ran.stdout if terminal == "stderr" else ran.stderr
    return Ran(b"".join(shown).decode("utf-8"), piped.decode("utf-8"), ran.returncode)
