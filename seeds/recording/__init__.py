"""A record file that turns are added to one at a time, as ``meridina record`` adds them.

Exported from ``meridina`` (see ``meridina.api``). A recording holds its game in memory and
the file only while a call lasts, under the lock ``meridina record`` takes; it reads the
file again only when it changed on disk since it was last read or written. So a program and
``meridina record`` at a terminal can take turns on the same file.

This package also holds what ``meridina record`` and ``meridina table`` build on: the
session (``session``), the record file and its lock (``locked_file``, ``file_locks``), the
opening of a record to go on with (``opening``), and each game as the recorder plays it
(``games``).
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from meridina.notation.driver import RulingDefaults
from meridina.notation.legal_words import TrieSpace
from meridina.notation.reader import iter_games
from meridina.rules.codes import REC_1, TITLES
from meridina.rules.games import rules_game

from ..api import Game, MeridinaError, Problem, _games, _rulings
from .locked_file import FileHeld, RecordFile
from .opening import OpenFault, read_session
from .session import Session, WriteFault


def recording_under(path: str | os.PathLike[str], rulings: RulingDefaults | None) -> Recording:
    """A recording under rulings already read (a configuration's, as ``meridina table`` has
    them), where a record's own Rulings tag is silent."""
    recording = Recording(path)
    recording._rulings = rulings
    return recording


@dataclass(frozen=True)
class Played:
    """What became of a turn given to ``Recording.play``.

    ``turn`` is the turn as the file now holds it (``"3. red orange@E5 wall@B1"``), None
    when it was refused; ``problems`` the errors that refused it, or the warnings of a turn
    written; ``ended``: this turn ended the game, and the file's Result tag now says so.
    """

    turn: str | None
    problems: tuple[Problem, ...]
    ended: bool = False

    @property
    def written(self) -> bool:
        """True when the turn was written to the file."""
        return self.turn is not None


@dataclass(frozen=True)
class NextWords:
    """The legal ways on from the first words of a turn: the words that may come next, and
    whether the words so far are a whole legal turn already."""

    words: tuple[str, ...]
    complete: bool


@dataclass(frozen=True)
class NextTurn:
    """The turn to be played next: its ``number``; whether the game is ``over``; who plays,
    as ``meridina record``'s prompt says it (``to_move``: ``"Ann (red), 12 pieces left"``);
    the ``colour`` that plays (None: a player of two colours chooses); the words a turn may
    start with (``starts``: its colours); and what the player to move still holds
    (``supply``: what, how many)."""

    number: int
    over: bool
    to_move: str
    colour: str | None
    starts: tuple[str, ...]
    supply: tuple[tuple[str, int], ...]


class MovedOn(MeridinaError):
    """A change asked for on a game as it stood before: turns were played or taken back
    since (on another device, or at a terminal). Nothing is written; look again."""


FileMark = tuple[int, int, int, int, int]  # device, inode, size, mtime_ns, ctime_ns
Seen = TypeVar("Seen")


def file_mark(path: Path) -> FileMark | None:
    """What tells a file changed without reading it (None: it cannot be looked at)."""
    try:
        found = os.stat(path)
    except OSError:
        return None
    return (found.st_dev, found.st_ino, found.st_size, found.st_mtime_ns, found.st_ctime_ns)


