"""``meridina table``: the board in a browser, to record a game by clicks at the table."""

from __future__ import annotations

from pathlib import Path

import click

from ..commands.rulings_option import rulings_of
from ..recording.options import (
    RecordingCommand,
    UsageFault,
    header_values,
    open_session,
    record_file_options,
)

LOOPBACK = "127.0.0.1"
LARGEST_PORT = 65535
POSITION_OPTIONS = ("board", "rulings", "edition", "options", "setup")


@click.command(cls=RecordingCommand)
@record_file_options
@click.option(
    "--position", "position", is_flag=True,
    help="Enter a finished table's position by clicks instead of turns.",
)  # fmt: skip
@click.option("--no-browser", "no_browser", is_flag=True, help="Do not open a browser.")
@click.option(
    "--port", type=click.IntRange(0, LARGEST_PORT), default=0, show_default=True,
    help="The port to listen on (0: any free port).",
)  # fmt: skip
@click.option(
    "--host", default=LOOPBACK, show_default=True,
    help="The address to listen on; 0.0.0.0 lets phones on the local network join.",
)  # fmt: skip
@click.pass_context
def table(
    context: click.Context,
    /,
    record: Path | None,
    output: Path | None,
    game: str | None,
    tags: tuple[str, ...],
    position: bool,
    no_browser: bool,
    port: int,
    host: str,
    **header: str | None,
) -> None:
    """Show the board in a browser and record a game by clicks, each turn checked at once.

    Start a new record with -o FILE --game GAME --players "...", or go on with an existing
    FILE, as 'meridina record' does. Pick a piece (or card and height) and click a field:
    a legal turn is written to the file at once, an illegal one is refused with its rule.
    The file is the only one written; 'meridina record' at a terminal can take turns on it.

    With --position (and -o FILE), click a finished table's pieces onto an empty board
    instead, with the score and every open problem shown at each click, and save it.

    It prints the address it serves, with a token every request needs (the browser keeps
    it as a cookie), and opens the default browser unless --no-browser. Stop it with
    Ctrl-C; the file already holds every turn.
    """
    from .server_packages import require_server_packages

    require_server_packages()
    rulings = rulings_of(context)
    if position:
        if record is not None:
            raise UsageFault("--position starts a new record: use -o FILE")
        output, game, _ = header_values(output, game, header, tags)  # the same usage errors
        from .position.position_setup import PositionSetup
        from .serve import serve_position

        setup = PositionSetup(
            output, game, str(header.get("players")), tags=tags, defaults=rulings,
            **{name: header.get(name) for name in POSITION_OPTIONS},
        )  # fmt: skip
        raise SystemExit(serve_position(setup, host, port, not no_browser))
    session = open_session(record, output, game, header, tags, rulings)
    path = session.path
    session.close()
    from .serve import serve_record

    raise SystemExit(serve_record(path, rulings, host, port, not no_browser))
