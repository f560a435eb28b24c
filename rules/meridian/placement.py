"""Placing a tower on one meridian: order of heights, pushes, and the edge of the board."""

from __future__ import annotations

from dataclasses import dataclass

from meridina.rules.codes import RuleCode

from .model import Tower
from .state import Column


@dataclass(slots=True, unsafe_hash=True)
class Push:
    """A tower moved by a placement: from one city to the next, up or down."""

    tower: Tower
    from_city: int
    to_city: int


@dataclass(slots=True)
class Placed:
    column: Column
    pushes: tuple[Push, ...]


@dataclass(slots=True)
class Refused:
    rule: RuleCode
    message: str


def place(column: Column, tower: Tower, city: int) -> Placed | Refused:
    """Put ``tower`` on ``city`` (1 = bottom), pushing occupants; heights must rise upwards.

    A shorter tower pushes the occupant up, a taller one pushes it down; each moved
    tower moves the next one along until an empty city takes the last of them.
    """
    size = len(column)
    if not 1 <= city <= size:
        return Refused("MER-R5", f"there is no city {city} on a meridian of {size} cities")
    height = tower.height
    for other in column:
        if other is not None and other.height == height:
            return Refused(
                "MER-R2", f"a tower {height} high already stands on this meridian ({other.colour})"
            )
    return push_in(column, tower, city)


def push_in(column: Column, tower: Tower, city: int) -> Placed | Refused:
    """``place`` once the city is known to be on the board and the height to be new there."""
    size = len(column)
    height = tower.height
    index = city - 1
    occupant = column[index]
    cells = list(column)
    pushes: list[Push] = []
    if occupant is not None:
        step = 1 if height < occupant.height else -1
        end = index
        while 0 <= end < size and cells[end] is not None:
            end += step
        if not 0 <= end < size:
            direction = "up" if step == 1 else "down"
            return Refused(
                "MER-R6",
                f"pushing the {occupant.colour} tower {direction} from city {city} "
                "would push a tower off the board",
            )
        for source in range(end - step, index - step, -step):
            moved = cells[source]
            assert moved is not None
            cells[source + step] = moved
            pushes.append(Push(moved, source + 1, source + step + 1))
        pushes.reverse()
    cells[index] = tower
    for lower in range(index):
        other = cells[lower]
        if other is not None and other.height > height:
            return Refused(
                "MER-R3",
                f"a tower {height} high cannot stand above the {other.colour} tower "
                f"{other.height} high on city {lower + 1}",
            )
    for upper in range(index + 1, size):
        other = cells[upper]
        if other is not None and other.height < height:
            return Refused(
                "MER-R3",
                f"a tower {height} high cannot stand below the {other.colour} tower "
                f"{other.height} high on city {upper + 1}",
            )
    return Placed(tuple(cells), tuple(pushes))
