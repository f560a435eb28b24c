"""What a club site shows of a collection: its games in the order read, each with a stable
id, the standings (``standings.Standings``, so a repeat counts once), the games left out
with their reasons, and each player's games.

Ids are digests: a page's file name never holds a name or a path from a record.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field

from ...json_values import JsonObject, JsonValue
from ..standings import Standings
from ..summaries import GameSummary, Placing

__all__ = ["Collection", "Player", "SiteGame", "Unreadable", "game_id", "player_id", "player_key"]

ID_LENGTH = 20  # hex digits: 80 bits, no collision among any club's games


def _digest(*parts: str) -> str:
    joined = "\x1f".join(parts).encode("utf-8", "surrogatepass")
    return hashlib.sha256(joined).hexdigest()[:ID_LENGTH]


def game_id(summary: GameSummary) -> str:
    """A game's id: its place (file as shown, game number) and its identity, digested."""
    return _digest("game", summary.file, str(summary.number), summary.identity or "")


def player_key(name: str) -> str:
    """The name as the standings merge it: spaces collapsed, case folded."""
    return " ".join(name.split()).casefold()


def player_id(name: str) -> str:
    """A player's id: the digest of the name as the standings merge it."""
    return _digest("player", player_key(name))


@dataclass(frozen=True)
class SiteGame:
    """One game of the site: its summary (``file`` as the site shows it), its record text
    exactly as in its file, its problems as lines, the digest of what its replay page is
    made of (``key``), and its replay block (``replay_page.write_game``'s), None when the
    page already written for ``key`` stands."""

    summary: GameSummary
    text: str
    problems: tuple[str, ...]
    key: str
    replay: str | None = None

    @functools.cached_property
    def id(self) -> str:
        return game_id(self.summary)

    def data(self) -> JsonObject:
        """As the site's cache keeps it (without the replay block)."""
        return {
            "summary": self.summary.data(),
            "text": self.text,
            "problems": list(self.problems),
            "key": self.key,
        }

    @classmethod
    def from_data(cls, data: JsonValue) -> SiteGame:
        """A game ``data()`` wrote; ValueError for anything else."""
        if not isinstance(data, dict):
            raise ValueError("not a site game")
        summary, text, problems, key = (
            data.get(name) for name in ("summary", "text", "problems", "key")
        )
        if (
            not isinstance(summary, dict)
            or not isinstance(text, str)
            or not isinstance(problems, list)
            or not all(isinstance(line, str) for line in problems)
            or not isinstance(key, str)
        ):
            raise ValueError("not a site game")
        return cls(GameSummary.from_data(summary), text, tuple(map(str, problems)), key)


@dataclass(frozen=True)
class Unreadable:
    """A file (as the site shows it) that could not be read, and why."""

    file: str
    reason: str


@dataclass
class Player:
    """One player: the name as first written, and each game played with its placing (None
    when the game was not scored)."""

    id: str
    name: str
    games: list[tuple[SiteGame, Placing | None]] = field(default_factory=list)


TableKey = tuple[str, str | None, int]  # game, edition, number of players: a standings table


class Collection:
    """The games of a site and what its pages say of them."""

    def __init__(self, games: Sequence[SiteGame], unreadable: Sequence[Unreadable] = ()) -> None:
        self.games = list(games)
        self.unreadable = list(unreadable)
        self.standings = Standings()
        self.left_out: list[tuple[SiteGame, str]] = []
        self.counted: set[str] = set()
        self.reasons: dict[str, str] = {}
        # each player's best points in a table, over the games it counts
        self.best: dict[tuple[str, TableKey], int] = {}
        for game in self.games:
            left = self.standings.add(game.summary)
            if left is not None:
                self.left_out.append((game, left.reason))
                self.reasons[game.id] = left.reason
                continue
            self.counted.add(game.id)
            standing = game.summary.standing
            table = (str(standing.name), standing.edition, len(standing.players))
            for name, _, points in standing.players:
                best = (player_key(name), table)
                self.best[best] = max(points, self.best.get(best, points))
        self._order: dict[str, int] | None = None
        self.players: dict[str, Player] = {}
        for game in self.games:
            placings = {placing.seat: placing for placing in game.summary.placings}
            for seat, name in enumerate(game.summary.players, 1):
                if not name.strip():
                    continue
                shown = " ".join(name.split())
                player = self.players.setdefault(player_id(name), Player(player_id(name), shown))
                player.games.append((game, placings.get(seat)))

    def latest(self) -> list[SiteGame]:
        """The games by their Date, the latest first, those of one day the last read first;
        then the undated ones, the last read first."""
        order = list(enumerate(self.games))
        dated = [(game.summary.date, index, game) for index, game in order if game.summary.date]
        dated.sort(key=lambda item: (item[0], item[1]), reverse=True)
        undated = [game for _, game in reversed(order) if game.summary.date is None]
        return [game for _, _, game in dated] + undated

    def latest_order(self) -> dict[str, int]:
        """Each game's place in ``latest()``, by id."""
        if self._order is None:
            self._order = {game.id: place for place, game in enumerate(self.latest())}
        return self._order

    def player_tables(self, player: Player) -> list[tuple[str, int, int, int, float, int]]:
        """The player's line of each standings table: its title, games, wins, points,
        average and best points."""
        key = player_key(player.name)
        lines = []
        for table in self.standings.ordered_tables():
            standing = table.players.get(key)
            if standing is None:
                continue
            best = self.best.get((key, (table.name, table.edition, table.player_count)), 0)
            lines.append(
                (
                    table.title,
                    standing.games,
                    standing.wins,
                    standing.points,
                    standing.average,
                    best,
                )
            )
        return lines
