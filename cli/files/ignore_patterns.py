"""Gitignore-style patterns, matched without backtracking.

A pattern compiled to a backtracking regular expression can take exponential time:
``*a*a*a*a*a*a*a*a*b`` against a name of many ``a`` runs for hours. Here a pattern is
matched the way shells match globs, keeping only the last ``*`` to go back to: the time
is at most the pattern's length times the path's. Both are bounded: a pattern longer
than ``MOST_CHARACTERS`` is refused, as is a longer path segment than a file system holds.

The rules are git's: ``#`` starts a comment, ``!`` re-includes, a trailing ``/`` matches
only folders, a pattern with a ``/`` before its end is anchored to its file's folder
(one without matches at any depth), ``*`` and ``?`` and ``[...]`` match within one path
segment, ``**`` as a whole segment matches any number of segments, ``\\`` escapes, and
what is inside an ignored folder stays ignored.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple, TypeVar

MOST_CHARACTERS = 512  # of one pattern


class PatternError(ValueError):
    """A pattern that is refused; ``line`` counts from 1 in the lines given."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(reason)
        self.line = line
        self.reason = reason


class CharClass(NamedTuple):
    """``[...]``: single characters and ranges, or everything but them (``[!...]``)."""

    characters: frozenset[str]
    ranges: tuple[tuple[str, str], ...]
    negated: bool

    def matches(self, character: str) -> bool:
        found = character in self.characters or any(
            low <= character <= high for low, high in self.ranges
        )
        return found != self.negated


class _Star:
    """``*``: any run of characters within a segment."""


class _AnyCharacter:
    """``?``: any one character."""


class _AnySegments:
    """``**`` as a whole segment: any number of segments, none included."""


STAR = _Star()
ANY_CHARACTER = _AnyCharacter()
ANY_SEGMENTS = _AnySegments()

Token = str | CharClass | _Star | _AnyCharacter


class Glob(NamedTuple):
    """A segment with wildcards: its tokens, and the plain text a name must start and end with
    (looked at first: most names fail there, at the cost of a string comparison)."""

    tokens: tuple[Token, ...]
    starts: str
    ends: str


# a segment: its exact text, a glob, or any segments
Segment = str | Glob | _AnySegments


class Pattern(NamedTuple):
    segments: tuple[Segment, ...]
    negated: bool
    folders_only: bool
    inside_only: bool = False  # "folder/**": what is inside, and the folder as a folder


def compile_pattern(line: str) -> Pattern | None:
    """The pattern of one line; None for a blank line or a comment."""
    text = _strip_trailing_spaces(line.rstrip("\r\n"))
    if not text or text.startswith("#"):
        return None
    negated = text.startswith("!")
    if negated:
        text = text[1:]
    folders_only = text.endswith("/") and not text.endswith("\\/")
    text = text.rstrip("/") if folders_only else text
    if not text:
        return None
    anchored = "/" in text
    parts = [part for part in text.lstrip("/").split("/") if part]
    segments: list[Segment] = [] if anchored else [ANY_SEGMENTS]
    for part in parts:
        segment = ANY_SEGMENTS if part == "**" else _segment(part)
        if not (segment is ANY_SEGMENTS and segments and segments[-1] is ANY_SEGMENTS):
            segments.append(segment)
    inside_only = len(segments) > 1 and segments[-1] is ANY_SEGMENTS
    if inside_only:
        segments.insert(-1, _glob((STAR,)))
    return Pattern(tuple(segments), negated, folders_only, inside_only)


def _strip_trailing_spaces(text: str) -> str:
    stripped = text.rstrip(" ")
    if stripped.endswith("\\") and len(stripped) < len(text):
        return stripped + " "  # an escaped space stays
    return stripped


def _segment(part: str) -> Segment:
    if not any(c in part for c in "*?[\\"):
        return part
    tokens: list[Token] = []
    index = 0
    while index < len(part):
        character = part[index]
        if character == "\\" and index + 1 < len(part):
            tokens.append(part[index + 1])
            index += 2
            continue
        if character == "*":
            if not tokens or tokens[-1] is not STAR:
                tokens.append(STAR)
        elif character == "?":
            tokens.append(ANY_CHARACTER)
        elif character == "[":
            found = _char_class(part, index)
            if found is not None:
                klass, index = found
                tokens.append(klass)
                continue
            tokens.append("[")
        else:
            tokens.append(character)
        index += 1
    return _glob(tuple(tokens))


