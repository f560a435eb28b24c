"""Meridian's rules: setting up from a record's header and playing turns."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import ClassVar

from meridina.rules.common import Problem, RecordError
from meridina.rules.game import Applied, Handling, Unreadable

from .action import NO_EFFECT, Effect, EffectData, act, quick_outcome, take_off_and_build
from .board import Board, bundled_board, load_board
from .faults import word
from .legal import stuck_fault, t5_stuck_only_without_a_move
from .model import MERIDIANS, PIECES_PER_COLOUR, Card, Setup, Skip, Turn
from .position import apply_position
from .state import ALL_CARDS, BITS_BY_ID, CACHE_SIZE, Column, Seating, State, Table, card_bit
from .turn_rules import (
    card_for_the_turn,
    e1_no_turn_after_the_end,
    s1_players,
    s2_board_for_the_players,
    s3_pieces_and_decks,
    t1_turn_order,
    t3_card_face_up,
)

# Skips as plain names: an enum's member looked up on its class costs a call.
_PASS, _STUCK = Skip.PASS, Skip.STUCK


class Step:
    """The outcome of one turn: the state to go on from, problems, and what happened.

    One is made for every turn, so it is made without an ``__init__`` (``step`` makes
    one), and a legal turn's effect is kept as plain tuples until it is looked at.
    """

    __slots__ = ("_effect", "problems", "state")

    state: State
    problems: tuple[Problem, ...]
    _effect: Effect | EffectData | None
    ignored: ClassVar[bool] = False  # True on ``Ignored``: nothing of the turn counts

    @property
    def effect(self) -> Effect | None:
        """What the turn did to the board; None when it broke a rule of the placement."""
        effect = self._effect
        if type(effect) is tuple:
            effect = self._effect = Effect.of(effect)
        assert effect is None or isinstance(effect, Effect)
        return effect

    @property
    def handling(self) -> Handling:
        """Played, discarded or ignored, as the digest's "How an illegal turn is handled" says."""
        if self.ignored:
            return Handling.IGNORED
        return Handling.PLAYED if self.effect is not None else Handling.DISCARDED

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


class Ignored(Step):
    """A turn passed over whole (MER-S1, MER-E1): its card is not counted, the board unchanged."""

    __slots__ = ()
    ignored = True


def step(state: State, problems: tuple[Problem, ...], effect: Effect | EffectData | None) -> Step:
    """A turn's outcome."""
    made = Step()
    made.state = state
    made.problems = problems
    made._effect = effect
    return made


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
            rulings.two_player_turns._name_,
            rulings.empty_meridian._name_,
            rulings.own_push._name_,
        )
        known = _STARTS.get(key)
        if known is not None:  # a game of its own: a new state, with hands of its own
            return Applied(State.start(known.table, known.columns, known.hands.copy()))
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
        problems.append(Problem(fault.rule, word(fault, 0), setup.board_at))
        return Applied(None, tuple(problems))
    seating = Seating.cached(setup.players, setup.rulings)
    colours = seating.colours
    decks: dict[str, tuple[Card, ...]] = {}
    for colour, (order, at) in setup.decks.items():
        absent = s1_players(colour=colour, playing=colours, named="deck")
        if absent:
            problems.extend(Problem(fault.rule, word(fault, 0), at) for fault in absent)
        elif (fault := s3_pieces_and_decks(colour, order)) is not None:
            problems.append(Problem(fault.rule, word(fault, 0), at))
        else:
            decks[colour] = order
    table = Table.of(board, seating, setup.rulings, True, decks)
    state = State.start(
        table, _empty_board(board.cities), dict.fromkeys(colours, PIECES_PER_COLOUR)
    )
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
        Problem(fault.rule, word(fault, 0), setup.players_at) for fault in s1_players(groups, names)
    ]


@lru_cache(maxsize=64)
def _fair_seats(groups: tuple[tuple[str, ...], ...]) -> bool:
    """No fault in the seats' colours; the players' names only word the faults."""
    return not s1_players(groups)


