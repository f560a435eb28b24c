"""Names and record text as meridina prints them: what could act on a reader is made visible.

A file name, a player's name or a line of a record is input. Printed raw, a control
character (an escape sequence that retitles or clears a terminal, a carriage return or
newline that starts a line of its own), a direction override that reorders a line, or a
byte that is not UTF-8 would act on the terminal, CI log or parser reading the output.
``shown`` writes each such character as a visible escape: ``\\x1b``, ``\\u202e``, and a
byte of a file name that is not UTF-8 (kept by Python as a lone surrogate) as ``\\xff``.
The same characters are the ones XML forbids, so the text is also safe in JUnit.

A line must not begin with ``::`` either: GitHub Actions runs such a line of a job's
output as a workflow command (``::error ...``, ``::stop-commands::``). A text that
would begin a line that way has its first colon escaped. Nor may ``##[`` stand anywhere
in a line: the runner's older command form (``##[error]...``, ``##[stop-commands]``) is
taken wherever it occurs, so the ``[`` after ``##`` is escaped (``##\\x5b``), and a text
is also kept from making one with the text printed next to it.
"""

from __future__ import annotations

import re
import unicodedata

from meridina.rules.common import Problem

# C0 and C1 controls and DEL; lone surrogates (bytes that were not UTF-8); the direction
# marks, embeddings, overrides and isolates; line and paragraph separators; the two
# non-characters XML forbids.
UNSAFE = re.compile(
    "[\x00-\x1f\x7f-\x9f\ud800-\udfff\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ufffe\uffff]"
)
# what XML and HTML cannot carry (or would hide): UNSAFE less the tab and line breaks that
# markup keeps, and the direction and line marks it shows as they are
MARKUP_UNSAFE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")
# what json.dumps leaves raw of UNSAFE (it escapes C0 itself; its own line breaks are C0)
JSON_UNSAFE = re.compile(
    "[\x7f-\x9f\ud800-\udfff\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ufffe\uffff]"
)
# what the Actions runner takes for a command, after it trims the line's leading space
COMMAND_START = re.compile(r"\s*::")
# the older form of a command, which the runner takes anywhere in a line: its "[" is escaped
LEGACY_COMMAND = re.compile(r"(?<=##)\[")
LEGACY_MARK = "##["


def escape(character: str) -> str:
    """The visible form of one unsafe character."""
    code = ord(character)
    if 0xDC80 <= code <= 0xDCFF:  # a byte that was not UTF-8, as surrogateescape keeps it
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def _escaped(match: re.Match[str]) -> str:
    return escape(match.group())


def visible(text: str) -> str:
    """``text`` with each unsafe character as its visible escape, and no ``##[`` left."""
    if UNSAFE.search(text) is not None:
        text = UNSAFE.sub(_escaped, text)
    return _without_legacy_commands(text)


def _without_legacy_commands(text: str) -> str:
    if LEGACY_MARK not in text:
        return text
    return LEGACY_COMMAND.sub(_escaped, text)


def visible_in_markup(text: str) -> str:
    """``text`` fit for an SVG picture or an HTML page: what XML forbids or hides is escaped."""
    if MARKUP_UNSAFE.search(text) is not None:
        text = MARKUP_UNSAFE.sub(_escaped, text)
    return _without_legacy_commands(text)


def shown(text: str) -> str:
    """``text`` fit to print as a line, or the start of one, of text output (terminal, log, XML)."""
    text = visible(text)
    start = COMMAND_START.match(text)
    if start is not None:
        colon = start.end() - 2
        text = f"{text[:colon]}\\x3a{text[colon + 1 :]}"
    # a text printed next to another: neither may end or start half of a "##["
    if text.endswith("##"):
        text = text[:-1] + "\\x23"
    if text.startswith("#["):
        text = "#\\x5b" + text[2:]
    return text


def shown_lines(block: str) -> str:
    """A block of several lines, each line ``shown``; its line breaks are kept."""
    if UNSAFE.search(block) is None and "::" not in block and LEGACY_MARK not in block:
        return block
    return "\n".join(shown(line) for line in block.split("\n"))


def json_safe(document: str) -> str:
    """A JSON text (``json.dumps(..., ensure_ascii=False)``) that encodes as valid UTF-8.

    JSON escapes C0 controls itself; ``JSON_UNSAFE`` can stand only inside a
    string, where it becomes a JSON escape (``\\u009b``: the same value, nothing raw
    reaches a terminal), and a lone surrogate (a byte of a file name that is not UTF-8)
    becomes the visible ``\\xff``, as text output shows it. The ``[`` of a ``##[`` becomes
    ``\\u005b``: the same value, and no command to a CI runner.
    """
    if JSON_UNSAFE.search(document) is not None:
        document = JSON_UNSAFE.sub(_json_escaped, document)
    if LEGACY_MARK in document:  # only a string can hold "#": "\\u005b" is the same value
        document = LEGACY_COMMAND.sub("\\\\u005b", document)
    return document


def _json_escaped(match: re.Match[str]) -> str:
    code = ord(match.group())
    if 0xD800 <= code <= 0xDFFF:
        return escape(match.group()).replace("\\", "\\\\")
    return f"\\u{code:04x}"


def display_width(text: str) -> int:
    """The columns ``text`` takes on a terminal: wide (East Asian) characters two, marks none."""
    if text.isascii():
        return len(text)
    return sum(_character_width(character) for character in text)


def _character_width(character: str) -> int:
    if unicodedata.category(character) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(character) in ("W", "F") else 1


def problem_line(source: str, problem: Problem) -> str:
    """``FILE:LINE:COL: RULE message``, its names and quoted text ``shown``."""
    where = f"{source}:{problem.at.line}:{problem.at.col}" if problem.at else source
    kind = "warning: " if problem.warning else ""
    return shown(f"{where}: {problem.rule} {kind}{problem.message}")
