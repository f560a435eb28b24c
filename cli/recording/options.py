"""What the commands that write a record turn by turn (``record``, ``table``) share: the
options that name a record to go on with or a new one's header, the session they open, and
how a record that cannot be opened or written ends the command."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import click
from meridina.notation.driver import RulingDefaults
from meridina.recording.opening import InvalidRecord, OpenFault, existing_session
from meridina.recording.session import Session, WriteFault
from meridina.shown import shown

from ..files.config import RulingsConfiguredCommand
from ..formats.exits import EXIT_INVALID, EXIT_UNREADABLE
from ..formats.output import error_lines
from ..games import GAMES, cli_game, every_game
from .new_record import new_session

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
    """The options do not say what to record."""


class RecordingFault(click.ClickException):
    """A record that cannot be opened or written, as the command line says it."""

    exit_code = EXIT_UNREADABLE

    def __init__(self, fault: OpenFault | WriteFault) -> None:
        super().__init__(fault.message)
        self.lines = isinstance(fault, OpenFault)  # one message may hold several lines

    def show(self, file: object = None) -> None:
        said = error_lines(self.message) if self.lines else f"meridina: {shown(self.message)}"
        click.echo(said, err=True)


class RuleBroken(RecordingFault):
    """The record to go on with breaks a rule: it must be put right first."""

    exit_code = EXIT_INVALID


class RecordingCommand(RulingsConfiguredCommand):
    """A command that writes a record turn by turn: a record that cannot be opened or
    written ends it with the sentence saying why and exit status 1 or 2."""

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except InvalidRecord as fault:
            raise RuleBroken(fault) from None
        except (OpenFault, WriteFault) as fault:
            raise RecordingFault(fault) from None


def say_warning(line: str) -> None:
    """A warning of the record gone on with, on standard error."""
    click.echo(line, err=True)


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


def open_session(
    record: Path | None,
    output: Path | None,
    game: str | None,
    header: dict[str, str | None],
    tags: tuple[str, ...],
    rulings: RulingDefaults,
) -> Session:
    """The session the options ask for: a record to go on with (its warnings said on
    standard error), or a new one made from the header options."""
    given = [option for option, tag, _ in HEADER if header.get(tag.lower()) is not None]
    if record is not None:
        if output is not None or game is not None or given or tags:
            raise UsageFault(
                "a record to go on with takes no header options; to start a new one, use -o FILE"
            )
        return existing_session(record, rulings, say_warning)
    output, game, values = header_values(output, game, header, tags)
    return new_session(output, game, values, rulings)


def header_values(
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
