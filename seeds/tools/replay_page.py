"""The HTML replay (``replay --html``, ``meridina.replay_page``): one self-contained page
stepping through every turn of every game.

The page is the template ``templates/replay.html`` (markup, CSS and a small script) with
the games written into it one by one, as they are checked, so a long record never sits
in memory whole. Each game is a block of data: per position its turn, comments and
problems, and its picture, the very picture ``meridina draw`` makes, cut into parts
(``Parts``) kept once per game, so a position costs only what changed since the last.
The parts are put in the order of their text before they are written, so that alike
parts stand together within the compressor's reach, each as its change from the one before.
The block is compressed (zlib), then written in base 85 (``pack``); the page's script
inflates a game when it is shown (``DecompressionStream``) and joins its parts. The page's
own style, side panel and script are packed so too (``templates/replay-page.html``), for a
small loader in the template to put in place: a page of one short game is mostly these.
It needs no network.
"""

from __future__ import annotations

import base64
import functools
import html
import io
import json
import re
import xml.etree.ElementTree as ET
import zlib
from collections.abc import Callable, Hashable, Iterable, Sequence
from difflib import SequenceMatcher
from importlib.resources import files
from pathlib import Path
from typing import TextIO

from meridina.notation.driver import GameReport
from meridina.rules.common import Problem

from ..api import Game
from ..drawing import pictures
from ..drawing.svg import forget_reused, is_reused, leaf_markup, markup
from ..games import shown_game
from ..json_values import JsonObject, JsonValue
from ..shown import problem_line, visible_in_markup
from ..turn_notes import FaultEvent
from ..views import view_for

TEMPLATE = "templates/replay.html"
GAMES_HERE = "__REPLAY_GAMES__"
# The page's style, side panel and script, which the template carries packed (``_template``).
INNER = "templates/replay-page.html"
INNER_HERE = "__REPLAY_PAGE__"
# Markup put first in the page's body: the links of a site the page belongs to (none alone).
NAV_HERE = "__REPLAY_NAV__"
# The header tags the page shows under a game's title, as "Event: ..." (those present)
FACT_TAGS = ("Event", "Site", "Date", "Round", "Players", "Result")

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


# Python's base 85 alphabet with "<" written as ".", which it does not use: a block may
# then hold neither "</" nor "<!--", the only texts that end or change a script element.
_BASE85_IN_PAGE = str.maketrans("<", ".")
_BASE85_FROM_PAGE = str.maketrans(".", "<")


def pack(data: bytes) -> str:
    """A game's data as the page holds it: compressed, then in base 85 (a quarter longer,
    where base 64 is a third)."""
    return base64.b85encode(zlib.compress(data, 9)).decode("ascii").translate(_BASE85_IN_PAGE)


def unpack(block: str) -> bytes:
    """The data of a block ``pack`` wrote, as the page's script reads it."""
    return zlib.decompress(base64.b85decode(block.strip().translate(_BASE85_FROM_PAGE)))


def _opening(element: ET.Element) -> str:
    """An element's start tag and text: its serialization without children and end tag."""
    bare = ET.Element(element.tag, element.attrib)
    bare.text = element.text or None
    text = markup(bare)
    return text.removesuffix(f"</{element.tag}>") if bare.text else text.removesuffix(" />") + ">"


def compact(template: str) -> str:
    """The template without its indentation, blank lines and whole-line script comments,
    which every page would carry (a sixth of the template); no line of it continues a string
    or a ``<pre>``, so what is left means the same."""
    lines = (line.strip() for line in template.split("\n"))
    return "\n".join(line for line in lines if line and not line.startswith("//"))


@functools.cache
def _template() -> str:
    """The page without its games: the template, with its style, side panel and script
    packed as a game's data is (a third of their size as text), for the template's loader
    to inflate and put in place."""
    here = files("meridina.tools")
    inner = pack(compact(here.joinpath(INNER).read_text("utf-8")).encode("utf-8"))
    return compact(here.joinpath(TEMPLATE).read_text("utf-8")).replace(INNER_HERE, inner)


