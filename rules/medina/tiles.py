"""Palace tiles, tower tiles, tea tiles and retiring colours: what follows a placement.

Each function returns the events saying what changed hands, for replay and annotate.
"""

from __future__ import annotations

from .events import (
    ColourRetired,
    Event,
    PalaceTileMoved,
    TeaTilesTaken,
    TowerMerchantsTaken,
    TowerTileMoved,
)
from .model import NEUTRAL, Retire, StableTower, cell_name
from .state import Palace, State


def article(word: str) -> str:
    return f"{'an' if word[:1] in 'aeiou' else 'a'} {word}"


def update_palace_tile(state: State, colour: str) -> list[Event]:
    """The tile goes to the largest roofed palace; only a strictly larger one takes it."""
    holder = state.palace_tiles.get(colour)
    held_size = state.palaces[holder].size if holder is not None else 0
    best = None
    for palace in state.palaces.values():
        larger = palace.size > (best.size if best is not None else held_size)
        if palace.colour == colour and palace.roofed and larger:
            best = palace
    if best is None or best.ident == holder:
        return []
    before = state.holder_of_palace_tile(colour)
    state.palace_tiles[colour] = best.ident
    after = state.holder_of_palace_tile(colour)
    if before == after:
        return []
    return [PalaceTileMoved(colour, after)]


def award_tower(state: State, tower: int, owner: str | None) -> list[Event]:
    events: list[Event] = []
    holder = None if owner == NEUTRAL else owner
    if state.tower_tiles.get(tower) != holder or tower not in state.tower_tiles:
        events.append(TowerTileMoved(tower, holder))
    state.tower_tiles[tower] = holder
    merchants = state.tower_merchants.get(tower, 0)
    if merchants:
        state.tower_merchants[tower] = 0
        if holder is not None:
            state.hands[holder].merchants += merchants
        events.append(TowerMerchantsTaken(tower, merchants, holder))
    return events


def after_roof(state: State, palace: Palace) -> list[Event]:
    events = update_palace_tile(state, palace.colour)
    for tower in sorted(state.towers_touching(palace)):
        events.extend(award_tower(state, tower, palace.owner))
    tea = state.edition.tea_tiles
    if palace.colour == "black" and "tea" in state.options and state.tea_claims < len(tea):
        count = tea[state.tea_claims]
        state.tea_claims += 1
        if palace.owner not in (None, NEUTRAL):
            state.hands[str(palace.owner)].tea += count
            events.append(TeaTilesTaken(str(palace.owner), count))
    events.extend(retire_if_owned(state, palace.colour))
    return events


def after_stable(state: State, palace: Palace, towers_before: set[int], placer: str) -> list[Event]:
    if not palace.roofed:
        return []
    events = update_palace_tile(state, palace.colour)
    if state.rulings.stable_tower is StableTower.OWNER and placer != palace.owner:
        return events  # by this ruling only the owner's own stable connects
    for tower in sorted(state.towers_touching(palace) - towers_before):
        events.extend(award_tower(state, tower, palace.owner))
    return events


def after_wall(state: State, wall: object) -> list[Event]:
    assert isinstance(wall, tuple)
    inner = state.board.inner_field(wall)
    palace = state.palace(inner)
    if palace is None or not palace.roofed:
        return []
    tower = state.wall_tower[wall]
    # Newly connected only if no other wall of this tower touched the palace already.
    touching_before = any(
        state.wall_tower.get(n) == tower
        for cell in palace.cells()
        for n in state.board.neighbours(cell)
        if n != wall
    )
    if touching_before:
        return []
    return award_tower(state, tower, palace.owner)


def retire_if_owned(state: State, colour: str) -> list[Event]:
    """Once every player owns a palace of a colour, its other buildings leave the game."""
    if state.rulings.retire_colours is Retire.NO or colour in state.retired:
        return []
    if all(any(p.colour == colour for p in state.owned(player.colour)) for player in state.players):
        state.retired.add(colour)
        for hand in state.hands.values():
            hand.buildings[colour] = 0
        return [ColourRetired(colour)]
    return []


def describe_palace(palace: Palace) -> str:
    first = cell_name(min(palace.buildings, key=lambda c: (c[1], c[0])))
    return f"{palace.colour} palace at {first}"
