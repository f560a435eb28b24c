"""Shared formatting: problems as ``file:line:col: RULE message``, JSON, exit codes."""

from __future__ import annotations

import json
from typing import Any

import click
from meridina.rules.common import Problem

EXIT_VALID = 0
EXIT_INVALID = 1
EXIT_UNREADABLE = 2


def problem_line(source: str, problem: Problem) -> str:
    where = f"{source}:{problem.at.line}:{problem.at.col}" if problem.at else source
    kind = "warning: " if problem.warning else ""
    return f"{where}: {problem.rule} {kind}{problem.message}"


def problem_json(problem: Problem) -> dict[str, Any]:
    return {
        "line": problem.at.line if problem.at else None,
        "col": problem.at.col if problem.at else None,
        "rule": problem.rule,
        "severity": "warning" if problem.warning else "error",
        "message": problem.message,
    }


def emit_json(data: Any) -> None:
    click.echo(json.dumps(data, indent=2, ensure_ascii=False))
