"""Players' ratings over a collection's games, by openskill's Plackett-Luce model.

A rating library rather than a formula of our own: Plackett-Luce rates games of any number
of players with shared places, and keeps each player's uncertainty (sigma) beside their
skill (mu), which a club's few games need; openskill implements the published model
(Weng and Lin, 2011). Its default parameters are used as the library gives them
(``Ratings.parameters`` reads them from the model).

Each game has one rating (Meridian; Medina), a rating being a player's, not a table's:
games of any number of players count towards it, and Medina's editions share it, since a
rating is made of places, never of points, so the editions' different point scales do not
enter it, and a club's few games of each edition would otherwise be split apart.

Games count as the statistics count them (``counting``), and are rated in date order (the
Date tag): undated games first, in the order read, then by day, games of the same day in
the order read. Places are the rules core's ranks, equal players sharing a place.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass, field

from openskill.models import PlackettLuce, PlackettLuceRating

from ..api import Game
from ..games import GAMES
from .counting import COUNTED_GAMES, Counting, player_key, shown_name
from .standings import LeftOut
from .summaries import GameSummary, game_summary

__all__ = ["PlayerRating", "RatingPoint", "RatingTable", "Ratings", "rate", "ratings"]

ORDER = [game.title for game in GAMES]  # the tables' order
# the model's parameters, as the library names them, that the ratings depend on
PARAMETERS = ("mu", "sigma", "beta", "kappa", "tau", "limit_sigma", "balance")
SHOWN_RATING = "mu - 3 * sigma"  # openskill's ordinal: the skill a player has at least, 99.7% sure
GAME_ORDER = (
    "in date order (the Date tag): undated games first in the order read, then by day, "
    "games of the same day in the order read"
)


@dataclass(frozen=True, slots=True)
class RatingPoint:
    """A player's rating after one counted game: where the game is (``file``, its ``game``
    number there, ``line``), its ``date`` (None when undated), the player's ``rank`` in it,
    and their ``ordinal`` after it."""

    file: str
    game: int
    line: int
    date: datetime.date | None
    rank: int
    ordinal: float

    @property
    def place(self) -> str:
        """Where the game starts: ``file:line``."""
        return f"{self.file}:{self.line}"


@dataclass(frozen=True, slots=True)
class PlayerRating:
    """One player's rating in one game: ``name`` as first written, games rated, ``wins``
    (first places, shared ones too), openskill's ``mu`` and ``sigma``, the shown rating
    ``ordinal`` (mu - 3 * sigma), and the ``history`` of it after each game, oldest first."""

    name: str
    games: int
    wins: int
    mu: float
    sigma: float
    ordinal: float
    history: tuple[RatingPoint, ...]


@dataclass(frozen=True, slots=True)
class RatingTable:
    """The ratings of one game (``name``: Meridian or Medina) over its ``games`` counted,
    ``players`` best first (highest ordinal, then name)."""

    name: str
    games: int
    players: tuple[PlayerRating, ...]

    def ranked(self) -> list[tuple[int, PlayerRating]]:
        """The players with their rank, players of equal rating sharing one."""
        ranked: list[tuple[int, PlayerRating]] = []
        for place, player in enumerate(self.players, 1):
            shares = ranked and ranked[-1][1].ordinal == player.ordinal
            ranked.append((ranked[-1][0] if shares else place, player))
        return ranked


@dataclass(frozen=True, slots=True)
class Ratings:
    """The ratings of a collection: one ``RatingTable`` per game in ``tables``, the model's
    ``parameters``, the ``method`` in a sentence, the number of games ``counted`` and the
    games ``left_out`` with the reason."""

    tables: tuple[RatingTable, ...]
    parameters: tuple[tuple[str, float | bool], ...]
    method: str
    counted: int
    left_out: tuple[LeftOut, ...]

    def table(self, name: str) -> RatingTable | None:
        """The ratings of the game ``name`` (``"Meridian"``, ``"Medina"``), None if no game
        of it counted."""
        return next((table for table in self.tables if table.name == name), None)


@dataclass
class _Player:
    name: str
    rating: PlackettLuceRating
    games: int = 0
    wins: int = 0
    history: list[RatingPoint] = field(default_factory=list)


def model() -> PlackettLuce:
    """The rating model: openskill's Plackett-Luce with its default parameters."""
    return PlackettLuce()


def parameters(rater: PlackettLuce) -> tuple[tuple[str, float | bool], ...]:
    """The parameters ``rater`` holds, read from it."""
    found: list[tuple[str, float | bool]] = []
    for name in PARAMETERS:
        value: object = getattr(rater, name)
        if isinstance(value, bool | float | int):
            found.append((name, value if isinstance(value, bool) else float(value)))
    return tuple(found)


