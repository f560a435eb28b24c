"""A click group that imports a command's module only when that command runs.

This is the LazyGroup of click's documentation, plus two things: the group's own
``--help`` lists each command with a one-line summary kept here, so that listing
the commands loads none of them (a test keeps those summaries equal to the
commands' own help); and a misspelt command is answered with the one meant.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any, NamedTuple

import click

MEANT = 0.6  # how alike a typed command must be to a real one to be offered (difflib)


class LazyCommand(NamedTuple):
    """Where a command lives (module relative to this package, attribute) and its summary."""

    module: str
    attribute: str
    summary: str  # the first paragraph of the command's help


class LazyGroup(click.Group):
    # click types its constructors' arguments as Any; they are passed on as they come
    def __init__(self, *args: Any, lazy: Mapping[str, LazyCommand], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lazy = dict(lazy)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.lazy})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.lazy and cmd_name not in self.commands:
            self.add_command(self.load(cmd_name), cmd_name)
        return super().get_command(ctx, cmd_name)

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        try:
            return super().resolve_command(ctx, args)
        except click.UsageError as error:
            import difflib  # here: only a misspelt command needs it, and every start would pay

            names = self.list_commands(ctx)
            typed = args[0] if args else ""
            meant = difflib.get_close_matches(typed, names, n=1, cutoff=MEANT)
            if typed in names or not meant:
                raise
            raise click.UsageError(
                f"{error.message} Did you mean {meant[0]!r}?", error.ctx
            ) from None

    def load(self, name: str) -> click.Command:
        where = self.lazy[name]
        module = importlib.import_module(where.module, __package__)
        command = getattr(module, where.attribute)
        if not isinstance(command, click.Command):
            raise TypeError(f"{where.module}.{where.attribute} is not a click command")
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """As ``click.Group.format_commands``, from the summaries: nothing is imported."""
        names = self.list_commands(ctx)
        if not names:
            return
        limit = formatter.width - 6 - max(len(name) for name in names)
        rows = [(name, self.summary(ctx, name).get_short_help_str(limit)) for name in names]
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def summary(self, ctx: click.Context, name: str) -> click.Command:
        """The command, or a stand-in with its summary that shortens the same way."""
        if name in self.lazy and name not in self.commands:
            return click.Command(name, help=self.lazy[name].summary)
        command = super().get_command(ctx, name)
        assert command is not None
        return command
