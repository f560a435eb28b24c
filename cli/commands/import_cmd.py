"""``meridina import``: game files of other programs converted into meridina records.

Each converter is a subcommand, listed in ``cli/games.py`` and loaded only when it runs.
"""

from __future__ import annotations

import click

from ..games import IMPORT_COMMANDS
from ..lazy_group import LazyCommand, LazyGroup

HELP = """Convert game files of other programs into meridina records.

Each subcommand reads one program's files and writes the games as records, which then
validate, replay, draw and score like any other.
"""


@click.group(
    "import",
    cls=LazyGroup,
    lazy={
        name: LazyCommand(module, name, summary)
        for name, (module, summary) in IMPORT_COMMANDS.items()
    },
    help=HELP,
)
def import_files() -> None:
    """The ``import`` group (help: ``HELP``)."""
