"""Running every command in-process on hostile input: exit codes and problem lines."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from click.testing import CliRunner
from meridina.cli.main import cli

COMMANDS = (("validate",), ("replay",), ("annotate",), ("score",))
ALLOWED_EXITS = {0, 1, 2}


@dataclass(frozen=True)
class Ran:
    exit_code: int
    stdout: str
    stderr: str


def run(*args: str, input_text: str | None = None) -> Ran:
    """One command in-process; an escaped exception fails the test with its traceback."""
    result = CliRunner().invoke(cli, list(args), input=input_text)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    assert "Traceback" not in result.stdout + result.stderr
    return Ran(result.exit_code, result.stdout, result.stderr)


def run_every_command(path: Path) -> dict[str, Ran]:
    """Every subcommand on one file; each must end with exit 0, 1 or 2."""
    ran = {}
    for command in COMMANDS:
        outcome = run(*command, str(path))
        assert outcome.exit_code in ALLOWED_EXITS, (command, outcome)
        ran[command[0]] = outcome
    return ran
