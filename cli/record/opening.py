"""Start a new record from the command's options, or open an existing one to go on with."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

import click
from meridina.notation.driver import GameReport, RulingDefaults, check_game
from meridina.notation.parser import parse_game
from meridina.notation.reader import ParsedGame, parse_text
from meridina.notation.splitter import LARGEST_GAME, GameTooLong, split_games
from meridina.notation.text import GameText, Tag
from meridina.notation.writing import format_tags
from meridina.rules.common import Place, RecordError
from meridina.rules.games import GAMES

from ..games import cli_game
from ..output import EXIT_INVALID, EXIT_UNREADABLE, error_lines, problem_line
from ..shown import shown
from ..small_file import Unreadable, read_small
from .locked_file import FileHeld, RecordFile
from .session import RESULT, Session

MAX_FILE = 16 * 1024 * 1024  # bytes: far more than any game's record


# a tag as a message suggests one: [Setup "well F6; merchant H7"]
_SUGGESTED_TAG = re.compile(r'\[([A-Z][A-Za-z]*) "([^"\n]*)"\]')


class OpenFault(click.ClickException):
    """The record cannot be started or opened: bad options, an unreadable file."""

    exit_code = EXIT_UNREADABLE

    def show(self, file: object = None) -> None:
        click.echo(error_lines(self.message), err=True)


class InvalidRecord(OpenFault):
    """The file to go on with breaks a rule: it must be put right first."""

    exit_code = EXIT_INVALID


def new_session(
    path: Path,
    game: str,
    tags: Sequence[tuple[str, str, str]],
    rulings: RulingDefaults | None = None,
) -> Session:
    """A new record at ``path``; ``tags`` are (tag name, value, option that gave it);
    ``rulings`` from outside it apply where its Rulings tag is silent."""
    session = _session(path, new_header(path, game, tags, rulings), "", rulings)
    try:
        session.file.create(session.text())
    except FileExistsError:
        raise OpenFault(_exists(path)) from None
    except OSError as error:
        raise OpenFault(f"{path}: cannot be written ({error.strerror or error})") from None
    return session


def new_header(
    path: Path,
    game: str,
    tags: Sequence[tuple[str, str, str]],
    rulings: RulingDefaults | None = None,
    position: bool = False,
) -> GameReport:
    """The checked header of a new record; a fault names the option that caused it.

    With ``position`` the header is checked as that of a position still to be typed.
    """
    if path.exists() or path.is_symlink():
        raise OpenFault(_exists(path))
    if not path.parent.is_dir():
        raise OpenFault(f"{path}: the folder {path.parent} does not exist")
    for _name, value, option in tags:
        if any(ord(char) < 32 or char == "\x7f" for char in value) or len(value) > 1000:
            raise OpenFault(f"{option}: a tag value is one line of plain text")
    given = [("Game", cli_game(game).title, "--game"), *((n, v, o) for n, v, o in tags if v)]
    header = GameText(
        tuple(Tag(name, value, Place(1, 1), Place(1, 1)) for name, value, _ in given),
        None,
        (),
        Place(1, 1),
    )
    lines = format_tags(header)
    parsed = parse_text("\n".join(lines) + ("\n\nposition\n" if position else "\n"))
    if len(parsed) != 1:
        raise OpenFault("the header options do not make one game")
    report = check_game(parsed[0], path.parent, rulings)
    options = {name.lower(): option for name, _, option in given if name != "Game"}
    spelt = {
        **{tag: option for option, tag, _ in cli_game(game).header_options},
        **{name: option for name, _, option in given if option != "--tag"},
    }
    faults = []
    for problem in report.problems:
        option = "the options"
        if problem.at is not None and 1 <= problem.at.line <= len(lines):
            tag = lines[problem.at.line - 1][1:].split(" ", 1)[0]
            option = options.get(tag.lower(), option)
        message = as_options(problem.message, spelt)
        if problem.warning:
            said = f"meridina: {option}: {problem.rule} warning: {message}"
            click.echo(shown(said), err=True)
        else:
            faults.append(f"{option}: {problem.rule} {message}")
    if faults:
        raise OpenFault("\n".join(faults))
    return report


def as_options(message: str, spelt: dict[str, str]) -> str:
    """``message`` as said to someone who gives the header as options: a tag it suggests
    (``[Setup "merchant H7"]``) is written as the option that sets it (``--setup "merchant
    H7"``). ``spelt`` holds each tag's option by tag name."""

    def option(found: re.Match[str]) -> str:
        name, value = found.group(1), found.group(2)
        return f'{spelt[name]} "{value}"' if name in spelt else found.group(0)

    return _SUGGESTED_TAG.sub(option, message)


def _exists(path: Path) -> str:
    return f"{path} already exists; to go on with it, run: meridina record {path}"


def existing_session(
    path: Path, rulings: RulingDefaults | None = None, quiet: bool = False
) -> Session:
    """The record at ``path`` to go on with: its last game, which must be valid so far.

    The file is held from before it is read, so no other session adds a turn meanwhile.
    Its warnings are said on standard error, unless ``quiet``.
    """
    held = RecordFile(path)
    try:
        held.hold()
    except FileHeld as busy:
        raise OpenFault(str(busy)) from None
    try:
        return _existing(path, held, rulings, quiet)
    except BaseException:
        held.close()
        raise


def _existing(path: Path, held: RecordFile, rulings: RulingDefaults | None, quiet: bool) -> Session:
    text = _read(path)
    try:
        chunks = list(split_games(text.splitlines(keepends=True)))
    except GameTooLong as error:
        raise OpenFault(
            f"{path}:{error.first_line}: REC-0 the game starting here is longer than "
            f"{LARGEST_GAME} characters; a game is far shorter"
        ) from None
    if not chunks:
        raise OpenFault(
            f"{path}: REC-0 holds no game (a game starts with tags such as "
            f'[Game "{GAMES[0].title}"])'
        )
    last = chunks[-1]
    try:
        parsed = ParsedGame(len(chunks), last.first_line, parse_game(last), None)
    except RecordError as error:
        raise InvalidRecord(problem_line(str(path), error.problem)) from None
    report = check_game(parsed, path.parent, rulings)
    if report.game is None or not report.valid or report.run is None:
        lines = [problem_line(str(path), p) for p in report.problems]
        lines.append(f"{path}: put these right before going on with the game")
        raise InvalidRecord("\n".join(lines))
    for problem in () if quiet else report.problems:
        click.echo(problem_line(str(path), problem), err=True)
    before = "".join(chunk.text for chunk in chunks[:-1])
    return _session(path, report, before, rulings, held)


def _session(
    path: Path,
    report: GameReport,
    before: str,
    rulings: RulingDefaults | None,
    held: RecordFile | None = None,
) -> Session:
    game = cli_game(str(report.game).lower()).recorded()
    run = report.run
    states = [run.start, *run.states()]
    entries = list(report.record.entries)
    session = Session(
        game, path, report.record, states, entries, before, held=held, rulings=rulings
    )
    stated = report.record.game.tag(RESULT)
    if stated is not None and not session.over:
        session.kept_result = stated
    return session


def _read(path: Path) -> str:
    try:
        raw = read_small(
            path, MAX_FILE, lambda _: f"is larger than {MAX_FILE // (1024 * 1024)} MiB"
        )
    except Unreadable as fault:
        raise OpenFault(f"{path}: REC-0 {fault}") from None
    if b"\x00" in raw:
        raise OpenFault(f"{path}: REC-0 holds binary data (a NUL byte)")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        raise OpenFault(f"{path}:{line}: REC-0 is not valid UTF-8 text") from None
    return text.removeprefix("\ufeff").replace("\r\n", "\n")
