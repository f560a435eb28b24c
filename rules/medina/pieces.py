"""What placing a checked piece does to a state, and how a live position takes it back.

Each ``place_*`` makes one placement the rules allow (``placements.placement_faults`` said
so) and returns the events it brought about (``tiles.py``). On a state that keeps a
journal (a ``GamePosition``'s) it files one record that takes the piece back; whatever
the tiles then change is filed by ``tiles.py`` after it, and so taken back first.
"""

from __future__ import annotations

from .events import Event
from .model import NEUTRAL, Cell
from .state import BUILDING, MERCHANT, STABLE, WALL, Hand, Palace, State
from .tiles import after_roof, after_stable, after_wall, update_palace_tile


def place_building(state: State, hand: Hand, colour: str, cell: Cell, target: int | None) -> None:
    new = target is None
    if target is None:
        target = max(state.palaces, default=0) + 1
        state.add_palace(Palace(target, colour, {cell}))
    else:
        state.palace_to_change(target).buildings.add(cell)
    state.palace_at[cell] = target
    state.pieces[cell] = BUILDING
    if hand.known:
        hand.buildings[colour] -= 1
    if state.journal is not None:
        state.journal.keep((_take_building, (state, hand, colour, cell, target, new)))


def _take_building(
    state: State, hand: Hand, colour: str, cell: Cell, target: int, new: bool
) -> None:
    if new:
        del state.palaces[target]
    else:
        state.palaces[target].buildings.discard(cell)
    del state.palace_at[cell], state.pieces[cell]
    if hand.known:
        hand.buildings[colour] += 1


def place_stable(state: State, player: str, hand: Hand, cell: Cell, target: int) -> list[Event]:
    palace = state.palace_to_change(target)
    roofed = palace.owner is not None
    # A roofed palace's towers matter, and only a stable next to a wall can add one.
    wall_tower = state.wall_tower
    walled = roofed and any(other in wall_tower for other in state.board.ring_next_to[cell])
    before = state.towers_touching(palace) if walled else None
    palace.stables.add(cell)
    state.palace_at[cell] = target
    state.pieces[cell] = STABLE
    if hand.known:
        hand.stables -= 1
    if state.journal is not None:
        state.journal.keep((_take_stable, (state, hand, cell, palace)))
    if not roofed:
        return []
    if before is None:  # no tower newly touched: only the palace tile may move
        return update_palace_tile(state, palace.colour)
    return after_stable(state, palace, before, player)


def _take_stable(state: State, hand: Hand, cell: Cell, palace: Palace) -> None:
    palace.stables.discard(cell)
    del state.palace_at[cell], state.pieces[cell]
    if hand.known:
        hand.stables += 1


def place_roof(state: State, player: str, hand: Hand, target: int, neutral: bool) -> list[Event]:
    palace = state.palace_to_change(target)
    palace.owner = NEUTRAL if neutral else player
    state.roofs_placed += 1
    palace.roofed_at = state.roofs_placed
    if neutral:
        hand.neutral_roofs -= 1
    else:
        hand.roofs -= 1
    if state.journal is not None:
        state.journal.keep((_take_roof, (state, hand, palace, neutral)))
    return after_roof(state, palace)


def _take_roof(state: State, hand: Hand, palace: Palace, neutral: bool) -> None:
    palace.owner = palace.roofed_at = None
    state.roofs_placed -= 1
    if neutral:
        hand.neutral_roofs += 1
    else:
        hand.roofs += 1


def place_merchant(state: State, hand: Hand, cell: Cell, end: int | None) -> None:
    streets = state.street_to_change()
    if end is None:
        streets.append([cell])
    elif end == 0 and len(streets[-1]) > 1:
        streets[-1].insert(0, cell)
    else:
        streets[-1].append(cell)
    state.pieces[cell] = MERCHANT
    if hand.known:
        hand.merchants -= 1
    if state.journal is not None:
        state.journal.keep((_take_merchant, (state, hand, cell, end)))


def _take_merchant(state: State, hand: Hand, cell: Cell, end: int | None) -> None:
    streets = state.streets
    if end is None:
        streets.pop()
    else:
        streets[-1].remove(cell)  # (at either end: a merchant stands on one field only)
    del state.pieces[cell]
    if hand.known:
        hand.merchants += 1


def place_wall(state: State, hand: Hand, cell: Cell, arm: int) -> list[Event]:
    arm_fill, wall_tower = state.walls_to_change()
    arm_fill[arm] += 1
    state.pieces[cell] = WALL
    wall_tower[cell] = state.board.arms[arm].tower
    if hand.known:
        hand.walls -= 1
    if state.journal is not None:
        state.journal.keep((_take_wall, (state, hand, cell, arm)))
    return after_wall(state, cell)


def _take_wall(state: State, hand: Hand, cell: Cell, arm: int) -> None:
    state.arm_fill[arm] -= 1
    del state.pieces[cell], state.wall_tower[cell]
    if hand.known:
        hand.walls += 1
