"""Each kind of Medina piece: where it may go (a check) and what placing it does.

Each rule's condition is decided here by one function named after it and marked
``@decides``; it returns the rule's fault value (a class of ``faults.py``, which words
itself) or None, and the one turn loop, the legal-move search and the check of a
written position all ask it.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from meridina.rules.rule_home import decides

from .faults import (
    NO_FAULTS,
    UNWORDED,
    B1Field,
    B2OnePalaceGrows,
    ColourRetired,
    Fault,
    NoNeutralRoofs,
    NoPieceLeft,
    PalaceClosed,
    PalacesTouch,
    R1PalaceToRoof,
    SecondPalace,
    StableAlone,
    T5Tea,
)
from .model import (
    BUILDING_KIND,
    MERCHANT_KIND,
    NEUTRAL_KIND,
    ROOF_KIND,
    STABLE_KIND,
    TEA_KIND,
    WALL_KIND,
    Cell,
    Placement,
    StuckPalace,
    TeaPlacement,
)
from .state import BUILDING, Hand, Palace, State

# ---------------------------------------------------------------- supply


@decides("MED-T5")
def t5_tea(
    state: State, player: str, placements: Sequence[Placement] = (), index: int = -1, teas: int = 0
) -> Fault | None:
    """A tea tile stands for one of a turn's two pieces: only one the player holds, one a
    turn, never alone, and by the ruling tea-placement=second only after a piece.

    Asked three ways, as a tea tile is played: with no ``placements``, of the tile as taken
    from the player's supply; with ``index``, of the turn's placement ``index`` (a tea
    tile) before it is made, ``teas`` tiles played before it; else of the whole turn once
    made, ``teas`` of its tea tiles played.
    """
    if not placements:  # the supply
        if state.hands[player].tea <= 0:
            return T5Tea.NoneHeld(player)
        return None
    if index >= 0:  # one tile
        if teas:
            return T5Tea.Twice()
        second = state.rulings.tea_placement is TeaPlacement.SECOND
        if index == 0 and second and len(placements) > 1:
            return T5Tea.First()
        return None
    # the whole turn
    if teas and all(placement.kind is TEA_KIND for placement in placements):
        return T5Tea.Alone()
    return None


@decides("MED-T6")
def t6_supply(hand: Hand, player: str, placement: Placement) -> Fault | None:
    """The piece must come from the player's supply (an unknown supply may hold any piece
    but roofs, which a position counts)."""
    kind = placement.kind
    if kind is BUILDING_KIND:
        colour = placement.colour or ""
        if hand.known and hand.buildings.get(colour, 0) <= 0:
            return NoPieceLeft(player, f"{colour} building")
        return None
    # The kinds by how often a record places them: the usual answer comes soonest.
    if kind is WALL_KIND:
        count = hand.walls
    elif kind is MERCHANT_KIND:
        count = hand.merchants
    elif kind is ROOF_KIND:  # counted even in an unknown supply
        if hand.roofs <= 0:
            return NoPieceLeft(player, kind.value)
        return None
    elif kind is STABLE_KIND:
        count = hand.stables
    elif kind is NEUTRAL_KIND:
        if hand.neutral_roofs <= 0:
            return NoPieceLeft(player, "neutral roof")
        return None
    else:
        return None
    if hand.known and count <= 0:
        return NoPieceLeft(player, kind.value)
    return None


@decides("MED-B5")
def b5_retired(state: State, colour: str) -> Fault | None:
    """A colour every player owns a palace of has left the game (when the ruling says so)."""
    if colour in state.retired:
        return ColourRetired(colour)
    return None


@decides("MED-R3")
def r3_neutral_roofs(state: State) -> Fault | None:
    """Neutral roofs only in a game with the option."""
    if "neutral-roofs" not in state.options:
        return NoNeutralRoofs()
    return None


# ---------------------------------------------------------------- buildings and stables


@decides("MED-B1")
def b1_field(state: State, cell: Cell, what: str | None) -> Fault | None:
    """A building or stable (``what``; None: asked only yes or no) goes on a free building
    field, away from the well."""
    board = state.board
    if cell not in board.building_fields:
        if what is None:
            return UNWORDED
        return (B1Field.Ring if board.on_grid(cell) else B1Field.Off)(cell, what)
    piece = state.pieces.get(cell)
    if piece is not None:
        return UNWORDED if what is None else B1Field.Taken(cell, what, piece)
    well = state.well
    if well is not None and abs(cell[0] - well[0]) <= 1 and abs(cell[1] - well[1]) <= 1:
        return UNWORDED if what is None else B1Field.Well(cell, what)
    return None


@decides("MED-B3")
def b3_spacing(
    state: State, cell: Cell, own: int | None, what: str | None, named: Collection[int] = ()
) -> Fault | None:
    """No building or stable may touch another palace than its own, diagonals included.

    ``cell`` is on the grid. Palaces in ``named`` are left out: a fault of their own
    already names them. (``what``: the piece; None: asked only yes or no.)
    """
    palace_at = state.palace_at
    around = state.board.all_around[cell]
    if own is None and not named:  # a new palace: any palace around is one too many
        if palace_at.keys().isdisjoint(around):
            return None  # the usual new palace: nothing at all around (one look-up in C)
        if what is None:
            return UNWORDED
    elif not named:
        # The palaces around, gathered in one pass in C: the usual answer is "its own only".
        touching = set(map(palace_at.get, around))
        touching.discard(None)
        touching.discard(own)
        if not touching:
            return None
        if what is None:
            return UNWORDED
    for other in around:
        ident = palace_at.get(other)
        if ident is not None and ident != own and ident not in named:
            if what is None:
                return UNWORDED
            return PalacesTouch(cell, what, state.palaces[ident].colour, other)
    return None


@decides("MED-B6")
def b6_stable_palace(state: State, cell: Cell) -> int | Fault:
    """A stable goes next to a building: it joins the lowest-numbered palace it touches."""
    pieces, palace_at = state.pieces, state.palace_at
    target = None
    for other in state.board.next_to[cell]:  # (a field on the board)
        if pieces.get(other) == BUILDING:
            ident = palace_at[other]
            if target is None or ident < target:
                target = ident
    if target is None:
        return StableAlone(cell)
    return target


def can_extend(state: State, palace: Palace) -> bool:
    """Whether a building of the palace's colour can still be added to it."""
    if palace.owner is not None:  # roofed (read as a field: asked for every palace)
        return False
    next_to = state.board.next_to
    for building in palace.buildings:
        for cell in next_to[building]:
            if (
                b1_field(state, cell, None) is None
                and b3_spacing(state, cell, palace.ident, None) is None
            ):
                return True
    return False


