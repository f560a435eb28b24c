"""Meridian's end of game: who holds each island, points, and the ranking."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import chain
from operator import itemgetter

from meridina.rules.identity_memory import IdentityMemory
from meridina.rules.rule_home import decides

from .board import Board, Island
from .made_once import TOWERS
from .state import Seating, State

# A sheet's rows are plain slotted values, not frozen ones, whose ``__init__`` costs
# several times more: one sheet is made for every game checked. They are never changed.


@dataclass(slots=True)
class IslandScore:
    island: Island
    garrisons: dict[int, int]  # player index -> garrison value (a capital counts 2)
    holder: int | None  # None when nobody has a tower there or the lead is tied

    @property
    def tied(self) -> bool:
        """Garrisoned, but two or more players share the lead: nobody holds it (MER-E2)."""
        return self.holder is None and bool(self.garrisons)


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

    The players' and islands' rows are worked out when first looked at: checking a
    record needs only the players' points.
    """

    __slots__ = ("_held", "_islands", "_players", "_points", "_state", "cards_left", "finished")

    finished: bool
    cards_left: int | None  # None when the cards played are unknown

    def __init__(
        self,
        players: tuple[PlayerScore, ...] | None,
        islands: tuple[IslandScore, ...] | State,
        finished: bool,
        cards_left: int | None,
        points: tuple[int, ...] = (),
        held: list[tuple[int, str, int]] | None = None,
    ) -> None:
        """``players`` None: the rows are made from the state ``islands``, the ``points``
        and the islands ``held`` when first looked at."""
        self._players: tuple[PlayerScore, ...] | None = players
        self._points: tuple[int, ...] = (
            points if players is None else tuple([row.points for row in players])
        )
        self._held: list[tuple[int, str, int]] = [] if held is None else held
        self.finished = finished
        self.cards_left = cards_left
        self._islands: tuple[IslandScore, ...] | None = None
        self._state: State | None = None
        if isinstance(islands, tuple):
            self._islands = islands
        else:
            self._state = islands  # the state to work the rows out from

    @classmethod
    def _of(
        cls,
        state: State,
        held: list[tuple[int, str, int]],
        points: tuple[int, ...],
        cards_left: int | None,
    ) -> ScoreSheet:
        """A sheet whose rows are made from ``state`` and ``held`` when first looked at."""
        return cls(None, state, state.finished, cards_left, points, held)

    @property
    def players(self) -> tuple[PlayerScore, ...]:
        """Each player's row, in seat order."""
        if self._players is None:
            assert self._state is not None
            self._players = _rows(self._state, self._held, self._points)
            self._held = []
        return self._players

    @property
    def points(self) -> tuple[int, ...]:
        """Each player's points, in seat order."""
        return self._points

    @property
    def islands(self) -> tuple[IslandScore, ...]:
        if self._islands is None:
            assert self._state is not None
            self._islands = island_scores(self._state)
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
_CELLS: IdentityMemory[Board, IslandCells] = IdentityMemory(64)  # boards from many files


def _island_cells(board: Board) -> IslandCells:
    """Where each island's cities lie on the columns, worked out once per board."""
    known = _CELLS.get(board)
    if known is not None:
        return known
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
    return _CELLS.put(board, cells)


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
        seat = _holder(sum([value << SEAT_BITS * owner for owner, value in garrisons.items()]))
        results.append(IslandScore(island, garrisons, None if seat < 0 else seat))
    return tuple(results)


# Each island as the score looks at it: its name, its points, and its cities' garrison
# units picked from the board's cells laid end to end (a capital's twice, as it counts 2).
Picks = tuple[tuple[str, int, Callable[[Sequence[int]], Sequence[int]]], ...]
_PICKS: IdentityMemory[Board, Picks] = IdentityMemory(64)


