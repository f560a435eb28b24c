"""The pictures in README.md are exactly what the command shown next to each one draws."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner
from meridina.cli.main import cli

TOP = Path(__file__).resolve().parent.parent
COMMANDS = re.findall(r"^ {4}meridina (draw .+ -o (\S+\.svg))$", (TOP / "README.md").read_text(
    "utf-8"), re.MULTILINE)  # fmt: skip


def test_readme_shows_a_picture_of_each_game() -> None:
    games = {Path(out).parts[1] for _, out in COMMANDS}
    assert games == {"meridian", "medina"}


@pytest.mark.parametrize(("command", "out"), COMMANDS, ids=[out for _, out in COMMANDS])
def test_committed_picture_is_the_commands_output(
    command: str, out: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(TOP)
    args = shlex.split(command)
    at = args.index("-o")
    result = CliRunner().invoke(cli, args[:at])
    assert result.exit_code == 0
    assert (TOP / out).read_text("utf-8") == result.stdout
    assert f"]({out})" in (TOP / "README.md").read_text("utf-8")
