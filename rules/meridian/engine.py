"""Meridian's rules: setting up from a record's header and playing turns."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache
from pathlib import Path

from meridina.rules.common import Problem, RecordError
from meridina.rules.game import Applied, Handling, Unreadable

from .action import Effect
from .board import Board, bundled_board, load_board
from .faults import FaultSentence
from .model import MERIDIANS, PIECES_PER_COLOUR, Card, Setup, Turn
from .position import Position
from .state import CACHE_SIZE, Column, Seating, State, Table, who
from .turn_loop import TurnReport
from .turn_rules import S1Players, S3PiecesAndDecks, s2_board_for_the_players
from .written_position import apply_position


class Step:
    """The outcome of one turn as the commands keep it: the state to go on from, the
    turn's problems, and what it did to the board. The problems are put into words when
    first looked at."""

    __slots__ = ("_problems", "_report", "_seating", "_turn", "state")

    def __init__(self, state: State, report: TurnReport, turn: Turn, seating: Seating) -> None:
        self.state = state
        self._report = report
        self._turn = turn
        self._seating = seating
        self._problems: tuple[Problem, ...] | None = None

    @property
    def problems(self) -> tuple[Problem, ...]:
        if self._problems is None:
            turn, seating = self._turn, self._seating
            owner = seating.owner_of.get(turn.colour)
            named = "" if owner is None else who(seating, owner)
            self._problems = tuple(
                [
                    Problem(fault.rule, FaultSentence(fault, turn.meridian, turn.colour, named), at)
                    for fault, at in self._report.faults
                ]
            )
        return self._problems

    @property
    def effect(self) -> Effect | None:
        """What the turn did to the board; None when it broke a rule of the placement."""
        data = self._report.effect
        return None if data is None else Effect.of(data)

    @property
    def handling(self) -> Handling:
        """Played, discarded or ignored, as the digest's "How an illegal turn is handled" says."""
        return self._report.handling

    @property
    def ignored(self) -> bool:
        """Nothing of the turn counts (MER-S1, MER-E1): its card, the board unchanged."""
        return self._report.ignored

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Step):
            return NotImplemented
        return (self.state, self.problems, self.effect) == (
            other.state,
            other.problems,
            other.effect,
        )

    __hash__ = None  # type: ignore[assignment]  # compared by value, like the values it holds

    def __repr__(self) -> str:
        return f"Step(state={self.state!r}, problems={self.problems!r}, effect={self.effect!r})"


def initial_state(
    setup: Setup, board: Board | None = None, base: Path | None = None
) -> Applied[State | None]:
    """The state a record starts from; faults in the header are problems with places.

    ``base`` is the folder a board path in the record is relative to.
    """
    if board is None and not setup.decks and setup.position is None:
        rulings = setup.rulings
        key = (
            setup.board,
            tuple([(player.name, player.colours) for player in setup.players]),
            rulings.two_player_turns.value,
            rulings.empty_meridian.value,
            rulings.own_push.value,
        )
        known = _STARTS.get(key)
        if known is not None:  # a game of its own: a new state, with hands of its own
            return Applied(State(known.table, known.columns, known.hands.copy()))
        started = _start(setup, None, base)
        # Kept only when clean and on a board shipped with meridina, which a name always
        # finds, whatever the folder: a board file may change.
        state = started.state
        if not started.problems and state and state.board is bundled_board(setup.board):
            if len(_STARTS) >= CACHE_SIZE:
                _STARTS.clear()
            _STARTS[key] = state
        return started
    return _start(setup, board, base)


# Clean first states without decks or a position, by board name, players and rulings:
# games set up alike start from a copy.
_STARTS: dict[tuple[str, tuple[tuple[str, tuple[str, ...]], ...], str, str, str], State] = {}


def _start(setup: Setup, board: Board | None, base: Path | None) -> Applied[State | None]:
    """``initial_state`` worked out."""
    problems: list[Problem] = []
    if board is None:
        try:
            board = load_board(setup.board, base)
        except RecordError as error:
            return Applied(None, (replace(error.problem, at=setup.board_at),))
    if board.warnings:
        problems.extend(replace(warning, at=setup.board_at) for warning in board.warnings)
    problems.extend(_check_players(setup))
    if problems and any(not p.warning for p in problems):
        return Applied(None, tuple(problems))
    fault = s2_board_for_the_players(board.name, board.players, len(setup.players))
    if fault is not None:
        problems.append(Problem(fault.rule, FaultSentence(fault, 0, "", ""), setup.board_at))
        return Applied(None, tuple(problems))
    seating = Seating.cached(setup.players, setup.rulings)
    colours = seating.colours
    decks: dict[str, tuple[Card, ...]] = {}
    for colour, (order, at) in setup.decks.items():
        absent = S1Players.playing(colour, colours, "deck")
        if absent is not None:
            problems.append(Problem(absent.rule, FaultSentence(absent, 0, "", ""), at))
        elif (fault := S3PiecesAndDecks.deck(colour, order)) is not None:
            problems.append(Problem(fault.rule, FaultSentence(fault, 0, "", ""), at))
        else:
            decks[colour] = order
    table = Table.of(board, seating, setup.rulings, True, decks)
    state = State(table, _empty_board(board.cities), dict.fromkeys(colours, PIECES_PER_COLOUR))
    if setup.position is not None:
        state, found = apply_position(state, setup)
        problems.extend(found)
    return Applied(state, tuple(problems))


@lru_cache(maxsize=4)
def _empty_board(cities: int) -> tuple[Column, ...]:
    """Every meridian empty: a value, so one serves every game."""
    return tuple((None,) * cities for _ in range(MERIDIANS))


def _check_players(setup: Setup) -> list[Problem]:
    groups = tuple([player.colours for player in setup.players])
    if _fair_seats(groups):
        return []
    names = tuple([player.name for player in setup.players])
    return [
        Problem(fault.rule, FaultSentence(fault, 0, "", ""), setup.players_at)
        for fault in S1Players.seats(groups, names)
    ]


@lru_cache(maxsize=64)
def _fair_seats(groups: tuple[tuple[str, ...], ...]) -> bool:
    """No fault in the seats' colours; the players' names only word the faults."""
    return not S1Players.seats(groups)


def apply(state: State, turn: Turn) -> Step:
    """Play one turn and report every rule it breaks (``Position.push``)."""
    position = Position(state)
    report = position.push(turn)
    assert report is not None  # (collecting, the loop always plays the turn)
    after = state if report.ignored else position.state()
    return Step(after, report, turn, state.seating)


def play_until_fault(start: State, turns: Sequence[Turn | Unreadable]) -> tuple[State, int]:
    """How many of ``turns`` have no fault, played from ``start`` one after another, and the
    state after them, for ``play`` to go on turn by turn from the first that has one.
    ``start`` is left as it was."""
    position = Position(start)
    for index, turn in enumerate(turns):
        if isinstance(turn, Unreadable):
            position.pass_over(turn.mover)
        elif position.push(turn, stop_at_fault=True) is None:
            return position.state(), index
    return position.state(), len(turns)


def pass_over(state: State, colour: str | None) -> State:
    """Go on past a turn the record does not make readable: only the order moves on."""
    if colour is None or colour not in state.hands:
        return state
    position = Position(state)
    position.pass_over(colour)
    return position.state()
