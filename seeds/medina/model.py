"""Medina's position model as the API plays it (``PositionModel``): the rules'
``GamePosition``, a turn pushed only when it breaks no rule."""

from __future__ import annotations

from collections.abc import Iterator

from meridina.rules.medina.game_position import GamePosition
from meridina.rules.medina.model import Turn
from meridina.rules.medina.scoring import ScoreSheet
from meridina.rules.medina.state import Hand, State

from .values import PalaceScore, ScoreDetail, Supply


class MedinaModel:
    """A Medina position to push turns on and pop them back."""

    def __init__(self, position: GamePosition) -> None:
        self._position = position
        self._turns: list[Turn] = []
        self._start = position.snapshot()

    def push(self, turn: Turn) -> bool:
        if self._position.push(turn, first_fault=True).faults:
            self._position.pop()  # (stopped part made at its first fault)
            return False
        return True

    def pop(self) -> Turn:
        return self._position.pop()

    def copy(self) -> MedinaModel:
        # A game position copies without its turns to pop: push them again on a copy of
        # the start, so that the copy pops as this one does.
        twin = GamePosition(self._start)
        for turn in self._position.turns:
            twin.push(turn)
        copied = MedinaModel(twin)
        copied._start = self._start
        return copied

    def state(self) -> State:
        return self._position.snapshot()

    def legal_turns(self) -> Iterator[Turn]:
        return self._position.legal_turns()

    def is_over(self) -> bool:
        return self._position.is_over()

    def mover(self, turn: Turn) -> str:
        return turn.player


def supplies(state: State) -> tuple[Supply, ...]:
    """What each player holds, in seat order."""
    return tuple(_supply(player.colour, state.hands[player.colour]) for player in state.players)


def _supply(colour: str, hand: Hand) -> Supply:
    if not hand.known:  # a position that gave no hands: its counts are not known
        return Supply(colour, (), 0, 0, 0, 0, 0, 0, False)
    return Supply(
        colour,
        tuple(hand.buildings.items()),
        hand.roofs,
        hand.neutral_roofs,
        hand.stables,
        hand.merchants,
        hand.walls,
        hand.tea,
        True,
    )


def details(sheet: ScoreSheet) -> tuple[ScoreDetail, ...]:
    return tuple(
        ScoreDetail(
            p.tiles,
            tuple(p.palace_tiles),
            tuple(p.tower_tiles),
            p.largest,
            tuple(
                PalaceScore(s.name, s.buildings, s.stables, s.walls, s.merchants, s.well, s.total)
                for s in p.palaces
            ),
        )
        for p in sheet.ranking()
    )
