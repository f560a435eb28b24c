"""Options shared by several commands."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

F = TypeVar("F", bound=Callable[..., Any])


def format_option(function: F) -> F:
    return click.option(
        "--format",
        "output_format",
        type=click.Choice(["text", "json"]),
        default="text",
        show_default=True,
        help="Output as readable text or as JSON (shapes in the README).",
    )(function)


def game_option(function: F) -> F:
    return click.option(
        "--game",
        "game_number",
        type=click.IntRange(min=1),
        default=None,
        help="Only the N-th game of the file (1 = first). Default: every game.",
    )(function)


def record_argument(function: F) -> F:
    return click.argument(
        "record", type=click.Path(dir_okay=False, allow_dash=True, path_type=str)
    )(function)