def can_grow(state: State, colour: str) -> bool:
    """Whether some palace of the colour can still take a building (``unfinished`` is not
    empty), told without listing them all."""
    known = state.open_palaces.get(colour)
    if known is not None:
        return bool(known)
    for palace in state.palaces.values():
        if palace.colour == colour and palace.owner is None and can_extend(state, palace):
            return True
    return False


def unfinished(state: State, colour: str) -> list[Palace]:
    """The palaces of a colour that a new building must extend."""
    known = state.open_palaces.get(colour)
    if known is None:  # remembered until the next placement changes the city
        known = state.open_palaces[colour] = [
            p.ident for p in state.palaces.values() if p.colour == colour and can_extend(state, p)
        ]
    return [state.palaces[ident] for ident in known]


@decides("MED-B2")
def b2_palace_to_join(
    state: State, colour: str, cell: Cell | None, free: bool, spaced_too: bool = False
) -> int | Fault | None:
    """A building joins its colour's unfinished palace while one can still grow.

    The palace a building on ``cell`` joins (None: no palace of the colour can grow, so it
    starts a new one), or the fault; ``free`` says the field itself may take a building
    (MED-B1). With no cell, the city as written: at most one palace of a colour unfinished.
    With ``spaced_too`` a palace is only answered where the field also keeps its spacing
    (else the MED-B3 fault), so that a placement asks for spacing only once.
    """
    if cell is None:
        growing = [p for p in state.palaces.values() if p.colour == colour and can_extend(state, p)]
        if len(growing) > 1:
            return B2OnePalaceGrows.Growing(colour, len(growing), position=True)
        # (By stuck-palace=roof: one unroofed palace of a colour at most.)
        if state.rulings.stuck_palace is StuckPalace.ROOF:
            unroofed = [p for p in state.palaces.values() if p.colour == colour and p.owner is None]
            if len(unroofed) > 1:
                return B2OnePalaceGrows.Unroofed(colour, len(unroofed), position=True)
        return None
    pieces, palace_at = state.pieces, state.palace_at
    neighbours = state.board.next_to[cell]  # a building field, or one next to the well
    if free:
        # The usual case first: next to a palace of its colour, and touching no other one.
        # That palace can grow (this field shows it), and it is the only one here to join.
        for other in neighbours:
            ident = palace_at.get(other)
            if ident is not None and pieces[other] == BUILDING:
                joined = state.palaces[ident]
                if (
                    joined.colour == colour
                    and joined.owner is None
                    and b3_spacing(state, cell, ident, None) is None
                ):
                    return ident
                break
    if not can_grow(state, colour):  # told without listing the palaces: the usual case
        if state.rulings.stuck_palace is StuckPalace.ROOF:
            # Under stuck-palace=roof, a stuck palace of the colour bars a new one.
            for palace in state.palaces.values():
                if palace.colour == colour and palace.owner is None:
                    stuck = sorted(palace.buildings)
                    return B2OnePalaceGrows.Stuck(colour, stuck, (palace.ident,))
        return None
    open_palaces = unfinished(state, colour)
    for palace in open_palaces:
        if any(other in palace.buildings for other in neighbours):
            if spaced_too:
                return b3_spacing(state, cell, palace.ident, None) or palace.ident
            return palace.ident
    named = tuple(palace.ident for palace in open_palaces)
    return B2OnePalaceGrows.Unjoined(colour, sorted(open_palaces[0].buildings), named)