def _glob(tokens: tuple[Token, ...]) -> Glob:
    first = next((i for i, token in enumerate(tokens) if not isinstance(token, str)), len(tokens))
    last = next((i for i in range(len(tokens) - 1, -1, -1) if not isinstance(tokens[i], str)), -1)
    starts = "".join(token for token in tokens[:first] if isinstance(token, str))
    ends = "".join(token for token in tokens[last + 1 :] if isinstance(token, str))
    return Glob(tokens, starts, ends)


def _char_class(part: str, start: int) -> tuple[CharClass, int] | None:
    """The class opening at ``part[start]`` and the index after it; None if it never closes."""
    index = start + 1
    negated = index < len(part) and part[index] in "!^"
    index += negated
    characters: set[str] = set()
    ranges: list[tuple[str, str]] = []
    first = True
    while index < len(part):
        character = part[index]
        if character == "]" and not first:
            return CharClass(frozenset(characters), tuple(ranges), negated), index + 1
        if character == "\\" and index + 1 < len(part):
            index += 1
            character = part[index]
        if index + 2 < len(part) and part[index + 1] == "-" and part[index + 2] != "]":
            ranges.append((character, part[index + 2]))
            index += 3
        else:
            characters.add(character)
            index += 1
        first = False
    return None


def _token_matches(token: Token, character: str) -> bool:
    if isinstance(token, str):
        return token == character
    if isinstance(token, CharClass):
        return token.matches(character)
    return token is ANY_CHARACTER


def _name_matches(segment: Segment, name: str) -> bool:
    if isinstance(segment, str):
        return segment == name
    if isinstance(segment, Glob):
        if not (name.startswith(segment.starts) and name.endswith(segment.ends)):
            return False
        return _greedy(segment.tokens, name, STAR, _token_matches)
    return False


Element = TypeVar("Element")
Item = TypeVar("Item")


def _greedy(
    pattern: Sequence[Element],
    items: Sequence[Item],
    star: Element,
    one: Callable[[Element, Item], bool],
) -> bool:
    """Wildcard matching that goes back only to the last ``star``: O(len(pattern) * len(items)).

    ``star`` stands for any run of items; every other pattern element matches one item,
    as ``one(element, item)`` says.
    """
    p = i = 0
    star_p, star_i = -1, 0
    while i < len(items):
        if p < len(pattern) and pattern[p] is star:
            star_p, star_i = p, i
            p += 1
        elif p < len(pattern) and one(pattern[p], items[i]):
            p += 1
            i += 1
        elif star_p >= 0:
            star_i += 1
            p, i = star_p + 1, star_i
        else:
            return False
    while p < len(pattern) and pattern[p] is star:
        p += 1
    return p == len(pattern)


# Where a pattern stands after some names of a path: the indexes of its segments that the
# next name may match (an index equal to the number of segments: the names so far match).
Positions = frozenset[int]


def _closure(pattern: Pattern, positions: Iterable[int]) -> Positions:
    """``positions`` and every index after a run of ``**`` there (which may match no name)."""
    reached = set(positions)
    for position in sorted(reached):
        while position < len(pattern.segments) and pattern.segments[position] is ANY_SEGMENTS:
            position += 1
            reached.add(position)
    return frozenset(reached)


def _advance(pattern: Pattern, positions: Positions, name: str) -> Positions:
    """Where ``pattern`` stands after one more name: each segment is matched once against it."""
    after: set[int] = set()
    for position in positions:
        if position == len(pattern.segments):
            continue
        segment = pattern.segments[position]
        if segment is ANY_SEGMENTS:
            after.add(position)  # "**" takes this name and may take more
        elif _name_matches(segment, name):
            after.add(position + 1)
    return _closure(pattern, after) if after else frozenset()


