"""A record file that turns are added to one at a time, as ``meridina record`` adds them.

Exported from ``meridina`` (see ``meridina.api``). Each call reads the file afresh and holds
it only while the call lasts, under the lock ``meridina record`` takes; so a program and
``meridina record`` at a terminal can take turns on the same file.

This package also holds what ``meridina record`` and ``meridina table`` build on: the
session (``session``), the record file and its lock (``locked_file``, ``file_locks``), the
opening of a record to go on with (``opening``), and each game as the recorder plays it
(``games``).
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from meridina.notation.driver import RulingDefaults
from meridina.notation.reader import iter_games
from meridina.rules.codes import REC_1, TITLES

from ..api import Game, MeridinaError, Problem, _games, _rulings
from .opening import OpenFault, existing_session
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


class Recording:
    """The last game of a record file, to be gone on with turn by turn.

    ``play`` checks a turn by the rules and writes a legal one to the file at once (through
    a temporary file and an atomic rename, or added at the file's end), as ``meridina
    record`` does; ``undo`` and ``comment`` rewrite it whole. A call that cannot be carried
    out (the file is missing, breaks a rule, is being recorded by ``meridina record``, or
    cannot be written, or a comment's text a record cannot hold) raises ``MeridinaError``
    saying why.
    """

    def __init__(self, path: str | os.PathLike[str], *, rulings: str | None = None) -> None:
        self.path = Path(path)
        """The record file; nothing else is ever written."""
        self._rulings: RulingDefaults | None = _rulings(rulings)

    def __repr__(self) -> str:
        return f"<Recording {self.path}>"

    def game(self) -> Game:
        """The game being recorded, as the file holds it now."""
        path = self.path
        games = list(_games(lambda: iter_games(path), str(path), path.parent, self._rulings, None))
        if not games:
            raise MeridinaError(f"{self.path}: holds no game")
        return games[-1]

    def next_turn(self) -> NextTurn:
        """Who plays next and with what, as the file stands now."""
        with self._session() as session:
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
        with self._session() as session:
            space = session.space()
            return NextWords(tuple(space.next_words(list(words))), space.complete(list(words)))

    def check(self, turn: str) -> tuple[Problem, ...]:
        """The problems of ``turn`` (as a record writes it, the colour may be left out when
        only one can play) if it were played now; nothing is written."""
        with self._session() as session:
            return tuple(Problem.of(found) for found in session.check(turn))

    def play(self, turn: str) -> Played:
        """Check ``turn`` and, when it breaks no rule, write it to the file at once."""
        with self._session() as session:
            outcome = session.play(turn)
            problems = tuple(Problem.of(found) for found in outcome.problems)
            if outcome.written is None:
                return Played(None, problems or self._nothing(turn))
            written = outcome.said[0] if outcome.said else turn
            return Played(written, problems, outcome.ended)

    def undo(self) -> str | None:
        """Take the last turn out of the file; the turn taken, or None when there is none."""
        with self._session() as session:
            taken = session.undo()
            return None if taken is None else str(session.game.view.turn_heading(taken))

    def comment(self, text: str) -> None:
        """Add a comment to the last turn (before the first turn: to the game); a text a
        record cannot hold (a NUL character, a lone surrogate) raises ``MeridinaError``."""
        with self._session() as session:
            if (refused := session.comment(text)) is not None:
                raise MeridinaError(f"REC-0 {refused}")

    @staticmethod
    def _nothing(turn: str) -> tuple[Problem, ...]:
        said = f"{turn!r} holds no turn to play"
        return (Problem(REC_1, TITLES.get(REC_1, REC_1), said, 1, 1, "error"),)

    @contextmanager
    def _session(self) -> Iterator[Session]:
        try:
            session = existing_session(self.path, self._rulings)
        except OpenFault as fault:
            raise MeridinaError(fault.message) from None
        try:
            yield session
        except WriteFault as fault:
            raise MeridinaError(fault.message) from None
        finally:
            session.close()