class Recording:
    """The last game of a record file, to be gone on with turn by turn.

    ``play`` checks a turn by the rules and writes a legal one to the file at once (through
    a temporary file and an atomic rename, or added at the file's end), as ``meridina
    record`` does; ``undo`` and ``comment`` rewrite it whole. A call that cannot be carried
    out (the file is missing, breaks a rule, is being recorded by ``meridina record``, or
    cannot be written, or a comment's text a record cannot hold) raises ``MeridinaError``
    saying why.

    The recording holds the game in memory between calls, and reads the file again only
    when it changed on disk since (another program wrote it: ``meridina record`` at a
    terminal, say). ``version`` names the turns played so far; a change given the version
    it was asked on raises ``MovedOn`` when the turns are no longer those.
    """

    def __init__(self, path: str | os.PathLike[str], *, rulings: str | None = None) -> None:
        self.path = Path(path)
        """The record file; nothing else is ever written."""
        self._rulings: RulingDefaults | None = _rulings(rulings)
        self._live: Session | None = None  # the game as the file stood when last read or written
        self._mark: FileMark | None = None  # the file as it stood then

    def __repr__(self) -> str:
        return f"<Recording {self.path}>"

    def game(self) -> Game:
        """The game being recorded, as the file holds it now."""
        path = self.path
        games = list(_games(lambda: iter_games(path), str(path), path.parent, self._rulings, None))
        if not games:
            raise MeridinaError(f"{self.path}: holds no game")
        return games[-1]

    def version(self) -> str:
        """A short name for the turns played so far: it changes when a turn is played or
        taken back, here or by another program, and only then."""
        with self._session(looking=True) as session:
            return turns_version(session)

    def next_turn(self) -> NextTurn:
        """Who plays next and with what, as the file stands now."""
        with self._session(looking=True) as session:
            game, state = session.game, session.state
            if session.over:
                return NextTurn(session.number, True, "", None, (), ())
            colour = game.mover_colour(state)
            return NextTurn(
                session.number,
                False,
                str(game.mover(state)),
                None if colour is None else str(colour),
                tuple(session.space().next_words([])),
                tuple((str(what), int(count)) for what, count in game.supply(state)),
            )

    def next_words(self, words: Sequence[str]) -> NextWords:
        """The words a legal turn may go on with after ``words`` (its first words, colour
        first, as a record writes them: ``["red", "orange@E5"]``)."""
        with self._session(looking=True) as session:
            space = session.space()
            return NextWords(tuple(space.next_words(list(words))), space.complete(list(words)))

    def legal_turns(self) -> list[str]:
        """Every legal turn now, as a record writes it (``Game.legal_turns`` of the end)."""
        with self._session(looking=True) as session:
            space = session.space()  # worked out once for the state, with these turns
            if isinstance(space, TrieSpace) and space.legal is not None:
                return list(space.legal)
            core = rules_game(session.game.name.lower()).core
            return [session.game.format_turn(turn) for turn in core.legal_turns(session.state)]

    def check(self, turn: str) -> tuple[Problem, ...]:
        """The problems of ``turn`` (as a record writes it, the colour may be left out when
        only one can play) if it were played now; nothing is written."""
        with self._session(looking=True) as session:
            return tuple(Problem.of(found) for found in session.check(turn))

    def play(self, turn: str, *, seen: str | None = None) -> Played:
        """Check ``turn`` and, when it breaks no rule, write it to the file at once.
        ``seen``: the ``version`` the turn was chosen on (``MovedOn`` if it is past)."""
        with self._session(seen=seen) as session:
            outcome = session.play(turn)
            problems = tuple(Problem.of(found) for found in outcome.problems)
            if outcome.written is None:
                return Played(None, problems or self._nothing(turn))
            written = outcome.said[0] if outcome.said else turn
            return Played(written, problems, outcome.ended)

    def undo(self, *, seen: str | None = None) -> str | None:
        """Take the last turn out of the file; the turn taken, or None when there is none.
        ``seen``: as for ``play``."""
        with self._session(seen=seen) as session:
            taken = session.undo()
            return None if taken is None else str(session.game.view.turn_heading(taken))

    def comment(self, text: str, *, seen: str | None = None) -> None:
        """Add a comment to the last turn (before the first turn: to the game); a text a
        record cannot hold (a NUL character, a lone surrogate) raises ``MeridinaError``.
        ``seen``: as for ``play``."""
        with self._session(seen=seen) as session:
            if (refused := session.comment(text)) is not None:
                raise MeridinaError(f"REC-0 {refused}")

    def look(self, read: Callable[[Session], Seen]) -> Seen:
        """What ``read`` makes of the game as it stands (not to be changed): for pages that
        show it. The file is read without its lock while ``meridina record`` holds it."""
        with self._session(looking=True) as session:
            return read(session)

    @staticmethod
    def _nothing(turn: str) -> tuple[Problem, ...]:
        said = f"{turn!r} holds no turn to play"
        return (Problem(REC_1, TITLES.get(REC_1, REC_1), said, 1, 1, "error"),)

    @contextmanager
    def _session(self, *, looking: bool = False, seen: str | None = None) -> Iterator[Session]:
        """The game as the file holds it now, held under the recorder's lock while the
        block lasts. ``looking``: the block only reads, so a file ``meridina record`` holds
        is read without the lock instead of refused."""
        file = self._live.file if self._live is not None else RecordFile(self.path)
        held = True
        try:
            file.hold()
        except FileHeld as busy:
            if not looking:
                raise MeridinaError(str(busy)) from None
            held = False
        try:
            session = self._up_to_date(file)
            if seen is not None and seen != turns_version(session):
                raise MovedOn(f"the game moved on: turn {session.number} is to be played now")
            yield session
            if held:
                self._mark = file_mark(self.path)  # as this session left it, still held
        except WriteFault as fault:
            self._forget()
            raise MeridinaError(fault.message) from None
        except MeridinaError:  # refused before anything changed
            raise
        except BaseException:
            self._forget()
            raise
        finally:
            file.close()

    def _up_to_date(self, file: RecordFile) -> Session:
        """The game held in memory when the file is as this recording last left it; else
        the file read again."""
        mark = file_mark(self.path)
        live = self._live
        if live is not None and mark is not None and mark == self._mark:
            return live
        try:
            session = read_session(self.path, file, self._rulings)
        except OpenFault as fault:
            raise MeridinaError(fault.message) from None
        self._live, self._mark = session, mark
        return session

    def _forget(self) -> None:
        """Read the file again next time: what is held may no longer be what it holds."""
        self._live = self._mark = None


def turns_version(session: Session) -> str:
    """A short digest of a game's turns as the file writes them (see ``Recording.version``)."""
    digest = hashlib.sha256()
    for entry in session.entries:
        digest.update(str(session.game.view.turn_heading(entry)).encode("utf-8") + b"\n")
    return digest.hexdigest()[:16]
