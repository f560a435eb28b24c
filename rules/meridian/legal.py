"""The search of legal Meridian turns, and MER-T5, which asks whether a take-off or
build is open."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from meridina.rules.rule_home import decides

from .action import Placement, place_tower
from .faults import Fault, wording
from .model import DECK, PIECES_PER_COLOUR, Build, Skip, TakeOff, Turn
from .state import Reading

if TYPE_CHECKING:
    from .position import Position


@dataclass(frozen=True, slots=True)
class Action:
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


def candidate_actions(position: Reading, colour: str, meridian: int) -> Iterator[Action]:
    """Every take-off, build and rebuild worth judging for ``colour`` on ``meridian``, in
    the order the search tries them: each take-off alone, then the builds after it (none
    taken off first), by tower colour, height and city. Heights stop at the pieces the
    colour has in hand, with any taken off: no other tower can be made."""
    owner = position.owner(colour)
    column = position.columns[meridian - 1]
    own_cities = [
        city
        for city, tower in enumerate(column, start=1)
        if tower is not None and position.owner(tower.colour) == owner
    ]
    take_offs: list[TakeOff | None] = [None]
    for city in own_cities:
        take_offs.append(TakeOff(city if len(own_cities) > 1 else None))
    tower_colours = position.players[owner].colours
    for take_off in take_offs:
        if take_off is not None:
            yield Action(take_off, None)
        for tower_colour in tower_colours:
            most = position.hands[tower_colour] + sum(
                tower.height
                for tower in column
                if tower is not None and tower.colour == tower_colour and take_off is not None
            )
            named = tower_colour if tower_colour != colour else None
            for height in range(1, min(most, PIECES_PER_COLOUR) + 1):
                for city in range(1, position.board.cities + 1):
                    yield Action(take_off, Build(height, city, named))


def open_actions(position: Reading, colour: str, meridian: int) -> Iterator[Action]:
    """The candidate actions that break no rule of the towers, judged by the turn's own
    placement step (``place_tower``)."""
    for action in candidate_actions(position, colour, meridian):
        placed = place_tower(position, colour, meridian, action.take_off, action.build)
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
            return Fault("MER-T5", (number, describe_action(example)))
    return None


@wording("MER-T5")
def _t5_words(meridian: int, colour: str, who: str, number: int, example: str) -> str:
    return (
        f"{colour} is not stuck: it could still play {example} on this card; "
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
