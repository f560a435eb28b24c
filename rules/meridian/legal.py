"""The search of legal Meridian turns, and MER-T5, which asks whether a take-off or
build is open."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, NamedTuple

from meridina.rules.codes import RuleCode
from meridina.rules.rule_home import decides, words

from .action import Placement, place_tower, tower_faults
from .faults import Fault
from .made_once import build
from .model import DECK, PIECES_PER_COLOUR, Build, Skip, TakeOff, Turn
from .state import Reading

if TYPE_CHECKING:
    from .position import Position


class Action(NamedTuple):
    """A take-off and/or build, as the search tries one."""

    take_off: TakeOff | None
    build: Build | None


def describe_action(action: Action) -> str:
    parts = []
    if action.take_off is not None:
        parts.append("x" if action.take_off.city is None else f"x@{action.take_off.city}")
    if action.build is not None:
        colour = f"{action.build.colour} " if action.build.colour else ""
        parts.append(f"{colour}{action.build.height}@{action.build.city}")
    return " ".join(parts)


def _take_offs(position: Reading, colour: str, meridian: int) -> list[TakeOff | None]:
    """None (nothing taken off), then a take-off of each of the player's towers on the
    meridian (naming its city when there are two)."""
    mine = position.table.seating.mates[colour]
    own_cities = [
        city
        for city, tower in enumerate(position.columns[meridian - 1], start=1)
        if tower is not None and tower.colour in mine
    ]
    take_offs: list[TakeOff | None] = [None]
    for city in own_cities:
        take_offs.append(TakeOff(city if len(own_cities) > 1 else None))
    return take_offs


def _heights(position: Reading, meridian: int, tower_colour: str, take_off: bool) -> range:
    """The heights a tower of ``tower_colour`` can be made: no more than the pieces in
    hand, with those of a tower ``take_off`` gives back."""
    most = position.hands[tower_colour] + sum(
        tower.height
        for tower in position.columns[meridian - 1]
        if tower is not None and tower.colour == tower_colour and take_off
    )
    return range(1, min(most, PIECES_PER_COLOUR) + 1)


def candidate_actions(position: Reading, colour: str, meridian: int) -> Iterator[Action]:
    """Every take-off, build and rebuild worth judging for ``colour`` on ``meridian``, in
    the order the search tries them: each take-off alone, then the builds after it (none
    taken off first), by tower colour, height and city."""
    cities = range(1, position.board.cities + 1)
    for take_off in _take_offs(position, colour, meridian):
        if take_off is not None:
            yield Action(take_off, None)
        for tower_colour in position.seating.mates[colour]:
            named = tower_colour if tower_colour != colour else None
            for height in _heights(position, meridian, tower_colour, take_off is not None):
                for city in cities:
                    yield Action(take_off, build(height, city, named))


def open_actions(position: Reading, colour: str, meridian: int) -> Iterator[Action]:
    """The candidate actions (in their order) that break no rule of the towers, judged by
    the turn's own placement step (``place_tower``). A tower that breaks a rule wherever
    it is put (``tower_faults``) is not tried on each city."""
    mine = position.seating.mates[colour]
    table = position.table
    cities = range(1, position.board.cities + 1)
    for take_off in _take_offs(position, colour, meridian):
        after = place_tower(position, colour, meridian, take_off, None)
        if not isinstance(after, Placement):
            continue  # (a take-off that breaks a rule: no build after it is open either)
        if take_off is not None:
            yield Action(take_off, None)
        for tower_colour in mine:
            named = tower_colour if tower_colour != colour else None
            for height in _heights(position, meridian, tower_colour, take_off is not None):
                faults = tower_faults(
                    after.column, after.hands, table, position.ever_built, meridian,
                    tower_colour, height, mine,
                )  # fmt: skip
                if any(faults):
                    continue
                for city in cities:
                    action = Action(take_off, build(height, city, named))
                    placed = place_tower(position, colour, meridian, take_off, action.build)
                    if isinstance(placed, Placement):
                        yield action


@decides("MER-T5")
def t5_stuck_only_without_a_move(
    position: Reading, colour: str, numbers: Sequence[int]
) -> Fault | None:
    """A colour is stuck only when no take-off or build is open to it on any of the
    meridians ``numbers`` its card allows; the fault gives an example of one."""
    for number in numbers:
        example = next(open_actions(position, colour, number), None)
        if example is not None:
            return NotStuck(number, describe_action(example))
    return None


@words("MER-T5")
@dataclass(slots=True)
class NotStuck(Fault):
    """The ``example`` take-off or build is open on meridian ``number``."""

    rule: ClassVar[RuleCode] = "MER-T5"
    number: int
    example: str

    def words(self, meridian: int, colour: str, who: str) -> str:
        return (
            f"{colour} is not stuck: it could still play {self.example} on this card; "
            "write 'pass' to choose not to play"
        )


def legal_turns(position: Position) -> Iterator[Turn]:
    """Every legal turn in ``position`` (passes included): each candidate judged by the
    one loop that plays a turn, as a typed turn is. The actions of a colour, card and
    meridian are tried only when a pass with them is legal: the rules of the turn and
    the card are the same for both."""
    for colour in position.rotation:
        face_up = position.face_up(colour)
        for card in DECK if face_up is None else face_up:
            for meridian in card.numbers:
                passing = Turn(colour, card, meridian, skip=Skip.PASS)
                if not position.is_legal(passing):
                    continue
                yield passing
                for action in candidate_actions(position, colour, meridian):
                    turn = Turn(colour, card, meridian, action.take_off, action.build)
                    if position.is_legal(turn):
                        yield turn
