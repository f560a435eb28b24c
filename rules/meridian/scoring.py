"""Meridian's end of game: who holds each island, points, and the ranking."""

from __future__ import annotations

from dataclasses import dataclass

from .board import Island
from .state import State


@dataclass(frozen=True, slots=True)
class IslandScore:
    island: Island
    garrisons: dict[int, int]  # player index -> garrison value (a capital counts 2)
    holder: int | None  # None when nobody has a tower there or the lead is tied


@dataclass(frozen=True, slots=True)
class PlayerScore:
    index: int
    name: str
    colours: tuple[str, ...]
    points: int
    islands: tuple[str, ...]
    pieces_left: int
    rank: int


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    players: tuple[PlayerScore, ...]  # in seat order
    islands: tuple[IslandScore, ...]
    finished: bool
    cards_left: int | None  # None when the cards played are unknown

    def ranking(self) -> list[PlayerScore]:
        return sorted(self.players, key=lambda p: (p.rank, p.index))


def island_scores(state: State) -> tuple[IslandScore, ...]:
    board = state.board
    results = []
    for island in board.islands:
        garrisons: dict[int, int] = {}
        for meridian, city in island.cities:
            tower = state.columns[meridian - 1][city - 1]
            if tower is None:
                continue
            owner = state.owner(tower.colour)
            value = 2 if island.capital == (meridian, city) else 1
            garrisons[owner] = garrisons.get(owner, 0) + value
        holder = None
        if garrisons:
            best = max(garrisons.values())
            leaders = [owner for owner, value in garrisons.items() if value == best]
            holder = leaders[0] if len(leaders) == 1 else None
        results.append(IslandScore(island, garrisons, holder))
    return tuple(results)


def score(state: State) -> ScoreSheet:
    islands = island_scores(state)
    totals = []
    for index, player in enumerate(state.players):
        held = tuple(s.island.name for s in islands if s.holder == index)
        points = sum(s.island.points for s in islands if s.holder == index)
        pieces = sum(state.hands[colour] for colour in player.colours)
        totals.append((index, player, held, points, pieces))
    ranked = []
    for index, player, held, points, pieces in totals:
        better = sum(1 for other in totals if (other[3], other[4]) > (points, pieces))
        ranked.append(
            PlayerScore(index, player.name, player.colours, points, held, pieces, better + 1)
        )
    cards_left = (
        sum(state.cards_left(colour) for colour in state.colours) if state.cards_known else None
    )
    return ScoreSheet(tuple(ranked), islands, state.finished, cards_left)
