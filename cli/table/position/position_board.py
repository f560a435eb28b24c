"""A position being clicked together on the page: its pieces, the record text they make,
and that text read back through the public API for the board, the score and every open
problem; saved as ``record --position`` saves it.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path

import meridina
from meridina.drawing.svg import markup
from meridina.files.small_file import Unreadable, read_small
from meridina.games import shown_game
from meridina.json_values import JsonObject, JsonValue
from meridina.notation.driver import RulingDefaults
from meridina.notation.text import Tag
from meridina.recording.opening import MAX_FILE
from meridina.recording.session import WriteFault

from ...games import cli_game
from .position_pieces import Entry, Piece, PositionPieces
from .position_setup import PositionSetup, open_position

SETUP = "Setup"


@dataclass(frozen=True)
class Reading:
    """What the page shows of one record text: read, drawn and scored once."""

    valid: bool
    problems: list[JsonObject]
    state: object  # the game's own; None when the position cannot be read
    svg: str | None
    score: JsonObject | None


def rulings_text(defaults: RulingDefaults | None, game: str) -> str | None:
    """One game's rulings from outside the record, as a Rulings tag writes them."""
    chosen = (defaults or {}).get(game) or {}
    words = [f"{name.replace('_', '-')}={getattr(v, 'value', v)}" for name, v in chosen.items()]
    return "; ".join(words) or None


class PositionBoard:
    """One position record being entered; every method may be called from any thread."""

    def __init__(self, setup: PositionSetup) -> None:
        self.session = open_position(setup)  # OpenFault for bad options or an existing file
        self.key = setup.game.lower()
        self.title = cli_game(self.key).title
        self.rulings = rulings_text(setup.defaults, self.key)
        self.lock = threading.Lock()
        self.saved_text: str | None = None  # what this page last wrote to the file
        self.saved_from: str | None = None  # the pieces' text it was written from
        header = self.session.header.tag(SETUP)
        game = self._read(self.session.text())
        state = game.position().state
        self.pieces: PositionPieces = cli_game(self.key).position_pieces(
            state, header.value if header else None
        )
        self.state: object = state  # the game's own; None when the position cannot be read
        self._readings: dict[str, Reading] = {}  # by record text: the last two shown

    # ------------------------------------------------------------ the record text

    def _text(self, entries: list[Entry], result: str | None = None) -> str:
        session = self.session
        session.entries = [entry.text for entry in entries]
        setup = self.pieces.setup_tag()
        tags = [tag for tag in session.header.tags if tag.name.lower() != SETUP.lower()]
        if setup is not None:
            at = session.header.at
            tags.append(Tag(SETUP, setup, at, at))
        session.header = replace(session.header, tags=tuple(tags))
        return session.text(result)

    def _read(self, text: str) -> meridina.Game:
        (game,) = meridina.read_text(text, rulings=self.rulings, folder=self.session.path.parent)
        return game

    # ------------------------------------------------------------ what the page shows

    def view(self) -> JsonObject:
        with self.lock:
            return self._view()

    def _view(self) -> JsonObject:
        entries = self.pieces.entries()
        text = self._text(entries)
        reading = self._readings.pop(text, None) or self._reading(text, entries)
        # the position shown before a click and after it: a refused click shows the first again
        self._readings = {**dict(list(self._readings.items())[-1:]), text: reading}
        self.state = reading.state
        saved = text == self.saved_from
        return {
            "title": self.title,
            "file": self.session.path.name,
            # once saved, the record as written (its Result, the entry saying it is over)
            "text": self.saved_text if saved and self.saved_text is not None else text,
            "valid": reading.valid,
            "svg": reading.svg,
            "problems": reading.problems,
            "score": reading.score,
            "pieces": self.pieces.data(),
            "saved": saved,
        }

    def _reading(self, text: str, entries: list[Entry]) -> Reading:
        """What the page shows of the record ``text``, written from ``entries``."""
        game = self._read(text)
        first = text.split("\n").index("position") + 2
        problems = [_problem(p, entries, first) for p in game.problems]
        state: object = None
        svg = score = None
        try:
            state = game.position().state
            picture = shown_game(self.key).draw(
                state, None, self.session.path.name, self.session.stand_in_note(), True
            )
            svg = markup(picture)
            score = game.score()
        except meridina.MeridinaError:
            state = None
        return Reading(game.valid, problems, state, svg, None if score is None else _score(score))

    # ------------------------------------------------------------ changes

    def click(self, tool: Mapping[str, JsonValue], target: str) -> JsonObject:
        """Put a piece on ``target`` or take it off; a piece that cannot stand there is
        refused (``refused`` says why) and nothing changes."""
        with self.lock:
            before = self.pieces.copy()
            placed = self.pieces.click(tool, target, self.state)
            view = self._view()
            if placed is None or self.pieces.stands(placed, self.state):
                return view
            refusals = [
                p
                for p in view["problems"]
                if p["piece"] == placed.text and p["target"] == placed.target
            ] or [_left_off(placed)]
            self.pieces = before
            return {**self._view(), "refused": refusals}

    def change(self, what: Mapping[str, JsonValue]) -> JsonObject:
        with self.lock:
            self.pieces.change(what)
            return self._view()

    def save(self, replace_other: bool = False) -> JsonObject:
        """Write the record file, with its Result when the position is valid and the entry
        saying the game is over when it fits (as ``record --position`` does); the answer
        says why the standings would leave the game out (``left_out``, None: it counts).
        A file there that this page did not write is replaced only when asked."""
        with self.lock:
            entries = self.pieces.entries()
            pieces_text = self._text(entries)
            ending = self.session.conclude(self.session.entries)
            result = ending.result if ending else None
            left_out = ending.left_out if ending else "the position is not valid"
            if ending is not None:
                self.session.entries = ending.entries
            text = self.session.text(result)
            path = self.session.path
            if not replace_other and os.path.lexists(path) and _current(path) != self.saved_text:
                return {
                    **self._view(),
                    "conflict": f"{path.name} was changed since this page saved it; "
                    "save again to replace it",
                }
            try:
                self.session.save(result)
            except WriteFault as fault:
                return {**self._view(), "error": fault.message}
            self.saved_text, self.saved_from = text, pieces_text
            view = self._view()
            added = ending.added if ending else None
            return {**view, "saved": True, "result": result, "added": added, "left_out": left_out}

    def close(self) -> None:
        """Let the record file go."""
        self.session.close()


