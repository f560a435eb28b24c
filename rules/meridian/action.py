"""Taking off and building on one meridian: every rule a take-off or build breaks."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from meridina.rules.common import Problem

from .model import COLOURS, PIECES_PER_COLOUR, Build, EmptyMeridian, OwnPush, TakeOff, Tower
from .placement import Placed, Push, Refused, place
from .state import Column, State, Table, who


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


# A push chain as the quick check keeps it: the towers moved, nearest the new tower
# first, the city the first of them stood on, and the way they moved (1 up, -1 down).
Moves = tuple[Sequence[Tower | None], int, int]
# An effect as plain values, as the quick check makes it: (removed, placed, moves).
# Most effects are never looked at, so their ``Effect`` is made only when one is.
EffectData = tuple[tuple[int, Tower] | None, tuple[int, Tower] | None, Moves | None]
NO_EFFECT: EffectData = (None, None, None)
# Rulings as plain names: an enum's member looked up on its class costs a call.
_ANY, _NEVER = OwnPush.ANY, OwnPush.NEVER
Outcome = tuple[Column, dict[str, int], Effect]

# Every tower a build can make, made once: towers are values and never change.
TOWERS: dict[str, tuple[Tower, ...]] = {
    colour: tuple(Tower(colour, height) for height in range(PIECES_PER_COLOUR + 1))
    for colour in COLOURS
}


def quick_act(
    state: State, colour: str, meridian: int, take_off: TakeOff | None, build: Build | None
) -> Outcome | None:
    """What ``act`` makes of a take-off and/or build that breaks no rule; None if one is broken.

    Checks the same rules as ``act`` in one pass over the meridian, building no message:
    the common legal turn costs little, and ``act`` puts any fault into words.
    """
    outcome = quick_outcome(state, colour, meridian, take_off, build, state.seating.mates[colour])
    if outcome is None:
        return None
    column, hands, effect = outcome
    return column, hands, Effect.of(effect)


def quick_outcome(
    state: State,
    colour: str,
    meridian: int,
    take_off: TakeOff | None,
    build: Build | None,
    mine: tuple[str, ...],
) -> tuple[Column, dict[str, int], EffectData] | None:
    """``quick_act`` with the effect as plain values; ``mine`` are the mover's player's colours."""
    cells = list(state.columns[meridian - 1])
    hands = state.hands.copy()
    effect = quick_change(
        cells, hands, state.table, state.ever_built, meridian, colour, take_off, build, mine
    )
    if effect is None:
        return None
    return tuple(cells), hands, effect


def quick_change(
    cells: list[Tower | None],
    hands: dict[str, int],
    table: Table,
    built: frozenset[int],
    meridian: int,
    colour: str,
    take_off: TakeOff | None,
    build: Build | None,
    mine: tuple[str, ...],
) -> EffectData | None:
    """Make a take-off and/or build that breaks no rule on the meridian's ``cells`` and the
    ``hands``, in place, and say what it did; None if it breaks a rule.

    ``built`` are the meridians that have held a tower; ``mine`` are the mover's player's
    colours. A build alone changes nothing unless it is legal; after a take-off, a build
    that is not leaves the take-off made, so a caller works on copies it can drop.

    Made for every turn, so written for few steps: one pass over the meridian checks the
    order of heights, the height already there and the towers per player together.
    """
    removed: tuple[int, Tower] | None = None
    if take_off is not None:
        wanted = take_off.city
        for city, tower in enumerate(cells, start=1):
            if tower is not None and tower.colour in mine and (wanted is None or city == wanted):
                if removed is not None:
                    return None  # two towers of the player's, and no city said
                removed = (city, tower)
        if removed is None:
            return None
        city, gone = removed
        cells[city - 1] = None
        hands[gone.colour] += gone.height
        if build is None:
            return removed, None, None
    elif build is None:
        return NO_EFFECT
    tower_colour = build.colour or colour
    height = build.height
    city = build.city
    if (
        tower_colour not in mine
        or not 0 < height <= hands[tower_colour]
        or not 0 < city <= len(cells)
    ):
        return None
    index = city - 1
    occupant = cells[index]
    # The towers that end up below the new one: those below its city, and the occupant
    # too when the new tower is taller and pushes it down. Each must be shorter than the
    # new tower and every other one taller, which also rules out a height twice.
    below = city if occupant is not None and occupant.height < height else index
    own = 0
    for tower in cells[:below]:
        if tower is not None:
            if tower.height >= height:
                return None
            if tower.colour in mine:
                own += 1
    for tower in cells[below:]:
        if tower is not None:
            if tower.height <= height:
                return None
            if tower.colour in mine:
                own += 1
    if own >= table.towers_per_player:
        return None
    if height < 2 and not any(cells) and (table.empty_always or meridian not in built):
        return None  # the first tower on an empty meridian is at least 2 high
    if removed is not None and city == removed[0]:
        gone = removed[1]
        if gone.height == height and gone.colour == tower_colour:
            return None  # a rebuild must differ
    try:
        new_tower = TOWERS[tower_colour][height]
    except IndexError:
        new_tower = Tower(tower_colour, height)
    moves: Moves | None = None
    if occupant is not None:
        if below == index:  # shorter: the chain moves up to the first free city above
            end = city
            size = len(cells)
            while end < size and cells[end] is not None:
                end += 1
            if end == size:
                return None  # a tower would be pushed off the board
            moved = cells[index:end]
            moves = (moved, city, 1)
        else:  # taller: the chain moves down to the first free city below
            end = index - 1
            while end >= 0 and cells[end] is not None:
                end -= 1
            if end < 0:
                return None  # a tower would be pushed off the board
            moved = cells[index:end:-1]
            moves = (moved, city, -1)
        rule = table.own_push
        if rule is not _ANY:
            if occupant.colour in mine:
                return None  # a tower of the player's own displaced directly
            if rule is _NEVER:
                for tower in moved:
                    if tower is not None and tower.colour in mine:
                        return None  # ... or pushed along
        # The free city at ``end`` goes; the chain closes up towards it, leaving ``index``.
        del cells[end]
        cells.insert(index, new_tower)
    else:
        cells[index] = new_tower
    hands[tower_colour] -= height
    return removed, (city, new_tower), moves


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
