"""``--color`` on every command that tells problems: each problem's line is the line
``validate`` shows, coloured as it colours it (the file in bold, the rule ID in red, a
warning's in yellow) when asked, and plain when not (the tests' output is no terminal)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import click
import pytest
from conftest import run_cli as run
from on_a_terminal import run_on_a_terminal

PROBLEM = re.compile(r"\S+errors\.mrec:\d+:\d+: (MER|REC)-")
ERRORS = Path(__file__).resolve().parent.parent / "examples" / "meridian" / "errors.mrec"

COMMANDS = [
    ["validate"],
    ["score"],
    ["score", "--standings"],
    ["ratings"],
    ["stats"],
    ["replay"],
    ["annotate"],
    ["annotate", "--format", "json"],
    ["draw"],
    ["site", "-o", "{site}"],
]


def told(command: list[str], site: Path, *options: str) -> str:
    """All the command wrote (its problems go to standard output or standard error)."""
    args = [arg.format(site=site) for arg in command]
    result = run(*args, str(ERRORS), *options)
    assert result.exit_code in (0, 1), result.output
    return result.stdout + result.stderr


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_problems_are_coloured_as_validate_colours_them(command: list[str], tmp_path: Path) -> None:
    shown = run("validate", str(ERRORS), "--color", "always", "--no-show-source").stdout
    problems = [line for line in shown.splitlines() if "\x1b[" in line]
    if command == ["draw"]:  # the first game alone
        problems = [line for line in problems if int(click.unstyle(line).split(":")[1]) < 20]
    assert len(problems) > 5
    plain = told(command, tmp_path / "plain", "--color", "never")
    coloured = told(command, tmp_path / "coloured", "--color", "always")
    assert "\x1b[" not in plain
    assert [line for line in coloured.splitlines() if line in problems] == problems
    assert [click.unstyle(line) for line in problems] == [
        line for line in plain.splitlines() if line in map(click.unstyle, problems)
    ]


def written_to_a_terminal(command: list[str], site: Path) -> tuple[str, str]:
    """What the command writes to standard error, a terminal, and to standard output, a pipe,
    under ``--color auto``: each stream is coloured as it is a terminal or not."""
    env = {name: value for name, value in os.environ.items() if "COLOR" not in name}
    args = [arg.format(site=site) for arg in command]
    ran = run_on_a_terminal([*args, str(ERRORS), "--color", "auto"], "stderr", env)
    assert ran.status in (0, 1)
    return ran.terminal, ran.piped


@pytest.mark.parametrize(
    "command", [c for c in COMMANDS if c not in (["validate"], ["annotate"])], ids=" ".join
)
def test_auto_colours_the_problems_on_a_terminal_when_the_output_is_piped(
    command: list[str], tmp_path: Path
) -> None:
    """``ratings club/ > table.txt``: the table plain, the problems on the terminal coloured."""
    err, out = written_to_a_terminal(command, tmp_path / "site")
    coloured = [line for line in err.splitlines() if "\x1b[" in line]
    assert len(coloured) > 5
    assert all(PROBLEM.match(click.unstyle(line)) for line in coloured), coloured
    assert "\x1b[" not in out