def apply(state: State, turn: Turn) -> Step:
    """Play one turn and report every rule it breaks.

    A placement that breaks a rule is not made: the card counts as discarded. A
    fault of turn order or of the card itself (played before, not face up) is
    reported, but a legal placement still stands, since later turns build on it.

    The usual turn, which breaks no rule, is decided here in one pass; at the first
    sign of a fault the turn is played again by ``_apply_worded``, which finds every
    fault and puts it into words.
    """
    colour = turn.colour
    table = state.table
    seat = table.seat.get(colour)
    played = state.played_bits
    if (
        seat is None
        or e1_no_turn_after_the_end(played, table.all_played) is not None
        or colour not in table.may_play[state.next_index]
    ):
        return _apply_worded(state, turn)
    card = turn.card
    bit = BITS_BY_ID.get(id(card))  # None for a card value that is not the deck's own
    if bit is None:
        return _apply_worded(state, turn)
    shift, mates, index_after = seat
    bit <<= shift
    meridian = turn.meridian
    skip = turn.skip
    # (A pass or stuck that names no meridian is left to the full check.)
    if not meridian or card_for_the_turn(played, bit, card, meridian, skip) is not None:
        return _apply_worded(state, turn)
    if table.decks and t3_card_face_up(table, played, colour, card) is not None:
        return _apply_worded(state, turn)
    made = Step()
    made.problems = ()
    made.state = after = State()
    if skip is None:
        outcome = quick_outcome(state, colour, meridian, turn.take_off, turn.build, mates)
        if outcome is None:
            return _apply_worded(state, turn)
        column, after.hands, effect = outcome
        columns = list(state.columns)
        columns[meridian - 1] = column
        after.columns = tuple(columns)
        built = state.ever_built
        if meridian not in built and effect[1] is not None:
            built = built | {meridian}
        after.ever_built = built
        made._effect = effect
    elif skip is _PASS or (
        skip is _STUCK
        and t5_stuck_only_without_a_move(
            state.columns, state.hands, table, state.ever_built, (meridian,), colour, mates
        )
        is None
    ):
        after.columns = state.columns
        after.hands = state.hands
        after.ever_built = state.ever_built
        made._effect = NO_EFFECT
    else:
        return _apply_worded(state, turn)
    after.table = table
    after.played_bits = played | bit
    after.next_index = index_after
    after.turns_applied = state.turns_applied + 1
    return made


def play_clean(start: State, turns: Sequence[Turn | Unreadable]) -> State | None:
    """The state after ``turns`` when each of them breaks no rule; None at the first turn
    that ``apply`` would not decide in its quick pass.

    The checks of ``apply``'s quick pass, on the board's meridians and the hands copied
    once and changed in place: no state and no step is made for each turn. It also takes
    a pass or stuck on a group card that names no meridian, which ``apply`` words
    without a problem. ``start`` is left as it was.
    """
    table = start.table
    seat_for = table.seat_for
    decks = table.decks
    card_bits = BITS_BY_ID.get
    columns = [list(column) for column in start.columns]
    hands = start.hands.copy()
    built = start.ever_built
    played = start.played_bits
    next_index = start.next_index
    for turn in turns:
        if type(turn) is not Turn:
            return None  # an unreadable turn
        colour = turn.colour
        # Once every card is played, any card is one played before: no check of its own.
        seat = seat_for[next_index].get(colour)
        card = turn.card
        bit = card_bits(id(card))
        if seat is None or bit is None:
            return None
        shift, mates, next_index = seat
        bit <<= shift
        meridian = turn.meridian
        skip = turn.skip
        if card_for_the_turn(played, bit, card, meridian, skip) is not None:
            return None
        if decks and t3_card_face_up(table, played, colour, card):
            return None
        if skip is None:
            effect = take_off_and_build(
                columns[meridian - 1],
                hands,
                table,
                built,
                meridian,
                colour,
                turn.take_off,
                turn.build,
                mates,
            )
            if type(effect) is list:
                return None
            if meridian not in built and effect[1] is not None:
                built = built | {meridian}
        elif skip is _STUCK:  # (a pass changes nothing but the cards played)
            numbers = (meridian,) if meridian else card.numbers
            if t5_stuck_only_without_a_move(columns, hands, table, built, numbers, colour, mates):
                return None
        played |= bit
    final = State()
    final.table = table
    final.columns = tuple([tuple(column) for column in columns])
    final.hands = hands
    final.played_bits = played
    final.next_index = next_index
    final.ever_built = built
    final.turns_applied = start.turns_applied + len(turns)
    return final


