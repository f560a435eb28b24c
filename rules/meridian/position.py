"""A Meridian game between turns that turns are played on, as python-chess's ``Board``:
``push`` a turn, ``pop`` it back, ``copy``, ``legal_turns``, ``faults``, ``score``.

``push`` plays a turn through the one loop (``turn_loop.play_turn``); ``pop`` undoes it
from what the push kept, rather than from a copy made beforehand. The commands keep
``State`` snapshots of a position (``state``), which share everything a turn left alone:
the position never changes a column or a hand in place, it puts new ones in.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from meridina.rules.game import Unreadable

from .faults import Fault
from .legal import legal_turns
from .model import Turn
from .scoring import ScoreSheet, score
from .state import Column, Reading, State
from .turn_loop import TurnReport, play_turn

if TYPE_CHECKING:
    from .action import Placement

# What a push changed, to pop it: the turn (or the unreadable turn passed over), the
# meridian's index (-1: none) and its cells before, then the hands, cards played, next
# seat, meridians ever built on and turns played before.
Undo = tuple[Turn | Unreadable, int, Column, dict[str, int], int, int, frozenset[int], int]


class Position(Reading):
    """A game between turns, changed in place by the turns pushed on it."""

    __slots__ = (
        "_undo",
        "columns",
        "ever_built",
        "hands",
        "next_index",
        "played_bits",
        "table",
        "turns_applied",
    )

    columns: list[Column]

    def __init__(self, state: State) -> None:
        """The position ``state`` is a snapshot of, with no turn to pop."""
        self.table = state.table
        self.columns = list(state.columns)
        self.hands = state.hands
        self.played_bits = state.played_bits
        self.next_index = state.next_index
        self.ever_built = state.ever_built
        self.turns_applied = state.turns_applied
        self._undo: list[Undo] = []

    def state(self) -> State:
        """A snapshot of the position as it stands."""
        return State(
            self.table,
            tuple(self.columns),
            self.hands,
            self.played_bits,
            self.next_index,
            self.ever_built,
            self.turns_applied,
        )

    def copy(self) -> Position:
        """A position of its own, with the same turns to pop."""
        twin = Position(self.state())
        twin._undo = self._undo.copy()
        return twin

    def push(self, turn: Turn, *, stop_at_fault: bool = False) -> TurnReport | None:
        """Play ``turn``: every fault it has, with the turn made as the digest's "How an
        illegal turn is handled" says. With ``stop_at_fault``, a turn with any fault is
        not made at all, and None says so."""
        return play_turn(self, turn, not stop_at_fault)

    def pass_over(self, mover: str | None) -> None:
        """Go on past a turn the record does not make readable: only the order moves on,
        following its ``mover`` when it is known and playing."""
        self._undo.append(
            (
                Unreadable(mover),
                -1,
                (),
                self.hands,
                self.played_bits,
                self.next_index,
                self.ever_built,
                self.turns_applied,
            )
        )
        if mover is not None and mover in self.hands:
            self.next_index = self.seating.index_after[mover]
            self.turns_applied += 1

    def pop(self) -> Turn | Unreadable:
        """Undo the last turn pushed (or passed over), and give it back."""
        turn, index, column, hands, played, next_index, built, turns = self._undo.pop()
        if index >= 0:
            self.columns[index] = column
        self.hands = hands
        self.played_bits = played
        self.next_index = next_index
        self.ever_built = built
        self.turns_applied = turns
        return turn

    @property
    def turns(self) -> list[Turn | Unreadable]:
        """The turns pushed, first to last, that ``pop`` can undo."""
        return [undo[0] for undo in self._undo]

    def change(
        self,
        turn: Turn,
        card_bit: int,
        meridian: int = 0,
        placement: Placement | None = None,
        ever_built: frozenset[int] = frozenset(),
        advance: bool = True,
    ) -> None:
        """Make ``turn`` as the one loop decided: count the card (``card_bit``, 0 for none)
        and pass the turn on after its mover; when a ``placement`` is given, put its cells
        on ``meridian``, its hands, and the meridians ``ever_built`` on. ``advance`` false:
        keep the turn to pop, but change nothing (a turn ignored)."""
        if placement is None:
            self._undo.append(
                (
                    turn,
                    -1,
                    (),
                    self.hands,
                    self.played_bits,
                    self.next_index,
                    self.ever_built,
                    self.turns_applied,
                )
            )
            if not advance:
                return
        else:
            index = meridian - 1
            columns = self.columns
            self._undo.append(
                (
                    turn,
                    index,
                    columns[index],
                    self.hands,
                    self.played_bits,
                    self.next_index,
                    self.ever_built,
                    self.turns_applied,
                )
            )
            columns[index] = placement.column
            self.hands = placement.hands
            self.ever_built = ever_built
        self.played_bits |= card_bit
        self.next_index = self.table.index_after[turn.colour]
        self.turns_applied += 1

    def is_legal(self, turn: Turn) -> bool:
        """Whether ``turn`` breaks no rule here (the position is left as it was)."""
        if play_turn(self, turn, False) is None:
            return False
        self.pop()
        return True

    def faults(self, turn: Turn) -> list[Fault]:
        """Every fault ``turn`` has here, most basic first (the position is left as it was)."""
        report = play_turn(self, turn, True)
        assert report is not None  # (collecting, the loop always plays the turn)
        self.pop()
        return [fault for fault, _ in report.faults]

    def legal_turns(self) -> Iterator[Turn]:
        """Every legal turn here, passes included (push none while going through them)."""
        return legal_turns(self)

    def is_over(self) -> bool:
        """Every card is played (never, when the cards played are not known)."""
        return self.finished

    def score(self) -> ScoreSheet:
        return score(self.state())
