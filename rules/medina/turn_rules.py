"""Medina's turn rules: whose turn it is, how many pieces a turn places, passing, the forced
roof and the end of the game (MED-T1 to T4, MED-E1), each decided once here; the rules'
fault classes, which word themselves, close the module."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from meridina.rules.codes import RuleCode
from meridina.rules.rule_home import decides, words
from meridina.rules.wording import counted

from .faults import UNWORDED, Fault
from .model import BUILDING_KIND, ROOF_KIND, ForcedRoof, Placement, cell_name
from .placements import can_place, check_placement, legal_placements, make_placement, roof_site
from .state import Hand, State, holds_pieces


def alone_with_roofs(state: State, player: str) -> bool:
    """Whether no other player has a roof left (for the last-roofs rule, MED-T4)."""
    hands = state.hands
    return all(hands[colour].roofs == 0 for colour in state.seat_colours if colour != player)


def others_stuck(state: State, player: str) -> bool:
    """Whether no other player can move now (MED-T4 under forced-roof=others-stuck), told as
    Boardspace's engine tells it: none holds a wall, a merchant or a tea tile (even one that
    cannot be played), and none can place any other piece."""
    hands = state.hands
    others = [colour for colour in state.seat_colours if colour != player]
    for colour in others:
        hand = hands[colour]
        if hand.walls > 0 or hand.merchants > 0 or hand.tea > 0:
            return False
    return not any(can_place(state, colour) for colour in others)


def roof_this_turn(state: State, player: str) -> str | None:
    """One way for ``player`` to place a roof this turn, said in words; None if none.

    A roof may only become possible after the turn's first piece (a building that
    starts or grows a palace), so every legal first piece is tried.
    """
    cell = roof_site(state, player)
    if cell is not None:
        return f"roof@{cell_name(cell)}"
    if t2_two_pieces(state, player, index=1) is not None:
        return None  # an opening turn: no second piece
    owned = {palace.colour for palace in state.owned(player)}
    for first in legal_placements(state, player):
        if first.kind is not BUILDING_KIND or first.colour in owned:
            continue  # only a building can open a palace to a roof, and not of a colour owned
        after = state.copy()
        target, _ = check_placement(after, player, first)
        make_placement(after, player, first, target)
        cell = roof_site(after, player)
        if cell is not None:
            piece = first.colour if first.kind is BUILDING_KIND else first.kind.value
            return f"{piece}@{cell_name(first.cell or cell)} roof@{cell_name(cell)}"
    return None


def finished(state: State) -> bool:
    """Nobody has a piece left, or every player with pieces has just passed in turn."""
    hands, passes = state.hands, state.passes_in_a_row
    active = 0
    for colour in state.seat_colours:
        if holds_pieces(hands[colour]):
            if not passes:
                return False  # someone can still place, and nobody has passed
            active += 1
    return not active or passes >= active


def expected_player(state: State) -> str:
    seats, hands, start = state.seat_colours, state.hands, state.next_seat
    count = len(seats)
    for offset in range(count):
        colour = seats[(start + offset) % count]
        if holds_pieces(hands[colour]):
            return colour
    return seats[start % count]


OpeningFacts = tuple[int, str, int]  # players, edition, the turns the exception covers


def _opening(state: State) -> OpeningFacts:
    """The facts of the opening exception here: players, edition, the turns it covers."""
    players = len(state.players)
    return players, state.edition.name, state.edition.single_piece_turns.get(players, 0)


@decides("MED-T2")
def t2_two_pieces(
    state: State,
    player: str,
    written: int = 0,
    index: int = -1,
    teas: int = 0,
    made: int = 0,
) -> Fault | None:
    """A turn places two pieces (a tea tile stands for one), one in the edition's opening
    turns, and fewer only while no piece can still be placed.

    With ``index``: whether the turn's placement ``index`` (from 0) may be made, on the
    state before the turn. Else the turn of ``written`` placements, ``teas`` tea tiles
    among them, as a whole, on the state after it: ``made`` of its pieces placed, each
    asked by ``index`` first.
    """
    if index >= 0:
        if index >= 2:
            return T2TwoPieces.TooMany()
        if index == 1 and state.turns_played < state.opening_turns:
            return T2TwoPieces.Opening(_opening(state))
        return None
    single = state.turns_played <= state.opening_turns  # (the turn is counted already)
    if (
        written < (1 if single or teas else 2)
        and made == written
        and state.has_pieces(player)
        and can_place(state, player)
    ):
        return T2TwoPieces.Short(player, written, _opening(state))
    return None


@decides("MED-E1")
def e1_game_over(state: State, holds: bool, unwritten: bool = False) -> Fault | None:
    """No turn once the game is over: nobody has a piece left, or every player with pieces
    has just passed in turn (``holds``: the mover still has a piece). ``unwritten``: for a
    faulty turn, which may come after an end whose last round of passes went unwritten,
    whether nobody can place a piece at all."""
    if unwritten:
        return GameOver() if nobody_can_place(state) else None
    # With no passes yet, a mover with pieces shows that the game goes on.
    if (state.passes_in_a_row or not holds) and finished(state):
        return GameOver()
    return None


@words("MED-E1")
@dataclass(slots=True)
class GameOver(Fault):
    rule: ClassVar[RuleCode] = "MED-E1"

    def words(self) -> str:
        return "the game is over: nobody can place a piece"


def nobody_can_place(state: State) -> bool:
    """No player can put down any piece: the game is over, passes written or not."""
    return not any(state.has_pieces(p.colour) and can_place(state, p.colour) for p in state.players)


@decides("MED-T1")
def t1_turn_order(state: State, player: str, holds: bool) -> Fault | None:
    """Players take turns in seat order, passing over those with no piece left; ``holds``:
    the mover still has a piece."""
    seats = state.seat_colours
    expected = seats[state.next_seat % len(seats)]  # the usual case: the next seat's turn
    if expected != player or not holds:
        expected = expected_player(state)
        if player != expected:
            return OutOfTurn(expected, player)
    return None


@decides("MED-T3")
def t3_pass(state: State, player: str) -> Fault | None:
    """A player passes only when no piece of theirs can be placed."""
    example = next(legal_placements(state, player), None)
    if example is not None:
        return PassRefused(player, example)
    return None


@decides("MED-T4")
def t4_last_roofs(
    state: State, player: str, hand: Hand, placements: Sequence[Placement] | None
) -> Fault | None:
    """A player who must roof places a roof this turn while one can go (``hand``: the
    mover's). The rule binds, on the city before the turn, under the ruling
    forced-roof=others-stuck in either edition when no other player can move, else by the
    1st edition's last-roofs rule when no other player has a roof left.

    With ``placements`` None, asked only yes or no whether the rule binds the mover (before
    a turn is chosen): UNWORDED if it does, without looking for a way to roof.
    """
    if hand.roofs <= 0:  # (no roof: the usual answer)
        return None
    if state.rulings.forced_roof is ForcedRoof.OTHERS_STUCK:
        binds = others_stuck(state, player)
    else:
        binds = state.edition.last_roofs_rule and alone_with_roofs(state, player)
    if not binds:
        return None
    if placements is None:
        return UNWORDED
    for placement in placements:
        if placement.kind is ROOF_KIND:
            return None
    way = roof_this_turn(state, player)
    if way is not None:
        if state.rulings.forced_roof is ForcedRoof.OTHERS_STUCK:
            return T4MustRoof.OthersStuck(player, way)
        return T4MustRoof.LastRoofs(player, way)
    return None


# ---------------------------------------------------------------- the faults' words


def opening_turns(players: int, edition: str, turns: int) -> str:
    """Why the opening exception does not apply: how many turns it covers here."""
    where = f"in edition {edition} with {players} players"
    if turns == 0:
        return f"{where}, no opening turn places a single piece"
    first = "only the first turn places" if turns == 1 else f"only the first {turns} turns place"
    return f"{where}, {first} a single piece"


@words("MED-T1")
@dataclass(slots=True)
class OutOfTurn(Fault):
    rule: ClassVar[RuleCode] = "MED-T1"
    expected: str
    player: str

    def words(self) -> str:
        return f"it is {self.expected}'s turn, not {self.player}'s"


@words("MED-T2")
class T2TwoPieces:
    """MED-T2's faults: a third piece, a second one in an opening turn, too few pieces."""

    @dataclass(slots=True)
    class TooMany(Fault):
        rule: ClassVar[RuleCode] = "MED-T2"

        def words(self) -> str:
            return "a turn places at most two pieces"

    @dataclass(slots=True)
    class Opening(Fault):
        rule: ClassVar[RuleCode] = "MED-T2"
        opening: OpeningFacts

        def words(self) -> str:
            return f"an opening turn places a single piece: {opening_turns(*self.opening)}"

    @dataclass(slots=True)
    class Short(Fault):
        """``player`` places only ``written`` pieces."""

        rule: ClassVar[RuleCode] = "MED-T2"
        player: str
        written: int
        opening: OpeningFacts

        def words(self) -> str:
            return (
                f"{self.player} places only {counted(self.written, 'piece')}: a turn places two "
                f"while any piece can still be placed ({opening_turns(*self.opening)})"
            )


@words("MED-T3")
@dataclass(slots=True)
class PassRefused(Fault):
    """MED-T3: ``player`` passes, though ``example`` can still be placed."""

    rule: ClassVar[RuleCode] = "MED-T3"
    player: str
    example: Placement

    def words(self) -> str:
        example = self.example
        where = cell_name(example.cell) if example.cell else ""
        what = f"{example.colour} building" if example.kind is BUILDING_KIND else example.kind.value
        return f"{self.player} may not pass: a {what} on {where} can still be placed"


@words("MED-T4")
class T4MustRoof:
    """MED-T4's faults: ``player`` places no roof, though one can go (``way``), when no
    other player can move or none has a roof left."""

    @dataclass(slots=True)
    class OthersStuck(Fault):
        rule: ClassVar[RuleCode] = "MED-T4"
        player: str
        way: str

        def words(self) -> str:
            return (
                f"no other player can move, so {self.player} must place a roof this turn "
                f"(for example {self.way})"
            )

    @dataclass(slots=True)
    class LastRoofs(Fault):
        rule: ClassVar[RuleCode] = "MED-T4"
        player: str
        way: str

        def words(self) -> str:
            return (
                f"{self.player} is the only player with roofs left and must place one this "
                f"turn (for example {self.way})"
            )
