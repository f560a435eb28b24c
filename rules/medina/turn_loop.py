"""The one loop that plays a Medina turn: every turn of every game goes through ``play_turn``.

It asks each rule's decider in the order the digest gives a turn's faults and makes each
placement that breaks none, on the state it is handed, in place. Two ways to play:

- ``first_fault`` (validate, score): stop at the first fault, with the turn part made;
  the caller takes it back (a live position's journal) and plays it again collecting.
- else (annotate, replay): collect every fault of the turn, each with its place, and
  make every placement that breaks no rule.

Whether the game is over, with its last passes unwritten (MED-E1), is asked only of a
turn with a fault that made no piece: a turn that made a piece shows that one could be
placed.
"""

from __future__ import annotations

from dataclasses import dataclass

from meridina.rules.common import Place

from .events import Event
from .faults import Fault
from .model import TEA_KIND, Turn
from .placements import make_placement, placement_faults
from .placing import t5_tea
from .setup_rules import s1_players
from .state import State, holds_pieces
from .turn_rules import (
    T2TwoPieces,
    e1_game_over,
    t1_turn_order,
    t2_two_pieces,
    t3_pass,
    t4_last_roofs,
)

Found = tuple[Fault, "Place | None"]


@dataclass(slots=True)
class TurnPlay:
    """What playing one turn found and brought about."""

    faults: list[Found]
    events: list[Event]
    # Passed over whole (MED-S1, MED-E1): the caller keeps the state from before the turn.
    ignored: bool = False
    # ``first_fault`` found one: the turn is part made, and the caller takes it back.
    stopped: bool = False


def play_turn(state: State, turn: Turn, first_fault: bool = False) -> TurnPlay:
    """Play ``turn`` on ``state`` in place: its faults, and what it brought about."""
    found: list[Found] = []
    played = TurnPlay(found, [])
    player = turn.player
    hand = state.hands.get(player)
    if hand is None:  # MED-S1: not playing
        found.extend((fault, turn.player_at) for fault in s1_players(state.hands, player))
        played.ignored, played.stopped = True, first_fault
        return played
    holds = holds_pieces(hand)
    fault = e1_game_over(state, holds)
    if fault is not None:
        found.append((fault, turn.at))
        played.ignored, played.stopped = True, first_fault
        return played
    fault = t1_turn_order(state, player, holds)
    if fault is not None:
        found.append((fault, turn.player_at))
        if first_fault:
            played.stopped = True
            return played
    if turn.passed:
        fault = t3_pass(state, player)
        if fault is not None:
            found.append((fault, turn.at))
            if first_fault:
                played.stopped = True
                return played
        if found and _over_unwritten(state, turn, played):
            return played
        _next_turn(state, player, passed=True)
        return played
    placements = turn.placements
    # Decided on the city before the turn, told after the turn's own faults.
    last_roofs = t4_last_roofs(state, player, hand, placements)
    if last_roofs is not None and first_fault:
        found.append((last_roofs, turn.at))
        played.stopped = True
        return played
    made = teas = 0  # pieces placed (tea tiles are not pieces), tea tiles played
    for index, placement in enumerate(placements):
        too_many = t2_two_pieces(state, player, 0, index)
        if isinstance(too_many, T2TwoPieces.TooMany):
            found.append((too_many, placement.at))
            break
        tea = placement.kind is TEA_KIND
        if tea:
            fault = t5_tea(state, player, placements, index, teas)
            if fault is not None:
                found.append((fault, placement.at))
                if first_fault:
                    break
                continue
        if too_many is not None:  # an opening turn's second piece
            found.append((too_many, placement.at))
            break
        target, faults = placement_faults(state, player, placement)
        if faults:
            found.extend((fault, placement.at) for fault in faults)
            if first_fault:
                break
            continue
        events = make_placement(state, player, placement, target)
        if events:
            played.events.extend(events)
        if tea:
            teas += 1
        else:
            made += 1
    if found and first_fault:
        played.stopped = True
        return played
    _next_turn(state, player, passed=False)
    if teas:
        fault = t5_tea(state, player, placements, teas=teas)
        if fault is not None:
            found.append((fault, turn.at))
    fault = t2_two_pieces(state, player, len(placements), teas=teas, made=made)
    if fault is not None:
        found.append((fault, turn.at))
    if last_roofs is not None:
        found.append((last_roofs, turn.at))
    if found and first_fault:
        played.stopped = True
    elif found and not made:
        _over_unwritten(state, turn, played)
    return played


def _next_turn(state: State, player: str, passed: bool) -> None:
    """The turn is counted, the next seat's turn comes, and a run of passes grows or ends."""
    journal = state.journal
    if journal is not None:
        journal.keep(
            (_set_counters, (state, state.next_seat, state.turns_played, state.passes_in_a_row))
        )
    state.next_seat = state.seat_colours.index(player) + 1
    state.turns_played += 1
    state.passes_in_a_row = state.passes_in_a_row + 1 if passed else 0


def _set_counters(state: State, next_seat: int, turns_played: int, passes_in_a_row: int) -> None:
    """The turn's counters as they were (a turn taken back)."""
    state.next_seat, state.turns_played = next_seat, turns_played
    state.passes_in_a_row = passes_in_a_row


def _over_unwritten(state: State, turn: Turn, played: TurnPlay) -> bool:
    """A faulty turn that placed no piece, after an end whose last passes went unwritten
    (MED-E1): the turn is ignored, for that one fault. (The turn changed no piece of the
    city, so the city is the one it was played on.)"""
    fault = e1_game_over(state, True, unwritten=True)
    if fault is None:
        return False
    played.faults[:] = [(fault, turn.at)]
    played.events.clear()
    played.ignored = True
    return True
