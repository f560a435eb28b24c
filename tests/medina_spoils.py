"""Random legal Medina games spoilt in one way each, for the tests of the turn loop.

Random legal games of both editions, every player count, random rulings and options,
are played as they are (``none``) or with one thing gone wrong: turns swapped, dropped or
repeated, a turn cut short, a pass where a piece could go, a forced roof left out, a
stranger's turn, an unreadable turn, a turn after the end, a piece moved, tea tiles
misplayed, three pieces in a turn.
"""

from __future__ import annotations

import copy
import dataclasses
import random
from typing import Any

from hypothesis import strategies as st
from meridina.rules.game import Unreadable
from meridina.rules.medina.game_position import GamePosition
from meridina.rules.medina.model import (
    ForcedRoof,
    Kind,
    Placement,
    Retire,
    Rulings,
    SetupFields,
    StableMerchants,
    StableTower,
    StreetTouch,
    StuckPalace,
    TeaPlacement,
    ThreePlayerNeutral,
    TieBreak,
    Turn,
    WellBonus,
)
from meridina.rules.medina.random_play import PlayedGame
from meridina.rules.medina.state import State

KINDS = [("1", 3), ("1", 4), ("2", 2), ("2", 3), ("2", 4)]
SPOILS = [
    "none",
    "swap",
    "drop",
    "repeat",
    "short",
    "pass",
    "no-roof",
    "stranger",
    "unreadable",
    "after-end",
    "moved",
    "tea-first",
    "tea-alone",
    "three",
    "pass-after-passes",
]

rulings = st.builds(
    Rulings,
    new_street_touch=st.sampled_from(StreetTouch),
    tea_placement=st.sampled_from(TeaPlacement),
    retire_colours=st.sampled_from(Retire),
    min_roof_size=st.integers(1, 3),
    well_bonus=st.sampled_from(WellBonus),
    setup_fields=st.sampled_from(SetupFields),
    stable_tower=st.sampled_from(StableTower),
    tie_break=st.sampled_from(TieBreak),
    stable_merchants=st.sampled_from(StableMerchants),
    forced_roof=st.sampled_from(ForcedRoof),
    three_player_neutral=st.sampled_from(ThreePlayerNeutral),
    stuck_palace=st.sampled_from(StuckPalace),
)

TurnIn = Turn | Unreadable


def spoilt(game: PlayedGame, how: str, rng: random.Random) -> list[TurnIn]:
    """The game's turns with one thing gone wrong (or none)."""
    turns: list[TurnIn] = list(game.turns)
    at = rng.randrange(len(turns))
    turn = game.turns[at]
    if how == "swap" and at + 1 < len(turns):
        turns[at], turns[at + 1] = turns[at + 1], turns[at]
    elif how == "drop":
        del turns[at]
    elif how == "repeat":
        turns.insert(at, turn)
    elif how == "short":  # the game ends there: MED-T2 alone
        pairs = [index for index, played in enumerate(game.turns) if len(played.placements) == 2]
        if pairs:
            at = rng.choice(pairs)
            turn = game.turns[at]
            turns[at:] = [dataclasses.replace(turn, placements=turn.placements[:1])]
    elif how == "pass":  # the game ends there: MED-T3 alone (unless it was a pass)
        turns[at:] = [Turn(turn.player, passed=True)]
    elif how == "no-roof":  # the last one with roofs left places none: MED-T4 alone
        for index, played in enumerate(game.turns):
            before = game.before[index]
            if last_roofs(before, played.player) and any(
                p.kind is Kind.ROOF for p in played.placements
            ):
                roofless = (
                    t
                    for t in GamePosition(before).candidate_turns()
                    if all(p.kind is not Kind.ROOF for p in t.placements)
                )
                turns[index:] = [next(roofless, played)]
                break
    elif how == "stranger":
        turns[at] = dataclasses.replace(turn, player="purple")
    elif how == "unreadable":
        turns[at] = Unreadable(turn.player)
    elif how == "after-end":
        turns.append(game.turns[-1])
    elif how == "moved":
        other = rng.choice([t for t in game.turns if t.placements])
        placements = list(turn.placements) or [other.placements[0]]
        placements[rng.randrange(len(placements))] = rng.choice(other.placements)
        turns[at] = dataclasses.replace(turn, placements=tuple(placements), passed=False)
    elif how == "tea-first":
        tea = (Placement(Kind.TEA),)
        turns[at] = dataclasses.replace(turn, placements=tea + turn.placements[:1], passed=False)
    elif how == "tea-alone":
        turns[at] = dataclasses.replace(turn, placements=(Placement(Kind.TEA),), passed=False)
    elif how == "pass-after-passes":
        # A pass, a placement that changes the city, then a pass where a piece could go:
        # the open fields kept through the first pass must not answer for the second.
        placed = [index for index, played in enumerate(game.turns) if not played.passed]
        passes = [index for index, played in enumerate(game.turns) if played.passed]
        later = [index for index in placed if passes and index > passes[0]]
        if len(later) > 1:
            at = rng.choice(later[1:])
            turns[at:] = [Turn(game.turns[at].player, passed=True)]
    elif how == "three" and turn.placements:
        extra = rng.choice([t for t in game.turns if t.placements]).placements[0]
        turns[at] = dataclasses.replace(turn, placements=(*turn.placements, extra, extra))
    return turns


def last_roofs(state: State, player: str) -> bool:
    """The 1st edition's last-roofs rule binds ``player`` (the only one with roofs left)."""
    hands = state.hands
    others = [colour for colour in state.seat_colours if colour != player]
    return (
        state.edition.last_roofs_rule
        and hands[player].roofs > 0
        and all(hands[colour].roofs == 0 for colour in others)
    )


def contents(state: State) -> dict[str, Any]:
    """Everything a state holds that it compares on, copied deep (the board is shared)."""
    return {
        f.name: copy.deepcopy(getattr(state, f.name))
        for f in dataclasses.fields(state)
        if f.compare and f.name not in ("board", "edition")
    }
