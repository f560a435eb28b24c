"""A fast reading of plain games, with regular expressions built from the grammar's terminals.

Most games are tag lines, then turn lines, with blank lines and comments between them. This
module reads such a game line by line, as Lark's lexer would token by token, and builds the
same ``GameText``. Whatever it does not recognise (a position section, a comment over several
lines, a character out of place, a number too large) makes it give up, and the game goes to
the full Lark parse, so every message is that parse's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from meridina.rules.common import Place
from meridina.rules.numbers import read_number

from .game_text import attach_comments, comment_text, make_tag
from .grammar import ignored, terminal, turn_separator, turn_words
from .splitter import GameChunk
from .text import Comment, GameText, Tag, TurnText, laid_out_turn

_KINDS = {"WORD": "word", "NUMBER": "number", "PLACE": "place", "KEY": "key"}


@dataclass(frozen=True, slots=True)
class _Patterns:
    """One line of a plain game, in each of the shapes read here."""

    turn_line: re.Pattern[str]  # one turn, then only spaces and comments
    tag_line: re.Pattern[str]  # one whole tag, then only spaces and comments
    quiet_line: re.Pattern[str]  # only spaces and comments
    token: re.Pattern[str]  # any other line of turns: one token at a time
    comment: re.Pattern[str]
    separators: re.Pattern[str]  # the runs between a turn's words, kept by split
    # The separators other than a space: a body without them is split by str.split(" ").
    other_separators: re.Pattern[str]


@lru_cache(maxsize=1)
def _patterns() -> _Patterns:
    space, comment, turn = ignored(), terminal("COMMENT"), terminal("TURN")
    # Spaces, then comments each followed by spaces: one way only to read a run, so that a
    # line that is not plain fails in time linear in its length.
    quiet = f"(?:{space})?(?:{comment}(?:{space})?)*"
    tag = (
        f"(?:{space})?{terminal('TAG_OPEN')}(?:{space})?({terminal('WORD')})"
        f"(?:{space})?({terminal('STRING')})(?:{space})?\\]"
    )
    return _Patterns(
        turn_line=re.compile(f"(?:{space})?({turn})({quiet})"),
        tag_line=re.compile(f"{tag}({quiet})"),
        quiet_line=re.compile(quiet),
        token=re.compile(f"(?P<TURN>{turn})|(?P<COMMENT>{comment})|(?P<SPACE>{space})"),
        comment=re.compile(comment),
        separators=re.compile(f"({turn_separator()})"),
        other_separators=_other_separators(turn_separator()),
    )


def _other_separators(separator: str) -> re.Pattern[str]:
    """Any character ``separator`` matches besides a space (any character, without a space)."""
    chars = [chr(code) for code in range(128) if re.fullmatch(separator, chr(code))]
    if " " not in chars or re.fullmatch(separator, "  ") is None:
        return re.compile(".", re.DOTALL)  # a space alone does not separate words
    return re.compile("|".join(re.escape(char) for char in chars if char != " "))


class _NotPlain(Exception):
    """The game holds something this reading leaves to the full parse."""


def read_plain_game(chunk: GameChunk) -> GameText | None:
    """The game's text objects, or None when the game needs the full parse."""
    try:
        return _read(chunk)
    except _NotPlain:
        return None


def _read(chunk: GameChunk) -> GameText:
    patterns = _patterns()
    turn_line, tag_line, quiet_line = patterns.turn_line, patterns.tag_line, patterns.quiet_line
    tags: list[Tag] = []
    turns: list[TurnText] = []
    comments: list[Comment] = []
    line_no = chunk.first_line - 1
    for line in chunk.text.split("\n"):
        line_no += 1
        if not line:
            continue
        found = turn_line.fullmatch(line)
        if found is not None:
            begin, end = found.span(1)
            turns.append(_turn(line, begin, end, line_no))
            if end != len(line):  # spaces or comments follow the turn
                _comments(line, end, line_no, patterns.comment, comments)
            continue
        if quiet_line.fullmatch(line) is not None:
            _comments(line, 0, line_no, patterns.comment, comments)
            continue
        found = tag_line.fullmatch(line) if not turns else None
        if found is not None:
            at = Place(line_no, line.index("[") + 1)
            tags.append(make_tag(found[1], found[2], at, Place(line_no, found.start(2) + 1)))
            _comments(line, found.start(3), line_no, patterns.comment, comments)
            continue
        _line_of_turns(line, line_no, patterns, turns, comments)
    turns, leading = attach_comments(turns, comments)
    start = tags[0].at if tags else (turns[0].at if turns else Place(chunk.first_line, 1))
    return GameText(tuple(tags), None, tuple(turns), start, tuple(leading), ())


