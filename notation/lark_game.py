"""Parse one game's text with the Lark grammar into ``GameText``, recovering from faults.

This full parse reads every game the plain reading (``plain_game``) leaves to it.
"""

from __future__ import annotations

from functools import lru_cache
from importlib.resources import files
from typing import cast

from lark import Lark, Token, Transformer
from lark.exceptions import (
    UnexpectedCharacters,
    UnexpectedEOF,
    UnexpectedInput,
    UnexpectedToken,
    VisitError,
)
from meridina.rules.common import Place, Problem, RecordError
from meridina.rules.numbers import read_number, too_large_message

from .game_text import attach_comments, comment_text, make_tag
from .grammar import turn_words
from .recovery import Recovery, settle, split_turn
from .slips import numbering_fault, syntax_fault
from .splitter import GameChunk
from .text import Comment, EntryText, GameText, PositionText, Tag, TurnText, Word

_KINDS = {"WORD": "word", "NUMBER": "number", "PLACE": "place", "KEY": "key"}

__all__ = ["parse_with_lark"]

_TOKEN_NAMES = {
    "TAG_OPEN": "'['",
    "RSQB": "']'",
    "STRING": "a quoted value",
    "WORD": "a word",
    "NUMBER": "a number",
    "PLACE": "a placement such as 3@2",
    "KEY": "a label such as 7:",
    "TURN": "a turn such as '12. orange 7: 3@2'",
    "POSITION": "'position'",
    "$END": "the end of the game",
}


# What the builder makes of a game's text: its tags, its position if any, its turns.
Parsed = tuple[list[Tag], PositionText | None, list[TurnText]]


class _Builder(Transformer[Token, Parsed]):
    """Builds the text objects; line numbers are shifted to the file's."""

    def __init__(self) -> None:
        super().__init__(visit_tokens=False)
        self.offset = 0
        self.turn_words = turn_words()
        self.turn_comments: list[Comment] = []  # round-bracket comments read inside turns

    def _at(self, token: Token) -> Place:
        return _token_place(token, self.offset)

    def _word(self, token: Token) -> Word:
        text = str(token)
        kind = _KINDS[token.type]
        if kind == "key":
            text = text[:-1]
        return Word(kind, text, self._at(token))

    def start(self, children: list[Tag | PositionText | TurnText]) -> Parsed:
        tags = [child for child in children if isinstance(child, Tag)]
        positions = [child for child in children if isinstance(child, PositionText)]
        turns = [child for child in children if isinstance(child, TurnText)]
        return tags, (positions[0] if positions else None), turns

    def tag(self, children: list[Token]) -> Tag:
        opening, name, value = children
        return make_tag(str(name), str(value), self._at(opening), self._at(value))

    def position(self, children: list[Token | EntryText]) -> PositionText:
        keyword = children[0]  # the word ``position``, then its entries
        entries = tuple(child for child in children[1:] if isinstance(child, EntryText))
        return PositionText(entries, self._at(cast(Token, keyword)))

    def entry(self, children: list[Token]) -> EntryText:
        return EntryText(self._word(children[0]), tuple(self._word(t) for t in children[1:]))

    def turn(self, children: list[Token]) -> TurnText:
        token = children[0]
        text = str(token)
        dot = text.index(".")
        line = (token.line or 1) + self.offset
        column = token.column or 1
        split = split_turn(text, (dot + 1, len(text)), line, column, self.turn_words)
        self.turn_comments.extend(split.comments)
        problems = tuple(split.problems)
        broken = any(not problem.warning for problem in problems)
        written = " ".join(text[dot + 1 :].split()) if broken else ""
        number = read_number(text[:dot])
        if number is None:
            message = f"turn {too_large_message(text[:dot])}"
            raise RecordError(numbering_fault(message, Place(line, column)))
        return TurnText(number, tuple(split.words), Place(line, column), (), problems, written)


