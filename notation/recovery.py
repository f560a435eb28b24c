"""Syntax recovery: a fault on a turn's line costs that turn, not the game.

Two slips are read anyway, with a warning: a space before a turn's colon
(``5. orange 3 : pass``) and round brackets around a comment (``(pushes)``).
Anything else that does not fit is reported (REC-1) and skipped up to the end
of its line, the next comment or the next turn number on the line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken
from lark.lexer import LineCounter
from meridina.rules.common import Place, Problem

from .slips import later, syntax_fault
from .text import Comment, PositionText, TurnText, Word

_KINDS = {"WORD": "word", "NUMBER": "number", "PLACE": "place", "KEY": "key"}
_LEADING_NUMBER = re.compile(r"([0-9]{1,9})(?![0-9.])[ \t,:;)]*")
_TURN_START = re.compile(r"[0-9]+\.(?![0-9])")
# where resync may stop: a line's end, a comment, a quote, or a separator before a turn
# number (one search, not a test at every character of a long line)
_RESYNC_AT = re.compile(rf'[\n{{;"]|[ \t,](?={_TURN_START.pattern})')


def squash(text: str) -> str:
    return " ".join(text.split())


def paren_warning(at: Place) -> Problem:
    return syntax_fault(
        "a comment in round brackets: read as a comment (write comments in curly braces)",
        at,
        warning=True,
    )


def bad_character(char: str) -> str:
    if char == "@":
        return "unexpected '@': write HEIGHT@CITY or PIECE@FIELD without spaces, as 3@2"
    if char in "!?":
        return f"unexpected {char!r}: a mark such as ! or ? goes in a comment"
    if char == "(":
        return "a '(' is not closed on its line: write a comment in curly braces"
    return f"unexpected character {char!r}"


@dataclass
class TurnSplit:
    words: list[Word] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    comments: list[Comment] = field(default_factory=list)


def split_turn(
    text: str, span: tuple[int, int], line: int, column: int, pattern: re.Pattern[str]
) -> TurnSplit:
    """The words of ``text[start:stop]``, one turn; stops at the first fault.

    ``column`` is the column of ``text[0]`` on the turn's line.
    """
    split = TurnSplit()
    pos, stop = span
    previous = ""
    while pos < stop:
        found = pattern.match(text, pos, stop)
        if found is None:  # the pattern's last branch matches any character
            break
        pos = found.end()
        kind = found.lastgroup or "BAD"
        at = Place(line, column + found.start())
        if kind == "SPACE":
            previous = kind
            continue
        if kind == "BAD":
            char = found.group()
            words = split.words
            if char == ":" and previous == "SPACE" and words and words[-1].kind == "number":
                card = words[-1]
                words[-1] = Word("key", card.text, card.at)
                split.problems.append(
                    syntax_fault(
                        f"a space before the colon: read as '{card.text}:' "
                        "(write the colon right after the card)",
                        at,
                        warning=True,
                    )
                )
                previous = "KEY"
                continue
            close = text.find(")", pos, stop) if char == "(" else -1
            if close >= 0:
                body = squash(text[pos:close])
                split.comments.append(Comment(body, at))
                split.problems.append(paren_warning(at))
                pos = close + 1
                previous = "SPACE"
                continue
            split.problems.append(syntax_fault(later(bad_character, char), at))
            break
        word = found.group()
        if kind == "KEY":
            word = word[:-1]
        split.words.append(Word(_KINDS[kind], word, at))
        previous = kind
    return split


@dataclass(frozen=True)
class Junk:
    """Text skipped after a syntax fault: from ``start`` to ``stop`` in the game's text."""

    start: int
    stop: int
    at: Place
    token: str  # the terminal found there, or "" for a character no terminal fits


class Recovery:
    """Lark's ``on_error``: skips faulty text where a turn could begin, and reads
    round-bracket comments between items."""

    def __init__(self, text: str, offset: int) -> None:
        self.text = text
        self.offset = offset
        self.junk: list[Junk] = []
        self.comments: list[Comment] = []
        self.problems: list[Problem] = []

    def _place(self, line: int | None, column: int | None) -> Place:
        return Place((line or 1) + self.offset, column or 1)

    def handle(self, error: UnexpectedInput) -> bool:
        if isinstance(error, UnexpectedCharacters):
            allowed = set(error.allowed or ())
            start = error.pos_in_stream
            token = ""
            at = self._place(error.line, error.column)
        elif isinstance(error, UnexpectedToken) and error.token.type != "$END":
            allowed = set(error.expected)
            start = error.token.start_pos if error.token.start_pos is not None else -1
            token = error.token.type
            at = self._place(error.token.line, error.token.column)
        else:
            return False
        if start is None or not 0 <= start < len(self.text):
            return False
        state = error.interactive_parser.lexer_thread.state
        if state is None:
            return False
        lexer = state.line_ctr
        between_items = "TURN" in allowed or "TAG_OPEN" in allowed
        char = self.text[start]
        if char == "(" and between_items:
            end_of_line = self.text.find("\n", start)
            close = self.text.find(")", start, None if end_of_line < 0 else end_of_line)
            if close >= 0:
                body = squash(self.text[start + 1 : close])
                self.comments.append(Comment(body, at))
                self.problems.append(paren_warning(at))
                _skip(lexer, self.text, close + 1)
                return True
        if "TURN" not in allowed or (not token and char in '{"'):
            return False
        stop = max(resync(self.text, start), lexer.char_pos, start + 1)
        self.junk.append(Junk(start, stop, at, token))
        _skip(lexer, self.text, stop)
        return True


