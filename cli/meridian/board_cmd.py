"""``meridina board``: transcribe a printed Meridian board into a board file, check it, draw it."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click
from meridina.drawing import svg
from meridina.files.atomic_file import write_atomic
from meridina.files.small_file import Unreadable, read_small
from meridina.meridian import svg as svg_meridian
from meridina.rules.datafile import bundled_text
from meridina.rules.meridian.board import PACKAGE, Board, board_names, bundled_board
from meridina.rules.meridian.board_check import check_board
from meridina.rules.meridian.model import MERIDIANS
from meridina.rules.wording import counted
from meridina.shown import shown
from meridina.stand_in import stand_in_line

from ..commands.options import color_option, format_option, picture_output_option
from ..commands.verbosity import Verbosity, verbosity_options
from ..files.loading import InputFault
from ..files.same_file import refuse_replacing_input
from ..formats.exits import EXIT_INVALID, EXIT_VALID
from ..formats.output import emit_json, problem_json, use_colour
from ..formats.reporters.text import echo_problem

MOST_BYTES = 256 * 1024  # a board file is a few lines; anything larger is not one
PLAYERS = {5: "[2, 4]", 4: "[3]"}
BLANK = "?"


@click.group()
def board() -> None:
    """Type in a printed Meridian board, check the file and draw it.

    The bundled boards are stand-in layouts: to score real games, write your board
    with 'board new' (or start from a bundled one: 'board new --from five-city'),
    fill in its map, run 'board check' until it is clean, compare 'board draw' with
    the printed board, then name the file in your records: [Board "my-board.toml"].

    BOARD is a bundled board's name (five-city, four-city) or a board file; a
    bundled name wins over a file of the same name (write ./five-city for the file).
    """


@board.command("new")
@click.option(
    "--cities",
    type=click.Choice(["5", "4"]),
    default=None,
    help="Cities per meridian: 5 (the side for 2 or 4 players) or 4 (for 3 players).",
)
@click.option(
    "--from",
    "start",
    type=click.Choice(board_names()),
    default=None,
    help="Start from a bundled board's map instead of blanks (its side gives --cities).",
)
def new(cities: str | None, start: str | None) -> None:
    """Print a commented board file to fill in (redirect it: > my-board.toml)."""
    source = bundled_board(start) if start is not None else None
    if source is None and cities is None:
        raise click.UsageError("give --cities 5 or 4, or --from a bundled board")
    if source is not None and cities is not None and int(cities) != source.cities:
        raise click.UsageError(
            f"board {start} has {source.cities} cities per meridian, not {cities}"
        )
    click.echo(template(source.cities if source else int(cities or 0), source), nl=False)


def template(cities: int, source: Board | None = None) -> str:
    """A board file to fill in: its map all blanks (?), or ``source``'s map to correct."""
    if source is None:
        rows = "\n".join(" ".join([BLANK] * MERIDIANS) for _ in range(cities))
        started = ""
        mark = ""
        how = "# Replace every ? with the letter of the island its city belongs to: one row per\n"
    else:
        rows = "\n".join(_map_row(source, city) for city in range(cities, 0, -1))
        started = (
            f"# Started from the bundled board {source.name}, a stand-in layout: its islands\n"
            "# are not the printed board's until you correct them.\n"
        )
        mark = (
            "# Delete this line once the map holds the printed board; until then meridina\n"
            "# says the board is a stand-in.\n"
            "stand-in = true\n"
        )
        how = "# Correct each letter to the island its city belongs to on your board: one row per\n"
    return (
        "# A Meridian board typed in from the printed board, for meridina.\n"
        f"{started}"
        "# Check it with 'meridina board check FILE' and compare 'meridina board draw FILE'\n"
        '# with the printed board; then name it in a record: [Board "FILE"].\n'
        "\n"
        'name = "my-board"\n'
        f'description = "{cities} cities per meridian, typed in from the printed board"\n'
        "# Which player counts play on this side of the board.\n"
        f"players = {PLAYERS[cities]}\n"
        f"{mark}"
        f"cities-per-meridian = {cities}\n"
        "\n"
        f"{how}"
        "# city level, the top of the board first; one column per meridian, 1 to 10 from\n"
        "# left to right. Give each island its own letter; write an island's capital as a\n"
        "# capital letter (at most one per island).\n"
        f'map = """\n{rows}\n"""\n'
    )


