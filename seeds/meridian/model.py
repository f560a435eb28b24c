"""Meridian's position model as the API plays it (``PositionModel``): the rules'
``Position``, a turn pushed only when it breaks no rule."""

from __future__ import annotations

from collections.abc import Iterator

from meridina.rules.game import Unreadable
from meridina.rules.meridian.model import Turn
from meridina.rules.meridian.position import Position
from meridina.rules.meridian.scoring import ScoreSheet
from meridina.rules.meridian.state import State

from .values import ScoreDetail, Supply


class MeridianModel:
    """A Meridian position to push turns on and pop them back."""

    def __init__(self, position: Position) -> None:
        self._position = position

    def push(self, turn: Turn) -> bool:
        return self._position.push(turn, stop_at_fault=True) is not None

    def pop(self) -> Turn:
        turn = self._position.pop()
        assert not isinstance(turn, Unreadable)  # (the API pushes only turns it read)
        return turn

    def copy(self) -> MeridianModel:
        return MeridianModel(self._position.copy())

    def state(self) -> State:
        return self._position.state()

    def legal_turns(self) -> Iterator[Turn]:
        return self._position.legal_turns()

    def is_over(self) -> bool:
        return self._position.is_over()

    def mover(self, turn: Turn) -> str:
        return turn.colour


def supplies(state: State) -> tuple[Supply, ...]:
    """What each colour holds, in the order of the seats' colours."""
    known = state.cards_known
    return tuple(
        Supply(
            colour,
            state.hands[colour],
            state.cards_left(colour) if known else None,
            tuple(card.label for card in state.face_up(colour) or ()) if known else (),
        )
        for colour in state.colours
    )


def details(sheet: ScoreSheet) -> tuple[ScoreDetail, ...]:
    return tuple(ScoreDetail(tuple(p.islands), p.pieces_left) for p in sheet.ranking())