def _current(path: Path) -> str | None:
    """The text of the file now; None when it cannot be read as text."""
    try:
        return read_small(path, MAX_FILE, lambda _: "is too large").decode("utf-8")
    except (Unreadable, UnicodeDecodeError):
        return None


def _left_off(piece: Piece) -> JsonObject:
    """Why a piece is refused when the rules left it off the board without saying why."""
    return {
        "rule": "",
        "title": "",
        "message": f"{piece.text} cannot stand there",
        "line": None,
        "col": None,
        "severity": "error",
        "piece": piece.text,
        "target": piece.target,
    }


def _problem(problem: meridina.Problem, entries: list[Entry], first: int) -> JsonObject:
    """A problem as plain data, with the piece and board place it concerns, if any."""
    piece: Piece | None = None
    index = (problem.line or 0) - first
    if 0 <= index < len(entries) and problem.col is not None:
        piece = entries[index].piece_at(problem.col)
    return {
        "rule": problem.rule,
        "title": problem.title,
        "message": problem.message,
        "line": problem.line,
        "col": problem.col,
        "severity": problem.severity,
        "piece": piece.text if piece else None,
        "target": piece.target if piece else None,
    }


def _score(score: meridina.Score) -> JsonObject:
    return {
        "finished": score.finished,
        "complete": score.complete,
        "players": [
            {"name": r.name, "colours": list(r.colours), "rank": r.rank, "points": r.points}
            for r in score.players
        ],
    }