def page_name(record: str) -> str:
    """How the page names its record: the file name only (a page is shared; a path is not)."""
    return visible_in_markup(Path(record).name) if record != "-" else "standard input"


def page_ends(name: str, nav: str = "") -> tuple[str, str]:
    """The page before its games, titled for the record ``name`` (as ``page_name`` gives
    it), and the page after them; ``nav``, markup put first in its body (already escaped)."""
    head, tail = _template().split(GAMES_HERE)
    title = html.escape(f"meridina replay: {name}")
    return head.replace("__REPLAY_TITLE__", title).replace(NAV_HERE, nav), tail


def write_game(
    stream: TextIO, report: GameReport, name: str, hide: Sequence[tuple[str, str]] = ()
) -> tuple[int, bool]:
    """Write one game's block of the page; how many positions it shows, and whether it is
    valid. ``hide``: (text, shown) pairs, each text said as its shown form (a folder of this
    machine, as a problem may name it, by the name a shared page gives it)."""
    game = _game(report, name)
    _write_game(stream, game, hide)
    return len(game["frames"]), bool(game["valid"])


def replay_page(games: Iterable[Game], record: str = "record") -> str:
    """The HTML page ``meridina replay --html`` writes, stepping through every turn of
    ``games``; ``record`` is the file name the page shows for them. The page is one
    self-contained file that needs no network."""
    name = page_name(record)
    head, tail = page_ends(name)
    page = io.StringIO()
    page.write(head)
    for game in games:
        write_game(page, game._report, name)  # the API's own modules share the checked game
    page.write(tail)
    return page.getvalue()


def _write_game(stream: TextIO, game: JsonObject, hide: Sequence[tuple[str, str]] = ()) -> None:
    """One game's data block: its JSON, compressed and in base 85 (which nothing in HTML reads)."""
    written = {**game, "frames": by_field(game["frames"])}
    text = json.dumps(written, ensure_ascii=False, separators=(",", ":"))
    for hidden, shown in hide:  # as JSON writes each inside a string
        text = text.replace(_in_json(hidden), _in_json(shown))
    data = text.encode("utf-8")
    packed = pack(data)
    label = html.escape(game["label"], quote=True)
    stream.write(
        f'<script type="application/octet-stream" class="replay-game" data-label="{label}">'
        f"{packed}</script>\n"
    )


def _in_json(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)[1:-1]


# What a frame says, as ``_frame`` makes it.
FRAME_FIELDS = ("number", "label", "heading", "legal", "events", "comments", "problems", "svg")


def by_field(frames: list[JsonObject]) -> dict[str, list[JsonValue]]:
    """The frames as a list of each field's values, which compress better than frames that
    each repeat the field names."""
    return {field: [frame[field] for frame in frames] for field in FRAME_FIELDS}


