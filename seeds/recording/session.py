"""A game being recorded: its turns so far, the state after each, and its file.

A turn played is added at the end of the file; any other change (an undo, a comment,
the Result at the game's end) rewrites the whole file through a temporary file and an
atomic rename. Either way the file on disk is always a valid record of every turn
entered.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TypeVar

from meridina.notation.driver import RulingDefaults
from meridina.notation.legal_words import WordSpace, nearest_turns
from meridina.notation.text import Comment, GameText, Tag, TurnText, Word
from meridina.notation.turns import GameRecord, TurnEntry
from meridina.notation.typed_turn import read_typed_turn
from meridina.rules.codes import REC_0
from meridina.rules.common import Place, Problem

from ..stand_in import RESULT_BOARD, AnyBoard, OnBoard, result_board_value, stand_in_line
from .games import SomeRecordedGame
from .locked_file import RecordFile
from .writable import unwritable

RESULT = "Result"
BOARD = "Board"
PASS = "pass"  # the one turn that may start without a colour besides a card or a placement


Line = TypeVar("Line", str, "str | Problem")  # a typed line, or one that could not be read


class WriteFault(Exception):
    """The record could not be written; the file holds every turn before this one."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True, slots=True)
class Outcome:
    """What became of a typed line: the turn written (if any), its problems, suggestions."""

    written: TurnEntry[object] | None
    problems: tuple[Problem, ...] = ()
    suggestions: tuple[str, ...] = ()
    commented: bool = False
    ended: bool = False  # this turn ended the game
    said: tuple[str, ...] = ()  # the turn written in full, then what it did, as replay says it

    @property
    def refused(self) -> bool:
        return any(not p.warning for p in self.problems)