@decides("MED-B4")
def b4_finished(state: State, colour: str, cell: Cell) -> PalaceClosed | None:
    """A roofed or finished palace takes no more buildings of its colour (asked where no
    palace of the colour can grow)."""
    palace_at, palaces = state.palace_at, state.palaces
    next_to = state.board.next_to[cell]
    if palace_at.keys().isdisjoint(next_to):
        return None  # the usual case: no palace next to the field at all
    for other in next_to:
        ident = palace_at.get(other)
        if ident is not None:
            palace = palaces[ident]
            if palace.colour == colour and other in palace.buildings:
                return PalaceClosed(colour, other, ident)
    return None


def building_target(state: State, colour: str, cell: Cell) -> tuple[int | None, Sequence[Fault]]:
    """The palace a building on ``cell`` joins (None: a new one), or every rule it breaks.

    A field that cannot hold a building at all (off the board, on the ring, taken) says
    all there is to say; a field next to the well still has its palace rules checked.
    """
    fault = b1_field(state, cell, "building")
    if fault is None:  # the usual legal building, told at once
        joins = b2_palace_to_join(state, colour, cell, True, spaced_too=True)
        if isinstance(joins, int):  # (its spacing asked too)
            return joins, NO_FAULTS
        if (
            joins is None
            and b4_finished(state, colour, cell) is None
            and b3_spacing(state, cell, None, None) is None
        ):
            return None, NO_FAULTS
    elif not isinstance(fault, B1Field.Well):
        return None, [fault]
    faults: list[Fault] = [fault] if fault is not None else []
    joins = b2_palace_to_join(state, colour, cell, fault is None)
    named: tuple[int, ...] = ()  # palaces a fault below names already
    target = None
    if isinstance(joins, Fault):
        faults.append(joins)
        named = joins.named if isinstance(joins, B2OnePalaceGrows.Unjoined) else ()
    elif joins is not None:
        target = joins
    else:
        fault = b4_finished(state, colour, cell)
        if fault is not None:
            faults.append(fault)
            named = (fault.ident,)
    fault = b3_spacing(state, cell, target, "building", named)
    if fault is not None:
        faults.append(fault)
    return target, faults


def stable_target(state: State, cell: Cell) -> tuple[int | None, Sequence[Fault]]:
    """The palace a stable on ``cell`` joins, or every rule it breaks."""
    fault = b1_field(state, cell, "stable")
    if fault is not None and not isinstance(fault, B1Field.Well):
        return None, [fault]
    faults: list[Fault] = [fault] if fault is not None else []
    target = b6_stable_palace(state, cell)
    if isinstance(target, Fault):
        # A stable next to no building joins no palace, so spacing has nothing to measure.
        faults.append(target)
        return None, faults
    fault = b3_spacing(state, cell, target, "stable")
    if fault is not None:
        faults.append(fault)
    return target, faults


# ---------------------------------------------------------------- roofs


@decides("MED-R1")
def r1_palace_to_roof(state: State, cell: Cell, word: str) -> int | Fault:
    """A roof goes on a building of an unroofed palace that has the buildings the ruling
    min-roof-size asks for: that palace, or the fault (``word``: the roof as written)."""
    ident = state.palace_at.get(cell)
    if ident is None:
        return R1PalaceToRoof.NoPalace(cell)
    palace = state.palaces[ident]
    if cell not in palace.buildings:
        row, col = min((row, col) for col, row in palace.buildings)  # as describe_palace names it
        return R1PalaceToRoof.OnStable(cell, palace.colour, (col, row), word)
    if palace.owner is not None:
        return R1PalaceToRoof.Roofed(cell, palace.colour, palace.owner)
    if len(palace.buildings) < state.rulings.min_roof_size:
        return R1PalaceToRoof.Small(cell, state.rulings.min_roof_size)
    return ident


@decides("MED-R2")
def r2_one_palace_a_colour(state: State, player: str, palace: Palace) -> Fault | None:
    """A player owns at most one palace of each colour."""
    colour, ident = palace.colour, palace.ident
    for other in state.palaces.values():
        if other.owner == player and other.colour == colour and other.ident != ident:
            return SecondPalace(player, colour)
    return None


def roof_target(
    state: State, player: str, cell: Cell, neutral: bool
) -> tuple[int | None, Sequence[Fault]]:
    """The palace a roof on ``cell`` covers, or every rule it breaks."""
    found = r1_palace_to_roof(state, cell, "neutral" if neutral else "roof")
    faults = []
    if isinstance(found, Fault):
        if isinstance(found, R1PalaceToRoof.NoPalace | R1PalaceToRoof.OnStable):
            return None, [found]
        faults.append(found)
        palace = state.palaces[state.palace_at[cell]]
    else:
        palace = state.palaces[found]
    if not neutral:
        fault = r2_one_palace_a_colour(state, player, palace)
        if fault is not None:
            faults.append(fault)
    return (None if faults else palace.ident), faults
