"""Games to play into ``meridina table``: a game ``generate`` writes, split into the header a
new record starts with and the turns typed after it; and the two files' verdicts compared."""

from __future__ import annotations

import contextlib
import json
import re
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import run_cli

with warnings.catch_warnings():  # newer Starlette would rather its test client used httpx2
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

__all__ = [
    "TestClient", "client_for", "closed_clients", "generated", "same_verdicts", "turn_lines",
]  # fmt: skip

TURN = re.compile(r"^\d+\. (.*)$")
COMMENT = re.compile(r"\s*\{[^}]*\}")
TOKEN = "a-token-for-the-tests"

# Every player count of each game (and Medina edition): (game, edition, players, seed).
EVERY_COUNT = (
    ("meridian", None, 2, 3),
    ("meridian", None, 3, 1),
    ("meridian", None, 4, 1),
    ("medina", "1", 3, 1),
    ("medina", "1", 4, 1),
    ("medina", "2", 2, 1),
    ("medina", "2", 3, 1),
    ("medina", "2", 4, 1),
)


def generated(game: str, edition: str | None, players: int, seed: int) -> str:
    """The record of one game ``meridina generate`` plays."""
    args = ["generate", "--game", game, "--players", str(players), "--seed", str(seed)]
    if edition is not None:
        args += ["--edition", edition]
    result = run_cli(*args)
    assert result.exit_code == 0, result.output
    return result.stdout


def header(record: str) -> str:
    """The record's tags but its Result: what a new record starts with."""
    lines = record.split("\n\n", 1)[0].splitlines()
    return "\n".join(line for line in lines if not line.startswith("[Result ")) + "\n"


def turn_lines(record: str) -> list[str]:
    """Each turn as typed: without its number and comments."""
    found = []
    for line in record.splitlines():
        if matched := TURN.match(line):
            found.append(COMMENT.sub("", matched.group(1)).strip())
    return found


_OPEN = contextlib.ExitStack()  # the clients of the test running


@pytest.fixture(autouse=True)
def closed_clients() -> Iterator[None]:
    """Close the clients a test opened once it ends (imported by the modules that open any)."""
    yield
    _OPEN.close()


def client_for(path: Path) -> TestClient:
    """A test client of record mode on ``path``, holding the token's cookie, open until the
    test ends: one event loop for all its requests (without ``with``, one for each)."""
    from meridina import Recording
    from meridina.cli.table.app import make_app
    from meridina.cli.table.record_mode import PAGE, record_routes

    app = make_app(record_routes(Recording(path)), TOKEN, PAGE)
    client = TestClient(app)
    _OPEN.enter_context(client)
    assert client.get(f"/?token={TOKEN}").status_code == 200
    return client


def verdicts(path: Path) -> tuple[Any, Any]:
    """What ``validate`` and ``score`` say of a file, in JSON, the file's name left out."""
    found = []
    for command in ("validate", "score"):
        result = run_cli(command, "--format", "json", str(path))
        data = json.loads(result.stdout)
        for entry in data.get("files", []):
            entry.pop("file", None)
        data.pop("summary", None)
        found.append((result.exit_code, data))
    return found[0], found[1]


def same_verdicts(recorded: Path, typed: Path) -> None:
    """The two files validate and score alike, and the recorded one is valid and finished."""
    assert verdicts(recorded) == verdicts(typed)
    result = run_cli("validate", str(recorded))
    assert result.exit_code == 0, result.output


class Served:
    """``meridina table`` running in its own process, and the address it printed."""

    def __init__(
        self,
        path: Path | None,
        *args: str,
        browser: str | None = None,
        open_files: int | None = None,
        cwd: Path | None = None,
        environment: dict[str, str] | None = None,
    ) -> None:
        """Serve the record at ``path`` to go on with, or, with None, what ``args`` start;
        ``browser``: the program that opens the page (else none is); ``open_files``: how
        many files the server may open; run in the folder ``cwd`` (default: this process's),
        with ``environment`` added to this process's."""
        import os
        import subprocess
        import sys

        record = [] if path is None else [str(path)]
        opening = [] if browser else ["--no-browser"]
        command = [sys.executable, "-m", "meridina", "table", *record, *opening, *args]
        added = {**(environment or {}), **({"BROWSER": browser} if browser else {})}
        variables = {**os.environ, **added} if added else None

        def limited() -> None:
            if open_files is not None:
                import resource

                resource.setrlimit(resource.RLIMIT_NOFILE, (open_files, open_files))

        self.process = subprocess.Popen(
            command,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=variables,
            preexec_fn=limited if open_files is not None else None,
            cwd=cwd,
        )
        assert self.process.stdout is not None
        self.said: list[str] = []
        for line in self.process.stdout:
            self.said.append(line)
            if line.startswith("http://"):
                self.url = line.strip()
                break
        else:
            self.process.wait()
            assert self.process.stderr is not None
            raise AssertionError("".join(self.said) + self.process.stderr.read())

    @property
    def base(self) -> str:
        """The address without its path and token."""
        return self.url.split("/?", 1)[0]

    def stop(self) -> str:
        """Stop the server; what it wrote to its standard error."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except Exception:
                self.process.kill()
                self.process.wait()
        said = ""
        if self.process.stderr is not None and not self.process.stderr.closed:
            said = self.process.stderr.read()
        for stream in (self.process.stdout, self.process.stderr):
            if stream is not None:
                stream.close()
        return said