@dataclass
class Session:
    game: SomeRecordedGame  # whichever game is recorded
    path: Path
    record: GameRecord[object, object]  # the game's own, as ``game`` reads and writes it
    states: list[OnBoard]  # the game's own; states[0] is the start; states[i] follows turn i
    entries: list[TurnEntry[object]] = field(default_factory=list)
    before: str = ""  # the file's earlier games, kept word for word
    kept_result: Tag | None = None  # a stated result of a game that was not over
    held: RecordFile | None = None  # the file, when it was held before it was read
    rulings: RulingDefaults | None = None  # from outside the record, under its Rulings tag
    index: int = 1  # the game's number in its file
    _space: tuple[OnBoard, WordSpace] | None = None  # the state it was worked out for, and it
    _saved_turns: int | None = None  # the turns the file holds, once this session wrote it
    file: RecordFile = field(init=False)

    def __post_init__(self) -> None:
        self.file = self.held or RecordFile(self.path)

    @property
    def state(self) -> OnBoard:
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

    @property
    def board(self) -> AnyBoard:
        return self.states[0].board

    def stand_in_note(self) -> str | None:
        """What is said of the board at the start, at ``score`` and at the game's end."""
        return stand_in_line(self.board)

    def space(self) -> WordSpace:
        """The legal turns now, word by word (worked out once per state)."""
        if self._space is None or self._space[0] is not self.state:
            self._space = (self.state, self.game.word_space(self.state))
        return self._space[1]

    # ------------------------------------------------------------ changes

    def play(self, line: str, line_no: int = 1) -> Outcome:
        """Check a typed line; a legal turn is written at once, a refused one never."""
        if (fault := unwritable(line)) is not None:  # the file could not be read back
            problem = Problem(REC_0, f"the line {fault.reason}", Place(line_no, fault.col))
            return Outcome(None, (problem,))
        typed = read_typed_turn(line, self.number, line_no, renumber=not self.entries)
        if isinstance(typed, Problem):
            return Outcome(None, (typed,))
        if typed.turn is None:
            if not typed.comments:
                return Outcome(None)
            self.comment(" ".join(c.text for c in typed.comments))
            return Outcome(None, commented=True)
        entry = self.game.read_turn(self._with_mover(typed.turn))
        if entry.turn is None:
            words = [w.text + (":" if w.kind == "key" else "") for w in typed.turn.words]
            return Outcome(None, entry.problems, self.suggest(words))
        step = self.game.step(self.state, entry.turn)
        after, problems = step.state, step.problems
        if any(not p.warning for p in problems):
            words = self.game.format_turn(entry.turn).split()
            return Outcome(None, problems, self.suggest(words))
        was_over = self.over
        self.entries.append(entry)
        self.states.append(after)
        try:
            self.save(added=entry)
        except WriteFault:
            self.entries.pop()
            self.states.pop()
            raise
        said = (self.game.view.turn_heading(entry), *self.game.view.events(step, entry))
        return Outcome(entry, problems, ended=self.over and not was_over, said=said)

    def check(self, line: str) -> tuple[Problem, ...]:
        """The problems of a typed turn, through the same reading and rules as ``play``,
        without playing or writing it; none when it could be played."""
        typed = read_typed_turn(line, self.number, renumber=not self.entries)
        if isinstance(typed, Problem):
            return (typed,)
        if typed.turn is None:
            return ()
        entry = self.game.read_turn(self._with_mover(typed.turn))
        if entry.turn is None:
            return entry.problems
        return self.game.apply(self.state, entry.turn)[1]

    def undo(self) -> TurnEntry[object] | None:
        """Take the last turn back out of the record (None when there is none)."""
        if not self.entries:
            return None
        taken = self.entries.pop()
        self.states.pop()
        self.save()
        return taken

    def comment(self, text: str) -> str | None:
        """A comment on the last turn, or on the game before its first turn; why it was
        refused (a text a record cannot hold), or None once written."""
        if (fault := unwritable(text)) is not None:
            return f"the comment {fault.reason}"
        text = " ".join(text.split())
        if not text:
            return None
        if self.entries:
            last = self.entries[-1]
            comments = (*last.text.comments, Comment(text, last.text.at))
            self.entries[-1] = replace(last, text=replace(last.text, comments=comments))
        else:
            game = self.record.game
            comments = (*game.comments, Comment(text, game.at))
            self.record = replace(self.record, game=replace(game, comments=comments))
        self.save()
        return None

    def _with_mover(self, turn: TurnText) -> TurnText:
        """A turn typed without the colour that plays (``7: 3@2``, ``orange@E5``, ``pass``)
        as the mover's, when only one colour can play; the record gets the whole turn."""
        words = turn.words
        if not words or (words[0].kind == "word" and words[0].text.lower() != PASS):
            return turn
        colour = self.game.mover_colour(self.state)
        if colour is None:
            return turn
        return replace(turn, words=(Word("word", colour, words[0].at), *words))

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
        entry = self.game.read_turn(self._with_mover(typed.turn))
        if entry.turn is None:
            return False
        _, problems = self.game.apply(self.state, entry.turn)
        return not any(not p.warning for p in problems)

    # ------------------------------------------------------------ the file

    def text(self) -> str:
        """The whole file: earlier games as they were, then this game in canonical layout."""
        game = self.record.game
        result = self.game.result_value(self.state) if self.over else None
        tags = board_tags(game, self.board, result)
        if result is None and self.kept_result is not None:
            tags.extend(t for t in (self.kept_result, game.tag(RESULT_BOARD)) if t is not None)
        record = replace(self.record, game=_with_tags(game, tags), entries=tuple(self.entries))
        body = self.game.write(record)
        before = self.before.rstrip("\n")
        return f"{before}\n\n{body}" if before.strip() else body

    def save(self, added: TurnEntry[object] | None = None) -> None:
        """Write the file: ``added``, the turn just played, at its end when that is all
        that changed; else the whole file anew."""
        try:
            if added is None or not self._append(added):
                self.file.rewrite(self.text())
        except OSError as error:  # UnsafeTarget too
            reason = error.strerror or error
            raise WriteFault(
                f"{self.path}: cannot be written ({reason}); it holds every turn before this one"
            ) from None
        self._saved_turns = len(self.entries)

    def _append(self, entry: TurnEntry[object]) -> bool:
        """Add the turn's line to the file as this session last wrote it; False if it cannot
        be added alone (the first turn, the game's end, a file changed otherwise)."""
        previous = len(self.entries) - 1
        if self._saved_turns != previous or previous < 1 or self.over:
            return False
        bare = self.game.write(replace(self.record, entries=()))
        alone = self.game.write(replace(self.record, entries=(entry,)))
        if not alone.startswith(bare + "\n"):
            return False
        return self.file.append(alone[len(bare) + 1 :])

    def close(self) -> None:
        """The session is over: let the file go."""
        self.file.close()


def board_tags(game: GameText, board: AnyBoard | None, result: str | None) -> list[Tag]:
    """The game's tags with the Result (None: without), and what a stand-in board asks for:
    a Board tag naming it, a ResultBoard tag beside a Result computed on it."""
    stated = (RESULT.lower(), RESULT_BOARD.lower())
    tags = [tag for tag in game.tags if tag.name.lower() not in stated]
    stand_in = board if board is not None and stand_in_line(board) is not None else None
    if stand_in is not None and game.tag(BOARD) is None:
        tags.append(Tag(BOARD, stand_in.name, game.at, game.at))
    if result is not None:
        tags.append(Tag(RESULT, result, game.at, game.at))
        if stand_in is not None and (marked := result_board_value(stand_in)) is not None:
            tags.append(Tag(RESULT_BOARD, marked, game.at, game.at))
    return tags


def _with_tags(game: GameText, tags: list[Tag]) -> GameText:
    return replace(game, tags=tuple(tags))
