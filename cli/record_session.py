"""A game being recorded: its turns so far, the state after each, and its file.

Every change (a turn, an undo, a comment) rewrites the whole file through a
temporary file and an atomic rename, so the file on disk is always a valid record
of every turn entered.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, TypeVar

import click
from meridina.notation.legal_words import WordSpace, nearest_turns
from meridina.notation.text import Comment, GameText, Tag
from meridina.notation.turns import GameRecord, TurnEntry
from meridina.notation.typed_turn import read_typed_turn
from meridina.rules.common import Problem

from .atomic_file import write_atomic
from .output import EXIT_UNREADABLE
from .record_games import RecordedGame
from .shown import shown

RESULT = "Result"


Line = TypeVar("Line", str, "str | Problem")  # a typed line, or one that could not be read


class WriteFault(click.ClickException):
    """The record could not be written; the file holds every turn before this one."""

    exit_code = EXIT_UNREADABLE

    def show(self, file: object = None) -> None:
        click.echo(f"meridina: {shown(self.message)}", err=True)


@dataclass(frozen=True, slots=True)
class Outcome:
    """What became of a typed line: the turn written (if any), its problems, suggestions."""

    written: TurnEntry[Any] | None
    problems: tuple[Problem, ...] = ()
    suggestions: tuple[str, ...] = ()
    commented: bool = False
    ended: bool = False  # this turn ended the game

    @property
    def refused(self) -> bool:
        return any(not p.warning for p in self.problems)


@dataclass
class Session:
    game: RecordedGame
    path: Path
    record: GameRecord[Any, Any]
    states: list[Any]  # states[0] is the start; states[i] follows turn i
    entries: list[TurnEntry[Any]] = field(default_factory=list)
    before: str = ""  # the file's earlier games, kept word for word
    kept_result: Tag | None = None  # a stated result of a game that was not over
    _space: tuple[Any, WordSpace] | None = None  # the state it was worked out for, and it

    @property
    def state(self) -> Any:
        return self.states[-1]

    @property
    def number(self) -> int:
        """The number the next turn gets."""
        if self.entries:
            return self.entries[-1].text.number + 1
        return self.game.first_number(self.states[0])

    @property
    def over(self) -> bool:
        return self.game.over(self.state)

    def space(self) -> WordSpace:
        """The legal turns now, word by word (worked out once per state)."""
        if self._space is None or self._space[0] is not self.state:
            self._space = (self.state, self.game.word_space(self.state))
        return self._space[1]

    # ------------------------------------------------------------ changes

    def play(self, line: str, line_no: int = 1) -> Outcome:
        """Check a typed line; a legal turn is written at once, a refused one never."""
        typed = read_typed_turn(line, self.number, line_no, renumber=not self.entries)
        if isinstance(typed, Problem):
            return Outcome(None, (typed,))
        if typed.turn is None:
            if not typed.comments:
                return Outcome(None)
            self.comment(" ".join(c.text for c in typed.comments))
            return Outcome(None, commented=True)
        entry = self.game.read_turn(typed.turn)
        if entry.turn is None:
            words = [w.text + (":" if w.kind == "key" else "") for w in typed.turn.words]
            return Outcome(None, entry.problems, self.suggest(words))
        after, problems = self.game.apply(self.state, entry.turn)
        if any(not p.warning for p in problems):
            words = self.game.format_turn(entry.turn).split()
            return Outcome(None, problems, self.suggest(words))
        was_over = self.over
        self.entries.append(entry)
        self.states.append(after)
        try:
            self.save()
        except WriteFault:
            self.entries.pop()
            self.states.pop()
            raise
        return Outcome(entry, problems, ended=self.over and not was_over)

    def undo(self) -> TurnEntry[Any] | None:
        """Take the last turn back out of the record (None when there is none)."""
        if not self.entries:
            return None
        taken = self.entries.pop()
        self.states.pop()
        self.save()
        return taken

    def comment(self, text: str) -> None:
        """A comment on the last turn, or on the game before its first turn."""
        text = " ".join(text.split())
        if not text:
            return
        if self.entries:
            last = self.entries[-1]
            comments = (*last.text.comments, Comment(text, last.text.at))
            self.entries[-1] = replace(last, text=replace(last.text, comments=comments))
        else:
            game = self.record.game
            comments = (*game.comments, Comment(text, game.at))
            self.record = replace(self.record, game=replace(game, comments=comments))
        self.save()

    # ------------------------------------------------------------ advice

    def suggest(self, words: list[str], count: int = 3) -> tuple[str, ...]:
        """The legal turns nearest to ``words``, each checked by the rules core."""
        found = []
        for text in nearest_turns(words, self.space(), count + 2):
            if self._legal(text):
                found.append(text)
            if len(found) == count:
                break
        return tuple(found)

    def _legal(self, text: str) -> bool:
        typed = read_typed_turn(text, self.number)
        if isinstance(typed, Problem) or typed.turn is None:
            return False
        entry = self.game.read_turn(typed.turn)
        if entry.turn is None:
            return False
        _, problems = self.game.apply(self.state, entry.turn)
        return not any(not p.warning for p in problems)

    # ------------------------------------------------------------ the file

    def text(self) -> str:
        """The whole file: earlier games as they were, then this game in canonical layout."""
        game = self.record.game
        tags = [tag for tag in game.tags if tag.name.lower() != RESULT.lower()]
        if self.over:
            value = self.game.result_value(self.state)
            tags.append(Tag(RESULT, value, game.at, game.at))
        elif self.kept_result is not None:
            tags.append(self.kept_result)
        record = replace(self.record, game=_with_tags(game, tags), entries=tuple(self.entries))
        body = self.game.write(record)
        before = self.before.rstrip("\n")
        return f"{before}\n\n{body}" if before.strip() else body

    def save(self) -> None:
        try:
            write_atomic(self.path, self.text())
        except OSError as error:  # UnsafeTarget too
            reason = error.strerror or error
            raise WriteFault(
                f"{self.path}: cannot be written ({reason}); it holds every turn before this one"
            ) from None


def _with_tags(game: GameText, tags: list[Tag]) -> GameText:
    return replace(game, tags=tuple(tags))
