"""Every legal Meridian turn in a state, and an example of one for a card."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from meridina.rules.rule_home import decides

from .action import quick_act, take_off_and_build
from .faults import Fault, wording
from .model import DECK, PIECES_PER_COLOUR, Build, Card, Skip, TakeOff, Tower, Turn
from .state import State, Table, card_bit
from .tower_rules import can_take_off, height_taken
from .turn_rules import card_for_the_turn


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


def _actions(state: State, colour: str, meridian: int) -> Iterator[Action]:
    """Every take-off, build and rebuild open to ``colour`` on ``meridian``."""
    owner = state.owner(colour)
    column = state.columns[meridian - 1]
    own_cities = [
        city
        for city, tower in enumerate(column, start=1)
        if tower is not None and state.owner(tower.colour) == owner
    ]
    take_offs: list[TakeOff | None] = [None]
    for city in own_cities:
        take_offs.append(TakeOff(city if len(own_cities) > 1 else None))
    tower_colours = state.players[owner].colours
    for take_off in take_offs:
        if take_off is not None and quick_act(state, colour, meridian, take_off, None):
            yield Action(take_off, None)
        for tower_colour in tower_colours:
            # No taller tower than the pieces in hand, with any taken off, can allow.
            most = state.hands[tower_colour] + sum(
                tower.height
                for tower in column
                if tower is not None and tower.colour == tower_colour and take_off is not None
            )
            for height in range(1, min(most, PIECES_PER_COLOUR) + 1):
                for city in range(1, state.board.cities + 1):
                    named = tower_colour if tower_colour != colour else None
                    build = Build(height, city, named)
                    if quick_act(state, colour, meridian, take_off, build) is not None:
                        yield Action(take_off, build)


def can_act(
    column: Sequence[Tower | None],
    hands: dict[str, int],
    table: Table,
    built: frozenset[int],
    meridian: int,
    colour: str,
    mine: tuple[str, ...],
) -> bool:
    """Whether some take-off or build is open to ``colour`` (of the player whose colours
    are ``mine``) on the meridian's cells ``column``, with the ``hands`` and the meridians
    ever ``built`` on, as a state has them (neither is changed).

    The search of ``legal_turns``, cut short: a take-off may be enough, and a height that breaks
    MER-R2 on the meridian fits on no city, so those builds are not tried.
    """
    if can_take_off(column, mine):
        return True
    cells: list[Tower | None] | None = None
    for tower_colour in mine:
        for height in range(1, min(hands[tower_colour], PIECES_PER_COLOUR) + 1):
            if height_taken(column, height):
                continue
            if cells is None:
                # A build alone changes nothing unless it is legal, and the first legal
                # one ends the search: every try shares one copy of the meridian and hands.
                cells, hands = list(column), hands.copy()
            named = tower_colour if tower_colour != colour else None
            for city in range(1, table.board.cities + 1):
                build = _build(height, city, named)
                effect = take_off_and_build(
                    cells, hands, table, built, meridian, colour, None, build, mine
                )
                if type(effect) is tuple:
                    return True
    return False


@decides("MER-T5")
def t5_stuck_only_without_a_move(
    columns: Sequence[Sequence[Tower | None]],
    hands: dict[str, int],
    table: Table,
    built: frozenset[int],
    numbers: Sequence[int],
    colour: str,
    mine: tuple[str, ...],
) -> Fault | None:
    """A colour is stuck only when no take-off or build is open to it on any of the
    meridians ``numbers`` its card allows (as ``can_act`` has the board and hands)."""
    for number in numbers:
        if can_act(columns[number - 1], hands, table, built, number, colour, mine):
            return Fault("MER-T5", (number,))
    return None


def stuck_fault(state: State, colour: str, card: Card, meridian: int) -> Fault | None:
    """MER-T5 for a turn that says ``stuck`` on ``meridian`` of ``card``, with an example of
    what the colour could play in its facts."""
    numbers = card.numbers if meridian not in card.numbers else (meridian,)
    mine = state.seating.mates[colour]
    fault = t5_stuck_only_without_a_move(
        state.columns, state.hands, state.table, state.ever_built, numbers, colour, mine
    )
    if fault is None:
        return None
    example = next(_actions(state, colour, fault.facts[0]), None)
    move = "a take-off or build" if example is None else describe_action(example)
    return Fault(fault.rule, (*fault.facts, move))


@wording("MER-T5")
def _t5_words(meridian: int, colour: str, who: str, number: int, example: str) -> str:
    return (
        f"{colour} is not stuck: it could still play {example} on this card; "
        "write 'pass' to choose not to play"
    )


_BUILDS: dict[tuple[int, int, str | None], Build] = {}


def _build(height: int, city: int, colour: str | None) -> Build:
    """A build as a value made once, as the search tries the same ones game after game."""
    key = (height, city, colour)
    build = _BUILDS.get(key)
    if build is None:
        build = _BUILDS[key] = Build(height, city, colour)
    return build


def legal_turns(state: State) -> Iterator[Turn]:
    """Every legal turn for the colours that may move now (passes included)."""
    if state.finished:
        return
    colours = state.rotation if state.next_index < 0 else state.expected_colours()
    for colour in colours:
        face_up = state.face_up(colour)
        mark = state.played_mark(colour)
        cards = (
            face_up
            if face_up is not None
            else [c for c in DECK if card_for_the_turn(mark, card_bit(c), c) is None]
        )
        for card in cards:
            for meridian in card.numbers:
                yield Turn(colour, card, meridian, skip=Skip.PASS)
                for action in _actions(state, colour, meridian):
                    yield Turn(colour, card, meridian, action.take_off, action.build)
