"""Options shared by several commands."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NamedTuple, TypeVar, cast

import click
from click.core import ParameterSource
from meridina.rules.games import GAMES, keys

from ..files.config import config_of
from ..files.loading import Selection
from ..running.problem_filter import ProblemFilter
from ..running.workers import jobs_count

F = TypeVar("F", bound=Callable[..., object])
R = TypeVar("R")


def with_options(
    function: Callable[..., R], options: Sequence[Callable[[Callable[..., R]], Callable[..., R]]]
) -> Callable[..., R]:
    """``function`` under click's ``options``, listed in the order ``--help`` shows them."""
    decorated = function
    for option in reversed(options):
        decorated = option(decorated)
    return decorated


def format_option(function: F) -> F:
    return click.option(
        "--format",
        "output_format",
        type=click.Choice(["text", "json"]),
        default="text",
        show_default=True,
        help="Output as readable text or as JSON (shapes in docs/json.md).",
    )(function)


GAME_KINDS = tuple(game.key for game in GAMES)
MOST_GAME_DIGITS = 9


def game_number_or_kind(
    ctx: click.Context, param: click.Parameter, value: str | None
) -> int | str | None:
    """``--game KEY``, a game's key, or the old ``--game N`` (the N-th game, ASCII digits).

    The two forms cannot be confused: a number is all digits, a game's name none.
    """
    if value is None:
        return None
    text = value.strip()
    if text.lower() in GAME_KINDS:
        return text.lower()
    if text.isascii() and text.isdigit() and len(text) <= MOST_GAME_DIGITS and int(text) > 0:
        return int(text)
    raise click.BadParameter(f"{value!r} is not a game ({keys(', ')}) or a game number (1, 2, ...)")


def deprecated(old: str, new: str) -> None:
    """Say on standard error that ``old`` still works but ``new`` is its name now."""
    click.echo(f"meridina: warning: {old} is deprecated; use {new}", err=True)


def game_options(
    *, kinds: bool, default: int | None = None, number_help: str
) -> Callable[[Callable[..., R]], Callable[..., R]]:
    """``--game-number N``, the N-th game of a file, handed to the command as ``game_number``;
    with ``kinds``, ``--game KEY`` too, the games of one kind, handed over as ``game_kind``.

    ``--game`` names the kind of game in every command that takes it (as in ``generate``,
    ``record`` and ``table``). Its old meaning, ``--game N`` for the N-th game, still works
    with a warning; where a command takes no kind, that old spelling is all ``--game`` is,
    and it is left out of the help.
    """

    def decorate(function: Callable[..., R]) -> Callable[..., R]:
        @functools.wraps(function)
        def gathered(*args: object, **kwargs: object) -> R:
            choice = kwargs.pop("game_choice")
            if isinstance(choice, int):
                context = click.get_current_context()
                if context.get_parameter_source("game_number") is ParameterSource.COMMANDLINE:
                    raise click.UsageError("give --game-number N alone (--game N is its old name)")
                deprecated(f"--game {choice} (the game's number)", f"--game-number {choice}")
                kwargs["game_number"] = choice
            elif choice is not None and not kinds:
                raise click.BadParameter(
                    f"{choice!r}: this command does not choose games by kind; the N-th game "
                    "of the file is --game-number N",
                    param_hint="'--game'",
                )
            if kinds:
                kwargs["game_kind"] = choice if isinstance(choice, str) else None
            return function(*args, **kwargs)

        kind_option = click.option(
            "--game",
            "game_choice",
            metavar="|".join(GAME_KINDS),
            default=None,
            callback=game_number_or_kind,
            hidden=not kinds,
            shell_complete=lambda ctx, param, incomplete: [
                kind for kind in GAME_KINDS if kind.startswith(incomplete.lower())
            ],
            help=f"Only the games of one kind ({keys(', ')}). Default: every game.",
        )
        number_option = click.option(
            "--game-number",
            "game_number",
            type=click.IntRange(min=1),
            default=default,
            show_default=default is not None,
            metavar="N",
            help=number_help,
        )
        return kind_option(number_option(gathered))

    return decorate


def stdin_filename_option(function: F) -> F:
    """``--stdin-filename NAME``: the name standard input (``-``) is shown and excluded as."""
    return click.option(
        "--stdin-filename",
        metavar="NAME",
        default=None,
        help="The file that standard input ('-') holds: problems name it, Board files are "
        "found beside it, and with --force-exclude the exclude patterns skip it.",
    )(function)


def record_argument(function: F) -> F:
    return click.argument(
        "record", type=click.Path(dir_okay=False, allow_dash=True, path_type=str)
    )(function)


def picture_output_option(function: F) -> F:
    return click.option(
        "-o",
        "--output",
        type=click.Path(dir_okay=False, path_type=Path),
        default=None,
        help="Write the SVG to this file instead of standard output.",
    )(function)


def paths_argument(function: F) -> F:
    return click.argument(
        "paths", nargs=-1, required=True, type=click.Path(allow_dash=True, path_type=str)
    )(function)


def formats_option(choices: list[str], help_text: str) -> Callable[[F], F]:
    def decorate(function: F) -> F:
        return click.option(
            "--format",
            "output_format",
            type=click.Choice(choices),
            default="text",
            show_default=True,
            help=help_text,
        )(function)

    return decorate


