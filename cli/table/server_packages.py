"""The packages ``meridina table`` serves its page with: meridina's own dependencies, missing
only from an environment that lost them (an install with ``--no-deps``, an uninstall)."""

from __future__ import annotations

import importlib

import click

from ..formats.exits import EXIT_UNREADABLE

NEEDED = ("starlette", "uvicorn")
# meridina is not on a package index: it is installed again from its clone, which brings them
INSTALL = "pip install /path/to/meridina (in the clone's folder: pip install .)"


class ServerPackagesMissing(click.ClickException):
    """A package the table's server needs is not installed."""

    exit_code = EXIT_UNREADABLE

    def show(self, file: object = None) -> None:
        click.echo(f"meridina: {self.message}", err=True)


def require_server_packages() -> None:
    """Raise ``ServerPackagesMissing``, saying how to install them, when one is missing."""
    missing = []
    for name in NEEDED:
        try:
            importlib.import_module(name)
        except ImportError:
            missing.append(name)
    if missing:
        raise ServerPackagesMissing(
            f"meridina table needs {' and '.join(missing)}, which are installed with "
            f"meridina: install it again from its clone, {INSTALL}"
        )
