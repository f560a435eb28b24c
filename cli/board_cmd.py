"""``meridina board``: transcribe a printed Meridian board into a board file, check it, draw it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click
from meridina.rules.meridian.board import Board
from meridina.rules.meridian.board_check import check_board
from meridina.rules.meridian.model import MERIDIANS

from . import svg, svg_meridian
from .atomic_file import write_atomic
from .loading import InputFault
from .options import format_option, picture_output_option
from .output import EXIT_INVALID, EXIT_VALID, emit_json, problem_json, problem_line
from .same_file import refuse_replacing_input
from .shown import shown
from .small_file import Unreadable, read_small
from .stand_in import stand_in_line

MOST_BYTES = 256 * 1024  # a board file is a few lines; anything larger is not one
PLAYERS = {5: "[2, 4]", 4: "[3]"}
BLANK = "?"


@click.group()
def board() -> None:
    """Type in a printed Meridian board, check the file and draw it.

    The bundled boards are stand-in layouts: to score real games, write your board
    with 'board new', fill in its map, run 'board check' until it is clean, compare
    'board draw' with the printed board, then name the file in your records:
    [Board "my-board.toml"].
    """


@board.command("new")
@click.option(
    "--cities",
    type=click.Choice(["5", "4"]),
    required=True,
    help="Cities per meridian: 5 (the side for 2 or 4 players) or 4 (for 3 players).",
)
def new(cities: str) -> None:
    """Print a commented board file to fill in (redirect it: > my-board.toml)."""
    click.echo(template(int(cities)), nl=False)


def template(cities: int) -> str:
    """A board file whose map is all blanks (?), with how to fill it in."""
    blank_row = " ".join([BLANK] * MERIDIANS)
    rows = "\n".join(blank_row for _ in range(cities))
    return (
        "# A Meridian board typed in from the printed board, for meridina.\n"
        "# Check it with 'meridina board check FILE' and compare 'meridina board draw FILE'\n"
        '# with the printed board; then name it in a record: [Board "FILE"].\n'
        "\n"
        'name = "my-board"\n'
        f'description = "{cities} cities per meridian, typed in from the printed board"\n'
        "# Which player counts play on this side of the board.\n"
        f"players = {PLAYERS[cities]}\n"
        f"cities-per-meridian = {cities}\n"
        "\n"
        "# Replace every ? with the letter of the island its city belongs to: one row per\n"
        "# city level, the top of the board first; one column per meridian, 1 to 10 from\n"
        "# left to right. Give each island its own letter; write an island's capital as a\n"
        "# capital letter (at most one per island).\n"
        f'map = """\n{rows}\n"""\n'
    )


def _read(path: Path) -> str:
    """A board file's text: a regular, small, UTF-8 file, or an input fault (exit 2)."""
    try:
        raw = read_small(
            path, MOST_BYTES, lambda size: f"is {size} bytes; a board file is at most {MOST_BYTES}"
        )
    except Unreadable as fault:
        raise InputFault(f"{path}: {fault}") from None
    try:
        return raw.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError:
        raise InputFault(f"{path}: is not UTF-8 text") from None


@board.command("check")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@format_option
def check(file: Path, output_format: str) -> None:
    """Check a board FILE: every fault and warning, each with its line.

    Exit status: 0 no fault (warnings allowed), 1 faults, 2 the file cannot be read.
    """
    found, problems = check_board(str(file), _read(file))
    if output_format == "json":
        emit_json(
            {
                "file": str(file),
                "valid": found is not None,
                "board": _board_json(found) if found is not None else None,
                "problems": [problem_json(p) for p in problems],
            }
        )
    else:
        for problem in problems:
            click.echo(problem_line(str(file), problem))
        faults = sum(1 for p in problems if not p.warning)
        if found is not None:
            sizes = ", ".join(
                f"{sum(1 for i in found.islands if i.points == n)} of {n}"
                for n in sorted({i.points for i in found.islands})
            )
            capitals = sum(1 for i in found.islands if i.capital is not None)
            click.echo(
                shown(
                    f"{file}: board {found.name}, {found.cities} cities per meridian: "
                    f"{len(found.islands)} islands ({sizes} cities), {capitals} capitals; no faults"
                )
            )
        else:
            click.echo(shown(f"{file}: {faults} fault{'s' if faults != 1 else ''}"), err=True)
    raise SystemExit(EXIT_VALID if found is not None else EXIT_INVALID)


def _board_json(found: Board) -> dict[str, Any]:
    return {
        "name": found.name,
        "cities": found.cities,
        "players": list(found.players),
        "islands": [
            {
                "island": island.name,
                "cities": [list(city) for city in island.cities],
                "capital": list(island.capital) if island.capital else None,
            }
            for island in found.islands
        ],
    }


@board.command("draw")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@picture_output_option
def draw_board(file: Path, output: Path | None) -> None:
    """Draw a board FILE as SVG, to hold next to the printed board."""
    refuse_replacing_input(output, [file])
    found, problems = check_board(str(file), _read(file))
    for problem in problems:
        click.echo(problem_line(str(file), problem), err=True)
    if found is None:
        raise SystemExit(EXIT_INVALID)
    note = stand_in_line(found)
    picture = svg_meridian.draw_board(found, f"Meridian board {found.name} ({file.name})", note)
    text = svg.serialize(picture)
    if output is None:
        click.echo(text, nl=False)
        raise SystemExit(EXIT_VALID)
    try:
        write_atomic(output, text)
    except OSError as error:
        raise InputFault(f"{output}: cannot be written ({error.strerror})") from None
    raise SystemExit(EXIT_VALID)
