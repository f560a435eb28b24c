"""``replay --html``: one self-contained HTML file stepping through every turn of every game.

The page is the template ``templates/replay.html`` (markup, CSS and a small script) with
the games written into it as JSON: each position's SVG picture, the turn's text,
comments and problems, and the score after the last turn. It needs no network.
"""

from __future__ import annotations

import html
import json
import xml.etree.ElementTree as ET
from importlib.resources import files
from pathlib import Path
from typing import Any

from meridina.notation.check import GameReport, RulingDefaults
from meridina.rules.common import Problem

from . import pictures
from .atomic_file import write_atomic
from .loading import InputFault, reports
from .output import EXIT_INVALID, EXIT_VALID, problem_line
from .stand_in import stand_in_line
from .views import view_for

TEMPLATE = "templates/replay.html"

# Score table columns per game: heading and how to read it from the view's score JSON.
SCORE_COLUMNS: dict[str, list[tuple[str, str]]] = {
    "Meridian": [
        ("Rank", "rank"),
        ("Player", "name"),
        ("Colours", "colours"),
        ("Points", "points"),
        ("Islands held", "islands"),
        ("Pieces left", "pieces_left"),
    ],
    "Medina": [
        ("Rank", "rank"),
        ("Player", "name"),
        ("Roofs", "colour"),
        ("Points", "total"),
        ("Tile points", "tiles"),
        ("Largest palace", "largest_palace"),
    ],
}


class Parts:
    """Pictures cut into their top-level pieces, each kept once for the whole page.

    A piece that does not change from one turn to the next (a wall, a merchant, the
    grid) is stored once; a frame lists the numbers of its pieces. This keeps the
    page a few hundred kilobytes rather than megabytes.
    """

    def __init__(self) -> None:
        self.texts: list[str] = []
        self.index: dict[str, int] = {}

    def cut(self, root: ET.Element) -> list[int]:
        """The numbers of the picture's parts: its opening tag, each child, its end."""
        pieces = [ET.tostring(child, encoding="unicode") for child in root]
        bare = ET.tostring(ET.Element(root.tag, root.attrib), encoding="unicode")
        opening = bare.removesuffix(" />") + ">"
        # Joined up, the parts are exactly svg.serialize(root) (a test holds them to it).
        parts = [opening, *pieces, f"</{root.tag}>\n"]
        return [self.number(part) for part in parts]

    def number(self, text: str) -> int:
        if text not in self.index:
            self.index[text] = len(self.texts)
            self.texts.append(text)
        return self.index[text]


def write_html(
    record: str, game_number: int | None, out: Path, rulings: RulingDefaults | None = None
) -> int:
    """Write the replay page of RECORD to ``out``; the exit status, as replay's."""
    parts = Parts()
    games = [_game(report, record, parts) for report in reports(record, game_number, rulings)]
    status = EXIT_VALID if all(g["valid"] for g in games) else EXIT_INVALID
    page = render(Path(record).name if record != "-" else "standard input", games, parts)
    try:
        write_atomic(out, page)
    except OSError as error:
        raise InputFault(f"{out}: cannot be written ({error.strerror})") from None
    return status


def render(name: str, games: list[dict[str, Any]], parts: Parts) -> str:
    template = files("meridina.cli").joinpath(TEMPLATE).read_text("utf-8")
    page = {"file": name, "games": games, "parts": parts.texts}
    data = json.dumps(page, ensure_ascii=False, separators=(",", ":"))
    # Inside <script> no "<", ">" or "&" may close the element early: escape them in JSON.
    data = data.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    title = html.escape(f"meridina replay: {name}")
    return template.replace("__REPLAY_TITLE__", title).replace("__REPLAY_DATA__", data)


def _game(report: GameReport, record: str, parts: Parts) -> dict[str, Any]:
    label = f"Game {report.index}" + (f": {report.game}" if report.game else "")
    game: dict[str, Any] = {
        "label": label,
        "title": f"{label} ({record})",
        "valid": report.valid,
        "stand_in": None,
        "problems": [problem_line(record, p) for p in report.problems],
        "frames": [],
        "score": None,
    }
    run = report.run
    if run is None or run.start is None or report.record is None or report.game is None:
        return game
    view = view_for(report.game)
    game["title"] = f"{label} on board {run.start.board.name} ({record})"
    game["stand_in"] = stand_in_line(run.start.board)
    said = [c.text for c in report.record.game.comments]
    game["frames"].append(
        _frame(report, 0, "Start", "", True, [], said, [*run.start_problems], record, parts)
    )
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
                record,
                parts,
            )
        )
    if not entries:
        game["frames"][0]["problems"].extend(problem_line(record, p) for p in run.result_problems)
        game["frames"][0]["label"] = "Position"
    if run.sheet is not None and run.final is not None:
        game["score"] = _score(report.game, view.sheet_json(run.sheet, run.final))
        game["score"]["status"] = view.status(run.sheet)
    return game


def _frame(
    report: GameReport,
    turns: int,
    label: str,
    heading: str,
    legal: bool,
    events: list[str],
    comments: list[str],
    problems: list[Problem],
    record: str,
    parts: Parts,
) -> dict[str, Any]:
    number = report.record.entries[turns - 1].text.number if turns else 0
    return {
        "number": number,
        "label": label,
        "heading": heading,
        "legal": legal,
        "events": events,
        "comments": comments,
        "problems": [problem_line(record, p) for p in problems],
        "svg": parts.cut(pictures.draw(report, turns)),
    }


def _score(game: str, sheet: dict[str, Any]) -> dict[str, Any]:
    columns = SCORE_COLUMNS[game]
    rows = [[_cell(player.get(key)) for _, key in columns] for player in sheet["players"]]
    return {"headers": [head for head, _ in columns], "rows": rows}


def _cell(value: Any) -> str:
    if isinstance(value, list):
        return " ".join(str(v) for v in value) or "-"
    return "-" if value in (None, "") else str(value)