def method_sentence(given: tuple[tuple[str, float | bool], ...]) -> str:
    """How the ratings are made, in a sentence, with the model's parameters."""
    said = ", ".join(f"{name} {_value(value)}" for name, value in given)
    return (
        f"openskill's Plackett-Luce model with its default parameters ({said}); the rating "
        f"shown is openskill's ordinal, {SHOWN_RATING}; one rating per game, a game's "
        "editions sharing one; places as the rules rank them, equal players sharing a place; "
        f"players matched by name, whitespace and letter case aside; games rated {GAME_ORDER}; "
        f"{COUNTED_GAMES}"
    )


def _value(value: float | bool) -> str:
    return str(value).lower() if isinstance(value, bool) else f"{value:.6g}"


def dated_order(games: Iterable[GameSummary]) -> list[GameSummary]:
    """``games`` in the order they are rated: undated first, then by day, each group in
    the order given (a stable sort)."""
    return sorted(games, key=_day_key)


def _day_key(summary: GameSummary) -> tuple[bool, datetime.date]:
    day = summary.date
    return (day is not None, day or datetime.date.min)


def rate(summaries: Iterable[GameSummary]) -> Ratings:
    """The ratings of the games ``summaries`` describe, in the order read (which breaks
    ties of date and places repeats)."""
    counting = Counting()
    for summary in summaries:
        counting.add(summary)
    rater = model()
    tables: dict[str, dict[str, _Player]] = {}
    games: dict[str, int] = {}
    for summary in dated_order(counting.counted):
        title = str(summary.title)
        players = tables.setdefault(title, {})
        games[title] = games.get(title, 0) + _rate_game(rater, summary, players)
    given = parameters(rater)
    return Ratings(
        tuple(
            _table(title, games[title], tables[title])
            for title in sorted(tables, key=lambda t: (_order(t), t))
            if games[title]
        ),
        given,
        method_sentence(given),
        len(counting.counted),
        tuple(counting.left_out),
    )


def _order(title: str) -> int:
    return ORDER.index(title) if title in ORDER else len(ORDER)


def _rate_game(rater: PlackettLuce, summary: GameSummary, players: dict[str, _Player]) -> bool:
    """One game's update: every player of it at once, by the ranks the rules gave them;
    False when it has fewer than two players to rate.

    A name written twice in one game (two seats of one player) is rated once, at the
    better of its places, as openskill rates each player once per game.
    """
    seated: dict[str, int] = {}
    for placing in summary.placings:  # best first
        seated.setdefault(player_key(placing.name), placing.rank)
    if len(seated) < 2:  # nothing to learn from a game with a single player in it
        return False
    for placing in summary.placings:
        key = player_key(placing.name)
        players.setdefault(key, _Player(shown_name(placing.name), rater.rating()))
    keys = list(seated)
    # the ranks as the ints the rules give: openskill 6.0 sees a tie only between equal
    # ints, and would rate ranks 2.0 and 2.0 as two places
    ranks: list[float] = [seated[key] for key in keys]
    updated = rater.rate([[players[key].rating] for key in keys], ranks=ranks)
    for key, (rating,) in zip(keys, updated, strict=True):
        player = players[key]
        player.rating = rating
        player.games += 1
        player.wins += seated[key] == 1
        player.history.append(
            RatingPoint(
                summary.file,
                summary.number,
                summary.line,
                summary.date,
                seated[key],
                rating.ordinal(),
            )
        )
    return True


def _table(title: str, games: int, players: dict[str, _Player]) -> RatingTable:
    rated = [
        PlayerRating(
            player.name,
            player.games,
            player.wins,
            player.rating.mu,
            player.rating.sigma,
            player.rating.ordinal(),
            tuple(player.history),
        )
        for player in players.values()
        if player.games
    ]
    rated.sort(key=lambda p: (-p.ordinal, p.name.casefold(), p.name))
    return RatingTable(title, games, tuple(rated))


def ratings(games: Iterable[Game]) -> Ratings:
    """The ratings of ``games``, as ``meridina ratings`` makes them: one table per game
    (``tables``, or ``table("Medina")``), each player's rating (openskill's ordinal,
    mu - 3 * sigma) and its history, the ``method`` and model ``parameters``, and the games
    ``left_out`` with the reason (only valid, finished games count, each once)."""
    return rate(game_summary(game) for game in games)