class _Parser:
    def __init__(self) -> None:
        self.builder = _Builder()
        self.comments: list[Token] = []
        grammar = files("meridina.notation").joinpath("record.lark").read_text("utf-8")
        self.lark = Lark(
            grammar,
            parser="lalr",
            lexer="contextual",
            transformer=self.builder,
            lexer_callbacks={"COMMENT": self.comments.append},
            maybe_placeholders=False,
        )

    def parse(self, chunk: GameChunk) -> GameText:
        offset = chunk.first_line - 1
        self.builder.offset = offset
        self.builder.turn_comments = []
        self.comments.clear()
        recovery = Recovery(chunk.text, offset)
        try:
            # the builder, the parser's transformer, makes the tree into ``Parsed``
            parsed = cast(Parsed, self.lark.parse(chunk.text, on_error=recovery.handle))
            tags, position, turns = parsed
        except UnexpectedInput as error:
            raise RecordError(_syntax_problem(error, chunk.text, offset)) from None
        except VisitError as error:
            if isinstance(error.orig_exc, RecordError):
                raise error.orig_exc from None
            raise
        turns, loose = settle(chunk.text, turns, position, recovery.junk, self.builder.turn_words)
        comments = [
            Comment(comment_text(str(token)), _token_place(token, offset))
            for token in self.comments
        ]
        extra = [*self.builder.turn_comments, *recovery.comments]
        if extra:
            comments = sorted([*comments, *extra], key=lambda comment: comment.at)
        turns, leading = attach_comments(turns, comments)
        start = tags[0].at if tags else (turns[0].at if turns else Place(chunk.first_line, 1))
        problems = sorted([*recovery.problems, *loose], key=lambda problem: problem.at or start)
        return GameText(tuple(tags), position, tuple(turns), start, tuple(leading), tuple(problems))


@lru_cache(maxsize=1)
def _parser() -> _Parser:
    return _Parser()


def parse_with_lark(chunk: GameChunk) -> GameText:
    """Parse one game; a syntax fault raises ``RecordError`` with its place."""
    return _parser().parse(chunk)


def _token_place(token: Token, offset: int) -> Place:
    return Place((token.line or 1) + offset, token.column or 1)


def _syntax_problem(error: UnexpectedInput, text: str, offset: int) -> Problem:
    line = (error.line if isinstance(error.line, int) and error.line > 0 else 1) + offset
    col = error.column if isinstance(error.column, int) and error.column > 0 else 1
    if isinstance(error, UnexpectedCharacters):
        index = error.pos_in_stream
        char = text[index] if index is not None and index < len(text) else ""
        if char == "{":
            message = "a comment opened with '{' is never closed"
        elif char == '"':
            message = "a quoted value is not closed on its line"
        elif char == "[":
            message = "a tag must stand before the turns of its game, on a line of its own"
        else:
            message = f"unexpected character {char!r}"
        return syntax_fault(message, Place(line, col))
    if isinstance(error, UnexpectedEOF):
        return syntax_fault("the game ends in the middle of a tag", Place(line, col))
    if isinstance(error, UnexpectedToken):
        found = error.token
        if found.type == "$END":
            return syntax_fault("the game ends in the middle of a tag", _end_place(text, offset))
        if found.type == "TAG_OPEN":
            return syntax_fault(
                "a tag must stand before the turns of its game, on a line of its own",
                Place(line, col),
            )
        expected = sorted({_TOKEN_NAMES.get(name, name) for name in error.expected})
        listed = ", ".join(expected[:-1]) + (" or " if len(expected) > 1 else "") + expected[-1]
        return syntax_fault(f"unexpected {str(found)!r} here; expected {listed}", Place(line, col))
    return syntax_fault("the record cannot be read here", Place(line, col))


def _end_place(text: str, offset: int) -> Place:
    lines = text.rstrip().split("\n")
    return Place(len(lines) + offset, len(lines[-1]) + 1)
