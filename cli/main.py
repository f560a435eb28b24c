"""The ``meridina`` command: validate, replay, annotate and score game records."""

from __future__ import annotations

import click

from .annotate_cmd import annotate
from .board_cmd import board
from .draw_cmd import draw
from .generate_cmd import generate
from .launch import main as launch_main
from .record_cmd import record
from .replay_cmd import replay
from .rules_cmd import rules
from .score_cmd import score
from .validate_cmd import validate


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="meridina")
def cli() -> None:
    """Check, replay, annotate and score records of Meridian and Medina games.

    Records are text files (*.mrec) in the meridina notation; each game names
    its game in a [Game "..."] tag. The bundled Meridian boards (five-city,
    four-city) are stand-in layouts, not transcriptions of the printed board;
    give your own with [Board "file.toml"].
    """


cli.add_command(validate)
cli.add_command(replay)
cli.add_command(annotate)
cli.add_command(score)
cli.add_command(record)
cli.add_command(rules)
cli.add_command(draw)
cli.add_command(board)
cli.add_command(generate)


def main() -> None:
    """Run the command line (the ``meridina`` program; see ``launch.main``)."""
    launch_main()