def _apply_worded(state: State, turn: Turn) -> Step:
    """``apply`` for a turn that may break rules: every fault found, in words."""
    colour = turn.colour
    absent = s1_players(colour=colour, playing=state.hands)
    if absent:
        return _ignored(state, Problem(absent[0].rule, word(absent[0], 0), turn.colour_at))
    fault = e1_no_turn_after_the_end(state.played_bits, state.table.all_played)
    if fault is not None:
        return _ignored(state, Problem(fault.rule, word(fault, turn.meridian, colour), turn.at))
    problems, every_card_played = _order_faults(state, turn)  # a new list, to add to
    bit = card_bit(turn.card) << state.seating.shift[colour]
    found = card_for_the_turn(state.played_bits, bit, turn.card, turn.meridian, turn.skip)
    again, off_the_card = (None, None) if found is None else found
    card_ok = True
    if every_card_played:
        card_ok = False  # every card is played: said once, not again for this card
    elif again is not None:
        card_ok = False
        problems.append(Problem(again.rule, word(again, turn.meridian, colour), turn.card_at))
    elif state.decks:
        fault = t3_card_face_up(state.table, state.played_bits, colour, turn.card)
        if fault is not None:
            problems.append(Problem(fault.rule, word(fault, turn.meridian, colour), turn.card_at))
    card = turn.card if card_ok else None
    if off_the_card is not None:
        problems.append(
            Problem(off_the_card.rule, word(off_the_card, turn.meridian, colour), turn.card_at)
        )
        return step(_advance(state, colour, card), tuple(problems), None)
    if turn.skip is Skip.STUCK:
        fault = stuck_fault(state, colour, turn.card, turn.meridian)
        if fault is not None:
            problems.append(Problem(fault.rule, word(fault, turn.meridian, colour), turn.at))
        return step(_advance(state, colour, card), tuple(problems), Effect(None, None, ()))
    if turn.skip is Skip.PASS:
        return step(_advance(state, colour, card), tuple(problems), Effect(None, None, ()))
    meridian = turn.meridian
    outcome = act(state, colour, meridian, turn.take_off, turn.build)
    if isinstance(outcome, list):
        problems.extend(outcome)
        return step(_advance(state, colour, card), tuple(problems), None)
    column, hands, effect = outcome
    columns = list(state.columns)
    columns[meridian - 1] = column
    built = state.ever_built
    if effect.placed and meridian not in built:
        built = built | {meridian}
    after = _advance(state, colour, card, tuple(columns), hands, built)
    return step(after, tuple(problems), effect)


def _ignored(state: State, problem: Problem) -> Ignored:
    made = Ignored()
    made.state, made.problems, made._effect = state, (problem,), None
    return made


def _order_faults(state: State, turn: Turn) -> tuple[list[Problem], bool]:
    """The faults of turn order, and whether the mover has played every card (which is
    said instead)."""
    fault = t1_turn_order(state, turn.colour)
    if fault is None:
        return [], False
    every_card_played = False
    if state.cards_known:
        found = card_for_the_turn(state.played_mark(turn.colour), ALL_CARDS)
        if found is not None and found[0] is not None:
            fault, every_card_played = found[0], True
    said = word(fault, turn.meridian, turn.colour)
    return [Problem(fault.rule, said, turn.colour_at)], every_card_played


def pass_over(state: State, colour: str | None) -> State:
    """Go on past a turn the record does not make readable: only the order moves on."""
    if colour is None or colour not in state.hands:
        return state
    return _advance(state, colour, None)


def _advance(
    state: State,
    colour: str,
    card: Card | None,
    columns: tuple[Column, ...] | None = None,
    hands: dict[str, int] | None = None,
    ever_built: frozenset[int] | None = None,
) -> State:
    """Count the card as played and pass the turn on, following the actual mover.

    ``columns``, ``hands`` and ``ever_built`` are what the turn changed, if anything.
    """
    played = state.played_bits
    if card is not None:
        played |= card_bit(card) << state.seating.shift[colour]
    return state.successor(
        state.columns if columns is None else columns,
        state.hands if hands is None else hands,
        played,
        state.seating.index_after[colour],
        state.ever_built if ever_built is None else ever_built,
    )
