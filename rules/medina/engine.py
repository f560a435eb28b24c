"""Medina's rules: setting up from a record's header, playing turns, listing placements."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar, Final

from meridina.rules.common import Place, Problem, RecordError
from meridina.rules.game import Applied, Handling
from meridina.rules.rule_home import decides

from .board import Edition, is_bundled_board, load_board, load_edition
from .events import Event
from .faults import Fault, wording
from .model import (
    BUILDING_KIND,
    MERCHANT_KIND,
    NEUTRAL_KIND,
    ROOF_KIND,
    STABLE_KIND,
    TEA_KIND,
    WALL_KIND,
    Cell,
    ForcedRoof,
    Kind,
    Placement,
    Setup,
    ThreePlayerNeutral,
    Turn,
    cell_name,
)
from .placing import (
    b1_field,
    b3_spacing,
    building_target,
    merchant_fault,
    place_building,
    place_merchant,
    place_roof,
    place_stable,
    place_wall,
    roof_target,
    stable_target,
    street_blocked,
    street_ends,
    supply_fault,
    t5_tea,
    unfinished,
    wall_arm,
)
from .position import apply_position
from .quick import Closer, quick_place
from .setup_rules import s1_players, s2_edition_fits, s3_setup_fields
from .state import BUILDING, Hand, State, holds_pieces


@dataclass(slots=True)  # not frozen: built once a turn, and frozen ones are slow to build
class Step:
    """The outcome of one turn: the state to go on from, problems, and what happened."""

    state: State
    problems: tuple[Problem, ...]
    events: tuple[Event, ...]
    ignored: ClassVar[bool] = False  # True on ``Ignored``: nothing of the turn counts

    @property
    def handling(self) -> Handling:
        """Played (each illegal placement left out) or ignored, as the digest says."""
        return Handling.IGNORED if self.ignored else Handling.PLAYED


@dataclass(slots=True)
class Ignored(Step):
    """A turn passed over whole (MED-S1, MED-E1): none of its pieces is placed."""

    ignored: ClassVar[bool] = True


# ---------------------------------------------------------------- setting up


def initial_state(setup: Setup, base: Path | None = None) -> Applied[State | None]:
    problems: list[Problem] = []
    try:
        edition = load_edition(setup.edition)
    except RecordError as error:
        return Applied(
            None, (Problem(error.problem.rule, error.problem.message, setup.edition_at),)
        )
    count = len(setup.players)
    seats = [player.colour for player in setup.players]
    faults = s1_players(seats, edition=edition)
    if faults and faults[0].case == "count":
        return Applied(None, (faults[0].at(setup.players_at),))
    problems.extend(fault.at(setup.players_at) for fault in faults)
    options, found = _options(setup, edition, count)
    problems.extend(found)
    board_name = setup.board or edition.boards[count]
    bundled = is_bundled_board(board_name)
    for fault in s2_edition_fits(
        edition.name, (), edition, count, board=board_name, bundled=bundled
    ):
        problems.append(fault.at(setup.board_at))
    try:
        board = load_board(board_name, base)
    except RecordError as error:
        problems.append(Problem(error.problem.rule, error.problem.message, setup.board_at))
        return Applied(None, tuple(problems))
    if any(not p.warning for p in problems):
        return Applied(None, tuple(problems))
    supply = edition.supply[count]
    neutral = supply.neutral_roofs if "neutral-roofs" in options else 0
    hands = {
        player.colour: Hand(
            {colour: supply.buildings for colour in edition.colours},
            supply.roofs,
            neutral,
            supply.stables,
            supply.merchants,
            supply.walls,
        )
        for player in setup.players
    }
    state = State(
        board=board,
        edition=edition,
        options=options,
        rulings=setup.rulings,
        players=setup.players,
        hands=hands,
        arm_fill=[0] * len(board.arms),
        palace_tiles={colour: None for colour in edition.colours},
        tower_merchants=dict(edition.tower_merchants) if "tower-merchants" in options else {},
    )
    problems.extend(fault.at(at) for fault, at in s3_setup_fields(state, setup, board))
    if setup.position is not None:
        problems.extend(apply_position(state, setup.position))
    state.open_palaces.clear()
    return Applied(state, tuple(problems))


def _options(setup: Setup, edition: Edition, count: int) -> tuple[frozenset[str], list[Problem]]:
    chosen = set(edition.default_options) if setup.options is None else set(setup.options)
    faults = s2_edition_fits(edition.name, (), edition, count, chosen)
    chosen &= set(edition.options)
    # always part of the 2-player game; of the 3-player game too under the ruling
    # three-player-neutral=always (wherever the supply holds neutral roofs)
    if "neutral-roofs" in edition.options and (
        count == 2
        or (
            setup.rulings.three_player_neutral is ThreePlayerNeutral.ALWAYS
            and edition.supply[count].neutral_roofs > 0
        )
    ):
        chosen.add("neutral-roofs")
    if any(fault.case == "neutral" for fault in faults):
        chosen.discard("neutral-roofs")
    return frozenset(chosen), [fault.at(setup.options_at) for fault in faults]


_OTHERS_STUCK: Final = ForcedRoof.OTHERS_STUCK

# ---------------------------------------------------------------- playing a turn


def check_placement(
    state: State, player: str, placement: Placement
) -> tuple[int | None, Fault | None]:
    """Where a placement would go, or the first (most basic) rule it breaks.

    The target is the palace a building joins (None: a new one), the palace a roof
    or stable goes on, the street end a merchant extends (None: a new street) or
    the arm a wall extends.
    """
    target, faults = placement_faults(state, player, placement)
    return target, (faults[0] if faults else None)


def placement_faults(
    state: State, player: str, placement: Placement
) -> tuple[int | None, list[Fault]]:
    """Where a placement would go, or every rule it breaks, most basic first.

    The supply comes first, then the field, then the rules of the piece's kind;
    each rule is named once.
    """
    supply = supply_fault(state, player, placement)
    kind, cell = placement.kind, placement.cell
    if kind is TEA_KIND:
        return None, [supply] if supply else []
    assert cell is not None
    if kind is BUILDING_KIND:
        target, faults = building_target(state, placement.colour or "", cell)
    elif kind in (ROOF_KIND, NEUTRAL_KIND):
        target, faults = roof_target(state, player, cell, kind is NEUTRAL_KIND)
    elif kind is STABLE_KIND:
        target, faults = stable_target(state, cell)
    elif kind is MERCHANT_KIND:
        target, faults = merchant_fault(state, cell)
    else:
        target, faults = wall_arm(state, cell)
    if supply is not None:
        return None, [supply, *(f for f in faults if f.rule != supply.rule)]
    return target, faults


def make_placement(
    state: State, player: str, placement: Placement, target: int | None
) -> list[Event]:
    """Make a checked placement; returns what changed hands because of it."""
    kind, cell = placement.kind, placement.cell
    if kind is TEA_KIND:
        state.hand_to_change(player).tea -= 1
        return []
    assert cell is not None
    state.open_palaces.clear()  # the city changes: which palaces can grow is worked out again
    hand = state.hand_to_change(player)
    if kind is BUILDING_KIND:
        place_building(state, hand, placement.colour or "", cell, target)
        return []
    if kind is MERCHANT_KIND:
        place_merchant(state, hand, cell, target)
        return []
    assert target is not None
    if kind in (ROOF_KIND, NEUTRAL_KIND):
        return place_roof(state, player, hand, target, kind is NEUTRAL_KIND)
    if kind is STABLE_KIND:
        return place_stable(state, player, hand, cell, target)
    return place_wall(state, hand, cell, target)


def legal_placements(
    state: State, player: str, kept: list[AbstractSet[Cell]] | None = None
) -> Iterator[Placement]:
    """Every piece ``player`` could place now (tea tiles not included).

    ``kept`` (empty, or holding the open fields of this very city) keeps the open
    fields once worked out, for a caller asking again before the city changes.
    """
    hand = state.hands[player]
    kinds: list[tuple[Kind, str | None]] = [
        (BUILDING_KIND, colour)
        for colour in state.edition.colours
        if colour not in state.retired and (not hand.known or hand.buildings[colour] > 0)
    ]
    for kind, count in (
        (ROOF_KIND, hand.roofs),
        (NEUTRAL_KIND, hand.neutral_roofs),
        (STABLE_KIND, hand.stables),
        (MERCHANT_KIND, hand.merchants),
        (WALL_KIND, hand.walls),
    ):
        if count > 0 or (not hand.known and kind not in (ROOF_KIND, NEUTRAL_KIND)):
            kinds.append((kind, None))
    open_fields: AbstractSet[Cell] | None = None  # the same for each colour with none to grow
    for kind, colour in kinds:
        ordered: Iterable[Cell]
        if kind is BUILDING_KIND and not unfinished(state, colour or ""):
            if open_fields is None:
                if kept:
                    open_fields = kept[0]
                else:
                    open_fields = _open_fields(state)
                    if kept is not None:
                        kept.append(open_fields)
            if not open_fields:  # often so late in a game, when a pass is checked
                continue
            # In board order, found one by one: often the first is placement enough.
            ordered = (cell for cell in state.board.cell_order if cell in open_fields)
        else:
            ordered = sorted(_could_hold(state, player, kind, colour), key=_board_order)
        for cell in ordered:
            placement = Placement(kind, cell, colour)
            if check_placement(state, player, placement)[1] is None:
                yield placement


def _board_order(cell: Cell) -> tuple[int, int]:
    """The order of ``Board.cells``: the top row first, each row from the left."""
    return -cell[1], cell[0]


def _could_hold(state: State, player: str, kind: Kind, colour: str | None) -> AbstractSet[Cell]:
    """Every field a piece of this kind might legally go on now, and perhaps a few more.

    A cheap first sieve: each field left out breaks a rule whatever else holds, so
    only the fields kept need the full check.
    """
    board, pieces = state.board, state.pieces
    if kind is BUILDING_KIND:  # MED-B1 and MED-B3; MED-B2: next to an unfinished palace
        open_palaces = unfinished(state, colour or "")
        if open_palaces:
            return {
                cell
                for palace in open_palaces
                for building in palace.buildings
                for cell in board.next_to[building]
                if b1_field(state, cell, None) is None
                and b3_spacing(state, cell, palace.ident, None) is None
            }
        return _open_fields(state)
    if kind in (ROOF_KIND, NEUTRAL_KIND):  # MED-R1: on an unroofed palace
        return {
            cell
            for palace in state.palaces.values()
            if not palace.roofed
            for cell in palace.buildings
        }
    if kind is STABLE_KIND:  # MED-B6: next to a building
        return {
            cell
            for building, piece in pieces.items()
            if piece == BUILDING
            for cell in board.next_to[building]
            if cell not in pieces
        }
    if kind is MERCHANT_KIND:  # MED-M1: at an end of the street, unless both are blocked
        if street_blocked(state):
            return board.building_fields - pieces.keys()
        return {cell for end in street_ends(state) for cell in board.next_to[end]}
    return {  # MED-W1: the next field of a tower's arm
        arm.cells[filled]
        for arm, filled in zip(board.arms, state.arm_fill, strict=True)
        if filled < len(arm.cells)
    }


def _open_fields(state: State) -> AbstractSet[Cell]:
    """The free building fields away from the well that touch no palace at all."""
    board, well = state.board, state.well
    # (A frozenset less a dict reads the hashes the set keeps: no cell is hashed again.)
    free = board.building_fields.difference(state.pieces)
    # The spacing rule: nothing touches another palace. Asked field by field, each answer
    # ends at the first palace found: when this is asked, most free fields touch one.
    keys, around = state.palace_at.keys(), board.all_around
    found = {cell for cell in free if keys.isdisjoint(around[cell])}
    if found and well is not None:  # the well and the fields around it
        col, row = well
        found.difference_update([(col + dx, row + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)])
    return found


def can_place(
    state: State,
    player: str,
    kind: Kind | None = None,
    kept: list[AbstractSet[Cell]] | None = None,
) -> bool:
    """Whether ``player`` can place a piece (of ``kind``) now; ``kept``: as for
    ``legal_placements``."""
    for placement in legal_placements(state, player, kept):
        if kind is None or placement.kind is kind:
            return True
    return False


def roof_site(state: State, player: str) -> Cell | None:
    """A building ``player`` could put one of their own roofs on now, if any."""
    if state.hands[player].roofs <= 0:
        return None
    for palace in state.palaces.values():
        if palace.roofed:
            continue
        cell = min(palace.buildings)
        if not roof_target(state, player, cell, False)[1]:
            return cell
    return None


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


def forced_roof_binds(state: State) -> bool:
    """Whether rule MED-T4 can bind in this game at all: the 1st edition's last-roofs rule,
    or the ruling forced-roof=others-stuck in either edition."""
    return state.edition.last_roofs_rule or state.rulings.forced_roof is _OTHERS_STUCK


def must_roof(state: State, player: str, hand: Hand) -> bool:
    """Whether the mover (holding ``hand``) must place a roof this turn where one can go:
    the condition of rule MED-T4, decided on the city before the turn."""
    if hand.roofs <= 0 or not forced_roof_binds(state):
        return False
    if state.rulings.forced_roof is _OTHERS_STUCK:
        return others_stuck(state, player)
    return alone_with_roofs(state, player)


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


def _opening(state: State) -> tuple[int, str, int]:
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
    made: int | None = None,
    kept: list[AbstractSet[Cell]] | None = None,
) -> Fault | None:
    """A turn places two pieces (a tea tile stands for one), one in the edition's opening
    turns, and fewer only while no piece can still be placed.

    With ``index``: whether the turn's placement ``index`` (from 0) may be made, on the
    state before the turn. Else the turn of ``written`` placements, ``teas`` tea tiles
    among them, as a whole, on the state after it: ``made`` of its pieces placed, each
    checked by ``index`` first; None: every placement made, none checked by ``index``.
    (``kept``: as for ``legal_placements``, of the city after the turn.)
    """
    if index >= 0:
        if index >= 2:
            return Fault("MED-T2", ("many",))
        if index == 1 and state.turns_played < state.opening_turns:
            return Fault("MED-T2", ("opening", _opening(state)))
        return None
    single = state.turns_played <= state.opening_turns  # (the turn is counted already)
    if made is None:
        if written > (1 if single else 2):
            return Fault("MED-T2", ("many",))
        made = written
    if (
        written < (1 if single or teas else 2)
        and made == written
        and state.has_pieces(player)
        and can_place(state, player, None, kept)
    ):
        return Fault("MED-T2", ("short", player, written, _opening(state)))
    return None


def apply(state: State, turn: Turn) -> Step:
    """Play one turn; illegal placements are reported and not made, the rest stands."""
    player = turn.player
    hand = state.hands.get(player)
    if hand is None:  # (the hands are the players')
        faults = s1_players(state.hands, player)
        return Ignored(state, tuple([fault.at(turn.player_at) for fault in faults]), ())
    fault = e1_game_over(state, holds_pieces(hand))
    if fault is not None:
        return Ignored(state, (fault.at(turn.at),), ())
    step = _play(state, turn, hand)
    problems = step.problems
    if problems and any(not p.warning for p in problems):
        fault = e1_game_over(state, True, unwritten=True)
        if fault is not None:
            return Ignored(state, (fault.at(turn.at),), ())
    return step


@decides("MED-E1")
def e1_game_over(state: State, holds: bool, unwritten: bool = False) -> Fault | None:
    """No turn once the game is over: nobody has a piece left, or every player with pieces
    has just passed in turn (``holds``: the mover still has a piece). ``unwritten``: for a
    faulty turn, which may come after an end whose last round of passes went unwritten,
    whether nobody can place a piece at all."""
    if unwritten:
        return Fault("MED-E1", ()) if nobody_can_place(state) else None
    # With no passes yet, a mover with pieces shows that the game goes on.
    if (state.passes_in_a_row or not holds) and finished(state):
        return Fault("MED-E1", ())
    return None


@wording("MED-E1")
def e1_words(fault: Fault) -> str:
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
            return Fault("MED-T1", (expected, player))
    return None


@decides("MED-T3")
def t3_pass(state: State, player: str, kept: list[AbstractSet[Cell]] | None = None) -> Fault | None:
    """A player passes only when no piece of theirs can be placed (``kept``: as for
    ``legal_placements``)."""
    example = next(legal_placements(state, player, kept), None)
    if example is not None:
        return Fault("MED-T3", (player, example))
    return None


@decides("MED-T4")
def t4_last_roofs(
    state: State, player: str, hand: Hand, placements: Sequence[Placement]
) -> Fault | None:
    """A player who must roof (``must_roof``) places a roof this turn while one can go
    (``hand``: the mover's)."""
    if not must_roof(state, player, hand):
        return None
    for placement in placements:
        if placement.kind is ROOF_KIND:
            return None
    way = roof_this_turn(state, player)
    if way is not None:
        return Fault("MED-T4", (player, way, state.rulings.forced_roof.value))
    return None


def _play(state: State, turn: Turn, hand: Hand) -> Step:
    """Play a turn of the game that goes on; ``hand`` is the mover's."""
    player = turn.player
    problems: list[Problem] = []
    seats = state.seat_colours
    fault = t1_turn_order(state, player, holds_pieces(hand))
    if fault is not None:
        problems.append(fault.at(turn.player_at))
    after = state.copy()
    after.next_seat = seats.index(player) + 1
    after.turns_played += 1
    if turn.passed:
        after.passes_in_a_row += 1
        fault = t3_pass(state, player)
        if fault is not None:
            problems.append(fault.at(turn.at))
        return Step(after, tuple(problems), ())
    after.passes_in_a_row = 0
    placements = turn.placements
    own_hand = after.hand_to_change(player)
    events: list[Event] = []
    made = 0  # pieces placed (tea tiles are not pieces)
    teas = 0
    for index, placement in enumerate(placements):
        kind = placement.kind
        too_many = t2_two_pieces(state, player, index=index)
        if too_many is not None and too_many.case == "many":
            problems.append(too_many.at(placement.at))
            break
        if kind is TEA_KIND:
            fault = t5_tea(state, player, placements, index, teas)
            if fault is not None:
                problems.append(fault.at(placement.at))
                continue
        if too_many is not None:  # an opening turn's second piece
            problems.append(too_many.at(placement.at))
            break
        found = quick_place(after, player, own_hand, placement)
        if isinstance(found, Closer):  # not a plain legal placement: the full check
            target, faults = placement_faults(after, player, placement)
            if faults:
                problems.extend(fault.at(placement.at) for fault in faults)
                continue
            found = make_placement(after, player, placement, target)
        if found:
            events.extend(found)
        if kind is TEA_KIND:
            teas += 1
        else:
            made += 1
    written = len(placements)
    if teas:
        fault = t5_tea(after, player, placements, teas=teas)
        if fault is not None:
            problems.append(fault.at(turn.at))
    fault = t2_two_pieces(after, player, written, teas=teas, made=made)
    if fault is not None:
        problems.append(fault.at(turn.at))
    fault = t4_last_roofs(state, player, hand, placements)
    if fault is not None:
        problems.append(fault.at(turn.at))
    return Step(after, tuple(problems), tuple(events))


def legal_turns(state: State) -> Iterator[Turn]:
    """Turns of one or two placements for the player to move (enough for random play)."""
    if finished(state):
        return
    player = expected_player(state)
    firsts = list(legal_placements(state, player))
    if not firsts:
        yield Turn(player, passed=True)
        return
    single = t2_two_pieces(state, player, index=1) is not None  # an opening turn
    for first in firsts:
        if single:
            yield Turn(player, (first,))
            continue
        after = state.copy()
        target, _ = check_placement(after, player, first)
        make_placement(after, player, first, target)
        seconds = list(legal_placements(after, player)) if after.has_pieces(player) else []
        if not seconds:
            yield Turn(player, (first,))
        for second in seconds:
            yield Turn(player, (first, second))


__all__ = ["Place", "Step", "apply", "can_place", "finished", "initial_state", "legal_turns"]