def _game(report: GameReport, name: str) -> JsonObject:
    label = visible_in_markup(f"Game {report.index}" + (f": {report.game}" if report.game else ""))
    game: JsonObject = {
        "label": label,
        "title": f"{label} ({name})",
        "valid": report.valid,
        "facts": _facts(report),
        "problems": [_problem(name, p) for p in report.problems],
        "frames": [],
        "score": None,
        "parts": [],
    }
    run = report.run
    if run is None or run.start is None or report.record is None or report.game is None:
        return game
    view = view_for(report.game)
    parts = Parts()
    # pieces are kept for the positions of one game (a page's memory is one game's at most)
    forget_reused()
    game["title"] = f"{label} on board {visible_in_markup(run.start.board.name)} ({name})"
    said = [c.text for c in report.record.game.comments]
    start = _frame(report, 0, "Start", "", True, [], said, [*run.start_problems], name, parts)
    game["frames"].append(start)
    entries = report.record.entries
    for index, (entry, step) in enumerate(zip(entries, run.steps, strict=True), start=1):
        problems = [*entry.problems, *(step.problems if step is not None else ())]
        # As replay says it: the turn itself broke no rule (its notation may still be off).
        legal = step is not None and not any(not p.warning for p in step.problems)
        if index == len(entries):
            problems.extend(run.result_problems)
        game["frames"].append(
            _frame(
                report,
                index,
                "",
                view.turn_heading(entry),
                legal,
                view.events(step, entry),
                [c.text for c in entry.text.comments],
                problems,
                name,
                parts,
            )
        )
    if not entries:
        game["frames"][0]["problems"].extend(_problem(name, p) for p in run.result_problems)
        game["frames"][0]["label"] = "Position"
    if run.sheet is not None and run.final is not None:
        game["score"] = _score(report.game, view.sheet_json(run.sheet, run.final))
        game["score"]["status"] = view.status(run.sheet)
    game["parts"] = parts.in_text_order(game["frames"])
    return game


def _facts(report: GameReport) -> list[JsonValue]:
    """The game's Event, Site, Date, Round, Players and Result tags (the first of each
    name), in that order, as [name, value]."""
    if report.record is None:
        return []
    found: dict[str, str] = {}
    for tag in report.record.game.tags:
        if tag.name in FACT_TAGS:
            found.setdefault(tag.name, visible_in_markup(tag.value))
    return [[name, found[name]] for name in FACT_TAGS if name in found]


def _frame(
    report: GameReport,
    turns: int,
    label: str,
    heading: str,
    legal: bool,
    events: list[str],
    comments: list[str],
    problems: list[Problem],
    name: str,
    parts: Parts,
) -> JsonObject:
    number = report.record.entries[turns - 1].text.number if turns else 0
    return {
        "number": number,
        "label": label,
        "heading": visible_in_markup(heading),
        "legal": legal,
        "events": [
            visible_in_markup(e)
            for e in events
            if not isinstance(e, FaultEvent) and not _states_a_problem(e, problems)
        ],
        "comments": [visible_in_markup(c) for c in comments if not _cites_a_rule(c, problems)],
        "problems": [_problem(name, p, _handled(p, events)) for p in problems],
        "svg": parts.frame(pictures.draw(report, turns), visible_in_markup(heading)),
    }


def _states_a_problem(sentence: str, problems: list[Problem]) -> bool:
    """Whether a sentence of what the turn did restates one of its problems.

    The page says each problem once, in red with its rule ID; the events keep what the
    turn did on the board.
    """
    return any(_cites(sentence, p.rule) or p.message in sentence for p in problems)


def _cites_a_rule(comment: str, problems: list[Problem]) -> bool:
    """Whether the record's comment names the rule of one of the turn's problems: it says
    that fault again, which the page shows in red."""
    return any(_cites(comment, p.rule) for p in problems)


def _cites(text: str, rule: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(rule)}(?![\w-])", text) is not None


def _problem(name: str, problem: Problem, handled: str | None = None) -> str:
    line = problem_line(name, problem)
    return visible_in_markup(f"{line} ({handled})" if handled else line)


def _handled(problem: Problem, events: list[str]) -> str | None:
    """What became of the turn that broke ``problem``, as its replay event says it."""
    for event in events:
        if isinstance(event, FaultEvent) and any(f is problem for f in event.faults):
            return event.handled
    return None


def _score(game: str, sheet: JsonObject) -> JsonObject:
    columns = shown_game(game.lower()).score_columns  # heading, key of the view's score JSON
    rows = [[_cell(player.get(key)) for _, key in columns] for player in sheet["players"]]
    return {"headers": [head for head, _ in columns], "rows": rows}


def _cell(value: JsonValue) -> str:
    if isinstance(value, list):
        return visible_in_markup(" ".join(str(v) for v in value)) or "-"
    return "-" if value in (None, "") else visible_in_markup(str(value))
