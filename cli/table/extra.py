"""What ``meridina table`` needs beyond meridina itself: the ``table`` extra."""

from __future__ import annotations

import importlib

import click

from ..output import EXIT_UNREADABLE

NEEDED = ("starlette", "uvicorn")
INSTALL = "pip install 'meridina[table]'"


class ExtraMissing(click.ClickException):
    """A package of the ``table`` extra is not installed."""

    exit_code = EXIT_UNREADABLE

    def show(self, file: object = None) -> None:
        click.echo(f"meridina: {self.message}", err=True)


def require_table_extra() -> None:
    """Raise ``ExtraMissing`` naming the extra to install when a package it holds is missing."""
    missing = []
    for name in NEEDED:
        try:
            importlib.import_module(name)
        except ImportError:
            missing.append(name)
    if missing:
        raise ExtraMissing(
            f"meridina table needs {' and '.join(missing)}, which come with the 'table' "
            f"extra: {INSTALL}"
        )
