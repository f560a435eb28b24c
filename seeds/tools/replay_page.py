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
import os
import posixpath
import re
import zlib
from collections.abc import Iterable, Sequence
from importlib.resources import files
from pathlib import Path
from typing import TextIO

from meridina.notation.driver import GameReport
from meridina.rules.common import Problem

from ..api import Game
from ..drawing import pictures
from ..drawing.svg import forget_reused
from ..games import shown_game
from ..json_values import JsonObject, JsonValue
from ..shown import problem_line, visible_in_markup
from ..turn_notes import FaultEvent
from ..views import view_for
from .replay_parts import Parts

TEMPLATE = "templates/replay.html"
GAMES_HERE = "__REPLAY_GAMES__"
# The page's style, side panel and script, which the template carries packed (``_template``).
INNER = "templates/replay-page.html"
INNER_HERE = "__REPLAY_PAGE__"
# Markup put first in the page's body: the links of a site the page belongs to (none alone).
NAV_HERE = "__REPLAY_NAV__"
# The header tags the page shows under a game's title, as "Event: ..." (those present)
FACT_TAGS = ("Event", "Site", "Date", "Round", "Players", "Result")

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


def hidden_folders(path: str, shown: str) -> tuple[tuple[str, str], ...]:
    """The folder of the record ``path`` as given and as a whole path of this machine, each
    with the folder a page shows for it (that of ``shown``, the record's name on the page): a
    problem that names a file beside the record (its Board file) names it from there, for a
    page is shared and a folder of this machine is not (``write_game``'s ``hide``)."""
    said = posixpath.dirname(shown)
    pairs = {
        (folder + os.sep, f"{said}/" if said else "")
        for folder in (os.path.dirname(path), os.path.dirname(os.path.abspath(path)))
        if folder and folder != said
    }
    return tuple(sorted(pairs, key=lambda pair: -len(pair[0])))


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
    ``games``; ``record`` is the file name the page shows for them (a file beside a game's
    file, its Board file, is named from that file's folder). The page is one self-contained
    file that needs no network."""
    name = page_name(record)
    head, tail = page_ends(name)
    page = io.StringIO()
    page.write(head)
    for game in games:
        # a Board file beside the game's file is named from there, as replay --html names it
        hide = hidden_folders(game.file, name) if game.file is not None else ()
        write_game(page, game._report, name, hide)  # the API's modules share the checked game
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