class BatchOptions(NamedTuple):
    """What every command over many records was given: where output goes, which files, colour."""

    output: str | None
    selection: Selection
    color: str
    jobs: int = 1


# Which files a folder or a glob stands for; shared by every command that takes folders.
SELECTION_OPTIONS = [
    click.option(
        "--exclude",
        multiple=True,
        metavar="PATTERN",
        help="Skip paths matching PATTERN (gitignore style) in folders; replaces the "
        "defaults (.git, .hg, .venv, venv, node_modules, __pycache__, build, dist).",
    ),
    click.option(
        "--extend-exclude",
        multiple=True,
        metavar="PATTERN",
        help="Skip paths matching PATTERN in folders, besides the default excludes.",
    ),
    click.option(
        "--respect-gitignore/--no-respect-gitignore",
        default=True,
        show_default=True,
        help="In folders, skip what .gitignore files ignore.",
    ),
    click.option(
        "--force-exclude",
        is_flag=True,
        help="Apply the exclude patterns to files named one by one too, as in a "
        "pre-commit hook, which names every file it checks.",
    ),
]


def _selection(options: dict[str, object]) -> Selection:
    """The selection options taken out of a command's keyword arguments."""
    return Selection.from_options(
        cast("tuple[str, ...]", options.pop("exclude")),
        cast("tuple[str, ...]", options.pop("extend_exclude")),
        cast(bool, options.pop("respect_gitignore")),
        cast(bool, options.pop("force_exclude")),
    )


def selection_options(function: Callable[..., R]) -> Callable[..., R]:
    """``--exclude``, ``--extend-exclude``, ``--respect-gitignore`` and ``--force-exclude``,
    handed to the command as one ``selection`` argument."""

    @functools.wraps(function)
    def gathered(*args: object, **kwargs: object) -> R:
        selection = _selection(kwargs)
        return function(*args, selection=selection, **kwargs)

    return with_options(gathered, SELECTION_OPTIONS)


# ``--color``: the choice, which ``use_colour`` turns into click's ``color`` for a stream.
color_option = click.option(
    "--color",
    type=click.Choice(["auto", "always", "never"]),
    default="auto",
    show_default=True,
    help="Colour text output (auto: on a terminal, unless NO_COLOR is set or "
    "FORCE_COLOR asks for it).",
)


def batch_options(function: Callable[..., R]) -> Callable[..., R]:
    """The options of a command over many records, handed to it as one ``batch`` argument.

    The options are gathered by a wrapper, as click's docs suggest for options shared
    between commands, so each command's signature names them only once.
    """

    @functools.wraps(function)
    def gathered(*args: object, **kwargs: object) -> R:
        selection = _selection(kwargs)
        batch = BatchOptions(
            cast("str | None", kwargs.pop("output")),
            selection,
            cast(str, kwargs.pop("color")),
            cast(int, kwargs.pop("jobs", 1)),
        )
        return function(*args, batch=batch, **kwargs)

    options = [
        click.option(
            "--output",
            "-o",
            "output",
            type=click.Path(dir_okay=False, writable=True, path_type=str),
            default=None,
            help="Write the report to FILE (replaced only once it is complete).",
        ),
        *SELECTION_OPTIONS,
        color_option,
    ]
    return with_options(gathered, options)


def jobs_option(function: F) -> F:
    """``-j/--jobs``: check files, and the games of a large file, in parallel processes."""
    return click.option(
        "--jobs",
        "-j",
        metavar="N|auto",
        default="1",
        callback=jobs_count,
        show_default=True,
        help="Check with N processes at once ('auto': one per core); the output is the "
        "same as with one.",
    )(function)


SELECT_HELP = (
    "Report only problems whose rule ID starts with RULE (MER-R3, MED-E, REC-); repeatable."
)
IGNORE_HELP = "Do not report problems whose rule ID starts with RULE; repeatable."


def filter_options(function: Callable[..., R]) -> Callable[..., R]:
    """``--select`` and ``--ignore``, with the config file's per-file ignores, handed to the
    command as one ``problems`` argument: the filter every command that lists problems uses."""

    @functools.wraps(function)
    def gathered(*args: object, **kwargs: object) -> R:
        config = config_of(click.get_current_context())
        problems = ProblemFilter(
            tuple(cast("tuple[str, ...]", kwargs.pop("select"))),
            tuple(cast("tuple[str, ...]", kwargs.pop("ignore"))),
            config.per_file_ignores,
            config.root,
        )
        return function(*args, problems=problems, **kwargs)

    options = [
        click.option("--select", multiple=True, metavar="RULE", help=SELECT_HELP),
        click.option("--ignore", multiple=True, metavar="RULE", help=IGNORE_HELP),
    ]
    return with_options(gathered, options)


def problem_options(function: Callable[..., R]) -> Callable[..., R]:
    """Choosing problems and what they cost: --select, --ignore, --exit-zero."""
    with_exit = click.option(
        "--exit-zero", is_flag=True, help="Exit 0 even when a record has problems."
    )(function)
    return filter_options(with_exit)
