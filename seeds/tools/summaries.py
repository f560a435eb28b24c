"""What a collection's tools need of one checked game, small enough to keep for thousands.

Standings, ratings, statistics, ``find`` and the club site read a folder of records through
this summary, made once per game from the rules core's own check and score (never a second
scorer). It crosses processes (``--jobs``) and is kept between site builds as JSON.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass

from meridina.notation.driver import GameReport
from meridina.rules.common import Problem as FoundProblem
from meridina.rules.wording import counted

from ..api import Game
from ..games import shown_game
from ..json_values import JsonObject, JsonValue
from ..stand_in import is_stand_in
from .dates import played_on
from .sameness import game_identity

__all__ = ["ENDS", "GameStanding", "GameSummary", "Placing", "game_summary", "summary_of"]

# How a game ends, as statistics count it
PLAYED_OUT = "played to the end"
FROM_POSITION = "scored from a final position"
NOT_FINISHED = "not finished"
NOT_SCORED = "could not be scored"
ENDS = (PLAYED_OUT, FROM_POSITION, NOT_FINISHED, NOT_SCORED)
# the header tags a summary keeps: what the site's pages show and ``find`` filters on
KEPT_TAGS = ("Game", "Edition", "Event", "Site", "Date", "Round", "Players", "Result")


@dataclass(frozen=True)
class GameStanding:
    """What the standings need of one game: its table, its players' places, and its faults.

    ``blocked`` names what keeps a game out of any table; ``flaws``, what keeps it out
    unless games with problems are asked for.
    """

    name: str | None
    edition: str | None = None
    players: tuple[tuple[str, int, int], ...] = ()  # name, rank, points, best first
    blocked: str | None = None
    flaws: tuple[str, ...] = ()
    stand_in: str | None = None  # the board's name, when it is a stand-in


def standing_data(report: GameReport, kept: Sequence[FoundProblem]) -> GameStanding:
    """What the standings need of one game, given the problems kept of it."""
    run = report.run
    sheet = run.sheet if run is not None else None
    final = run.final if run is not None else None
    errors = sum(1 for problem in kept if not problem.warning)
    problems = (counted(errors, "problem"),) if errors else ()
    if sheet is None or final is None or report.game is None:
        return GameStanding(report.game, blocked="it could not be scored", flaws=problems)
    game = shown_game(report.game.lower())
    players = tuple(game.ranking(sheet))
    unnamed = any(not name.strip() for name, _, _ in players)
    return GameStanding(
        report.game,
        game.table_edition(final),
        players,
        "it names no players" if unnamed else None,
        (*problems, *game.unfinished(sheet)),
        final.board.name if is_stand_in(final.board) else None,
    )


@dataclass(frozen=True, slots=True)
class Placing:
    """One player's place in a scored game: name, seat (from 1, the order of play), rank
    (shared by equal players) and points."""

    name: str
    seat: int
    rank: int
    points: int


@dataclass(frozen=True, slots=True)
class GameSummary:
    """One game of a collection as its tools need it.

    ``placings`` are best first, empty when the game could not be scored; ``rules`` are the
    rule IDs of its problems (warnings too), once each in file order; ``identity`` is the
    same for the same game recorded twice (``sameness``); ``standing`` is what the
    standings count of it.
    """

    file: str
    number: int
    line: int
    title: str | None
    edition: str | None
    tags: tuple[tuple[str, str], ...]
    players: tuple[str, ...]  # in seat order
    placings: tuple[Placing, ...]
    valid: bool
    finished: bool
    end: str
    rules: tuple[str, ...]
    identity: str | None
    standing: GameStanding

    def tag(self, name: str) -> str | None:
        """The value of the header tag ``name`` (one of ``KEPT_TAGS``), None without one."""
        for key, value in self.tags:
            if key == name:
                return value
        return None

    @property
    def date(self) -> datetime.date | None:
        """The day its Date tag names (``dates.played_on``), None without one."""
        return played_on(self.tag("Date"))

    @property
    def place(self) -> str:
        """Where the game starts: ``file:line``."""
        return f"{self.file}:{self.line}"

    @property
    def winners(self) -> tuple[str, ...]:
        """The players in first place (more than one for a shared first place)."""
        return tuple(placing.name for placing in self.placings if placing.rank == 1)

    def data(self) -> JsonObject:
        """As JSON (``from_data`` reads it back)."""
        standing = self.standing
        return {
            "file": self.file,
            "number": self.number,
            "line": self.line,
            "title": self.title,
            "edition": self.edition,
            "tags": [[key, value] for key, value in self.tags],
            "players": list(self.players),
            "placings": [[p.name, p.seat, p.rank, p.points] for p in self.placings],
            "valid": self.valid,
            "finished": self.finished,
            "end": self.end,
            "rules": list(self.rules),
            "identity": self.identity,
            "standing": {
                "name": standing.name,
                "edition": standing.edition,
                "players": [list(row) for row in standing.players],
                "blocked": standing.blocked,
                "flaws": list(standing.flaws),
                "stand_in": standing.stand_in,
            },
        }

    @classmethod
    def from_data(cls, data: JsonObject) -> GameSummary:
        """A summary written by ``data()``; ValueError for anything else."""
        try:
            standing = _object(data["standing"])
            return cls(
                _text(data["file"]),
                _number(data["number"]),
                _number(data["line"]),
                _optional_text(data["title"]),
                _optional_text(data["edition"]),
                tuple(_pair(item) for item in _list(data["tags"])),
                tuple(_text(name) for name in _list(data["players"])),
                tuple(_placing(item) for item in _list(data["placings"])),
                _flag(data["valid"]),
                _flag(data["finished"]),
                _text(data["end"]),
                tuple(_text(rule) for rule in _list(data["rules"])),
                _optional_text(data["identity"]),
                GameStanding(
                    _optional_text(standing["name"]),
                    _optional_text(standing["edition"]),
                    tuple(_ranked(row) for row in _list(standing["players"])),
                    _optional_text(standing["blocked"]),
                    tuple(_text(flaw) for flaw in _list(standing["flaws"])),
                    _optional_text(standing["stand_in"]),
                ),
            )
        except (KeyError, TypeError) as error:
            raise ValueError(f"not a game summary: {error}") from None


def game_summary(game: Game) -> GameSummary:
    """The summary of a game the API read, its problems all kept."""
    report = game._report  # the API's own modules share the checked game
    return summary_of(game.file or "<text>", report, report.problems)


def summary_of(file: str, report: GameReport, kept: Sequence[FoundProblem]) -> GameSummary:
    """The summary of one checked game; ``kept``: its problems as the caller keeps them
    (``--select``/``--ignore``), which decide ``valid`` and what the standings count."""
    standing = standing_data(report, kept)
    record, title = report.record, report.game
    run = report.run
    sheet = run.sheet if run is not None else None
    game = shown_game(title.lower()) if title is not None and record is not None else None
    seats = tuple(name for name, _ in game.seats(record)) if game is not None else ()
    placings = _placings(standing.players, seats) if sheet is not None else ()
    finished = bool(sheet is not None and sheet.finished)
    end = (
        NOT_SCORED
        if sheet is None
        else NOT_FINISHED
        if not finished
        else FROM_POSITION
        if record is not None and record.game.position is not None
        else PLAYED_OUT
    )
    tags: list[tuple[str, str]] = []
    if record is not None:
        seen: set[str] = set()
        for tag in record.game.tags:
            if tag.name in KEPT_TAGS and tag.name not in seen:
                seen.add(tag.name)
                tags.append((tag.name, tag.value))
    rules = tuple(dict.fromkeys(str(problem.rule) for problem in kept))
    return GameSummary(
        file,
        report.index,
        report.first_line,
        title,
        game.edition(record) if game is not None else None,
        tuple(tags),
        seats,
        placings,
        not any(not problem.warning for problem in kept),
        finished,
        end,
        rules,
        game_identity(report),
        standing,
    )


def _placings(ranking: Sequence[tuple[str, int, int]], seats: Sequence[str]) -> tuple[Placing, ...]:
    """Each ranked player with the seat they sat in (a name written twice: seats in order)."""
    free = list(enumerate(seats, 1))
    placings = []
    for name, rank, points in ranking:
        seat = next((index for index, (_, held) in enumerate(free) if held == name), None)
        number = free.pop(seat)[0] if seat is not None else 0
        placings.append(Placing(name, number, rank, points))
    return tuple(placings)


def _object(value: JsonValue) -> JsonObject:
    if not isinstance(value, dict):
        raise TypeError("an object expected")
    return value


def _list(value: JsonValue) -> list[JsonValue]:
    if not isinstance(value, list):
        raise TypeError("a list expected")
    return value


def _text(value: JsonValue) -> str:
    if not isinstance(value, str):
        raise TypeError("a string expected")
    return value


def _optional_text(value: JsonValue) -> str | None:
    return None if value is None else _text(value)


def _number(value: JsonValue) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError("a whole number expected")
    return value


def _flag(value: JsonValue) -> bool:
    if not isinstance(value, bool):
        raise TypeError("true or false expected")
    return value


def _pair(value: JsonValue) -> tuple[str, str]:
    key, text = _list(value)
    return _text(key), _text(text)


def _placing(value: JsonValue) -> Placing:
    name, seat, rank, points = _list(value)
    return Placing(_text(name), _number(seat), _number(rank), _number(points))


def _ranked(value: JsonValue) -> tuple[str, int, int]:
    name, rank, points = _list(value)
    return _text(name), _number(rank), _number(points)
