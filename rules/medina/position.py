"""Put a written Medina position on the board and check that it could have been played."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise
from typing import ClassVar

from meridina.rules.codes import RuleCode
from meridina.rules.common import Place, Problem
from meridina.rules.rule_home import decides, words

from .faults import Fault, PalacesTouch, R1PalaceToRoof
from .model import NEUTRAL, Cell, StartPosition, cell_name
from .placements import legal_placements
from .placing import (
    b2_palace_to_join,
    b3_spacing,
    b6_stable_palace,
    r1_palace_to_roof,
    r2_one_palace_a_colour,
    r3_neutral_roofs,
)
from .position_tiles import written_tiles
from .setup_rules import s1_players
from .state import BUILDING, MERCHANT, STABLE, WALL, Palace, State
from .streets_walls import (
    M1StreetEnd,
    NewStreetTouches,
    m1_street_end,
    w1_wall_arm,
    w2_gate,
    written_street_touch,
)
from .tiles import retire_if_owned


def apply_position(state: State, position: StartPosition) -> list[Problem]:
    problems: list[Problem] = []
    at = position.at
    # The Setup tag's merchant stands on the board already; a position may list it too.
    unlisted_setup = [cell for street in state.streets for cell in street]

    def occupy(cell: Cell, kind: str, where: Place | None) -> bool:
        if kind == MERCHANT and cell in unlisted_setup:
            unlisted_setup.remove(cell)
            return True
        faults = p1_looks_reachable(state, cell, kind)
        if faults:
            problems.extend(fault.at(where) for fault in faults)
            return False
        state.pieces[cell] = kind
        return True

    colour_of: dict[Cell, str] = {}
    place_of: dict[Cell, Place | None] = {}
    for colour, cell, where in position.buildings:
        if occupy(cell, BUILDING, where):
            colour_of[cell] = colour
            place_of[cell] = where
    _form_palaces(state, colour_of)
    for cell, where in position.stables:
        if not occupy(cell, STABLE, where):
            continue
        ident = b6_stable_palace(state, cell)
        if isinstance(ident, Fault):
            problems.append(ident.in_position().at(where))
            continue
        state.palaces[ident].stables.add(cell)
        state.palace_at[cell] = ident
        place_of[cell] = where
    problems.extend(_spacing(state, place_of))
    for cell, where in position.walls:
        occupy(cell, WALL, where)
    problems.extend(_walls(state, position))
    groups = [
        [(cell, where) for cell, where in group if occupy(cell, MERCHANT, where)]
        for group in position.merchant_groups()
    ]
    # The Setup tag's first merchant, unless an entry lists it, belongs with the first entry.
    groups[0].extend((cell, None) for cell in unlisted_setup)
    problems.extend(_streets(state, groups, at))
    problems.extend(_roofs(state, position))
    for colour in state.edition.colours:
        retire_if_owned(state, colour)
    problems.extend(_unfinished(state, at))
    problems.extend(_supplies(state, at, position.spent is not None))
    problems.extend(written_tiles(state, position))
    for player, (count, where) in position.tea.items():
        faults = s1_players(state.hands, player)
        if faults:
            problems.extend(fault.in_position().at(where) for fault in faults)
        else:
            state.hands[player].tea = count
    if position.to_move is not None:
        colour, where = position.to_move
        faults = s1_players(state.seat_colours, colour)
        if faults:
            problems.extend(fault.in_position().at(where) for fault in faults)
        else:
            state.next_seat = state.seat_colours.index(colour)
    state.turns_played = 99  # past any opening single-piece turns
    if position.spent is not None:
        problems.extend(fault.at(position.spent) for fault in p1_looks_reachable(state, over=True))
    return problems


def _form_palaces(state: State, colour_of: dict[Cell, str]) -> None:
    seen: set[Cell] = set()
    for start in sorted(colour_of, key=lambda c: (c[1], c[0])):
        if start in seen:
            continue
        colour = colour_of[start]
        group = {start}
        frontier = [start]
        while frontier:
            cell = frontier.pop()
            for other in state.board.neighbours(cell):
                if other not in group and colour_of.get(other) == colour:
                    group.add(other)
                    frontier.append(other)
        seen |= group
        ident = max(state.palaces, default=0) + 1
        state.palaces[ident] = Palace(ident, colour, group)
        for cell in group:
            state.palace_at[cell] = ident


def _spacing(state: State, place_of: dict[Cell, Place | None]) -> list[Problem]:
    """Each two palaces that touch, told once."""
    problems = []
    reported: dict[int, set[int]] = {}  # palace -> the palaces it was reported with
    for cell, ident in sorted(state.palace_at.items(), key=lambda item: (item[0][1], item[0][0])):
        told = reported.setdefault(ident, set())
        while isinstance(fault := b3_spacing(state, cell, ident, "", told), PalacesTouch):
            other = state.palace_at[fault.other]
            told.add(other)
            reported.setdefault(other, set()).add(ident)
            problems.append(fault.in_position().at(place_of.get(cell)))
    return problems


def _walls(state: State, position: StartPosition) -> list[Problem]:
    """Walls must fill each arm from its tower, with a free gate on every side."""
    problems = []
    board = state.board
    place_of = dict(position.walls)
    for index, arm in enumerate(board.arms):
        filled = 0
        for cell in arm.cells:
            if state.pieces.get(cell) != WALL:
                break
            filled += 1
        state.arm_fill[index] = filled
    for index, arm in enumerate(board.arms):
        partner = board.arm_partner[index]
        if index > partner:
            continue
        gate = w2_gate(state, index, state.arm_fill[index], None)
        if gate is not None:
            problems.append(gate.in_position().at(position.at))
            continue
        for cell in arm.cells:
            if state.pieces.get(cell) != WALL:
                continue
            found = w1_wall_arm(state, cell, standing=True)
            if isinstance(found, Fault):
                problems.append(found.at(place_of.get(cell)))
        for side in (index, partner):
            for cell in board.arms[side].cells[: state.arm_fill[side]]:
                state.wall_tower[cell] = board.arms[side].tower
    return problems


def _streets(
    state: State, groups: list[list[tuple[Cell, Place | None]]], at: Place | None
) -> list[Problem]:
    """Each street is a simple line of merchants; the one written last is the current one.

    Within one ``merchants:`` entry, merchants next to each other form one street. A
    street that touches an older one is written in an entry of its own, after it.
    """
    board = state.board
    state.streets = []
    problems = []
    place_of: dict[Cell, Place | None] = {}
    for group in groups:
        cells = {cell for cell, _ in group}
        for cell, where in group:
            place_of.setdefault(cell, where)
        seen: set[Cell] = set()
        for start, _ in group:
            if start in seen:
                continue
            street = {start}
            frontier = [start]
            while frontier:
                cell = frontier.pop()
                for other in board.neighbours(cell):
                    if other in cells and other not in street:
                        street.add(other)
                        frontier.append(other)
            seen |= street
            fault = m1_street_end(state, start, written=street)
            if isinstance(fault, Fault):
                problems.append(fault.at(at))
                state.streets.append(sorted(street))
                continue
            ends = [c for c in street if sum(1 for n in board.neighbours(c) if n in street) <= 1]
            line = [cell for cell, _ in group if cell in street]
            if any(b not in board.neighbours(a) for a, b in pairwise(line)):
                # Not written along the line: follow it from one end.
                line = [min(ends) if ends else start]
                while len(line) < len(street):
                    line.append(
                        next(n for n in board.neighbours(line[-1]) if n in street and n not in line)
                    )
            problems.extend(_street_contacts(state, line, place_of))
            state.streets.append(line)
    return problems


def _street_contacts(
    state: State, line: list[Cell], place_of: dict[Cell, Place | None]
) -> list[Problem]:
    """A street may touch older streets only at the merchant that started it, and that
    one only as the ruling ``new-street-touch`` allows (MED-M1, MED-M2): the merchants
    added later at either end touched nothing but the end they extended."""
    fault = written_street_touch(state, line)
    if isinstance(fault, M1StreetEnd.Twice):
        return [fault.at(place_of.get(fault.second))]
    if isinstance(fault, NewStreetTouches):
        return [fault.at(place_of.get(fault.cell))]
    return []


def _roofs(state: State, position: StartPosition) -> list[Problem]:
    problems = []
    for owner, cell, where in position.roofs:
        found = r1_palace_to_roof(state, cell, owner)
        # (The ruling min-roof-size rules placing a roof, not a city as written.)
        if isinstance(found, Fault) and not isinstance(found, R1PalaceToRoof.Small):
            problems.append(found.in_position().at(where))
            continue
        palace = state.palaces[state.palace_at[cell]]
        faults = s1_players(state.hands, owner) if owner != NEUTRAL else []
        if faults:
            problems.extend(fault.in_position().at(where) for fault in faults)
            continue
        fault = r3_neutral_roofs(state) if owner == NEUTRAL else None
        if owner != NEUTRAL:
            fault = r2_one_palace_a_colour(state, owner, palace)
        if fault is not None:
            problems.append(fault.in_position().at(where))
            continue
        palace.owner = owner
        state.roofs_placed += 1
        palace.roofed_at = state.roofs_placed
    return problems


def _unfinished(state: State, at: Place | None) -> list[Problem]:
    problems = []
    for colour in state.edition.colours:
        fault = b2_palace_to_join(state, colour, None, False)
        if isinstance(fault, Fault):
            problems.append(fault.at(at))
    return problems


def _supplies(state: State, at: Place | None, spent: bool) -> list[Problem]:
    """Nothing on the board may exceed what all the players together hold; each player's
    roofs in hand are what the city leaves them.

    Who placed the other pieces cannot be told from a position, so a hand is not known,
    unless the position says the supplies are spent: then each hand holds, of every kind,
    what the city leaves of all the supplies together, so that the game is over only if no
    player could place any piece that may be left.
    """
    problems = [fault.at(at) for fault in p1_looks_reachable(state)]
    count = len(state.players)
    supply = state.edition.supply[count]
    left = _left_over(state) if spent else None
    for player in state.players:
        hand = state.hands[player.colour]
        hand.roofs = max(supply.roofs - len(state.owned(player.colour)), 0)
        if left is None:
            hand.known = False
            continue
        hand.buildings = {colour: left[colour] for colour in state.edition.colours}
        hand.stables, hand.merchants, hand.walls = left[STABLE], left[MERCHANT], left[WALL]
        hand.neutral_roofs = left[NEUTRAL]
    return problems


def _left_over(state: State) -> dict[str, int]:
    """Of each kind of piece, how many all the supplies together hold beyond the city's
    (merchants: at least, as tower merchants taken are not counted)."""
    count = len(state.players)
    supply = state.edition.supply[count]
    placed = dict.fromkeys((*state.edition.colours, STABLE, MERCHANT, WALL, NEUTRAL), 0)
    for palace in state.palaces.values():
        placed[palace.colour] += len(palace.buildings)
        placed[STABLE] += len(palace.stables)
        placed[NEUTRAL] += palace.owner == NEUTRAL
    for piece in state.pieces.values():
        if piece in (MERCHANT, WALL):
            placed[piece] += 1
    held = {colour: supply.buildings * count for colour in state.edition.colours}
    held[STABLE] = supply.stables * count
    held[MERCHANT] = supply.merchants * count + 1  # the first merchant, set up on the board
    held[WALL] = supply.walls * count
    held[NEUTRAL] = sum(hand.neutral_roofs for hand in state.hands.values())
    return {kind: max(held[kind] - placed[kind], 0) for kind in held}


@decides("MED-P1")
def p1_looks_reachable(
    state: State, cell: Cell | None = None, kind: str = "", over: bool = False
) -> list[Fault]:
    """A written position could have been played. With ``cell``: a piece of ``kind`` may
    stand there (on the board, once, walls on the ring and nothing else there, no
    building or stable by the well). With ``over`` (``supplies: spent``): the game is over,
    no player being able to place a piece the supplies may still hold. Else the city as a
    whole: no more pieces of a kind stand in it than the supplies hold, nor roofs of a
    player."""
    if over:
        for player in state.players:
            first = next(legal_placements(state, player.colour), None)
            if first is not None:
                piece = f"{first.colour} building" if first.colour else first.kind.value
                piece = f"a {piece}" if first.kind.value != "neutral" else "a neutral roof"
                where = "" if first.cell is None else f" at {cell_name(first.cell)}"
                return [P1LooksReachable.Spent(player.colour, f"{piece}{where}")]
        return []
    if cell is not None:
        board = state.board
        if not board.on_grid(cell):
            return [P1LooksReachable.Off(cell)]
        if cell in state.pieces:
            return [P1LooksReachable.Twice(cell, state.pieces[cell], kind)]
        wall_field = kind == WALL
        if wall_field != board.is_ring(cell) or board.is_corner(cell):
            return [P1LooksReachable.Ring(cell, kind, wall_field)]
        if kind in (BUILDING, STABLE) and state.near_well(cell):
            return [P1LooksReachable.Well(cell, kind)]
        return []
    faults: list[Fault] = []
    count = len(state.players)
    supply = state.edition.supply[count]
    placed: dict[str, int] = {}
    for palace in state.palaces.values():
        placed[palace.colour] = placed.get(palace.colour, 0) + len(palace.buildings)
        placed["stable"] = placed.get("stable", 0) + len(palace.stables)
    for piece in (MERCHANT, WALL):
        placed[piece] = sum(1 for other in state.pieces.values() if other == piece)
    limits = {colour: supply.buildings * count for colour in state.edition.colours}
    limits["stable"] = supply.stables * count
    limits[WALL] = supply.walls * count
    limits[MERCHANT] = supply.merchants * count + 1 + sum(state.edition.tower_merchants.values())
    for piece, limit in limits.items():
        if placed.get(piece, 0) > limit:
            what = f"{piece} buildings" if piece in state.edition.colours else f"{piece}s"
            faults.append(P1LooksReachable.Supply(placed[piece], what, limit))
    for player in state.players:
        roofs = len(state.owned(player.colour))
        if roofs > supply.roofs:
            faults.append(P1LooksReachable.Roofs(player.colour, roofs, supply.roofs))
    neutral = sum(1 for p in state.palaces.values() if p.owner == NEUTRAL)
    neutral_supply = sum(hand.neutral_roofs for hand in state.hands.values())
    if neutral > neutral_supply:
        faults.append(P1LooksReachable.Neutral(neutral, neutral_supply))
    return faults


@words("MED-P1")
class P1LooksReachable:
    """MED-P1's faults: a piece off the board, on a field given twice, on the ring or off
    it, by the well; more pieces or roofs than the supplies hold; spent supplies that
    still hold a piece to place."""

    @dataclass(slots=True)
    class Off(Fault):
        rule: ClassVar[RuleCode] = "MED-P1"
        cell: Cell

        def words(self) -> str:
            return f"{cell_name(self.cell)} is not on the board"

    @dataclass(slots=True)
    class Twice(Fault):
        rule: ClassVar[RuleCode] = "MED-P1"
        cell: Cell
        there: str
        kind: str

        def words(self) -> str:
            return f"{cell_name(self.cell)} is given twice ({self.there} and {self.kind})"

    @dataclass(slots=True)
    class Ring(Fault):
        """A ``kind`` on ``cell``; ``wall_field``: it is a wall, off the ring."""

        rule: ClassVar[RuleCode] = "MED-P1"
        cell: Cell
        kind: str
        wall_field: bool

        def words(self) -> str:
            return f"a {self.kind} cannot stand on {cell_name(self.cell)}" + (
                " (walls go on the ring)" if self.wall_field else " (the ring takes only walls)"
            )

    @dataclass(slots=True)
    class Well(Fault):
        rule: ClassVar[RuleCode] = "MED-P1"
        cell: Cell
        kind: str

        def words(self) -> str:
            return f"no {self.kind} may stand on or next to the well ({cell_name(self.cell)})"

    @dataclass(slots=True)
    class Supply(Fault):
        rule: ClassVar[RuleCode] = "MED-P1"
        count: int
        what: str
        limit: int

        def words(self) -> str:
            return f"{self.count} {self.what} stand in the city; the supplies hold {self.limit}"

    @dataclass(slots=True)
    class Roofs(Fault):
        rule: ClassVar[RuleCode] = "MED-P1"
        colour: str
        roofs: int
        limit: int

        def words(self) -> str:
            return f"{self.colour} has {self.roofs} roofs; a player has {self.limit}"

    @dataclass(slots=True)
    class Spent(Fault):
        rule: ClassVar[RuleCode] = "MED-P1"
        colour: str
        example: str

        def words(self) -> str:
            return (
                "the position says the supplies are spent (the game is over), but a piece may "
                f"still be placed: {self.colour} could place {self.example}"
            )

    @dataclass(slots=True)
    class Neutral(Fault):
        rule: ClassVar[RuleCode] = "MED-P1"
        neutral: int
        limit: int

        def words(self) -> str:
            return f"{self.neutral} neutral roofs stand in the city; the supplies hold {self.limit}"
