"""Taking off and building on one meridian: every rule a take-off or build breaks."""

from __future__ import annotations

from dataclasses import dataclass

from meridina.rules.common import Problem

from .model import Build, EmptyMeridian, OwnPush, TakeOff, Tower
from .placement import Placed, Push, Refused, place, push_in
from .state import Column, State, who


@dataclass(slots=True)
class Effect:
    """What a legal turn did to the board, for replay and annotation."""

    removed: tuple[int, Tower] | None  # (city, tower) taken off
    placed: tuple[int, Tower] | None  # (city, tower) built
    pushes: tuple[Push, ...]


Outcome = tuple[Column, dict[str, int], Effect]


def quick_act(
    state: State, colour: str, meridian: int, take_off: TakeOff | None, build: Build | None
) -> Outcome | None:
    """What ``act`` makes of a take-off and/or build that breaks no rule; None if one is broken.

    Checks the same rules as ``act`` in one pass over the meridian, building no message:
    the common legal turn costs little, and ``act`` puts any fault into words.
    """
    seating = state.seating
    owner_of = seating.owner_of
    owner = owner_of[colour]
    column = state.columns[meridian - 1]
    hands = state.hands
    removed: tuple[int, Tower] | None = None
    if take_off is not None:
        wanted = take_off.city
        found = 0
        for city, tower in enumerate(column, start=1):
            if tower is None or owner_of[tower.colour] != owner:
                continue
            if wanted is None or city == wanted:
                removed = (city, tower)
                found += 1
        if found != 1 or removed is None:
            return None
        cells = list(column)
        cells[removed[0] - 1] = None
        column = tuple(cells)
        hands = dict(hands)
        hands[removed[1].colour] += removed[1].height
        if build is None:
            return column, hands, Effect(removed, None, ())
    elif build is None:
        return column, dict(hands), Effect(None, None, ())
    tower_colour = build.colour or colour
    height = build.height
    city = build.city
    if (
        tower_colour not in seating.players[owner].colours
        or not 1 <= city <= len(column)
        or not 1 <= height <= hands[tower_colour]
    ):
        return None
    own = 0
    empty = True
    for tower in column:
        if tower is not None:
            if tower.height == height:
                return None
            empty = False
            if owner_of[tower.colour] == owner:
                own += 1
    if own >= seating.towers_per_player:
        return None
    if (
        empty
        and height < 2
        and (
            state.rulings.empty_meridian is EmptyMeridian.ALWAYS or meridian not in state.ever_built
        )
    ):
        return None
    if removed is not None and removed[0] == city and removed[1] == Tower(tower_colour, height):
        return None
    new_tower = Tower(tower_colour, height)
    result = push_in(column, new_tower, city)
    if isinstance(result, Refused):
        return None
    if result.pushes and own_push_fault(state, owner, result.pushes, build) is not None:
        return None
    if removed is None:
        hands = dict(hands)
    hands[tower_colour] -= height
    return result.column, hands, Effect(removed, (city, new_tower), result.pushes)


def act(
    state: State,
    colour: str,
    meridian: int,
    take_off: TakeOff | None,
    build: Build | None,
) -> Outcome | list[Problem]:
    """Take off and/or build on one meridian, or every rule this breaks.

    Faults come most basic first: the take-off, the tower's colour, the city, its
    height, the pieces in hand, the towers per player, the rebuild, and then the
    order of heights on the meridian.
    """
    column = state.columns[meridian - 1]
    hands = state.hands
    owner = state.owner(colour)
    problems: list[Problem] = []
    removed: tuple[int, Tower] | None = None
    if take_off is not None:
        mine = [
            (city, tower)
            for city, tower in enumerate(column, start=1)
            if tower is not None and state.owner(tower.colour) == owner
        ]
        if take_off.city is not None:
            mine = [(city, tower) for city, tower in mine if city == take_off.city]
        if not mine:
            where = f"on city {take_off.city} of" if take_off.city else "on"
            problems.append(
                Problem(
                    "MER-R9",
                    f"{colour} has no tower of its own {where} meridian {meridian} to take off",
                    take_off.at,
                )
            )
        elif len(mine) > 1:
            problems.append(
                Problem(
                    "MER-R9",
                    f"two towers of yours stand on meridian {meridian}: say which to take off, "
                    "as x@CITY",
                    take_off.at,
                )
            )
        else:
            removed = mine[0]
            cells = list(column)
            cells[removed[0] - 1] = None
            column = tuple(cells)
            hands = dict(hands)
            hands[removed[1].colour] += removed[1].height
        if problems and build is None:
            return problems
    if build is None:
        return column, dict(hands), Effect(removed, None, ())
    problems.extend(build_faults(state, owner, colour, meridian, column, hands, removed, build))
    if problems:
        return problems
    new_tower = Tower(build.colour or colour, build.height)
    result = place(column, new_tower, build.city)
    if isinstance(result, Refused):
        return [Problem(result.rule, result.message, build.at)]
    assert isinstance(result, Placed)
    fault = own_push_fault(state, owner, result.pushes, build)
    if fault is not None:
        return [fault]
    hands = dict(hands)
    hands[new_tower.colour] -= new_tower.height
    return result.column, hands, Effect(removed, (build.city, new_tower), result.pushes)


