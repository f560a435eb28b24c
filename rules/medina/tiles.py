"""Palace tiles, tower tiles, tea tiles and retiring colours: what follows a placement.

Each function returns the events saying what changed hands, for replay and annotate.
"""

from __future__ import annotations

from collections.abc import Iterable

from meridina.rules.rule_home import decides

from .events import (
    ColourRetired,
    Event,
    PalaceTileMoved,
    TeaTilesTaken,
    TowerMerchantsTaken,
    TowerTileMoved,
)
from .model import NEUTRAL, Cell, Retire, StableTower, cell_name
from .state import Palace, State


def update_palace_tile(
    state: State, colour: str, of_colour: Iterable[Palace] | None = None
) -> list[Event]:
    """The tile goes to the largest roofed palace; only a strictly larger one takes it.

    ``of_colour``: the colour's palaces in the state's order, when already picked out.
    """
    holder = state.palace_tiles.get(colour)
    best_size = state.palaces[holder].size if holder is not None else 0
    best = None
    for palace in state.palaces.values() if of_colour is None else of_colour:
        if palace.colour == colour and palace.owner is not None:
            size = len(palace.buildings) + len(palace.stables)
            if size > best_size:
                best, best_size = palace, size
    if best is None or best.ident == holder:
        return []
    before = state.holder_of_palace_tile(colour)
    state.tiles_to_change()
    state.changing_item(state.palace_tiles, colour)
    state.palace_tiles[colour] = best.ident
    after = state.holder_of_palace_tile(colour)
    if before == after:
        return []
    return [PalaceTileMoved(colour, after)]


@decides("MED-TT2")  # the merchants that go with a tile taken first
def award_tower(state: State, tower: int, owner: str | None) -> list[Event]:
    events: list[Event] = []
    holder = None if owner == NEUTRAL else owner
    if state.tower_tiles.get(tower) != holder or tower not in state.tower_tiles:
        events.append(TowerTileMoved(tower, holder))
    state.tiles_to_change()
    state.changing_item(state.tower_tiles, tower)
    state.tower_tiles[tower] = holder
    merchants = state.tower_merchants.get(tower, 0)
    if merchants:
        state.changing_item(state.tower_merchants, tower)
        state.tower_merchants[tower] = 0
        if holder is not None:
            hand = state.hand_to_change(holder)
            state.changing(hand, "merchants")
            hand.merchants += merchants
        events.append(TowerMerchantsTaken(tower, merchants, holder))
    return events


def after_roof(state: State, palace: Palace, of_colour: list[Palace] | None = None) -> list[Event]:
    """What a roof brings about; ``of_colour``: the palaces of its colour, in the state's
    order, when already picked out."""
    colour = palace.colour
    # Picked out once: the tile and retiring look only at the palaces of this colour.
    if of_colour is None:
        of_colour = [other for other in state.palaces.values() if other.colour == colour]
    events = update_palace_tile(state, colour, of_colour)
    for tower in sorted(state.towers_touching(palace)):
        events.extend(award_tower(state, tower, palace.owner))
    events.extend(claim_tea(state, palace))
    events.extend(retire_if_owned(state, colour, of_colour))
    return events


@decides("MED-TEA1")
def claim_tea(state: State, palace: Palace) -> list[Event]:
    """A roof on a black palace claims the next share of tea tiles, for its owner."""
    tea = state.edition.tea_tiles
    if palace.colour == "black" and "tea" in state.options and state.tea_claims < len(tea):
        count = tea[state.tea_claims]
        state.changing(state, "tea_claims")
        state.tea_claims += 1
        if palace.owner not in (None, NEUTRAL):
            hand = state.hand_to_change(str(palace.owner))
            state.changing(hand, "tea")
            hand.tea += count
            return [TeaTilesTaken(str(palace.owner), count)]
    return []


def after_stable(state: State, palace: Palace, towers_before: set[int], placer: str) -> list[Event]:
    if not palace.roofed:
        return []
    events = update_palace_tile(state, palace.colour)
    if state.rulings.stable_tower is StableTower.OWNER and placer != palace.owner:
        return events  # by this ruling only the owner's own stable connects
    for tower in sorted(state.towers_touching(palace) - towers_before):
        events.extend(award_tower(state, tower, palace.owner))
    return events


def after_wall(state: State, wall: Cell) -> list[Event]:
    board = state.board
    inner = board.inner_of[wall]  # (a wall stands on the ring, never on a tower)
    ident = state.palace_at.get(inner) if inner is not None else None
    if ident is None:
        return []
    palace = state.palaces[ident]
    if palace.owner is None:
        return []
    wall_tower, ring_next_to = state.wall_tower, board.ring_next_to
    tower = wall_tower[wall]
    # Newly connected only if no other wall of this tower touched the palace already.
    for cells in (palace.buildings, palace.stables):
        for cell in cells:
            for other in ring_next_to[cell]:  # walls stand only on the ring
                if other != wall and wall_tower.get(other) == tower:
                    return []
    return award_tower(state, tower, palace.owner)


def retire_if_owned(
    state: State, colour: str, of_colour: Iterable[Palace] | None = None
) -> list[Event]:
    """Once every player owns a palace of a colour, its other buildings leave the game.

    ``of_colour``: the colour's palaces, when already picked out.
    """
    if state.rulings.retire_colours is Retire.NO or colour in state.retired:
        return []
    palaces = state.palaces.values() if of_colour is None else of_colour
    owners = {p.owner for p in palaces if p.colour == colour}
    if owners.issuperset(state.seat_colours):
        retired = state.retired_to_change()
        retired.add(colour)
        if state.journal is not None:
            state.journal.added(retired, colour)
        for player in list(state.hands):
            buildings = state.hand_to_change(player).buildings
            state.changing_item(buildings, colour)
            buildings[colour] = 0
        return [ColourRetired(colour)]
    return []


def describe_palace(palace: Palace) -> str:
    row, col = min([(row, col) for col, row in palace.buildings])  # the lowest row, then left
    return f"{palace.colour} palace at {cell_name((col, row))}"