def _map_row(source: Board, city: int) -> str:
    """One level of ``source``'s map as a board file writes it: capitals in upper case."""
    letters = []
    for meridian in range(1, MERIDIANS + 1):
        island = source.islands[source.island_at[meridian - 1][city - 1]]
        capital = island.capital == (meridian, city)
        letters.append(island.name.upper() if capital else island.name)
    return " ".join(letters)


def _source(reference: str) -> str:
    """A board's text: a bundled board's by name, else a board file's."""
    text = bundled_text(PACKAGE, "boards", reference)
    return text if text is not None else _read(Path(reference))


def _read(path: Path) -> str:
    """A board file's text: a regular, small, UTF-8 file, or an input fault (exit 2)."""
    try:
        raw = read_small(
            path, MOST_BYTES, lambda size: f"is {size} bytes; a board file is at most {MOST_BYTES}"
        )
    except Unreadable as fault:
        missing = str(fault) == "no such file"
        names = f", nor a bundled board ({', '.join(board_names())})" if missing else ""
        raise InputFault(f"{path}: {fault}{names}") from None
    try:
        return raw.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError:
        raise InputFault(f"{path}: is not UTF-8 text") from None


@board.command("check")
@click.argument("file", metavar="BOARD", type=click.Path(dir_okay=False, path_type=str))
@format_option
@color_option
@verbosity_options
def check(file: str, output_format: str, color: str, verbosity: Verbosity) -> None:
    """Check a BOARD (a board file or a bundled board's name): every fault and warning,
    each with its line.

    Exit status: 0 no fault (warnings allowed), 1 faults, 2 the file cannot be read.
    """
    click.get_current_context().with_resource(verbosity.silenced(report=True))
    found, problems = check_board(file, _source(file))
    if output_format == "json":
        emit_json(
            {
                "file": file,
                "valid": found is not None,
                "board": _board_json(found) if found is not None else None,
                "problems": [problem_json(p) for p in problems],
            }
        )
    else:
        colour = use_colour(color, sys.stdout)
        for problem in problems:
            echo_problem(file, problem, colour, err=False)
        faults = sum(1 for p in problems if not p.warning)
        if not verbosity.notes:
            raise SystemExit(EXIT_VALID if found is not None else EXIT_INVALID)  # -q: problems
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
            click.echo(shown(f"{file}: {counted(faults, 'fault')}"), err=True)
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
@click.argument("file", metavar="BOARD", type=click.Path(dir_okay=False, path_type=str))
@picture_output_option
@color_option
def draw_board(file: str, output: Path | None, color: str) -> None:
    """Draw a BOARD (a board file or a bundled board's name) as SVG, to hold next to the
    printed board."""
    refuse_replacing_input(output, [file])
    found, problems = check_board(file, _source(file))
    colour = use_colour(color, sys.stderr)
    for problem in problems:
        echo_problem(file, problem, colour)
    if found is None:
        raise SystemExit(EXIT_INVALID)
    note = stand_in_line(found)
    title = f"Meridian board {found.name} ({Path(file).name})"
    picture = svg_meridian.draw_board(found, title, note)
    text = svg.serialize(picture)
    if output is None:
        click.echo(text, nl=False)
        raise SystemExit(EXIT_VALID)
    try:
        write_atomic(output, text)
    except OSError as error:
        raise InputFault(f"{output}: cannot be written ({error.strerror})") from None
    raise SystemExit(EXIT_VALID)
