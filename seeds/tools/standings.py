"""Club or tournament standings: one table per game, each player's scored games summed by name.

One game's points are not on another's scale, nor on those of its other editions, nor on
those of a game of another number of players (a 2-player Meridian game scores about twice a
4-player one), so each game, edition and number of players has its own table. Only valid,
finished games count unless asked otherwise; every game left out is listed with the reason.
``score --standings`` writes what this sums.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from meridina.rules.wording import counted

from ..api import Game
from ..games import GAMES
from .repeats import Repeats, repeat_reason
from .summaries import GameSummary, game_summary

__all__ = ["LeftOut", "Standing", "Standings", "Table", "standings"]

ORDER = [game.title for game in GAMES]  # the tables' order


@dataclass
class Standing:
    """One player's line of a table: games counted, first places, points summed."""

    name: str
    games: int = 0
    wins: int = 0
    points: int = 0
    with_problems: int = 0  # of its games, those counted in spite of problems

    @property
    def average(self) -> float:
        """Points a game, to two places."""
        return round(self.points / self.games, 2) if self.games else 0.0

    def order(self) -> tuple[int, int, float]:
        """The key a table ranks by: most wins, then points, then average."""
        return (-self.wins, -self.points, -self.average)


@dataclass
class Table:
    """The standings of one game (one edition, for a game that has editions) played by
    ``player_count`` players."""

    name: str
    edition: str | None
    player_count: int
    games: int = 0
    players: dict[str, Standing] = field(default_factory=dict)

    @property
    def title(self) -> str:
        """The table's heading: ``"Medina, 2nd edition, 3 players"``."""
        edition = [] if self.edition is None else [edition_words(self.edition)]
        return ", ".join([self.name, *edition, counted(self.player_count, "player")])

    def ranked(self) -> list[tuple[int, Standing]]:
        """Most wins first, then points, then average; equal players share a rank."""
        rows = sorted(self.players.values(), key=lambda s: (*s.order(), s.name))
        ranked: list[tuple[int, Standing]] = []
        for place, standing in enumerate(rows, 1):
            shares = ranked and ranked[-1][1].order() == standing.order()
            ranked.append((ranked[-1][0] if shares else place, standing))
        return ranked


def edition_words(edition: str) -> str:
    ordinals = {"1": "1st", "2": "2nd", "3": "3rd"}
    return f"{ordinals.get(edition, edition)} edition"


@dataclass(frozen=True)
class LeftOut:
    """A game left out of the tables, or counted in spite of its problems, and why."""

    file: str
    game: int
    line: int
    name: str | None
    reason: str

    def data(self) -> dict[str, str | int | None]:
        """As ``score --standings --format json`` lists it."""
        return {
            "file": self.file,
            "game": self.game,
            "line": self.line,
            "name": self.name,
            "reason": self.reason,
        }


@dataclass
class Standings:
    """Scored games summed as they come. A win is a first place, shared first places each
    counting as a win (the rulebooks let equal players share a place)."""

    include_problems: bool = False
    tables: dict[tuple[str, str | None, int], Table] = field(default_factory=dict)
    counted: int = 0
    with_problems: list[LeftOut] = field(default_factory=list)
    uncounted: list[LeftOut] = field(default_factory=list)
    listed: list[tuple[bool, LeftOut]] = field(default_factory=list)  # both, in input order
    # the stand-in boards of counted games, once each, with the game each is of
    stand_ins: dict[str, str] = field(default_factory=dict)
    repeats: Repeats = field(default_factory=Repeats)

    def add(self, summary: GameSummary) -> LeftOut | None:
        """Count one game; the game when it is left out, else None. A game recorded
        again (``repeats``) is left out, counted at its first place."""
        data = summary.standing
        first = self.repeats.first_of(summary)
        blocked = data.blocked if first is None else repeat_reason(first)
        reason = "; ".join(([blocked] if blocked else []) + list(data.flaws))
        file, index, line = summary.file, summary.number, summary.line
        entry = LeftOut(file, index, line, data.name, reason)
        if blocked or (data.flaws and not self.include_problems):
            self.uncounted.append(entry)
            self.listed.append((False, entry))
            return entry
        if data.flaws:
            self.with_problems.append(entry)
            self.listed.append((True, entry))
        self.counted += 1
        if data.stand_in is not None and data.name is not None:
            self.stand_ins.setdefault(data.stand_in, data.name)
        key = (str(data.name), data.edition, len(data.players))
        table = self.tables.setdefault(key, Table(*key))
        table.games += 1
        for name, rank, points in data.players:
            name = " ".join(name.split())
            standing = table.players.setdefault(name.casefold(), Standing(name))
            standing.games += 1
            standing.wins += rank == 1
            standing.points += points
            standing.with_problems += bool(data.flaws)
        return None

    def ordered_tables(self) -> list[Table]:
        """The tables by game, then edition, then number of players."""
        return sorted(
            self.tables.values(),
            key=lambda t: (ORDER.index(t.name), t.edition or "", t.player_count),
        )


def standings(games: Iterable[Game], *, include_problems: bool = False) -> Standings:
    """The standings of ``games``, as ``score --standings`` sums them: only valid,
    finished games count unless ``include_problems``; ``uncounted`` lists the others with
    the reason. ``ordered_tables()`` gives one ``Table`` per game, edition and number of
    players, each ``ranked()``."""
    summed = Standings(include_problems)
    for game in games:
        summed.add(game_summary(game))
    return summed
