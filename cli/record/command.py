"""``meridina record``: write a game's record at the table, checking each turn as it is typed."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import click
from meridina.notation.driver import RulingDefaults
from meridina.rules.wording import counted

from ..config import RulingsConfiguredCommand
from ..games import GAMES, cli_game, every_game
from ..output import EXIT_UNREADABLE
from ..rulings_option import rulings_of
from ..shown import shown_lines
from .opening import OpenFault, existing_session, new_header, new_session
from .pipe import input_lines, record_lines
from .position import PositionSession, record_position
from .session import Session

EVERY_GAME = tuple(game.key for game in GAMES)


def _each_game_options() -> dict[str, tuple[str, str, tuple[str, ...]]]:
    """The header options of some games only: option -> (tag, help, the games' keys)."""
    found: dict[str, tuple[str, str, tuple[str, ...]]] = {}
    for game in every_game():
        for option, tag, words in game.header_options:
            tag, help_text, games = found.get(option, (tag, f"{game.title}: {words}", ()))
            found[option] = (tag, help_text, (*games, game.title.lower()))
    return found


GAME_OPTIONS = _each_game_options()
# Header options: (option, tag, the games it belongs to).
HEADER = (
    ("--players", "Players", EVERY_GAME),
    ("--board", "Board", EVERY_GAME),
    ("--rulings", "Rulings", EVERY_GAME),
    *((option, tag, games) for option, (tag, _, games) in GAME_OPTIONS.items()),
)
FREE_TAGS = ("Event", "Site", "Date", "Round")


class UsageFault(OpenFault):
    exit_code = EXIT_UNREADABLE


def game_options(function: Callable[..., None]) -> Callable[..., None]:
    """The header options of one game or some, in the registry's order."""
    for option, (_, help_text, _) in reversed(GAME_OPTIONS.items()):
        function = click.option(option, help=help_text)(function)
    return function


def record_file_options(function: Callable[..., None]) -> Callable[..., None]:
    """A record to go on with (FILE), or a new one's file and header options: the options
    every command that writes a record turn by turn takes."""
    decorators: list[Callable[[Callable[..., None]], Callable[..., None]]] = [
        click.argument(
            "record", required=False, type=click.Path(dir_okay=False, path_type=Path),
            metavar="[FILE]",
        ),
        click.option(
            "-o", "--output", type=click.Path(dir_okay=False, path_type=Path),
            help="Start a new record.",
        ),
        click.option(
            "--game", "game", type=click.Choice(EVERY_GAME, case_sensitive=False),
            help="The game of a new record.",
        ),
        click.option(
            "--players", help='Players and colours, e.g. "Ann orange; Ben black; Cy grey".'
        ),
        click.option("--board", help="Board name or board file."),
        click.option(
            "--rulings", help='Rulings where the rulebook is silent, e.g. "own-push=never".'
        ),
        game_options,
        click.option(
            "--tag", "tags", multiple=True, metavar="NAME=VALUE",
            help="Another header tag: Event, Site, Date or Round (repeatable).",
        ),
    ]  # fmt: skip
    for decorator in reversed(decorators):
        function = decorator(function)
    return function


@click.command(cls=RulingsConfiguredCommand)
@record_file_options
@click.option(
    "--position", "position", is_flag=True,
    help="Enter a final position entry by entry instead of turns, and score it.",
)  # fmt: skip
@click.pass_context
def record(
    context: click.Context,
    /,
    record: Path | None,
    output: Path | None,
    game: str | None,
    tags: tuple[str, ...],
    position: bool,
    **header: str | None,
) -> None:
    """Record a game turn by turn, checking each turn as it is typed.

    Start a new record with -o FILE --game GAME --players "...", or go on with
    an existing FILE from its last turn. A legal turn is written to the file at
    once (through a temporary file and a rename, so the file is always whole); an
    illegal turn is explained with its rule ID and the nearest legal turns, and
    not written. When the game ends, the Result tag is filled in from the score.

    At a terminal, Tab completes the legal turns; type 'help' for the commands
    (board, score, legal, undo, rule ID, comment TEXT, quit). When standard
    input is not a terminal, one turn or command is read a line, without
    prompts; problems are printed as -:LINE:COL: RULE message. Exit status: 0
    every line was taken, 1 a line was refused, 2 a usage or file problem.

    Turns are checked under the rulings validate uses here: the config file's
    (meridina.toml or [tool.meridina]), under the record's own Rulings tag.
    """
    rulings = rulings_of(context)
    if position:
        if record is not None:
            raise UsageFault("--position starts a new record: use -o FILE")
        raise SystemExit(_position(*_header(output, game, header, tags), rulings))
    session = _open(record, output, game, header, tags, rulings)
    try:
        raise SystemExit(_record(session))
    finally:
        session.close()


def _record(session: Session) -> int:
    if sys.stdin.isatty() and sys.stdout.isatty():
        from .prompt import record_at_prompt

        return record_at_prompt(session)
    status = record_lines(
        session,
        input_lines(sys.stdin.buffer),
        lambda text: click.echo(shown_lines(text)),
        lambda text: click.echo(shown_lines(text), err=True),
    )
    click.echo(shown_lines(_summary(session)), err=True)
    return status


def _open(
    record: Path | None,
    output: Path | None,
    game: str | None,
    header: dict[str, str | None],
    tags: tuple[str, ...],
    rulings: RulingDefaults,
) -> Session:
    given = [option for option, tag, _ in HEADER if header.get(tag.lower()) is not None]
    if record is not None:
        if output is not None or game is not None or given or tags:
            raise UsageFault(
                "a record to go on with takes no header options; to start a new one, use -o FILE"
            )
        return existing_session(record, rulings)
    output, game, values = _header(output, game, header, tags)
    return new_session(output, game, values, rulings)


def _position(
    output: Path, game: str, values: list[tuple[str, str, str]], rulings: RulingDefaults
) -> int:
    report = new_header(output, game, values, rulings, position=True)
    board = report.run.start.board if report.run is not None else None
    recorded = cli_game(game).recorded()
    session = PositionSession(recorded, output, report.record.game, board=board, rulings=rulings)
    try:
        session.save()
        return record_position(session)
    finally:
        session.close()


def _header(
    output: Path | None,
    game: str | None,
    header: dict[str, str | None],
    tags: tuple[str, ...],
) -> tuple[Path, str, list[tuple[str, str, str]]]:
    """The new record's file, game and header tags, from the options."""
    if output is None:
        raise UsageFault("give a record to go on with, or start a new one with -o FILE")
    if game is None or header.get("players") is None:
        raise UsageFault("a new record needs --game and --players")
    game = game.lower()
    values: list[tuple[str, str, str]] = []
    for option, tag, games in HEADER:
        value = header.get(tag.lower())
        if value is None:
            continue
        if game not in games:
            raise UsageFault(f"{option} is not a {cli_game(game).title} option")
        values.append((tag, value, option))
    for text in tags:
        name, equals, value = text.partition("=")
        name = name.strip().capitalize()
        if not equals or name not in FREE_TAGS:
            raise UsageFault(
                f"--tag {text!r}: write NAME=VALUE with NAME one of {', '.join(FREE_TAGS)}"
            )
        values.append((name, value.strip(), "--tag"))
    return output, game, values


def _summary(session: Session) -> str:
    count = len(session.entries)
    state = "the game is over" if session.over else f"turn {session.number} is next"
    return f"{session.path}: {counted(count, 'turn')} recorded; {state}"
