"""The terminals of ``record.lark``, read from the grammar file without loading Lark.

The grammar stays the one definition of the notation's tokens. The fast reading of plain
games, the game splitter and the split of a turn into words build their regular expressions
from these terminals; a test keeps each one equal to the pattern Lark itself makes of it.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Final

GRAMMAR_FILE: Final = Path(__file__).with_name("record.lark")

# A terminal's definition: NAME, an optional priority, then its literals joined by '|'.
_DEFINITION = re.compile(r"([A-Z_][A-Z0-9_]*)(?:\.-?\d+)?[ \t]*:[ \t]*(.+)")
_IGNORE = re.compile(r"%ignore[ \t]+(.+)")
_REGEXP_LITERAL = re.compile(r"/((?:[^/\\\n]|\\.)+)/([imslux]*)")
_STRING_LITERAL = re.compile(r'"((?:[^"\\\n]|\\.)+)"(i?)')
_SEPARATOR = re.compile(r"[ \t]*\|[ \t]*")
_ESCAPES = {"n": "\n", "f": "\f", "t": "\t", "r": "\r", '"': '"', "\\": "\\\\"}


class GrammarShapeError(ValueError):
    """A terminal is written in a form this reader does not know (only literals are)."""


@lru_cache(maxsize=1)
def terminals() -> dict[str, str]:
    """Each named terminal as the regular expression Lark builds for it.

    Anonymous ``%ignore`` patterns are listed under ``%ignore`` followed by their order.
    """
    found: dict[str, str] = {}
    ignored = 0
    for line in GRAMMAR_FILE.read_text("utf-8").splitlines():
        line = line.strip()
        definition = _DEFINITION.fullmatch(line)
        if definition is not None:
            found[definition[1]] = _pattern(definition[2])
            continue
        ignore = _IGNORE.fullmatch(line)
        if ignore is not None and ignore[1][:1] in '/"':
            found[f"%ignore{ignored}"] = _pattern(ignore[1])
            ignored += 1
    return found


def terminal(name: str) -> str:
    """The regular expression of one terminal, as Lark builds it."""
    return terminals()[name]


def ignored() -> str:
    """What the grammar skips between tokens, besides comments: its anonymous %ignore."""
    return terminals()["%ignore0"]


def _pattern(literals: str) -> str:
    """One terminal's literals (``/re/flags`` or ``"text"``, joined by ``|``) as one regexp."""
    alternatives = []
    pos = 0
    while True:
        regexp = _REGEXP_LITERAL.match(literals, pos)
        string = None if regexp else _STRING_LITERAL.match(literals, pos)
        if regexp is not None:
            value, flags = _unescape(regexp[1]), regexp[2]
            pos = regexp.end()
        elif string is not None:
            value, flags = re.escape(_unescape(string[1]).replace("\\\\", "\\")), string[2]
            pos = string.end()
        else:
            raise GrammarShapeError(f"cannot read the terminal {literals!r}")
        for flag in flags:
            value = f"(?{flag}:{value})"
        alternatives.append(value)
        separator = _SEPARATOR.match(literals, pos)
        if separator is None:
            break
        pos = separator.end()
    if literals[pos:].strip():
        raise GrammarShapeError(f"cannot read the terminal {literals!r}")
    if len(alternatives) == 1:
        return alternatives[0]
    return "(?:" + "|".join(alternatives) + ")"


def _unescape(body: str) -> str:
    """A literal's text as Lark reads it: ``\\n``, ``\\t`` and the like become characters."""
    out = []
    index = 0
    while index < len(body):
        char = body[index]
        if char == "\\" and index + 1 < len(body):
            following = body[index + 1]
            if following in "xuU":
                raise GrammarShapeError(f"numeric escapes are not read: {body!r}")
            out.append(_ESCAPES.get(following, "\\" + following))
            index += 2
        else:
            out.append(char)
            index += 1
    return "".join(out)


# In TURN, the run of separators that joins one word to the next: ``(?:[ \t,]+(?!...``.
_JOINER = re.compile(r"\(\?:(\[(?:[^\]\\]|\\.)+\]\+)")


@lru_cache(maxsize=1)
def turn_separator() -> str:
    """The separators the TURN terminal joins a turn's words with, as a regular expression."""
    found = _JOINER.search(terminal("TURN"))
    if found is None:
        raise GrammarShapeError("the TURN terminal joins no words with a run of separators")
    return found[1]


@lru_cache(maxsize=1)
def turn_words() -> re.Pattern[str]:
    """The words of a turn, matched by the grammar's own terminals in its order.

    The separators are those the TURN terminal joins its words with; ``BAD`` is any other
    character, where a turn's reading stops.
    """
    alternatives = [f"(?P<{name}>{terminal(name)})" for name in ("KEY", "PLACE", "NUMBER", "WORD")]
    spaces = f"(?P<SPACE>{turn_separator()})"
    return re.compile("|".join([*alternatives, spaces, r"(?P<BAD>.)"]))
