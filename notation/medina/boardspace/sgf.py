"""Boardspace's SGF-shaped game files read into nodes of properties, each with its place.

A file is ``(`` then nodes, each ``;`` followed by properties ``NAME[value][value]...``,
then ``)``. A value runs to the first ``]`` not escaped by a backslash. Boardspace writes
one line of play and no variations, so a nested ``(`` is refused. A file whose final ``)``
is missing, or followed by more of them, is read as meant with a slip, as other SGF readers
read it. The text is read in one pass without backtracking: its time grows with its length
and nothing else. A node without properties says nothing, so after the root such nodes are
passed over, a run of them at once, and not kept; nor is a property after the root that the
caller's ``keep`` turns down, so that what is kept grows with the moves, not with the bytes.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from .fault import ConversionFault, ConversionSlip

_SPACE = re.compile(r"[ \t\r\n]*")
_NAME = re.compile(r"[^ \t\r\n()\[\];]+")
_VALUE_STOP = re.compile(r"[\]\\]")
_ESCAPED = re.compile(r"\\(.)", re.DOTALL)
_EMPTY_NODES = re.compile(r"[; \t\r\n]*")  # nodes without properties, and the space between
_EXTRA_CLOSING = re.compile(r"\)[ \t\r\n)]*")  # more ')' after the game, and nothing else
LONGEST_NAME = 40  # a property's name; Boardspace's are two letters or P0..P9


@dataclass(frozen=True, slots=True)
class SgfProperty:
    """One value of a property; ``line`` and ``column`` are where the value starts."""

    name: str
    value: str
    line: int
    column: int


@dataclass(frozen=True, slots=True)
class SgfNode:
    """A node: its properties in file order, and where its ``;`` stands."""

    properties: tuple[SgfProperty, ...]
    line: int
    column: int


class _Places:
    """Line and column of an offset, counted on from the last offset asked for.

    The reader asks for offsets in the order of the file, so all the counting together
    reads the text once; nothing is kept per line.
    """

    def __init__(self, text: str) -> None:
        self.text = text
        self.offset = 0
        self.line = 1
        self.line_start = 0

    def of(self, offset: int) -> tuple[int, int]:
        if offset < self.offset:  # behind: count again from the start
            self.offset, self.line, self.line_start = 0, 1, 0
        last_break = self.text.rfind("\n", self.offset, offset)
        if last_break >= 0:
            self.line += self.text.count("\n", self.offset, offset)
            self.line_start = last_break + 1
        self.offset = offset
        return self.line, offset - self.line_start + 1


def read_nodes(
    text: str,
    slips: list[ConversionSlip] | None = None,
    keep: Callable[[str, str], bool] | None = None,
) -> list[SgfNode]:
    """The nodes of the game in ``text``, root first; what was read past goes to ``slips``.

    The root keeps every property; a later node keeps those for which ``keep(name, value)``
    is true (all without ``keep``), and a later node left with none is not kept.
    """
    places = _Places(text)
    found_slips = [] if slips is None else slips

    def slip(message: str, offset: int) -> None:
        found_slips.append(ConversionSlip(message, *places.of(offset)))

    def fault(message: str, offset: int) -> ConversionFault:
        return ConversionFault(message, *places.of(offset))

    position = _skip(text, 0)
    if not text.startswith("(", position):
        raise fault("a Boardspace game file starts with '('", position)
    position = _skip(text, position + 1)
    nodes: list[SgfNode] = []
    while True:
        if position >= len(text):
            if not nodes:
                raise fault("the game ends without its closing ')'", position)
            slip("the game ends without its closing ')': read as if it were there", position)
            return nodes
        mark = text[position]
        if mark == ")":
            break
        if mark == "(":
            raise fault("a variation: only a game's one line of play can be converted", position)
        if mark != ";":
            raise fault(f"expected ';' to start a node, found {text[position]!r}", position)
        start = position
        if nodes:  # after the root, empty nodes are passed over, the last ';' starts this one
            position = _skip(text, position, _EMPTY_NODES)
            start = text.rfind(";", start, position)
        else:
            position = _skip(text, position + 1)
        node_line, node_column = places.of(start)
        properties: list[SgfProperty] = []
        name = None
        while position < len(text) and text[position] not in "();":
            if text[position] == "[":
                if name is None:
                    raise fault("a value without a property name", position)
            else:
                found = _NAME.match(text, position)
                if found is None:  # a lone ']'
                    raise fault(f"unexpected {text[position]!r}", position)
                name = found.group()
                if len(name) > LONGEST_NAME:
                    raise fault("a property name is too long", position)
                position = _skip(text, found.end())
                if not text.startswith("[", position):
                    raise fault(f"the property {name} has no value in [...]", position)
            value, after = _value(text, position + 1)
            if value is None:
                raise fault("a value opened with '[' is never closed", position)
            if not nodes or keep is None or keep(name, value):
                properties.append(SgfProperty(name, value, *places.of(position + 1)))
            position = _skip(text, after)
        if properties or not nodes:
            nodes.append(SgfNode(tuple(properties), node_line, node_column))
    if not nodes:
        raise fault("the game has no nodes", position)
    rest = _skip(text, position + 1)
    extra = _EXTRA_CLOSING.match(text, rest)
    if extra is not None and extra.end() == len(text):
        count = extra.group().count(")")
        what = "an extra ')'" if count == 1 else f"{count} extra ')'"
        slip(f"{what} after the game's closing ')': read past", rest)
    elif rest < len(text):
        raise fault("text after the game's closing ')'", rest)
    return nodes


def _skip(text: str, position: int, what: re.Pattern[str] = _SPACE) -> int:
    found = what.match(text, position)
    return found.end() if found else position


def _value(text: str, position: int) -> tuple[str | None, int]:
    """The value starting at ``position`` (after its ``[``) and the offset after its ``]``."""
    end = position
    while True:
        stop = _VALUE_STOP.search(text, end)
        if stop is None:
            return None, len(text)
        if stop.group() == "]":
            break
        if stop.end() >= len(text):  # a backslash that ends the file
            return None, len(text)
        end = stop.end() + 1  # an escaped character stands for itself, even ']'
    value = text[position : stop.start()]
    if "\\" in value:
        value = _ESCAPED.sub(lambda escaped: escaped.group(1), value)  # faster than r"\1"
    return value.replace("\r\n", "\n").replace("\r", "\n"), stop.end()
