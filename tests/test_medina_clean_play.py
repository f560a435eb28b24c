"""Medina played clean (one working state for a whole game) against turn by turn.

``MedinaRules.play_clean`` must reach the very state ``apply`` reaches turn by turn
when no turn has any problem, give up (None) whenever some turn has one, and leave
the state it starts from as it was. Random legal games of both editions, every player
count, random rulings and options, are played as they are and spoilt in several ways.
"""

from __future__ import annotations

import copy
import dataclasses
import random
from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from meridina.rules.game import Unreadable
from meridina.rules.medina.engine import _open_fields, legal_placements, legal_turns
from meridina.rules.medina.game import RULES
from meridina.rules.medina.model import (
    Cell,
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
from meridina.rules.medina.random_play import PlayedGame, play_game
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
                    for t in legal_turns(before)
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


def turn_by_turn(start: State, turns: Sequence[TurnIn]) -> tuple[State, bool]:
    """The last state ``apply`` reaches, and whether any turn had a problem."""
    state, troubled = start, False
    for turn in turns:
        if isinstance(turn, Unreadable):
            troubled = True
            state = RULES.pass_over(state, turn.mover)
            continue
        step = RULES.apply(state, turn)
        troubled = troubled or bool(step.problems)
        state = step.state
    return state, troubled


def assert_clean_play_agrees(start: State, turns: Sequence[TurnIn]) -> State | None:
    before = contents(start)
    clean = RULES.play_clean(start, turns)
    assert contents(start) == before  # the start is left as it was
    full, troubled = turn_by_turn(start, turns)
    if troubled:
        assert clean is None
        return None
    assert clean is not None  # a game with no problem at all is played clean
    assert clean == full
    assert RULES.score(clean) == RULES.score(full)
    return clean


@settings(max_examples=60, deadline=None)
@given(
    kind=st.sampled_from(KINDS),
    seed=st.integers(0, 2**32 - 1),
    ruled=rulings,
    how=st.sampled_from(SPOILS),
)
def test_play_clean_agrees_with_apply_turn_by_turn(
    kind: tuple[str, int], seed: int, ruled: Rulings, how: str
) -> None:
    edition, players = kind
    rng = random.Random(seed)
    game = play_game(rng, edition, players, rulings=ruled)
    start = RULES.initial_state(game.setup).state
    assert start is not None
    turns = spoilt(game, how, rng)
    clean = assert_clean_play_agrees(start, turns)
    if how == "none":
        assert clean == game.final


@settings(max_examples=20, deadline=None)
@given(kind=st.sampled_from(KINDS), seed=st.integers(0, 2**32 - 1), cut=st.floats(0, 1))
def test_play_clean_from_the_middle_of_a_game(kind: tuple[str, int], seed: int, cut: float) -> None:
    """A start that shares its palaces and hands with the states before it stays as it was."""
    edition, players = kind
    rng = random.Random(seed)
    game = play_game(rng, edition, players)
    at = min(int(cut * len(game.turns)), len(game.turns) - 1)
    start = game.before[at]
    earlier = [contents(state) for state in game.before[:at]]
    clean = assert_clean_play_agrees(start, game.turns[at:])
    assert clean == game.final
    assert [contents(state) for state in game.before[:at]] == earlier


@settings(max_examples=15, deadline=None)
@given(kind=st.sampled_from(KINDS), seed=st.integers(0, 2**32 - 1))
def test_open_fields_kept_for_one_city_answer_for_every_player(
    kind: tuple[str, int], seed: int
) -> None:
    """The open fields kept while one player's pass is checked serve the next players'."""
    edition, players = kind
    game = play_game(random.Random(seed), edition, players)
    for index, played in enumerate(game.turns):
        if not played.passed and index % 5:
            continue
        state = game.before[index]
        kept: list[AbstractSet[Cell]] = []
        for colour in state.seat_colours:
            fresh = list(legal_placements(state, colour))
            assert list(legal_placements(state, colour, kept)) == fresh
            assert len(kept) <= 1
            if kept:
                assert kept[0] == set(_open_fields(state))


def test_a_working_state_stays_its_own_after_a_look_ahead_copy() -> None:
    """Play_clean changes its working state in place, even after ``copy`` (the MED-T4
    look-ahead) marked it as sharing with the copy."""
    game = play_game(random.Random(3), "1", 3)
    work = game.before[len(game.turns) // 2].detached()
    for looked_ahead in (False, True):
        if looked_ahead:
            work.copy()
            work.own_all()
        for colour, hand in list(work.hands.items()):
            assert work.hand_to_change(colour) is hand
        for ident, palace in list(work.palaces.items()):
            assert work.palace_to_change(ident) is palace
        streets = work.streets
        assert work.street_to_change() is streets


def test_play_clean_gives_the_same_start_twice() -> None:
    game = play_game(random.Random(5), "2", 3)
    start = RULES.initial_state(game.setup).state
    assert start is not None
    first = RULES.play_clean(start, game.turns)
    second = RULES.play_clean(start, game.turns)
    assert first is not None and first is not second and first == second == game.final
