"""Open an existing record to go on with its last game, under the recorder's lock."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from meridina.notation.driver import GameReport, RulingDefaults, check_game
from meridina.notation.parser import parse_game
from meridina.notation.reader import ParsedGame
from meridina.notation.splitter import LARGEST_GAME, GameTooLong, split_games
from meridina.rules.common import RecordError
from meridina.rules.games import GAMES

from ..files.small_file import Unreadable, read_small
from ..games import shown_game
from ..shown import problem_line
from .locked_file import FileHeld, RecordFile
from .session import RESULT, Session

MAX_FILE = 16 * 1024 * 1024  # bytes: far more than any game's record


class OpenFault(Exception):
    """The record cannot be started or opened: bad options, an unreadable file. The message
    may hold several lines."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class InvalidRecord(OpenFault):
    """The file to go on with breaks a rule: it must be put right first."""


def existing_session(
    path: Path, rulings: RulingDefaults | None = None, warn: Callable[[str], None] | None = None
) -> Session:
    """The record at ``path`` to go on with: its last game, which must be valid so far.

    The file is held from before it is read, so no other session adds a turn meanwhile.
    Each of its warnings is given to ``warn`` as a line (None: they are not said).
    """
    held = RecordFile(path)
    try:
        held.hold()
    except FileHeld as busy:
        raise OpenFault(str(busy)) from None
    try:
        return _existing(path, held, rulings, warn)
    except BaseException:
        held.close()
        raise


def read_session(path: Path, file: RecordFile, rulings: RulingDefaults | None) -> Session:
    """The record at ``path`` as it stands, read once more into a session that writes
    through ``file`` (held by the caller, or not held at all: to be looked at only)."""
    return _existing(path, file, rulings, None)


def _existing(
    path: Path, held: RecordFile, rulings: RulingDefaults | None, warn: Callable[[str], None] | None
) -> Session:
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
    if warn is not None:
        for problem in report.problems:
            warn(problem_line(str(path), problem))
    before = "".join(chunk.text for chunk in chunks[:-1])
    return game_session(path, report, before, rulings, held)


def game_session(
    path: Path,
    report: GameReport,
    before: str,
    rulings: RulingDefaults | None,
    held: RecordFile | None = None,
) -> Session:
    """The session of ``report``'s game, checked and set up, to be written at ``path`` after
    the file's earlier games (``before``)."""
    game = shown_game(str(report.game).lower()).recorded()
    run = report.run
    states = [run.start, *run.states()]
    entries = list(report.record.entries)
    session = Session(
        game, path, report.record, states, entries, before, held=held, rulings=rulings,
        index=report.index,
    )  # fmt: skip
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
