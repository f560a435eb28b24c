"""Taking off and building on one meridian: every rule a take-off or build breaks."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .faults import Fault
from .made_once import tower
from .model import Build, TakeOff, Tower
from .placement import Push
from .state import Column, Reading, Table
from .tower_rules import (
    R1HighEnough,
    R2HeightsDiffer,
    R3TallerUpwards,
    R5OnTheBoard,
    free_cell,
    r4_towers_per_player,
    r6_nothing_pushed_off,
    r7_own_towers_pushed,
    r8_pieces_in_hand,
    r9_own_tower_taken_off,
    r10_rebuild_differs,
    r11_own_colours,
)


@dataclass(slots=True)
class Effect:
    """What a legal turn did to the board, for replay and annotation."""

    removed: tuple[int, Tower] | None  # (city, tower) taken off
    placed: tuple[int, Tower] | None  # (city, tower) built
    pushes: tuple[Push, ...]

    @classmethod
    def of(cls, data: EffectData) -> Effect:
        removed, placed, moves = data
        if moves is None:
            return cls(removed, placed, ())
        moved, city, step = moves
        return cls(
            removed,
            placed,
            tuple(
                [
                    Push(tower, city + k * step, city + (k + 1) * step)
                    for k, tower in enumerate(moved)
                    if tower is not None  # always: a chain has no gaps
                ]
            ),
        )


# A push chain as a placement keeps it: the towers moved, nearest the new tower
# first, the city the first of them stood on, and the way they moved (1 up, -1 down).
Moves = tuple[Sequence[Tower | None], int, int]
# An effect as plain values, as a placement makes it: (removed, placed, moves).
# Most effects are never looked at, so their ``Effect`` is made only when one is.
EffectData = tuple[tuple[int, Tower] | None, tuple[int, Tower] | None, Moves | None]
NO_EFFECT: EffectData = (None, None, None)


class Placement:
    """A take-off and/or build that breaks no rule: the meridian's cells and the hands
    after it (new values: the position's own are never changed in place), and its effect."""

    __slots__ = ("column", "effect", "hands")

    def __init__(self, column: Column, hands: dict[str, int], effect: EffectData) -> None:
        self.column = column
        self.hands = hands
        self.effect = effect


def place_tower(
    position: Reading,
    colour: str,
    meridian: int,
    take_off: TakeOff | None,
    build: Build | None,
) -> Placement | list[Fault]:
    """The placement step of a turn: a take-off and/or build by ``colour`` on ``meridian``,
    judged against every rule of the towers; a ``Placement`` when it breaks none, else
    every rule it breaks, most basic first. ``position`` is left as it was: the step works
    on a copy of the meridian's cells and of the hands, which the placement keeps.

    A build alone changes nothing unless it is legal; after a take-off, a build that is
    not leaves the take-off made, on the copies. The rules about where the tower ends up
    (MER-R6, then MER-R3 and MER-R7) are judged only once the others hold, as the pushes
    are known only then.
    """
    column = position.columns[meridian - 1]
    if take_off is None and build is None:
        return Placement(column, position.hands, NO_EFFECT)
    table = position.table
    cells = list(column)
    hands = position.hands.copy()
    mine = table.seating.mates[colour]
    removed: tuple[int, Tower] | None = None
    not_there: Fault | None = None
    if take_off is not None:
        found = r9_own_tower_taken_off(cells, mine, take_off.city)
        if isinstance(found, Fault):
            not_there = found
        else:
            removed = found
            city, gone = found
            cells[city - 1] = None
            hands[gone.colour] += gone.height
    if build is None:  # a take-off alone
        return [not_there] if not_there else Placement(tuple(cells), hands, (removed, None, None))
    tower_colour = build.colour or colour
    height = build.height
    city = build.city
    not_own, too_low, too_few, too_many, twice = tower_faults(
        cells, hands, table, position.ever_built, meridian, tower_colour, height, mine
    )
    no_city = R5OnTheBoard.city(city, len(cells))
    same = None if removed is None else r10_rebuild_differs(removed, city, tower_colour, height)
    if not_there or not_own or no_city or too_low or too_few or too_many or same or twice:
        basic = (not_there, not_own, no_city, too_low, too_few, too_many, same, twice)
        return [fault for fault in basic if fault is not None]
    # The rules about where the tower ends up are judged once the others hold, as the
    # pushes are known only then; a tower is pushed only from a city that holds one.
    index = city - 1
    end = index
    own_pushed: Fault | None = None
    if cells[index] is not None:
        end = free_cell(cells, index, height)
        pushed_off = r6_nothing_pushed_off(cells, index, end)
        if pushed_off is not None:
            return [pushed_off]
        own_pushed = r7_own_towers_pushed(cells, index, end, mine, table.own_push)
    out_of_order = R3TallerUpwards.built(cells, height, city, end)
    if out_of_order or own_pushed:
        return [fault for fault in (out_of_order, own_pushed) if fault is not None]
    new_tower = tower(tower_colour, height)
    moves: Moves | None = None
    if end == index:
        cells[index] = new_tower
    else:  # the free cell at ``end`` goes; the chain closes up towards it, leaving ``index``
        moves = (cells[index:end], city, 1) if end > index else (cells[index:end:-1], city, -1)
        del cells[end]
        cells.insert(index, new_tower)
    hands[tower_colour] -= height
    return Placement(tuple(cells), hands, (removed, (city, new_tower), moves))


TowerFaults = tuple[Fault | None, Fault | None, Fault | None, Fault | None, Fault | None]


def tower_faults(
    cells: Sequence[Tower | None],
    hands: dict[str, int],
    table: Table,
    built: frozenset[int],
    meridian: int,
    tower_colour: str,
    height: int,
    mine: tuple[str, ...],
) -> TowerFaults:
    """What a tower of ``tower_colour`` ``height`` high breaks wherever on the meridian's
    ``cells`` it is put, each None when it holds: its colour (MER-R11), its height
    (MER-R1), the pieces in hand (MER-R8), the towers per player (MER-R4) and the heights
    already there (MER-R2)."""
    not_own = r11_own_colours(tower_colour, mine)
    too_few = None if not_own else r8_pieces_in_hand(tower_colour, height, hands)
    return (
        not_own,
        R1HighEnough.built(cells, height, meridian, table.empty_always, built),
        too_few,
        r4_towers_per_player(cells, mine, table.towers_per_player, 1),
        R2HeightsDiffer.built(cells, height),
    )
