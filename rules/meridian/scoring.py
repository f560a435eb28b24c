"""Meridian's end of game: who holds each island, points, and the ranking."""

from __future__ import annotations

from dataclasses import dataclass

from .board import Board, Island
from .state import State

# A sheet's rows are plain slotted values, not frozen ones, whose ``__init__`` costs
# several times more: one sheet is made for every game checked. They are never changed.


@dataclass(slots=True)
class IslandScore:
    island: Island
    garrisons: dict[int, int]  # player index -> garrison value (a capital counts 2)
    holder: int | None  # None when nobody has a tower there or the lead is tied


@dataclass(slots=True, unsafe_hash=True)
class PlayerScore:
    index: int
    name: str
    colours: tuple[str, ...]
    points: int
    islands: tuple[str, ...]
    pieces_left: int
    rank: int


class ScoreSheet:
    """Points, ranks and islands of a game as it stands.

    The island rows are worked out when first looked at: checking a record needs only
    the players' points.
    """

    __slots__ = ("_islands", "_state", "cards_left", "finished", "players")

    players: tuple[PlayerScore, ...]  # in seat order
    finished: bool
    cards_left: int | None  # None when the cards played are unknown

    def __init__(
        self,
        players: tuple[PlayerScore, ...],
        islands: tuple[IslandScore, ...] | State,
        finished: bool,
        cards_left: int | None,
    ) -> None:
        self.players = players
        self.finished = finished
        self.cards_left = cards_left
        self._islands: tuple[IslandScore, ...] | None = None
        self._state: State | None = None
        if isinstance(islands, tuple):
            self._islands = islands
        else:
            self._state = islands  # the state to work the rows out from

    @property
    def islands(self) -> tuple[IslandScore, ...]:
        if self._islands is None:
            assert self._state is not None
            self._islands = island_scores(self._state)
            self._state = None
        return self._islands

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ScoreSheet):
            return NotImplemented
        mine = (self.players, self.islands, self.finished, self.cards_left)
        return mine == (other.players, other.islands, other.finished, other.cards_left)

    __hash__ = None  # type: ignore[assignment]  # its island rows hold dicts

    def __repr__(self) -> str:
        return (
            f"ScoreSheet(players={self.players!r}, islands={self.islands!r}, "
            f"finished={self.finished!r}, cards_left={self.cards_left!r})"
        )

    def ranking(self) -> list[PlayerScore]:
        return sorted(self.players, key=lambda p: (p.rank, p.index))


# Each island's cities as (meridian index, city index, garrison value), per board.
IslandCells = tuple[tuple[Island, tuple[tuple[int, int, int], ...]], ...]
_CELLS: dict[int, tuple[Board, IslandCells]] = {}


def _island_cells(board: Board) -> IslandCells:
    """Where each island's cities lie on the columns, worked out once per board."""
    known = _CELLS.get(id(board))
    if known is not None and known[0] is board:
        return known[1]
    cells = tuple(
        (
            island,
            tuple(
                (meridian - 1, city - 1, 2 if island.capital == (meridian, city) else 1)
                for meridian, city in island.cities
            ),
        )
        for island in board.islands
    )
    if len(_CELLS) >= 64:
        _CELLS.clear()  # boards from many record files: keep the table small
    _CELLS[id(board)] = (board, cells)
    return cells


def island_scores(state: State) -> tuple[IslandScore, ...]:
    columns = state.columns
    owner_of = state.seating.owner_of
    results = []
    for island, cells in _island_cells(state.board):
        garrisons: dict[int, int] = {}
        for meridian, city, value in cells:
            tower = columns[meridian][city]
            if tower is not None:
                owner = owner_of[tower.colour]
                garrisons[owner] = garrisons.get(owner, 0) + value
        holder = None
        if len(garrisons) == 1:
            holder = next(iter(garrisons))
        elif garrisons:
            best = max(garrisons.values())
            leaders = [owner for owner, value in garrisons.items() if value == best]
            holder = leaders[0] if len(leaders) == 1 else None
        results.append(IslandScore(island, garrisons, holder))
    return tuple(results)


def _held(state: State) -> list[tuple[int, str, int]]:
    """(holder, name, points) of each island someone holds, as ``island_scores`` finds."""
    columns = state.columns
    owner_of = state.seating.owner_of
    result = []
    for island, cells in _island_cells(state.board):
        garrisons: dict[int, int] = {}
        for meridian, city, value in cells:
            tower = columns[meridian][city]
            if tower is not None:
                owner = owner_of[tower.colour]
                garrisons[owner] = garrisons.get(owner, 0) + value
        if len(garrisons) == 1:
            for holder in garrisons:
                result.append((holder, island.name, len(island.cities)))
        elif garrisons:
            best = max(garrisons.values())
            leaders = [owner for owner, value in garrisons.items() if value == best]
            if len(leaders) == 1:
                result.append((leaders[0], island.name, len(island.cities)))
    return result


def score(state: State) -> ScoreSheet:
    held_by = _held(state)
    hands = state.hands
    totals = []
    for index, player in enumerate(state.players):
        held = tuple(name for holder, name, _ in held_by if holder == index)
        points = sum(points for holder, _, points in held_by if holder == index)
        pieces = sum(hands[colour] for colour in player.colours)
        totals.append((index, player, held, points, pieces))
    ranked = []
    for index, player, held, points, pieces in totals:
        better = sum(1 for other in totals if (other[3], other[4]) > (points, pieces))
        ranked.append(
            PlayerScore(index, player.name, player.colours, points, held, pieces, better + 1)
        )
    cards_left = state.unplayed if state.cards_known else None
    return ScoreSheet(tuple(ranked), state, state.finished, cards_left)
