"""A collection's statistics: for each game, edition and number of players (the standings'
tables), how often each seat wins, the winning scores and margins, and how games end; for
each player, games, wins and average points.

Games count as the ratings count them (``counting``): valid, finished games, each once. A
shared first place is a win for each player sharing it, and a winning margin of 0.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from statistics import NormalDist

from meridina.rules.wording import counted

from ..api import Game
from ..games import GAMES
from .counting import COUNTED_GAMES, Counting, player_key, shown_name
from .standings import LeftOut, edition_words
from .summaries import ENDS, FROM_POSITION, PLAYED_OUT, GameSummary, game_summary

__all__ = [
    "CONFIDENCE",
    "PlayerStats",
    "SeatWins",
    "Spread",
    "Statistics",
    "TableStats",
    "gather",
    "statistics",
    "wilson_interval",
]

ORDER = [game.title for game in GAMES]  # the tables' order
CONFIDENCE = 0.95
_Z = NormalDist().inv_cdf(0.5 + CONFIDENCE / 2)  # 1.96: both tails of the normal curve
WINS_RULE = (
    "a win is a first place, a shared first place counting as a win for each player "
    "sharing it; win rates by seat with a 95% Wilson score interval"
)
SPREAD_RULE = (
    "winning score: the first place's points; winning margin: first minus second place's "
    "points (0 for a shared first place); spread: the sample standard deviation"
)
# the ends a counted (finished) game can have
COUNTED_ENDS = (PLAYED_OUT, FROM_POSITION)


def wilson_interval(wins: int, games: int, z: float = _Z) -> tuple[float, float]:
    """The Wilson score interval of a win rate of ``wins`` in ``games`` (95% by default);
    (0, 1) for no games."""
    if games <= 0:
        return (0.0, 1.0)
    rate = wins / games
    scale = 1 + z * z / games
    centre = (rate + z * z / (2 * games)) / scale
    half = z / scale * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games))
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True, slots=True)
class SeatWins:
    """How often the player in ``seat`` (from 1, the order of play) won: ``wins`` of
    ``games``, the ``rate``, and its 95% Wilson score interval ``low`` to ``high``."""

    seat: int
    games: int
    wins: int
    low: float
    high: float

    @property
    def rate(self) -> float:
        """Wins a game (0 to 1)."""
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True, slots=True)
class Spread:
    """Some numbers' ``count``, ``mean`` and sample standard ``deviation`` (None for fewer
    than two numbers; the mean None for none)."""

    count: int
    mean: float | None
    deviation: float | None


def spread(values: Sequence[int]) -> Spread:
    """The ``Spread`` of ``values``."""
    if not values:
        return Spread(0, None, None)
    mean = sum(values) / len(values)
    if len(values) < 2:
        return Spread(len(values), mean, None)
    squares = sum((value - mean) ** 2 for value in values)
    return Spread(len(values), mean, math.sqrt(squares / (len(values) - 1)))


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """One player's games in a table: ``name`` as first written, ``games``, ``wins`` (first
    places, shared ones too) and ``points`` summed."""

    name: str
    games: int
    wins: int
    points: int

    @property
    def average(self) -> float:
        """Points a game."""
        return self.points / self.games if self.games else 0.0


@dataclass(frozen=True, slots=True)
class TableStats:
    """The statistics of one game (``name``), ``edition`` (None for a game without) and
    number of players: ``games`` counted, ``seats`` (win rate by seat), ``winning_score``
    and ``winning_margin``, ``ends`` (how its games ended, by ``summaries.ENDS`` words),
    ``shared_first`` (games with a shared first place) and ``players`` (most games first)."""

    name: str
    edition: str | None
    player_count: int
    games: int
    seats: tuple[SeatWins, ...]
    winning_score: Spread
    winning_margin: Spread
    ends: tuple[tuple[str, int], ...]
    shared_first: int
    players: tuple[PlayerStats, ...]

    @property
    def title(self) -> str:
        """The table's heading: ``"Medina, 2nd edition, 3 players"``."""
        edition = [] if self.edition is None else [edition_words(self.edition)]
        return ", ".join([self.name, *edition, counted(self.player_count, "player")])


@dataclass(frozen=True, slots=True)
class Statistics:
    """A collection's statistics: ``tables`` (one per game, edition and number of players),
    the number of games ``counted``, how every game read once ended (``ends``, the games left
    out too), the games ``left_out`` with the reason, and what counts (``method``)."""

    tables: tuple[TableStats, ...]
    counted: int
    ends: tuple[tuple[str, int], ...]
    left_out: tuple[LeftOut, ...]
    method: str


def gather(summaries: Iterable[GameSummary]) -> Statistics:
    """The statistics of the games ``summaries`` describe, in the order read."""
    counting = Counting()
    for summary in summaries:
        counting.add(summary)
    tables: dict[tuple[str, str | None, int], list[GameSummary]] = {}
    for summary in counting.counted:
        standing = summary.standing
        key = (str(standing.name), standing.edition, len(summary.placings))
        tables.setdefault(key, []).append(summary)
    ordered = sorted(tables, key=lambda k: (_order(k[0]), k[0], k[1] or "", k[2]))
    return Statistics(
        tuple(_table(key, tables[key]) for key in ordered),
        len(counting.counted),
        _ends(counting.once, ENDS),
        tuple(counting.left_out),
        method_sentence(),
    )


def method_sentence() -> str:
    """What the statistics count, in a sentence."""
    return f"{COUNTED_GAMES}; {WINS_RULE}; {SPREAD_RULE}"


def _order(title: str) -> int:
    return ORDER.index(title) if title in ORDER else len(ORDER)


def _ends(games: Sequence[GameSummary], words: Sequence[str]) -> tuple[tuple[str, int], ...]:
    return tuple((word, sum(1 for game in games if game.end == word)) for word in words)


def _table(key: tuple[str, str | None, int], games: list[GameSummary]) -> TableStats:
    name, edition, player_count = key
    seats = []
    for seat in range(1, player_count + 1):
        wins = sum(1 for game in games for p in game.placings if p.seat == seat and p.rank == 1)
        seats.append(SeatWins(seat, len(games), wins, *wilson_interval(wins, len(games))))
    margins = [
        game.placings[0].points - game.placings[1].points
        for game in games
        if len(game.placings) > 1
    ]
    players: dict[str, list[int]] = {}  # games, wins, points
    names: dict[str, str] = {}
    for game in games:
        for placing in game.placings:
            key_name = player_key(placing.name)
            names.setdefault(key_name, shown_name(placing.name))
            line = players.setdefault(key_name, [0, 0, 0])
            line[0] += 1
            line[1] += placing.rank == 1
            line[2] += placing.points
    rows = [PlayerStats(names[k], *line) for k, line in players.items()]
    rows.sort(key=lambda p: (-p.games, -p.wins, p.name.casefold(), p.name))
    return TableStats(
        name,
        edition,
        player_count,
        len(games),
        tuple(seats),
        spread([game.placings[0].points for game in games]),
        spread(margins),
        _ends(games, COUNTED_ENDS),
        sum(1 for game in games if len(game.winners) > 1),
        tuple(rows),
    )


def statistics(games: Iterable[Game]) -> Statistics:
    """The statistics of ``games``, as ``meridina stats`` gives them: one ``TableStats``
    per game, edition and number of players in ``tables`` (win rate by seat with its 95%
    Wilson interval, winning scores and margins, how games ended, each player's games,
    wins and average points), and the games ``left_out`` with the reason (only valid,
    finished games count, each once)."""
    return gather(game_summary(game) for game in games)