def _name_only(pattern: Pattern) -> Segment | None:
    """The one segment of a pattern without a ``/`` (``*.mrec``), which matches an entry by
    its name alone, whatever the folders above: it needs no place carried down a walk."""
    if len(pattern.segments) == 2 and pattern.segments[0] is ANY_SEGMENTS:
        return pattern.segments[1]
    return None


class Cursor:
    """Where each pattern of a spec stands after the names of a path below the spec's folder.

    A walk carries a folder's cursor to its entries, as git does: each name of a path is
    matched once per pattern, so deciding an entry costs the same at any depth. A pattern
    without a ``/`` is matched against the entry's own name only.
    """

    __slots__ = ("name", "positions", "spec")

    def __init__(
        self, spec: IgnoreSpec, positions: tuple[Positions, ...], name: str | None = None
    ) -> None:
        self.spec = spec
        self.positions = positions  # of the spec's patterns with a "/", in order
        self.name = name  # the last name of the path; None: the spec's own folder

    def step(self, name: str) -> Cursor:
        """The cursor of the entry ``name`` of this folder."""
        return Cursor(
            self.spec,
            tuple(
                _advance(pattern, positions, name) if positions else positions
                for pattern, positions in zip(self.spec.placed, self.positions, strict=True)
            ),
            name,
        )

    def verdict(self, is_folder: bool) -> bool | None:
        """Whether the entry this cursor stands on is ignored (True), re-included (False),
        or named by no pattern (None): the last pattern that matches decides."""
        patterns, slots = self.spec.patterns, self.spec.slots
        for index in range(len(patterns) - 1, -1, -1):
            pattern = patterns[index]
            if pattern.folders_only and not is_folder:
                continue
            slot = slots[index]
            if slot is None:  # matched by the name alone
                if self.name is not None and _name_matches(pattern.segments[1], self.name):
                    return not pattern.negated
                continue
            positions = self.positions[slot]
            if not positions:
                continue
            if pattern.inside_only and is_folder:
                # a folder is its names and an empty one: inside it, for "folder/**"
                positions = _advance(pattern, positions, "")
            if len(pattern.segments) in positions:
                return not pattern.negated
        return None


class IgnoreSpec:
    """Patterns in order; the last one that matches a path decides, as in git."""

    def __init__(self, patterns: Iterable[Pattern]) -> None:
        self.patterns = tuple(patterns)
        # the patterns whose place is carried down a walk, and each pattern's slot among them
        self.placed = tuple(p for p in self.patterns if _name_only(p) is None)
        slots: list[int | None] = []
        placed = 0
        for pattern in self.patterns:
            if _name_only(pattern) is None:
                slots.append(placed)
                placed += 1
            else:
                slots.append(None)
        self.slots = tuple(slots)

    @classmethod
    def from_lines(cls, lines: Iterable[str]) -> IgnoreSpec:
        """The patterns of ``lines``; a refused one raises PatternError with its line."""
        patterns = []
        for number, line in enumerate(lines, start=1):
            if len(line) > MOST_CHARACTERS:
                raise PatternError(
                    number,
                    f"a pattern of {len(line)} characters; at most {MOST_CHARACTERS} are read",
                )
            pattern = compile_pattern(line)
            if pattern is not None:
                patterns.append(pattern)
        return cls(patterns)

    def start(self) -> Cursor:
        """The cursor of the spec's own folder, before any name."""
        return Cursor(self, tuple(_closure(pattern, (0,)) for pattern in self.placed))

    def check_file(self, path: str) -> bool | None:
        """Whether ``path`` (relative, ``/``-separated; a trailing ``/`` marks a folder) is
        ignored (True), re-included (False), or not named by any pattern (None)."""
        is_folder = path.endswith("/")
        names = [name for name in path.split("/") if name]
        cursor = self.start()
        for depth, name in enumerate(names, start=1):
            cursor = cursor.step(name)
            if depth < len(names) and cursor.verdict(True):
                return True  # inside an ignored folder
        return cursor.verdict(is_folder)

    def match_file(self, path: str) -> bool:
        return self.check_file(path) is True