def _turn(line: str, start: int, stop: int, line_no: int) -> TurnText:
    """The turn written at ``line[start:stop]``, a whole TURN token; its words are made later."""
    dot = line.index(".", start)
    number = _turn_number(line[start:dot])
    body = line[dot + 1 : stop]
    words = _body_words(body)
    if number is None or words is None:
        raise _NotPlain
    return laid_out_turn(number, Place(line_no, start + 1), dot + 2, body, words)


@lru_cache(maxsize=4096)
def _body_words(body: str) -> tuple[tuple[str, str, int], ...] | None:
    """The words of a turn's body: kind, text and offset; None when it is not plain.

    The TURN token joins its words with runs of separators only, so the body is split on
    those, and each run between them is read once for all the turns it recurs in. Both
    caches are bounded; a turn body recurs too, mostly in Meridian.
    """
    patterns = _patterns()
    found: list[tuple[str, str, int]] = []
    offset = 0
    if patterns.other_separators.search(body) is None:
        for part in body.split(" "):
            if part:
                pieces = _pieces(part)
                if pieces is None:
                    return None
                for kind, text, at in pieces:
                    found.append((kind, text, offset + at))
            offset += len(part) + 1
        return tuple(found)
    is_piece = True  # the split alternates pieces and the separators between them
    for part in patterns.separators.split(body):
        if is_piece and part and not _add_pieces(part, offset, found):
            return None
        offset += len(part)
        is_piece = not is_piece
    return tuple(found)


def _add_pieces(part: str, offset: int, found: list[tuple[str, str, int]]) -> bool:
    """Add the words of ``part``, found at ``offset`` in its body; False when not plain."""
    pieces = _pieces(part)
    if pieces is None:
        return False
    for kind, text, at in pieces:
        found.append((kind, text, offset + at))
    return True


_turn_number = lru_cache(maxsize=1024)(read_number)


@lru_cache(maxsize=4096)
def _pieces(piece: str) -> tuple[tuple[str, str, int], ...] | None:
    """The words of one run of a turn between separators: kind, text and offset in the run.

    None when the run holds a character no word takes; the turn then goes to the full parse.
    A bounded cache, since the same few words make up most turns.
    """
    found = []
    for word in turn_words().finditer(piece):
        kind = word.lastgroup
        if kind is None or kind not in _KINDS:
            return None
        text = word.group()
        found.append((_KINDS[kind], text[:-1] if kind == "KEY" else text, word.start()))
    return tuple(found)


def _comments(
    line: str, start: int, line_no: int, pattern: re.Pattern[str], comments: list[Comment]
) -> None:
    """The comments from ``line[start:]``, which holds only spaces and comments."""
    for found in pattern.finditer(line, start):
        comments.append(Comment(comment_text(found.group()), Place(line_no, found.start() + 1)))


def _line_of_turns(
    line: str, line_no: int, patterns: _Patterns, turns: list[TurnText], comments: list[Comment]
) -> None:
    """A line of several turns and comments, read token by token as the lexer does."""
    pos = 0
    while pos < len(line):
        token = patterns.token.match(line, pos)
        if token is None:
            raise _NotPlain
        if token.lastgroup == "TURN":
            turns.append(_turn(line, pos, token.end(), line_no))
        elif token.lastgroup == "COMMENT":
            comments.append(Comment(comment_text(token.group()), Place(line_no, pos + 1)))
        pos = token.end()