def _skip(lexer: LineCounter, text: str, stop: int) -> None:
    """Move Lark's line counter on to ``stop``."""
    if stop > lexer.char_pos:
        lexer.feed(text[lexer.char_pos : stop])


def resync(text: str, pos: int) -> int:
    """Where reading goes on: the end of the line, a comment, or the next turn number."""
    index = pos
    while (found := _RESYNC_AT.search(text, index)) is not None:
        index = found.start()
        if text[index] != '"':
            return index
        close = text.find('"', index + 1)
        end_of_line = text.find("\n", index + 1)
        if close < 0 or (0 <= end_of_line < close):
            return index
        index = close + 1  # a quoted text closed on its line is passed over whole
    return len(text)


# ---------------------------------------------------------------- after the parse


def settle(
    text: str,
    turns: list[TurnText],
    position: PositionText | None,
    junk: list[Junk],
    pattern: re.Pattern[str],
) -> tuple[list[TurnText], list[Problem]]:
    """Give each piece of skipped text its place in the game.

    On a turn's own line it costs that turn. A line that reads as a turn with
    its number miswritten or left out takes that turn's place, so the turns
    after it keep their numbers. Anything else is a problem of the game.
    """
    if not junk:
        return turns, []
    result: list[TurnText] = []
    loose: list[Problem] = []
    index = 0
    for piece in sorted(junk, key=lambda j: j.start):
        while index < len(turns) and turns[index].at < piece.at:
            result.append(turns[index])
            index += 1
        previous = result[-1] if result else None
        following = turns[index] if index < len(turns) else None
        if previous is not None and previous.at.line == piece.at.line:
            result[-1] = _break_turn(text, previous, piece)
            continue
        in_position = position is not None and position.at < piece.at and previous is None
        slot = None if in_position else _as_turn(text, piece, previous, following, pattern)
        if slot is None:
            said = later(_loose_message, piece.token, text[piece.start : piece.stop], in_position)
            loose.append(syntax_fault(said, piece.at))
        else:
            result.append(slot)
    result.extend(turns[index:])
    return result, loose


def _line_start(text: str, pos: int) -> int:
    return text.rfind("\n", 0, pos) + 1


def _break_turn(text: str, turn: TurnText, piece: Junk) -> TurnText:
    line_start = _line_start(text, piece.start)
    written = text[line_start + turn.at.col - 1 : piece.stop]
    if turn.numbered:  # the turn's number is not its text; a dot later on may be
        written = written.split(".", 1)[1]
    written = written.strip()
    if turn.broken:  # one fault is told; what was skipped after it is still kept as written
        return replace(turn, written=written) if len(written) > len(turn.written) else turn
    said = later(_unexpected, piece.token, text[piece.start : piece.stop])
    problem = syntax_fault(said, piece.at)
    return replace(turn, problems=(*turn.problems, problem), written=written)


def _unexpected(token: str, skipped: str) -> str:
    """Why text ``skipped`` after a turn (from a ``token``, or "" for a character no
    terminal fits) cannot be read."""
    if token == "TAG_OPEN":
        return "a tag must stand before the turns of its game, on a line of its own"
    if not token:
        return bad_character(skipped[0])
    found = (skipped.split() or [""])[0]
    return f"unexpected {found!r}: a turn ends at the end of its line, a comment or the next turn"


def _as_turn(
    text: str,
    piece: Junk,
    previous: TurnText | None,
    following: TurnText | None,
    pattern: re.Pattern[str],
) -> TurnText | None:
    """A skipped line that stands where a turn should: the turn, unreadable."""
    body = text[piece.start : piece.stop]
    numbered = _LEADING_NUMBER.match(body)
    if numbered is not None:
        number = int(numbered.group(1))
        rest = body[numbered.end() :]
        said = later(_dot_after, "a turn number is followed by a dot", number, rest)
        skipped = numbered.end()
    elif body[:1].isalpha() and (
        previous is None or following is None or following.number == previous.number + 2
    ):
        if previous is not None:
            number = previous.number + 1
        else:
            number = following.number - 1 if following is not None else 1
        rest = body
        said = later(_dot_after, "a turn starts with its number and a dot", number, rest)
        skipped = 0
    else:
        return None
    column = 1 - _line_start(text, piece.start)
    split = split_turn(text, (piece.start + skipped, piece.stop), piece.at.line, column, pattern)
    problem = syntax_fault(said, piece.at)
    return TurnText(number, tuple(split.words), piece.at, (), (problem,), squash(body), False)


def _dot_after(lead: str, number: int, rest: str) -> str:
    return f"{lead}: write '{number}. {squash(rest)}'"


def _loose_message(token: str, skipped: str, in_position: bool) -> str:
    """Why text ``skipped`` (from a ``token``, or "" for a character no terminal fits)
    stands where nothing can."""
    if token == "TAG_OPEN":
        return "a tag must stand before the position and the turns of its game"
    if in_position:
        found = squash(skipped)
        return f"unexpected {found!r}: a position entry starts with a label such as 7: or hand:"
    if not token:
        return bad_character(skipped[0])
    found = squash(skipped)
    return f"unexpected {found!r}: not a turn, a position or a comment"
