"""``meridina import boardspace``: Boardspace's Medina game files as meridina records."""

from __future__ import annotations

import sys
from pathlib import Path

import click
from meridina.files.atomic_file import replacing
from meridina.files.small_file import Unreadable
from meridina.medina.boardspace import origin_of, read_file
from meridina.notation.medina.boardspace import ConversionFault, conversion
from meridina.shown import shown

from ..commands.verbosity import Verbosity, verbosity_options
from ..files.same_file import refuse_replacing_input
from ..formats.exits import EXIT_INVALID, EXIT_UNREADABLE, EXIT_VALID, OutputFault

HELP = """Convert Boardspace's Medina game files into meridina records.

Each FILE is one game saved by Boardspace (both editions); - reads standard input. The
records go to standard output, one game after another with a blank line between, or to
FILE with -o. Each record names its edition, options, the rulings of the Boardspace
revision that played it, the players and their roof colours, and says in a comment what
it was converted from. Cancelled picks and undone placements leave no trace. A file whose
final ')' is missing or doubled is converted with a REC-1 warning at its place; one with
moves filed under a seat (P0...P3) whose turn it is not, with a MED-T1 warning at the first
of them (the record follows the turn order). -o may not name one of the FILEs. A file that
cannot be converted (an edited position, a move the converter does not know) is reported
at its line and column, and the command exits 1; a file that cannot be read exits 2.
"""


@click.command(help=HELP)
@click.argument("files", nargs=-1, required=True, metavar="FILE...")
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Write the records to FILE (replaced only once it is complete).",
)
@verbosity_options
def boardspace(files: tuple[str, ...], output: Path | None, verbosity: Verbosity) -> None:
    """Convert each file (help: ``HELP``)."""
    click.get_current_context().with_resource(verbosity.silenced(report=False))
    refuse_replacing_input(output, files)
    records: list[str] = []
    status = EXIT_VALID
    for name in files:
        shown_name = shown(name)
        try:
            text = read_file(name)
        except Unreadable as why:
            click.echo(f"meridina: {shown_name}: {shown(str(why))}", err=True)
            status = EXIT_UNREADABLE
            continue
        try:
            converted = conversion(text, origin_of(name))
        except ConversionFault as fault:
            where = f"{shown_name}:{fault.line}:{fault.column}"
            click.echo(f"{where}: {shown(fault.message)}", err=True)
            status = max(status, EXIT_INVALID)
            continue
        for slip in converted.slips:
            where = f"{shown_name}:{slip.line}:{slip.column}"
            click.echo(f"{where}: {slip.rule} warning: {shown(slip.message)}", err=True)
        records.append(converted.record)
        verbosity.say(f"converted {name}")
    written = "\n".join(records)
    if output is None:
        click.echo(written, nl=False)
    elif records:
        try:
            with replacing(output) as stream:
                stream.write(written)
        except OSError as error:
            raise OutputFault(f"{output}: cannot be written ({error.strerror})") from None
    sys.exit(status)