def build_faults(
    state: State,
    owner: int,
    colour: str,
    meridian: int,
    column: Column,
    hands: dict[str, int],
    removed: tuple[int, Tower] | None,
    build: Build,
) -> list[Problem]:
    """The rules a build breaks before its pushes are worked out, most basic first."""
    problems = []
    tower_colour = build.colour or colour
    own_colour = tower_colour in state.players[owner].colours
    if not own_colour:
        problems.append(
            Problem("MER-R11", f"{tower_colour} is not one of the mover's colours", build.at)
        )
    height = build.height
    if not 1 <= build.city <= len(column):
        problems.append(
            Problem(
                "MER-R5",
                f"there is no city {build.city} on a meridian of {len(column)} cities",
                build.at,
            )
        )
    empty = all(tower is None for tower in column)
    needs_two = empty and (
        state.rulings.empty_meridian is EmptyMeridian.ALWAYS or meridian not in state.ever_built
    )
    if height < 1:
        problems.append(Problem("MER-R1", "a tower is at least 1 piece high", build.at))
    elif needs_two and height < 2:
        problems.append(
            Problem(
                "MER-R1",
                f"meridian {meridian} is empty: its first tower must be at least 2 high",
                build.at,
            )
        )
    if own_colour and height > hands[tower_colour]:
        problems.append(
            Problem(
                "MER-R8",
                f"{tower_colour} has only {hands[tower_colour]} pieces in hand, "
                f"not enough for a tower {height} high",
                build.at,
            )
        )
    own_towers = [
        (city, tower)
        for city, tower in enumerate(column, start=1)
        if tower is not None and state.owner(tower.colour) == owner
    ]
    limit = state.towers_per_player
    if len(own_towers) >= limit:
        problems.append(
            Problem(
                "MER-R4",
                f"{who(state, owner)} already has {limit} tower{'s' if limit > 1 else ''} on "
                f"meridian {meridian}; take one off first (x)",
                build.at,
            )
        )
    if (
        removed is not None
        and removed[0] == build.city
        and removed[1] == Tower(tower_colour, height)
    ):
        problems.append(
            Problem(
                "MER-R10",
                "a rebuilt tower must differ from the one taken off in height or city",
                build.at,
            )
        )
    same = next((t for t in column if t is not None and t.height == height), None)
    if same is not None:
        problems.append(
            Problem(
                "MER-R2",
                f"a tower {height} high already stands on this meridian ({same.colour})",
                build.at,
            )
        )
    return problems


def own_push_fault(
    state: State, owner: int, pushes: tuple[Push, ...], build: Build
) -> Problem | None:
    rule = state.rulings.own_push
    for index, push in enumerate(pushes):
        if state.owner(push.tower.colour) != owner:
            continue
        direct = index == 0
        if rule is OwnPush.NEVER or (direct and rule is OwnPush.CHAIN):
            kind = "displace" if direct else "push along"
            return Problem(
                "MER-R7",
                f"a tower may not {kind} its own player's {push.tower.colour} tower",
                build.at,
            )
    return None
