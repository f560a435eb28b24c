"""The one loop that plays a Meridian turn: every way a turn is played comes through here.

``play_turn`` asks each rule's decider in the order the digest reports faults, on a live
``Position``, and makes the turn on it as the digest's "How an illegal turn is handled"
says. One switch chooses what it is for: ``collect`` gathers every fault of the turn (for
replay and annotation), and without it the loop stops at the first fault, leaving the
position as it was (for a check that needs only whether a game is clean, and for the
search of legal turns, which judges each candidate here).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meridina.rules.common import Place
from meridina.rules.game import Handling

from .action import NO_EFFECT, EffectData, Placement, place_tower
from .faults import Fault
from .legal import t5_stuck_only_without_a_move
from .made_once import BITS_BY_NUMBERS
from .model import Skip, Turn
from .turn_rules import (
    S1Players,
    T1TurnOrder,
    T2CardsOnce,
    e1_no_turn_after_the_end,
    t3_card_face_up,
    t4_card_allows,
)

if TYPE_CHECKING:
    from .position import Position

PlacedFault = tuple[Fault, Place | None]  # a fault and where the record shows it


class TurnReport:
    """What became of one turn: its faults with their places, and what it did to the board
    (``effect``: None when the placement was refused, or the turn ``ignored``)."""

    __slots__ = ("effect", "faults", "ignored")

    def __init__(
        self, faults: list[PlacedFault], effect: EffectData | None, ignored: bool = False
    ) -> None:
        self.faults = faults
        self.effect = effect
        self.ignored = ignored

    @property
    def handling(self) -> Handling:
        """Played, discarded or ignored, as the digest's "How an illegal turn is handled" says."""
        if self.ignored:
            return Handling.IGNORED
        return Handling.DISCARDED if self.effect is None else Handling.PLAYED


def play_turn(position: Position, turn: Turn, collect: bool) -> TurnReport | None:
    """Play ``turn`` on ``position``; ``collect``: gather every fault (see the module).

    A fault of turn order or of the card itself is reported while a legal placement still
    stands, since later turns build on it; a placement that breaks a rule is not made,
    and its card counts as played. A mover not in the game, or a turn after the end, is
    ignored whole. Without ``collect``: None at the first fault, ``position`` unchanged.
    """
    colour = turn.colour
    table = position.table
    absent = S1Players.playing(colour, position.hands)
    if absent is not None:
        return _ignored(position, turn, (absent, turn.colour_at), collect)
    over = e1_no_turn_after_the_end(position.played_bits, table.all_played)
    if over is not None:
        return _ignored(position, turn, (over, turn.at), collect)
    faults: list[PlacedFault] = []
    card = turn.card
    bit = BITS_BY_NUMBERS.get(card.numbers, 0) << table.shift[colour]
    every_card_played = False  # (then said once, instead of the turn order's fault)
    out_of_turn = T1TurnOrder.mover(position, colour)
    if out_of_turn is not None:
        if not collect:
            return None
        all_played = T2CardsOnce.card_left(position.played_mark(colour))
        if table.cards_known and all_played is not None:
            out_of_turn, every_card_played = all_played, True
        faults.append((out_of_turn, turn.colour_at))
    meridian = turn.meridian
    skip = turn.skip
    again = None if every_card_played else T2CardsOnce.again(position.played_bits, bit, card)
    off_the_card = t4_card_allows(card, meridian, skip)
    if not collect and (again or off_the_card):
        return None
    if every_card_played or again is not None:
        bit = 0  # the card does not count as played
    if again is not None:
        faults.append((again, turn.card_at))
    elif not every_card_played and table.decks:
        hidden = t3_card_face_up(table, position.played_bits, colour, card)
        if hidden is not None:
            if not collect:
                return None
            faults.append((hidden, turn.card_at))
    if off_the_card is not None:
        faults.append((off_the_card, turn.card_at))
        position.change(turn, bit)
        return TurnReport(faults, None)
    if skip is not None:
        if skip is Skip.STUCK:
            numbers = (meridian,) if meridian in card.numbers else card.numbers
            not_stuck = t5_stuck_only_without_a_move(position, colour, numbers)
            if not_stuck is not None:
                if not collect:
                    return None
                faults.append((not_stuck, turn.at))
        position.change(turn, bit)
        return TurnReport(faults, NO_EFFECT)
    placed = place_tower(position, colour, meridian, turn.take_off, turn.build)
    if not isinstance(placed, Placement):
        if not collect:
            return None
        take_off, build = turn.take_off, turn.build
        for fault in placed:
            if fault.taking_off and take_off is not None:
                faults.append((fault, take_off.at))
            else:
                faults.append((fault, None if build is None else build.at))
        position.change(turn, bit)
        return TurnReport(faults, None)
    built = position.ever_built
    if placed.effect[1] is not None and meridian not in built:
        built = built | {meridian}
    position.change(turn, bit, meridian, placed, built)
    return TurnReport(faults, placed.effect)


def _ignored(
    position: Position, turn: Turn, fault: PlacedFault, collect: bool
) -> TurnReport | None:
    """A turn passed over whole: nothing of it counts."""
    if not collect:
        return None
    position.change(turn, 0, advance=False)
    return TurnReport([fault], None, ignored=True)
