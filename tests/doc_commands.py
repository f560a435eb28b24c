"""Running the ``meridina`` commands the READMEs and documentation pages show, as a reader of
them would: from a fresh folder as a clone holds it, with the installed ``meridina``;
``record`` fed ``quit`` on standard input, ``table`` started, its page fetched, then stopped
with Ctrl-C. ``test_readme_promises.py`` runs the code blocks' commands with these,
``test_doc_command_lines.py`` the ones written inline.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import click
import httpx
from table_games import Served

TOP = Path(__file__).resolve().parent.parent
DOCUMENTS = (
    "README.md",
    "notation/README.md",
    *sorted(path.relative_to(TOP).as_posix() for path in (TOP / "docs").glob("*.md")),
)
COMMAND = re.compile(r"^(?:\$ |- run: |- )?((?:printf .*\| )?meridina .*)$")
BIN = Path(sys.executable).parent
SHELL = {"|", ">", ">>", "<", ";", "&&", "||", "&"}
QUIT = "quit\n"  # what a reader types to end a recording at once


def fresh_folder(tmp_path: Path) -> Path:
    """A folder as a clone holds it: the bundled examples, and records of one's own."""
    shutil.copytree(TOP / "examples", tmp_path / "examples")
    (tmp_path / "records").mkdir()
    shutil.copy(TOP / "examples" / "meridian" / "four-players.mrec", tmp_path / "records")
    return tmp_path


def shell(command: str, folder: Path, typed: str = "") -> subprocess.CompletedProcess[str]:
    """Run ``command`` in bash in ``folder``, with ``typed`` on its standard input."""
    environment = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}"}
    environment.pop("VIRTUAL_ENV", None)
    return subprocess.run(
        ["bash", "-c", command],
        cwd=folder,
        env=environment,
        input=typed,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def has_shell(command: str) -> bool:
    """Whether ``command`` holds shell syntax (a pipe, a redirection) between its words."""
    return any(word in SHELL for word in command.split())


def meridina_words(command: str) -> list[str]:
    """The words after ``meridina`` of a command line, up to any shell syntax after them."""
    try:
        words = shlex.split(command, comments=True)
    except ValueError:  # a form may leave a quote open: its words as written
        words = command.split()
    start = words.index("meridina") + 1
    end = next((i for i in range(start, len(words)) if words[i] in SHELL), len(words))
    return words[start:end]


def resolve(words: list[str]) -> tuple[list[str], click.Command, list[str]]:
    """The command ``words`` name (its path of names, the command), and the words after it."""
    from meridina.cli.main import cli

    command: click.Command = cli
    path: list[str] = []
    rest = list(words)
    while isinstance(command, click.Group) and rest:
        found = command.get_command(click.Context(command), rest[0])
        if found is None:
            break
        command = found
        path.append(rest.pop(0))
    return path, command, rest


def typed_to(command: str) -> str:
    """What a reader types to ``command``: ``quit`` to a recording reading the terminal."""
    words = meridina_words(command)
    piped = command.split().index("meridina") > 0 and "|" in command.split()
    return QUIT if resolve(words)[0] == ["record"] and not piped else ""


def is_table(command: str) -> bool:
    """Whether ``command`` starts ``meridina table`` alone (a server, which serves on)."""
    return not has_shell(command) and resolve(meridina_words(command))[0] == ["table"]


def run_table(command: str, folder: Path) -> None:
    """Start ``command`` (a ``meridina table`` line) in ``folder`` with ``--no-browser --port
    0``, so that no browser opens and any free port is taken; fetch its page; stop it with
    Ctrl-C, as the page says, which must end it with status 130 and one line."""
    said = f"{command}: "
    served = Served(None, *resolve(meridina_words(command))[2], "--port", "0", cwd=folder)
    try:
        page = httpx.get(served.url, follow_redirects=True, timeout=30)
        assert page.status_code == 200, said + page.text
        os.kill(served.process.pid, signal.SIGINT)
        status = served.process.wait(30)
        assert served.process.stderr is not None
        stopped = served.process.stderr.read()
    except subprocess.TimeoutExpired:
        raise AssertionError(said + "not stopped by Ctrl-C") from None
    finally:
        served.stop()
    assert status == 130 and stopped.endswith("meridina: interrupted\n"), said + stopped
