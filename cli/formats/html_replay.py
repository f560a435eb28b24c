"""``replay --html``: the replay page of one record (``meridina.tools.replay_page``), written
game by game through a temporary file, as the games are checked, so a long record never
sits in memory whole."""

from __future__ import annotations

from pathlib import Path

import click
from meridina.files.atomic_file import replacing
from meridina.notation.driver import RulingDefaults
from meridina.rules.wording import counted
from meridina.shown import shown
from meridina.tools.replay_page import (
    hidden_folders,
    pack,
    page_ends,
    page_name,
    unpack,
    write_game,
)
from meridina.tools.replay_parts import HEADING_MARK, from_steps, spelled_out

from ..files.loading import InputFault, reports
from .exits import EXIT_INVALID, EXIT_VALID

__all__ = ["HEADING_MARK", "from_steps", "pack", "spelled_out", "unpack", "write_html"]


def write_html(
    record: str, game_number: int | None, out: Path, rulings: RulingDefaults | None = None
) -> int:
    """Write the replay page of RECORD to ``out``, game by game; the exit status, as replay's."""
    name = page_name(record)
    hide = hidden_folders(record, name)  # a Board file beside the record, named from there
    head, tail = page_ends(name)
    games = positions = 0
    valid = True
    try:
        with replacing(out) as stream:
            stream.write(head)
            for report in reports(record, game_number, rulings):
                shown_positions, game_valid = write_game(stream, report, name, hide)
                stream.flush()  # the temporary file grows game by game
                games += 1
                positions += shown_positions
                valid = valid and game_valid
            stream.write(tail)
    except OSError as error:
        raise InputFault(f"{shown(str(out))}: cannot be written ({error.strerror})") from None
    click.echo(
        f"wrote {shown(str(out))}: {counted(games, 'game')}, {counted(positions, 'position')}",
        err=True,
    )
    return EXIT_VALID if valid else EXIT_INVALID
