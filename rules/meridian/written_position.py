"""Put a written Meridian position on the board and check it as a Meridian position."""

from __future__ import annotations

from meridina.rules.common import Place, Problem

from .faults import word
from .model import PIECES_PER_COLOUR, Card, PlacedTower, Setup, Tower
from .state import State, card_bit, who
from .tower_rules import (
    place_exists,
    written_heights,
    written_tower,
    written_towers_per_player,
)
from .turn_rules import card_for_the_turn, s1_players, s3_pieces_and_decks, t1_turn_order


def apply_position(state: State, setup: Setup) -> tuple[State, list[Problem]]:
    """Put a written position on the board, checking it as a Meridian position."""
    position = setup.position
    assert position is not None
    problems: list[Problem] = []
    columns = [list(column) for column in state.columns]
    colours = state.colours
    for placed in position.towers:
        tower = placed.tower
        absent = s1_players(colour=tower.colour, playing=colours, named="tower", city=placed.city)
        if absent:
            problems.extend(Problem(f.rule, word(f, placed.meridian), placed.at) for f in absent)
            continue
        fault = place_exists(placed.city, state.board.cities, placed.meridian) or written_tower(
            columns[placed.meridian - 1], tower.height, placed.city
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
        fault = s3_pieces_and_decks(colour, None, pieces[colour])
        if fault is not None:
            problems.append(Problem(fault.rule, word(fault, 0), position.at))
    for colour, (count, at) in position.hands.items():
        absent = s1_players(colour=colour, playing=colours, named="position")
        if absent:
            named_at = position.colour_at.get(colour, at)
            problems.extend(Problem(f.rule, word(f, 0), named_at) for f in absent)
        elif (fault := s3_pieces_and_decks(colour, None, pieces[colour], count)) is not None:
            problems.append(Problem(fault.rule, word(fault, 0), at))
    played = {c: frozenset[Card]() for c in colours}
    if position.played is not None:
        for colour, cards in position.played.items():
            absent = s1_players(colour=colour, playing=colours, named="position")
            if absent:
                named_at = position.colour_at.get(colour, position.at)
                problems.extend(Problem(f.rule, word(f, 0), named_at) for f in absent)
                continue
            seen: set[Card] = set()
            mark = 0
            for card, at in cards:
                bit = card_bit(card)
                again = card_for_the_turn(mark, bit, card)
                if again is not None and again[0] is not None:
                    problems.append(Problem(again[0].rule, word(again[0], 0, colour), at))
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
        found = card_for_the_turn(cards, 0, None, None, None, towers)
        if found is not None and found[0] is not None:
            problems.append(
                Problem(found[0].rule, word(found[0], 0, "", who(state.seating, index)), at)
            )
    return problems


def _column_faults(
    state: State, meridian: int, column: list[Tower | None], placed: tuple[PlacedTower, ...]
) -> list[Problem]:
    problems: list[Problem] = []
    at = next((p.at for p in placed if p.meridian == meridian), None)
    fault = written_heights(column)
    if fault is not None:
        problems.append(Problem(fault.rule, word(fault, meridian), at))
    for owner in dict.fromkeys(state.owner(tower.colour) for tower in column if tower):
        colours = state.players[owner].colours
        fault = written_towers_per_player(column, colours, state.towers_per_player)
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
        absent = s1_players(colour=colour, playing=rotation, named="position")
        if absent:
            return state, [Problem(f.rule, word(f, 0), where) for f in absent]
        given = state.owner(colour) if state.free_turns else rotation.index(colour)
        named = state.changed(next_index=given)
        if state.cards_known:
            derived, problems = _start_mover(state, None, at)
            fault = None if problems else t1_turn_order(derived, colour, "position")
            if fault is not None:
                return named, [Problem(fault.rule, word(fault, 0), where)]
        return named, []
    if not state.cards_known:
        return state.changed(next_index=-1), []  # the first turn after the position decides
    fault = t1_turn_order(state)
    if fault is not None:
        return state, [Problem(fault.rule, word(fault, 0), at)]
    if state.free_turns:
        totals = [sum(len(state.played[c]) for c in p.colours) for p in state.players]
        return state.changed(next_index=0 if totals[0] <= totals[1] else 1), []
    counts = [len(state.played[c]) for c in rotation]
    return state.changed(next_index=counts.index(min(counts))), []
