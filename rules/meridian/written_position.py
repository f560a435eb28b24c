"""Put a written Meridian position on the board and check it as a Meridian position."""

from __future__ import annotations

from meridina.rules.common import Place, Problem

from .faults import word
from .made_once import card_bit
from .model import PIECES_PER_COLOUR, Card, PlacedTower, Setup, Tower
from .state import State, who
from .tower_rules import (
    R1HighEnough,
    R2HeightsDiffer,
    R3TallerUpwards,
    R5OnTheBoard,
    r4_towers_per_player,
)
from .turn_rules import S1Players, S3PiecesAndDecks, T1TurnOrder, T2CardsOnce


def apply_position(state: State, setup: Setup) -> tuple[State, list[Problem]]:
    """Put a written position on the board, checking it as a Meridian position."""
    position = setup.position
    assert position is not None
    problems: list[Problem] = []
    columns = [list(column) for column in state.columns]
    colours = state.colours
    for placed in position.towers:
        tower = placed.tower
        absent = S1Players.playing(tower.colour, colours, "tower", placed.city)
        if absent is not None:
            problems.append(Problem(absent.rule, word(absent, placed.meridian), placed.at))
            continue
        fault = (
            R5OnTheBoard.place(placed.city, state.board.cities, placed.meridian)
            or R1HighEnough.written(tower.height, placed.city)
            or R2HeightsDiffer.written_on(columns[placed.meridian - 1], placed.city)
        )
        if fault is not None:
            problems.append(Problem(fault.rule, word(fault, placed.meridian), placed.at))
            continue
        column = columns[placed.meridian - 1]
        column[placed.city - 1] = tower
    for meridian, column in enumerate(columns, start=1):
        problems.extend(_column_faults(state, meridian, column, position.towers))
    board_columns = tuple(tuple(column) for column in columns)
    state = state.changed(
        columns=board_columns,
        ever_built=frozenset(m for m, col in enumerate(columns, 1) if any(col)),
    )
    pieces = {c: state.pieces_on_board(c) for c in colours}
    hands = {c: PIECES_PER_COLOUR - pieces[c] for c in colours}
    for colour in colours:
        fault = S3PiecesAndDecks.pieces(colour, pieces[colour])
        if fault is not None:
            problems.append(Problem(fault.rule, word(fault, 0), position.at))
    for colour, (count, at) in position.hands.items():
        absent = S1Players.playing(colour, colours, "position")
        if absent is not None:
            named_at = position.colour_at.get(colour, at)
            problems.append(Problem(absent.rule, word(absent, 0), named_at))
        elif (fault := S3PiecesAndDecks.pieces(colour, pieces[colour], count)) is not None:
            problems.append(Problem(fault.rule, word(fault, 0), at))
    played = {c: frozenset[Card]() for c in colours}
    if position.played is not None:
        for colour, cards in position.played.items():
            absent = S1Players.playing(colour, colours, "position")
            if absent is not None:
                named_at = position.colour_at.get(colour, position.at)
                problems.append(Problem(absent.rule, word(absent, 0), named_at))
                continue
            seen: set[Card] = set()
            mark = 0
            for card, at in cards:
                bit = card_bit(card)
                again = T2CardsOnce.listed(mark, bit, card)
                if again is not None:
                    problems.append(Problem(again.rule, word(again, 0, colour), at))
                mark |= bit
                seen.add(card)
            played[colour] = frozenset(seen)
        problems.extend(_towers_without_cards(state, columns, played, position.at))
    state = state.changed(
        hands={c: max(h, 0) for c, h in hands.items()},
        played=played,
        cards_known=position.played is not None,
    )
    state, found = _start_mover(state, position.to_move, position.at)
    problems.extend(found)
    return state, problems


def _towers_without_cards(
    state: State,
    columns: list[list[Tower | None]],
    played: dict[str, frozenset[Card]],
    at: Place | None,
) -> list[Problem]:
    """Each tower took a card of its player (in the 2-player game, of either colour)."""
    problems = []
    for index, player in enumerate(state.players):
        towers = sum(
            1 for column in columns for t in column if t is not None and t.colour in player.colours
        )
        cards = sum(len(played[colour]) for colour in player.colours)
        found = T2CardsOnce.towers(towers, cards)
        if found is not None:
            problems.append(Problem(found.rule, word(found, 0, "", who(state.seating, index)), at))
    return problems


def _column_faults(
    state: State, meridian: int, column: list[Tower | None], placed: tuple[PlacedTower, ...]
) -> list[Problem]:
    problems: list[Problem] = []
    at = next((p.at for p in placed if p.meridian == meridian), None)
    fault = R2HeightsDiffer.written_meridian(column) or R3TallerUpwards.written_meridian(column)
    if fault is not None:
        problems.append(Problem(fault.rule, word(fault, meridian), at))
    for owner in dict.fromkeys(state.owner(tower.colour) for tower in column if tower):
        colours = state.players[owner].colours
        fault = r4_towers_per_player(column, colours, state.towers_per_player, 0)
        if fault is not None:
            problems.append(
                Problem(fault.rule, word(fault, meridian, "", who(state.seating, owner)), at)
            )
    return problems


def _start_mover(
    state: State, to_move: tuple[str, Place | None] | None, at: Place | None
) -> tuple[State, list[Problem]]:
    rotation = state.rotation
    if to_move is not None:
        colour, where = to_move
        absent = S1Players.playing(colour, rotation, "position")
        if absent is not None:
            return state, [Problem(absent.rule, word(absent, 0), where)]
        given = state.owner(colour) if state.free_turns else rotation.index(colour)
        named = state.changed(next_index=given)
        if state.cards_known:
            derived, problems = _start_mover(state, None, at)
            fault = None if problems else T1TurnOrder.mover(derived, colour, "position")
            if fault is not None:
                return named, [Problem(fault.rule, word(fault, 0), where)]
        return named, []
    if not state.cards_known:
        return state.changed(next_index=-1), []  # the first turn after the position decides
    fault = T1TurnOrder.cards_played(state)
    if fault is not None:
        return state, [Problem(fault.rule, word(fault, 0), at)]
    if state.free_turns:
        totals = [sum(len(state.played[c]) for c in p.colours) for p in state.players]
        return state.changed(next_index=0 if totals[0] <= totals[1] else 1), []
    counts = [len(state.played[c]) for c in rotation]
    return state.changed(next_index=counts.index(min(counts))), []
