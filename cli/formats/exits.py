"""How a command ends: its exit statuses, and the fault of an output it cannot write."""

from __future__ import annotations

import click
from meridina.shown import shown

EXIT_VALID = 0
EXIT_INVALID = 1
EXIT_UNREADABLE = 2


class OutputFault(click.ClickException):
    """An output that cannot be written (or would replace an input): exit status 2."""

    exit_code = EXIT_UNREADABLE

    def show(self, file: object = None) -> None:
        click.echo(f"meridina: {shown(self.message)}", err=True)
