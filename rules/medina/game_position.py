"""A Medina game in play, as one mutable position: push a turn, pop it back.

``GamePosition`` owns one state whole and plays each turn on it in place through the one
turn loop (``turn_loop.play_turn``); a turn is taken back from the journal of what it
changed (``undo.py``), never from a copy of the city. Its legal turns are the candidates
whose ``faults`` are none: the same check that judges a turn written in a record.

The views, the replay and the recorder keep a state for each turn; they read snapshots
(``snapshot``), which share nothing that the position changes.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from meridina.rules.game import Unreadable

from .model import Placement, Turn
from .placements import legal_placements, make_placement, placement_faults
from .scoring import ScoreSheet, score
from .state import State
from .turn_loop import Found, TurnPlay, play_turn
from .turn_rules import expected_player, finished, nobody_can_place, t2_two_pieces
from .undo import Journal


class GamePosition:
    """A Medina game in play: the city, the hands and whose turn it is, changed in place."""

    __slots__ = ("_journal", "_marks", "_state", "_turns")

    def __init__(self, state: State) -> None:
        """A position to play on from ``state``, which is left as it was."""
        self._state = state.detached()
        self._journal = self._state.journal = Journal()
        self._marks: list[int] = []  # where the journal stood before each turn pushed
        self._turns: list[Turn] = []

    @property
    def turns(self) -> tuple[Turn, ...]:
        """The turns pushed and not popped, oldest first."""
        return tuple(self._turns)

    def push(self, turn: Turn, first_fault: bool = False) -> TurnPlay:
        """Play ``turn`` (see ``play_turn``): it stands, with whatever of it broke no rule,
        unless it is ignored whole; ``pop`` takes it back either way. With ``first_fault``
        the turn stops at its first fault, part made: pop it."""
        mark = self._journal.mark()
        played = play_turn(self._state, turn, first_fault)
        if played.ignored:
            self._undo_to(mark)
        self._marks.append(mark)
        self._turns.append(turn)
        return played

    def push_until_fault(self, turns: Sequence[Turn | Unreadable]) -> int:
        """Push ``turns`` while each is plain and legal (no fault, no unreadable turn); the
        first that is not is taken back. How many were pushed; none of them can be popped."""
        state, journal = self._state, self._journal
        for index, turn in enumerate(turns):
            if isinstance(turn, Unreadable):
                return index
            mark = journal.mark()
            if play_turn(state, turn, first_fault=True).faults:
                self._undo_to(mark)
                return index
            if index % 64 == 63:
                journal.forget()  # no way back is needed past a turn found plain
        return len(turns)

    def pop(self) -> Turn:
        """Take back the last turn pushed; returns it."""
        self._undo_to(self._marks.pop())
        return self._turns.pop()

    def _undo_to(self, mark: int) -> None:
        self._journal.undo_to(mark)
        self._state.city_changes()  # what was worked out of the city no longer holds

    def pass_over(self, mover: str | None) -> None:
        """Go on past a turn the record does not state clearly: only the order moves on,
        to the turn after ``mover``'s (when ``mover`` plays here). ``pop`` takes it back."""
        state = self._state
        self._marks.append(self._journal.mark())
        self._turns.append(Turn(mover or "", passed=True))
        if mover in state.seat_colours:
            state.changing(state, "next_seat")
            state.next_seat = state.seat_colours.index(mover) + 1

    def forget(self) -> None:
        """Keep no way back past this point: what was pushed can no longer be popped."""
        self._journal.forget()
        self._marks.clear()
        self._turns.clear()

    def copy(self) -> GamePosition:
        """A position of its own from here (with no turns to pop)."""
        return GamePosition(self._state)

    def snapshot(self) -> State:
        """The position now, as a state that nothing played here changes."""
        return self._state.detached()

    def release(self) -> State:
        """The position's own state, handed over: the position is not to be used again."""
        state = self._state
        state.journal = None
        self._marks.clear()
        self._turns.clear()
        return state

    def faults(self, turn: Turn) -> list[Found]:
        """Every fault ``turn`` has here, each with its place; the position is left as is."""
        played = self.push(turn)
        self.pop()
        return played.faults

    def is_over(self) -> bool:
        """Nobody can place a piece any more (passes written or not)."""
        return finished(self._state) or nobody_can_place(self._state)

    def score(self) -> ScoreSheet:
        return score(self._state, self.is_over())

    def to_move(self) -> str:
        return expected_player(self._state)

    def legal_turns(self) -> Iterator[Turn]:
        """Every turn of one or two pieces (tea tiles left out) whose ``faults`` are none,
        or the pass when it is one; nothing once the game is over."""
        for turn in self.candidate_turns():
            if not self.faults(turn):
                yield turn

    def candidate_turns(self) -> Iterator[Turn]:
        """The turns worth asking ``faults`` about: each piece that may go now, alone and
        followed by each piece that may go after it; the pass when no piece may go."""
        state = self._state
        if finished(state):
            return
        player = expected_player(state)
        firsts = list(legal_placements(state, player))
        if not firsts:
            yield Turn(player, passed=True)
            return
        single = t2_two_pieces(state, player, index=1) is not None  # an opening turn
        for first in firsts:
            if single:
                yield Turn(player, (first,))
                continue
            seconds = self._after(player, first)
            if not seconds:
                yield Turn(player, (first,))
            for second in seconds:
                yield Turn(player, (first, second))

    def _after(self, player: str, first: Placement) -> list[Placement]:
        """The pieces ``player`` may place once ``first`` is made (then taken back)."""
        state = self._state
        mark = self._journal.mark()
        target, _ = placement_faults(state, player, first)
        make_placement(state, player, first, target)
        seconds = list(legal_placements(state, player)) if state.has_pieces(player) else []
        self._undo_to(mark)
        return seconds
