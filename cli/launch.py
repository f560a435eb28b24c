"""The ``meridina`` program: signals and last-resort errors, before anything is loaded.

This module imports nothing heavy, so that Ctrl-C while the commands are still
loading is handled like Ctrl-C at any other moment.
"""

from __future__ import annotations

import os
import signal
import sys

EXIT_UNWRITABLE = 2  # as for a file that cannot be written
EXIT_INTERNAL = 3
EXIT_INTERRUPTED = 130
EXIT_PIPE_CLOSED = 141  # what a shell reports for a program ended by SIGPIPE


class Interrupted(BaseException):
    """Ctrl-C, raised past Click (which would print "Aborted!" and exit 1)."""


def _interrupt(signum: int, frame: object) -> None:
    raise Interrupted


def main() -> None:
    """Run the command line; an unexpected failure is one line, never a traceback.

    Ctrl-C ends with exit status 130 and one line. A closed standard output (as in
    ``meridina validate big | head -1``) ends the program quietly, as it ends
    ``cat`` or ``grep``: by the default action of SIGPIPE.
    """
    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    signal.signal(signal.SIGINT, _interrupt)
    try:
        from .main import cli

        try:
            cli.main(prog_name="meridina", standalone_mode=True)
        finally:
            sys.stdout.flush()  # a full disk shows here, not in the interpreter's last flush
    except SystemExit:
        raise
    except (Interrupted, KeyboardInterrupt):
        _say("meridina: interrupted", after_echo=True)
        sys.exit(EXIT_INTERRUPTED)
    except BrokenPipeError:  # where there is no SIGPIPE
        _silence_stdout()
        sys.exit(EXIT_PIPE_CLOSED)
    except OSError as error:
        if error.filename is not None:  # a file a command did not expect to fail
            from meridina.shown import shown

            _say(shown(f"meridina: {error.filename}: {error.strerror or error}"))
        else:  # standard output: a full disk, a closed terminal
            _silence_stdout()
            _say(f"meridina: cannot write the output ({error.strerror or error})")
        sys.exit(EXIT_UNWRITABLE)
    except Exception as error:
        _say(f"meridina: internal error ({type(error).__name__}: {error}); please report it")
        sys.exit(EXIT_INTERNAL)


def _say(line: str, after_echo: bool = False) -> None:
    """One line on standard error; on a terminal, below the ``^C`` it echoed."""
    try:
        lead = "\n" if after_echo and sys.stderr.isatty() else ""
        sys.stderr.write(f"{lead}{line}\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        pass


def _silence_stdout() -> None:
    """Point standard output at the null device so the final flush cannot fail."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
