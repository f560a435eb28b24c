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
from typing import Final

from meridina.rules.common import Place
from meridina.rules.numbers import read_number

from .game_text import attach_comments, comment_text, make_tag
from .grammar import ignored, terminal
from .kept import LONGEST, kept_by_text, memory, remember, remember_text, text_set
from .splitter import GameChunk
from .text import Comment, GameText, Tag, TurnText
from .text_fast import LaidOutTurn
from .turn_body import body_words, pieces, plain_parts, splits_on_space


@dataclass(frozen=True, slots=True)
class _Patterns:
    """One line of a plain game, in each of the shapes read here."""

    turn_line: re.Pattern[str]  # one turn, then only spaces and comments
    tag_line: re.Pattern[str]  # one whole tag, then only spaces and comments
    quiet_line: re.Pattern[str]  # only spaces and comments
    token: re.Pattern[str]  # any other line of turns: one token at a time
    comment: re.Pattern[str]


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
    )


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
    plain_turn = _plain_turn if splits_on_space() else _never
    for line in chunk.text.split("\n"):
        line_no += 1
        if not line:
            continue
        if line[0] == "[":  # no turn and no comment starts so: a tag, or no plain line
            found = tag_line.fullmatch(line) if not turns else None
            if found is None:
                _line_of_turns(line, line_no, patterns, turns, comments)
                continue
            tags.append(
                make_tag(found[1], found[2], Place(line_no, 1), Place(line_no, found.start(2) + 1))
            )
            if found.end(3) != found.start(3):  # spaces or comments follow the tag
                _comments(line, found.start(3), line_no, patterns.comment, comments)
            continue
        turn = plain_turn(line, line_no)
        if turn is not None:
            turns.append(turn)
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


def _plain_turn(line: str, line_no: int) -> TurnText | None:
    """The turn a line holds when it is the plainest kind: ``N.`` at its start, then words
    joined by spaces up to its end; None for any other line, left to the patterns.

    Such a line is one whole TURN token (a word holds no character that ends the token or
    starts a comment, and no ``.`` that could start another turn's number), and so it is
    read as ``_turn`` reads that token, without matching the token's pattern.
    """
    head, dot, body = line.partition(".")
    if not dot:
        return None
    number = _NUMBERS.get(head)
    if number is None:
        number = _number(head)
        if number is None:
            return None
    parts = _BODIES.get(body)
    if parts is None:
        if line[-1] == " " or body[:1] in _DIGITS:
            return None
        split = body.split(" ")
        if not _PLAIN_PARTS.issuperset(split) and not _plain_parts(split):
            return None
        if len(_BODIES) < _KEPT_BODIES:
            if len(body) <= LONGEST:
                _BODIES[body] = split
        else:
            _missed_when_full()
        parts = split
    return LaidOutTurn(number, (line_no, len(head) + 2, body, parts), Place(line_no, 1))


def _number(head: str) -> int | None:
    """The number a turn's ``head`` (all before its dot) writes, remembered; else None."""
    number = read_number(head)
    if number is not None:
        remember(_NUMBERS, head, number, _KEPT_NUMBERS)
    return number


def _plain_parts(parts: list[str]) -> bool:
    """Whether each part is words only, as ``plain_parts`` reads it; remembered."""
    known = _PLAIN_PARTS
    for part in parts:
        if part not in known:
            if pieces(part) is None:
                return False
            remember_text(known, part, _KEPT_PARTS)
    return True


def _never(line: str, line_no: int) -> TurnText | None:
    return None


# A digit right after a turn number's dot (``1.5``) makes no turn of it.
_DIGITS: Final = frozenset("0123456789")
# Turn numbers as written before their dot, and parts of turn bodies found to be words.
_NUMBERS: dict[str, int] = memory()
_KEPT_NUMBERS: Final = 1024
_PLAIN_PARTS: set[str] = text_set()
_KEPT_PARTS: Final = 4096
# Bodies of plain turn lines, with their parts, shared by every turn of that body and never
# changed: once its number is read, whether a line is a plain turn depends on its body alone.
_BODIES: dict[str, list[str]] = memory()
_KEPT_BODIES: Final = 4096
_missed = [0]  # bodies missed since ``_BODIES`` was last full


def _missed_when_full() -> None:
    """Keep a full memory of bodies until as many again were missed (each Medina body is
    new in most games): a stream of new bodies then costs few emptyings."""
    _missed[0] += 1
    if _missed[0] >= _KEPT_BODIES:
        _BODIES.clear()
        _missed[0] = 0


def _turn(line: str, start: int, stop: int, line_no: int) -> TurnText:
    """The turn written at ``line[start:stop]``, a whole TURN token; its words are made later."""
    dot = line.index(".", start)
    number = _turn_number(line[start:dot])
    body = line[dot + 1 : stop]
    parts = plain_parts(body)
    if number is None or (parts is None and body_words(body) is None):
        raise _NotPlain
    return LaidOutTurn(number, (line_no, dot + 2, body, parts), Place(line_no, start + 1))


_turn_number = kept_by_text(read_number, _KEPT_NUMBERS)


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
