"""A replay page's pictures cut into parts (``Parts``): each distinct element of a game's
pictures kept once, each picture the list of its parts as its change from the last, the
parts put in the order of their text and each written as its change from the one before,
so that the compressed block of a game costs little more than what changed turn by turn.
``spelled_out`` and ``from_steps`` undo the writing, as the page's script does."""

from __future__ import annotations

import html
import xml.etree.ElementTree as ET
from collections.abc import Callable, Hashable
from difflib import SequenceMatcher

from ..drawing.svg import is_reused, leaf_markup, markup
from ..json_values import JsonObject, JsonValue

# Written in a part for the heading of the frame that shows it: XML allows no U+0001, so
# no picture holds it.
HEADING_MARK = "\x01"

# A part of a picture: an element's whole text, or its opening text and its children's numbers.
Part = str | list[str | int]


class Parts:
    """One game's pictures cut into their elements, each distinct element kept once.

    An element is a part; one with children keeps its opening text and its children's
    numbers, so a group that changes (the legend) shares the children that do not
    (each player's line). A picture is the list of its top-level parts; a frame stores
    that list as its change from the previous frame's, so the board, drawn again for
    every position, costs nothing after the first. (The pictures' builder sets no
    element tails, so an element is its tag, attributes, text and children.)
    """

    def __init__(self) -> None:
        self.parts: list[Part] = []
        self.index: dict[Hashable, int] = {}
        self.last: list[int] = []
        self.heading = ""
        self.written: dict[Hashable, str] = {}  # a leaf's markup, by its tag, text and attributes
        # the number of each part the drawing reuses from picture to picture, by its id
        # (the part is held here, so that no other element takes its id meanwhile)
        self.reused: dict[int, tuple[ET.Element, int]] = {}

    def frame(self, root: ET.Element, heading: str) -> list[int | list[int]]:
        """The picture as its change from the last: part numbers, and [start, count] of
        the last picture's list kept as it was. Where a part's text holds ``heading`` (the
        frame's, as the page shows it above the picture), it holds ``HEADING_MARK`` instead,
        so that the picture's title and caption are one part for all positions."""
        self.heading = html.escape(heading, quote=False)  # as XML writes it in an element
        shown = [self.number(("open", root.tag, *root.attrib.items()), lambda: _opening(root))]
        reused = self.reused
        for child in root:  # most are parts reused from the last picture: found by identity
            known = reused.get(id(child))
            shown.append(
                known[1] if known is not None and known[0] is child else self.element(child)
            )
        shown.append(self.number(("close", root.tag), lambda: f"</{root.tag}>\n"))
        ops: list[int | list[int]] = []
        new_start = 0
        for start, new_end, size in matching_blocks(self.last, shown):
            ops.extend(shown[new_start:new_end])  # the parts new since the last picture
            if size:
                ops.append([start, size])  # a run of the last picture's parts
            new_start = new_end + size
        self.last = shown
        return ops

    def element(self, element: ET.Element) -> int:
        known = self.reused.get(id(element))
        if known is not None and known[0] is element:
            return known[1]
        number = self._element(element)
        if is_reused(element) and self.heading and not self._holds_heading(number):
            self.reused[id(element)] = (element, number)
        return number

    def _holds_heading(self, number: int) -> bool:
        """Whether the markup of the part ``number`` holds the frame's heading (a leaf's
        text drawn for this frame holds ``HEADING_MARK`` in its stead). The heading, as XML
        writes it, holds no "<" or ">", so it lies within one opening or one leaf."""
        part = self.parts[number]
        if isinstance(part, str):
            return HEADING_MARK in part or self.heading in part
        return self.heading in str(part[0]) or any(
            self._holds_heading(child) for child in part[1:] if isinstance(child, int)
        )

    def _element(self, element: ET.Element) -> int:
        if len(element):
            children = [self.element(child) for child in element]
            key = (element.tag, element.text, tuple(element.attrib.items()), *children)
            found = self.index.get(key)
            return (
                found
                if found is not None
                else self.number(key, lambda: [_opening(element), *children])
            )
        key = (element.tag, element.text, tuple(element.attrib.items()))
        text = self.written.get(key)
        if text is None:  # most elements are drawn again unchanged in every position
            text = self.written[key] = leaf_markup(element)
        if self.heading and self.heading in text:
            text = text.replace(self.heading, HEADING_MARK)
            return self.number(("heading", text), lambda: text)
        found = self.index.get(key)
        return found if found is not None else self.number(key, lambda: text)

    def number(self, key: Hashable, make: Callable[[], Part]) -> int:
        found = self.index.get(key)
        if found is None:
            found = self.index[key] = len(self.parts)
            self.parts.append(make())
        return found

    def in_text_order(self, frames: list[JsonObject]) -> list[list[str | int]]:
        """The parts ordered by their text, and ``frames``' part numbers changed to match.

        Parts are numbered as they are first drawn, so alike ones (each position's title,
        each tower) lie a position's worth of parts apart, mostly beyond the 32 KB a zlib
        stream looks back; ordered by text they stand together, and the block shrinks by
        about a sixth. Each is then written as its change from the one before
        (``_from_previous``), which takes off a tenth more."""
        keys = [_sort_key(part) for part in self.parts]
        order = sorted(range(len(keys)), key=keys.__getitem__)
        moved = [0] * len(order)
        for new, old in enumerate(order):
            moved[old] = new
        for frame in frames:
            frame["svg"] = as_steps(
                [moved[op] if isinstance(op, int) else op for op in frame["svg"]]
            )
        return _from_previous([_renumbered(self.parts[old], moved) for old in order])


