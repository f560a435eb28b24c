"""The ``meridina`` command: validate, replay, annotate and score game records.

Each command's module is imported only when that command runs, so that ``meridina
--help`` and a single ``validate`` load no more than they use.
"""

from __future__ import annotations

import click
from meridina._version import VERSION
from meridina.rules.games import titles

from .games import GAME_COMMANDS, every_game
from .lazy_group import LazyCommand, LazyGroup

COMMANDS = {
    "validate": LazyCommand(
        ".commands.validate_cmd",
        "validate",
        "Check every game in the record PATHS (folders: every *.mrec below them).",
    ),
    "replay": LazyCommand(
        ".commands.replay_cmd",
        "replay",
        "Replay the record PATHS turn by turn, drawing the board after each turn.",
    ),
    "annotate": LazyCommand(
        ".commands.annotate_cmd",
        "annotate",
        "Write PATHS back in canonical layout with a note after each turn.",
    ),
    "score": LazyCommand(
        ".commands.score_cmd",
        "score",
        "Score each game of the record PATHS: points, what earned them, and the ranking.",
    ),
    "find": LazyCommand(
        ".commands.find_cmd",
        "find",
        "Find the games of the record PATHS that meet every condition given.",
    ),
    "ratings": LazyCommand(
        ".commands.collection_cmd",
        "ratings",
        "Rate the players of the record PATHS, one rating per game (openskill).",
    ),
    "stats": LazyCommand(
        ".commands.collection_cmd",
        "stats",
        "Statistics of the record PATHS: wins by seat, winning scores, how games ended.",
    ),
    "site": LazyCommand(
        ".site.command",
        "site",
        "Write a static site of the club's games in the record PATHS to DIR.",
    ),
    "record": LazyCommand(
        ".record.command",
        "record",
        "Record a game turn by turn, checking each turn as it is typed.",
    ),
    "table": LazyCommand(
        ".table.command",
        "table",
        "Show the board in a browser and record a game by clicks, each turn checked at once.",
    ),
    "rules": LazyCommand(
        ".commands.rules_cmd",
        "rules",
        "Show the rule RULE (such as MER-R3), or list the rules whose IDs start with it.",
    ),
    "draw": LazyCommand(
        ".commands.draw_cmd",
        "draw",
        "Draw one game of RECORD as an SVG picture (no browser or network needed).",
    ),
    "generate": LazyCommand(
        ".commands.generate_cmd",
        "generate",
        f"Write random legal games of {titles('or')} as records, with their results.",
    ),
    "import": LazyCommand(
        ".commands.import_cmd",
        "import_files",
        "Convert game files of other programs into meridina records.",
    ),
    # the commands of one game only
    **{
        name: LazyCommand(module, name, summary)
        for name, (module, summary) in GAME_COMMANDS.items()
    },
}


STAND_INS = " ".join(
    f"The bundled {game.title} boards ({', '.join(game.stand_in_boards)}) are stand-in "
    "layouts, not transcriptions of the printed board;"
    for game in every_game()
    if game.stand_in_boards
)
HELP = f"""Check, replay, annotate and score records of {titles("and")} games.

Records are text files (*.mrec) in the meridina notation; each game names its game in a
[Game "..."] tag. {STAND_INS} give your own with [Board "file.toml"].
"""


@click.group(
    cls=LazyGroup,
    lazy=COMMANDS,
    help=HELP,
    context_settings={"help_option_names": ["-h", "--help"]},
)
@click.version_option(VERSION)
def cli() -> None:
    """The command group; its help (``HELP``) is built from the games' registry."""
