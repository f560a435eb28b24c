"""The pictures in README.md and the documentation pages are exactly what the command shown
next to each one draws."""

from __future__ import annotations

import os
import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner
from meridina.cli.main import cli

TOP = Path(__file__).resolve().parent.parent
DOCUMENTS = [TOP / "README.md", *sorted((TOP / "docs").glob("*.md"))]
DRAW = re.compile(r"^ {4}meridina (draw .+ -o (\S+\.svg))$", re.MULTILINE)
COMMANDS = [
    (document, command, out)
    for document in DOCUMENTS
    for command, out in DRAW.findall(document.read_text("utf-8"))
]


def shown_as(document: Path) -> str:
    return document.relative_to(TOP).as_posix()


def test_readme_shows_a_picture_of_each_game() -> None:
    games = {Path(out).parts[1] for document, _, out in COMMANDS if document.name == "README.md"}
    assert games <= {"meridian", "medina"} and games


def test_the_documentation_shows_a_picture_of_each_game() -> None:
    games = {Path(out).parts[1] for document, _, out in COMMANDS if document.parent.name == "docs"}
    assert games == {"meridian", "medina"}


@pytest.mark.parametrize(
    ("document", "command", "out"),
    COMMANDS,
    ids=[f"{shown_as(document)}:{out}" for document, _, out in COMMANDS],
)
def test_committed_picture_is_the_commands_output(
    document: Path, command: str, out: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(TOP)
    args = shlex.split(command)
    at = args.index("-o")
    result = CliRunner().invoke(cli, args[:at])
    assert result.exit_code == 0
    assert (TOP / out).read_text("utf-8") == result.stdout
    # the picture itself is shown in the same document, by a link relative to it
    link = Path(os.path.relpath(TOP / out, document.parent)).as_posix()
    assert f"]({link})" in document.read_text("utf-8")
