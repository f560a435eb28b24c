"""One piece at a time: where a placement goes or every rule it breaks, making it, and
every placement a player could make now.

The legal-placement search judges each candidate with ``placement_faults``, the very
check that judges a placement written in a record; its sieve (``_could_hold``) only
picks the fields worth asking about, each field it leaves out asked of the rule's
decider.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from collections.abc import Set as AbstractSet

from .events import Event
from .faults import NO_FAULTS, Fault
from .model import (
    BUILDING_KIND,
    MERCHANT_KIND,
    NEUTRAL_KIND,
    ROOF_KIND,
    STABLE_KIND,
    TEA_KIND,
    WALL_KIND,
    Cell,
    Kind,
    Placement,
)
from .pieces import place_building, place_merchant, place_roof, place_stable, place_wall
from .placing import (
    b1_field,
    b3_spacing,
    b5_retired,
    building_target,
    r3_neutral_roofs,
    roof_target,
    stable_target,
    t5_tea,
    t6_supply,
    unfinished,
)
from .state import BUILDING, State
from .streets_walls import merchant_fault, street_blocked, street_ends, wall_arm


def check_placement(
    state: State, player: str, placement: Placement
) -> tuple[int | None, Fault | None]:
    """Where a placement would go, or the first (most basic) rule it breaks.

    The target is the palace a building joins (None: a new one), the palace a roof
    or stable goes on, the street end a merchant extends (None: a new street) or
    the arm a wall extends.
    """
    target, faults = placement_faults(state, player, placement)
    return target, (faults[0] if faults else None)


def placement_faults(
    state: State, player: str, placement: Placement
) -> tuple[int | None, Sequence[Fault]]:
    """Where a placement would go, or every rule it breaks, most basic first.

    The supply comes first (its colour has left the game, MED-B5; the game has no neutral
    roofs, MED-R3; no tea tile, MED-T5; none of the piece left, MED-T6), then the field,
    then the rules of the piece's kind; each rule is named once.
    """
    kind, cell = placement.kind, placement.cell
    # The supply rule of each kind beside its field's rules: one test of the kind a piece.
    if kind is TEA_KIND:
        supply = t5_tea(state, player)
        return None, [supply] if supply else NO_FAULTS
    assert cell is not None  # (a piece is always read with its field)
    hand = state.hands[player]
    if kind is BUILDING_KIND:
        colour = placement.colour or ""
        supply = b5_retired(state, colour) or t6_supply(hand, player, placement)
        target, faults = building_target(state, colour, cell)
    elif kind is WALL_KIND:
        supply = t6_supply(hand, player, placement)
        target, faults = wall_arm(state, cell)
    elif kind is MERCHANT_KIND:
        supply = t6_supply(hand, player, placement)
        target, faults = merchant_fault(state, cell)
    elif kind is STABLE_KIND:
        supply = t6_supply(hand, player, placement)
        target, faults = stable_target(state, cell)
    else:
        neutral = kind is NEUTRAL_KIND
        supply = r3_neutral_roofs(state) if neutral else None
        supply = supply or t6_supply(hand, player, placement)
        target, faults = roof_target(state, player, cell, neutral)
    if supply is not None:
        return None, [supply, *(f for f in faults if f.rule != supply.rule)]
    return target, faults


def make_placement(
    state: State, player: str, placement: Placement, target: int | None
) -> list[Event]:
    """Make a checked placement; returns what changed hands because of it."""
    kind, cell = placement.kind, placement.cell
    hand = state.hand_to_change(player)
    if kind is TEA_KIND:
        state.changing(hand, "tea")
        hand.tea -= 1
        return []
    assert cell is not None
    if kind is WALL_KIND:
        # A wall stands on the ring: what was worked out of the building fields still holds.
        assert target is not None
        return place_wall(state, hand, cell, target)
    if kind is ROOF_KIND or kind is NEUTRAL_KIND:
        # A roof fills no field; only its own palace stops growing.
        assert target is not None
        state.open_palaces.pop(state.palaces[target].colour, None)
        return place_roof(state, player, hand, target, kind is NEUTRAL_KIND)
    # A piece on a building field: what was worked out of the city no longer holds
    # (``State.city_changes``, written out: asked for most pieces).
    if state.open_palaces:
        state.open_palaces.clear()
    state.open_fields = None
    if kind is BUILDING_KIND:
        place_building(state, hand, placement.colour or "", cell, target)
        return []
    if kind is MERCHANT_KIND:
        place_merchant(state, hand, cell, target)
        return []
    assert target is not None
    return place_stable(state, player, hand, cell, target)


def legal_placements(state: State, player: str) -> Iterator[Placement]:
    """Every piece ``player`` could place now (tea tiles not included), in a fixed order:
    each kind of piece in turn, each on the fields in board order."""
    hand = state.hands[player]
    kinds: list[tuple[Kind, str | None]] = [
        (BUILDING_KIND, colour)
        for colour in state.edition.colours
        if colour not in state.retired and (not hand.known or hand.buildings[colour] > 0)
    ]
    for kind, count in (
        (ROOF_KIND, hand.roofs),
        (NEUTRAL_KIND, hand.neutral_roofs),
        (STABLE_KIND, hand.stables),
        (MERCHANT_KIND, hand.merchants),
        (WALL_KIND, hand.walls),
    ):
        if count > 0 or (not hand.known and kind not in (ROOF_KIND, NEUTRAL_KIND)):
            kinds.append((kind, None))
    for kind, colour in kinds:
        ordered: Iterable[Cell]
        if kind is BUILDING_KIND and not unfinished(state, colour or ""):
            fields = open_fields(state)
            if not fields:  # often so late in a game, when a pass is checked
                continue
            # In board order, found one by one: often the first is placement enough.
            ordered = (cell for cell in state.board.cell_order if cell in fields)
        else:
            ordered = sorted(_could_hold(state, player, kind, colour), key=_board_order)
        for cell in ordered:
            placement = Placement(kind, cell, colour)
            if not placement_faults(state, player, placement)[1]:
                yield placement


def _board_order(cell: Cell) -> tuple[int, int]:
    """The order of ``Board.cells``: the top row first, each row from the left."""
    return -cell[1], cell[0]


def _could_hold(state: State, player: str, kind: Kind, colour: str | None) -> AbstractSet[Cell]:
    """Every field a piece of this kind might legally go on now, and perhaps a few more:
    the fields next to what the piece's rule asks it to touch, each asked of the rule's
    decider where it says more. Only the fields kept need the full check."""
    board, pieces = state.board, state.pieces
    if kind is BUILDING_KIND:  # MED-B2: next to an unfinished palace
        open_palaces = unfinished(state, colour or "")
        if open_palaces:
            return {
                cell
                for palace in open_palaces
                for building in palace.buildings
                for cell in board.next_to[building]
                if b1_field(state, cell, None) is None
                and b3_spacing(state, cell, palace.ident, None) is None
            }
        return open_fields(state)
    if kind in (ROOF_KIND, NEUTRAL_KIND):  # on the buildings of an unroofed palace
        return {
            cell
            for palace in state.palaces.values()
            if not palace.roofed
            for cell in palace.buildings
        }
    if kind is STABLE_KIND:  # next to a building
        return {
            cell
            for building, piece in pieces.items()
            if piece == BUILDING
            for cell in board.next_to[building]
            if cell not in pieces
        }
    if kind is MERCHANT_KIND:  # at an end of the street, unless both are blocked
        if street_blocked(state):
            return board.building_fields - pieces.keys()
        return {cell for end in street_ends(state) for cell in board.next_to[end]}
    return {  # the next field of a tower's arm
        arm.cells[filled]
        for arm, filled in zip(board.arms, state.arm_fill, strict=True)
        if filled < len(arm.cells)
    }


def open_fields(state: State) -> AbstractSet[Cell]:
    """The fields where a building may start a new palace as far as the field and the
    spacing go (MED-B1, MED-B3), remembered until the city changes."""
    found = state.open_fields
    if found is None:
        free = state.board.building_fields.difference(state.pieces)
        found = state.open_fields = frozenset(
            cell
            for cell in free
            # (Late in a game most free fields touch a palace: spacing is asked first.)
            if b3_spacing(state, cell, None, None) is None and b1_field(state, cell, None) is None
        )
    return found


def can_place(state: State, player: str, kind: Kind | None = None) -> bool:
    """Whether ``player`` can place a piece (of ``kind``) now."""
    for placement in legal_placements(state, player):
        if kind is None or placement.kind is kind:
            return True
    return False


def roof_site(state: State, player: str) -> Cell | None:
    """A building ``player`` could put one of their own roofs on now, if any."""
    if state.hands[player].roofs <= 0:
        return None
    for palace in state.palaces.values():
        if palace.roofed:
            continue
        cell = min(palace.buildings)
        if not roof_target(state, player, cell, False)[1]:
            return cell
    return None