def matching_blocks(last: list[int], shown: list[int]) -> list[tuple[int, int, int]]:
    """``SequenceMatcher(None, last, shown, autojunk=False).get_matching_blocks()``, found
    faster when no part is shown twice (as in every picture drawn): each part of ``last``
    then matches at most one place of ``shown``, and a match is a run of them."""
    where = {part: index for index, part in enumerate(shown)}
    if len(where) < len(shown):
        matcher = SequenceMatcher(None, last, shown, autojunk=False)
        return [(block.a, block.b, block.size) for block in matcher.get_matching_blocks()]
    matched = [where.get(part, -1) for part in last]
    blocks: list[tuple[int, int, int]] = []
    windows = [(0, len(last), 0, len(shown))]
    while windows:  # as SequenceMatcher does: the longest match, then each side of it
        low, high, new_low, new_high = windows.pop()
        start, new_start, size = _longest_match(matched, low, high, new_low, new_high)
        if size:
            blocks.append((start, new_start, size))
            if low < start and new_low < new_start:
                windows.append((low, start, new_low, new_start))
            if start + size < high and new_start + size < new_high:
                windows.append((start + size, high, new_start + size, new_high))
    blocks.sort()
    joined: list[tuple[int, int, int]] = []  # runs that follow on from each other, as one
    for start, new_start, size in blocks:
        if (
            joined
            and joined[-1][0] + joined[-1][2] == start
            and joined[-1][1] + joined[-1][2] == new_start
        ):
            joined[-1] = (joined[-1][0], joined[-1][1], joined[-1][2] + size)
        else:
            joined.append((start, new_start, size))
    joined.append((len(last), len(shown), 0))
    return joined


def _longest_match(
    matched: list[int], low: int, high: int, new_low: int, new_high: int
) -> tuple[int, int, int]:
    """The longest run of ``last[low:high]`` found in order in ``shown[new_low:new_high]``
    (``matched``: where each part of ``last`` is in ``shown``, -1 nowhere); of runs as long,
    the first, as SequenceMatcher.find_longest_match gives it."""
    best_start, best_new_start, best_size = low, new_low, 0
    run, previous = 0, -2
    for index in range(low, high):
        place = matched[index]
        if place < new_low or place >= new_high:
            run, previous = 0, -2
            continue
        run = run + 1 if place == previous + 1 else 1
        previous = place
        if run > best_size:
            best_start, best_new_start, best_size = index - run + 1, place - run + 1, run
    return best_start, best_new_start, best_size


def _sort_key(part: Part) -> tuple[bool, str]:
    """Whole elements first, then those with children: their numbers are then a little
    shorter, and like texts stand closer."""
    return not isinstance(part, str), _text_of(part)


def _text_of(part: Part) -> str:
    return part if isinstance(part, str) else str(part[0])


def _renumbered(part: Part, moved: list[int]) -> Part:
    if isinstance(part, str):
        return part
    return [part[0], *(moved[child] for child in part[1:] if isinstance(child, int))]


def _from_previous(parts: list[Part]) -> list[list[str | int]]:
    """Each part as [how many characters of its text start as the last part's did, the rest
    of its text, its children's numbers]. Characters are counted as JavaScript does (UTF-16
    code units), for the page's script cuts the last text at that count."""
    written: list[list[str | int]] = []
    last = ""
    for part in parts:
        if isinstance(part, str):
            text, children = part, []
        else:
            text, children = str(part[0]), as_steps(part[1:])
        shared = _shared_start(text, last)
        # an ASCII text (most of them) is one code unit a character
        units = shared if text.isascii() else len(text[:shared].encode("utf-16-le")) // 2
        written.append([units, text[shared:], *children])
        last = text
    return written


def _shared_start(text: str, other: str) -> int:
    """How many characters ``text`` and ``other`` start with alike: found by halving, each
    step one comparison of two slices (done by the string type, not a character at a time)."""
    low, high = 0, min(len(text), len(other))
    while low < high:
        middle = (low + high + 1) // 2
        if text.startswith(other[:middle]):
            low = middle
        else:
            high = middle - 1
    return low


def spelled_out(written: list[list[JsonValue]]) -> list[Part]:
    """The parts as ``in_text_order`` had them before writing each as its change from the
    last: the reverse of ``_from_previous``, as the page's script does it."""
    parts: list[Part] = []
    last = b""
    for shared, rest, *steps in written:
        last = last[: 2 * shared] + str(rest).encode("utf-16-le")
        text = last.decode("utf-16-le")
        parts.append([text, *from_steps(steps)] if steps else text)
    return parts


def as_steps(numbers: list[JsonValue]) -> list[JsonValue]:
    """Each number of a list as its step from the number before it (the first from 0),
    other items as they are: a picture's parts mostly follow one another in text order, so
    the steps are small and alike, and compress well."""
    last = 0
    stepped: list[JsonValue] = []
    for item in numbers:
        if isinstance(item, int):
            item, last = item - last, item
        stepped.append(item)
    return stepped


def from_steps(stepped: list[JsonValue]) -> list[JsonValue]:
    """The reverse of ``as_steps``, as the page's script does it."""
    last = 0
    numbers: list[JsonValue] = []
    for item in stepped:
        if isinstance(item, int):
            item = last = last + item
        numbers.append(item)
    return numbers


def _opening(element: ET.Element) -> str:
    """An element's start tag and text: its serialization without children and end tag."""
    bare = ET.Element(element.tag, element.attrib)
    bare.text = element.text or None
    text = markup(bare)
    return text.removesuffix(f"</{element.tag}>") if bare.text else text.removesuffix(" />") + ">"
