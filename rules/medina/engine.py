"""Medina's rules behind the shared interface: setting up from a record's header, a turn
played into a new state (``apply``), the legal turns.

A turn is played by the one turn loop (``turn_loop.play_turn``): here on a copy of the
state, which shares with it what the turn leaves alone (``copy_on_write``), so that the
views keep a state for every turn.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from meridina.rules.common import Place, Problem, RecordError
from meridina.rules.game import Applied, Handling

from .board import Edition, is_bundled_board, load_board, load_edition
from .events import Event
from .game_position import GamePosition
from .model import Setup, ThreePlayerNeutral, Turn
from .placements import (
    can_place,
    check_placement,
    legal_placements,
    make_placement,
    placement_faults,
)
from .position import apply_position
from .setup_rules import S1Players, S2EditionFits, s1_players, s2_edition_fits, s3_setup_fields
from .state import Hand, State
from .turn_loop import play_turn
from .turn_rules import (
    e1_game_over,
    expected_player,
    finished,
    nobody_can_place,
    others_stuck,
    t2_two_pieces,
    t4_last_roofs,
)


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
    if faults and isinstance(faults[0], S1Players.Count):
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
    state.city_changes()
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
    if any(isinstance(fault, S2EditionFits.Neutral) for fault in faults):
        chosen.discard("neutral-roofs")
    return frozenset(chosen), [fault.at(setup.options_at) for fault in faults]


# ---------------------------------------------------------------- playing a turn


def apply(state: State, turn: Turn) -> Step:
    """Play one turn into a new state; illegal placements are reported and not made, the
    rest stands. ``state`` is left as it was."""
    after = state.copy()
    played = play_turn(after, turn)
    problems = tuple([fault.at(at) for fault, at in played.faults])
    if played.ignored:
        return Ignored(state, problems, ())
    return Step(after, problems, tuple(played.events))


def legal_turns(state: State) -> Iterator[Turn]:
    """The legal turns of the player to move (see ``GamePosition.legal_turns``)."""
    return GamePosition(state).legal_turns()


__all__ = [
    "Hand",
    "Ignored",
    "Place",
    "Step",
    "apply",
    "can_place",
    "check_placement",
    "e1_game_over",
    "expected_player",
    "finished",
    "initial_state",
    "legal_placements",
    "legal_turns",
    "make_placement",
    "nobody_can_place",
    "others_stuck",
    "placement_faults",
    "t2_two_pieces",
    "t4_last_roofs",
]