def _picks(board: Board) -> Picks:
    """The islands' cells as places in the board's cells laid end to end, once per board."""
    known = _PICKS.get(board)
    if known is not None:
        return known
    picks = []
    for island, cells in _island_cells(board):
        places = [
            meridian * board.cities + city
            for meridian, city, value in cells
            for _ in range(value)  # a capital counts twice
        ]
        # itemgetter of several places gives a tuple; of one, the item alone
        pick = itemgetter(*places) if len(places) > 1 else _one(places[0])
        picks.append((island.name, len(island.cities), pick))
    return _PICKS.put(board, tuple(picks))


def _one(place: int) -> Callable[[Sequence[int]], tuple[int]]:
    return lambda cells: (cells[place],)


# A city's garrison unit: 1 in its owner's field of 8 bits (the first seat lowest). Summed
# over an island's cities it holds every seat's garrison at once: a garrison is at most the
# island's cities and one more for a capital, under 256 on a board of 10 meridians of 5.
SEAT_BITS = 8
_UNITS: IdentityMemory[Seating, dict[int, int]] = IdentityMemory(256)
# What a sum of units says: the seat that holds the island, or -1 for nobody (no tower,
# or the highest garrison tied). Seats beyond a game's players have no units.
_HOLDERS: dict[int, int] = {}


def _units(seating: Seating) -> dict[int, int]:
    """Each tower a turn can build (those of ``TOWERS``), by identity, and an empty city
    (``None``): its unit; once per seating. (``TOWERS`` and ``None`` live as long as the
    program, so no other object can take one of their ids.)"""
    known = _UNITS.get(seating)
    if known is not None:
        return known
    units = {id(None): 0}
    for colour, owner in seating.owner_of.items():
        for tower in TOWERS[colour]:
            units[id(tower)] = 1 << SEAT_BITS * owner
    return _UNITS.put(seating, units)


@decides("MER-E2")
def _holder(total: int) -> int:
    """The seat a sum of units gives the island to, or -1 for nobody; kept in ``_HOLDERS``."""
    mask = (1 << SEAT_BITS) - 1
    garrisons = [(total >> SEAT_BITS * seat) & mask for seat in range(4)]
    best = max(garrisons)
    holder = garrisons.index(best) if best and garrisons.count(best) == 1 else -1
    if len(_HOLDERS) >= 4096:
        _HOLDERS.clear()
    _HOLDERS[total] = holder
    return holder


def _held(state: State) -> list[tuple[int, str, int]]:
    """(holder, name, points) of each island someone holds, as ``island_scores`` finds.

    The holder has the one highest garrison; nobody holds an island without towers.
    """
    try:
        units = list(
            map(_units(state.seating).__getitem__, map(id, chain.from_iterable(state.columns)))
        )
    except KeyError:  # a tower a position put there, not one of ``TOWERS``
        return [
            (score.holder, score.island.name, score.island.points)
            for score in island_scores(state)
            if score.holder is not None
        ]
    result = []
    known = _HOLDERS.get
    for name, points, pick in _picks(state.board):
        total = sum(pick(units))
        if total:
            holder = known(total)
            if holder is None:
                holder = _holder(total)
            if holder >= 0:
                result.append((holder, name, points))
    return result


@decides("MER-E3")
def score(state: State) -> ScoreSheet:
    held = _held(state)
    points = [0] * len(state.seating.players)
    for holder, _, worth in held:
        points[holder] += worth
    cards_left = state.unplayed if state.cards_known else None
    return ScoreSheet._of(state, held, tuple(points), cards_left)


@decides("MER-E4")
def _rows(
    state: State, held_by: list[tuple[int, str, int]], points: tuple[int, ...]
) -> tuple[PlayerScore, ...]:
    """Each player's row of the sheet: points, islands held, pieces left and rank."""
    players = state.players
    hands = state.hands
    held: list[list[str]] = [[] for _ in players]
    for holder, name, _ in held_by:
        held[holder].append(name)
    pieces = [sum([hands[colour] for colour in player.colours]) for player in players]
    standing = list(zip(points, pieces, strict=True))
    return tuple(
        [
            PlayerScore(
                index,
                player.name,
                player.colours,
                points[index],
                tuple(held[index]),
                pieces[index],
                1 + sum([other > standing[index] for other in standing]),
            )
            for index, player in enumerate(players)
        ]
    )
