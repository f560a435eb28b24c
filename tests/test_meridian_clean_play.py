"""Meridian's clean play (``play_clean``) ends where turn-by-turn play ends, or gives up.

``validate`` and ``score`` play a game through ``MeridianRules.play_clean``, which keeps
one working board instead of a state for each turn. On random games of 2 to 4 players
under every ruling, with and without decks, from the start or from a state mid-game, and
on the same games spoilt, it must end in the very state ``apply`` ends in turn by turn,
leave its start as it was, and give up (None) whenever ``apply`` finds any problem.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from meridina.notation.driver import check_game
from meridina.notation.reader import parse_text
from meridina.rules.game import PlaysClean, Unreadable
from meridina.rules.meridian.engine import apply, pass_over
from meridina.rules.meridian.game import RULES
from meridina.rules.meridian.model import (
    COLOURS,
    DECK,
    Build,
    Card,
    EmptyMeridian,
    OwnPush,
    Rulings,
    Skip,
    TakeOff,
    Turn,
    TwoPlayerTurns,
)
from meridina.rules.meridian.random_play import play_game
from meridina.rules.meridian.scoring import score
from meridina.rules.meridian.state import State

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "meridian"
ALL_RULINGS = [
    Rulings(turns, empty, push)
    for turns, empty, push in itertools.product(TwoPlayerTurns, EmptyMeridian, OwnPush)
]
Played = Turn | Unreadable
# The type checker holds the core to the protocol that ``play`` looks for.
CLEAN_CORE: PlaysClean[State, Turn] = RULES


def snapshot(state: State) -> tuple[Any, ...]:
    """Everything a state holds, copied: a later change to the state shows. (Two checks
    of one record with decks make two tables alike: what a table holds is compared.)"""
    table = state.table
    return (
        (table.board, table.seating, table.rulings, table.cards_known, table.decks),
        state.columns,
        dict(state.hands),
        state.played_bits,
        state.next_index,
        state.ever_built,
        state.turns_applied,
    )


def turn_by_turn(start: State, turns: Sequence[Played]) -> tuple[State, bool]:
    """The state after ``turns`` played one by one, and whether any of them had a problem
    (an unreadable turn is one: the notation reports it)."""
    state, spoilt = start, False
    for turn in turns:
        if isinstance(turn, Unreadable):
            state, spoilt = pass_over(state, turn.mover), True
        else:
            step = apply(state, turn)
            state, spoilt = step.state, spoilt or bool(step.problems)
    return state, spoilt


def assert_clean_play_agrees(start: State, turns: Sequence[Played]) -> State | None:
    """play_clean against apply turn by turn; the clean state (None if it gave up)."""
    before = snapshot(start)
    clean = CLEAN_CORE.play_clean(start, turns)
    assert snapshot(start) == before, "play_clean changed its start"
    final, spoilt = turn_by_turn(start, turns)
    if spoilt:
        assert clean is None
        return None
    assert clean is not None, "a game without a problem is played clean"
    assert snapshot(clean) == snapshot(final)
    assert score(clean) == score(final)
    return clean


def random_turn(rng: random.Random) -> Turn:
    """Any turn at all, most of them illegal somewhere."""
    card = rng.choice(DECK)
    meridian = rng.choice([*card.numbers, 0, rng.randint(-1, 12)])
    skip = rng.choice([None, None, None, Skip.PASS, Skip.STUCK])
    take_off = rng.choice([None, TakeOff(), TakeOff(rng.randint(0, 6))])
    build = None
    if skip is None and (take_off is None or rng.random() < 0.7):
        colour = rng.choice([None, None, rng.choice(COLOURS)])
        build = Build(rng.randint(-1, 9), rng.randint(0, 6), colour)
    return Turn(rng.choice(COLOURS), card, meridian, take_off, build, skip)


def spoil(turns: list[Played], how: str, rng: random.Random) -> list[Played]:
    """The turns with one thing gone wrong (or perhaps nothing, if chance has it so)."""
    spoilt = list(turns)
    at = rng.randrange(len(spoilt))
    if how == "swap" and at + 1 < len(spoilt):
        spoilt[at], spoilt[at + 1] = spoilt[at + 1], spoilt[at]
    elif how == "drop":
        del spoilt[at]
    elif how == "repeat":
        spoilt.insert(at, spoilt[at])
    elif how == "unreadable":
        turn = spoilt[at]
        spoilt[at] = Unreadable(turn.colour if isinstance(turn, Turn) else None)
    elif how == "stranger":
        spoilt[at] = random_turn(rng)
    elif how == "skip":  # a pass said to be stuck, or a build passed over
        turn = spoilt[at]
        if isinstance(turn, Turn):
            skip = Skip.STUCK if turn.skip is not Skip.STUCK else Skip.PASS
            spoilt[at] = Turn(turn.colour, turn.card, turn.meridian, skip=skip)
    elif how == "higher":  # a build one piece taller, or on the next city
        turn = spoilt[at]
        if isinstance(turn, Turn) and turn.build is not None:
            build = turn.build
            moved = Build(build.height + 1, build.city, build.colour)
            if rng.random() < 0.5:
                moved = Build(build.height, build.city + 1, build.colour)
            spoilt[at] = Turn(turn.colour, turn.card, turn.meridian, turn.take_off, moved)
    elif how == "again":  # a pass with a card its colour played before
        turn = spoilt[at]
        if isinstance(turn, Turn):
            later = [
                i
                for i, other in enumerate(spoilt[at + 1 :], start=at + 1)
                if isinstance(other, Turn) and other.colour == turn.colour and other.skip
            ]
            if later:  # a turn that built nothing: the turns after it stay legal
                index = rng.choice(later)
                spoilt[index] = Turn(turn.colour, turn.card, turn.meridian, skip=Skip.PASS)
    elif how == "group":  # a group card's pass or stuck that names no meridian
        for index, turn in enumerate(spoilt):
            if isinstance(turn, Turn) and turn.skip is not None and turn.card.is_group:
                spoilt[index] = Turn(turn.colour, turn.card, 0, skip=turn.skip)
    return spoilt


SPOILS = [
    "none",
    "swap",
    "drop",
    "repeat",
    "unreadable",
    "stranger",
    "skip",
    "higher",
    "again",
    "group",
]


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.sampled_from([2, 3, 4]),
    ruling=st.sampled_from(ALL_RULINGS),
    decks=st.booleans(),
    moment=st.floats(0, 1),
)
def test_clean_play_ends_where_turn_by_turn_play_ends(
    seed: int, players: int, ruling: Rulings, decks: bool, moment: float
) -> None:
    rng = random.Random(seed)
    game = play_game(rng, players, decks=decks, rulings=ruling)
    start = RULES.initial_state(game.setup).state
    assert start is not None
    turns: list[Played] = list(game.turns)
    clean = assert_clean_play_agrees(start, turns)
    assert clean is not None and clean.finished  # every generated game plays clean
    # From a state mid-game, and with one thing gone wrong in each way.
    middle = int(moment * len(turns))
    assert_clean_play_agrees(game.before[middle] if middle < len(turns) else clean, turns[middle:])
    for how in SPOILS:
        assert_clean_play_agrees(start, spoil(turns, how, rng))
    if decks:  # the same turns from other decks: cards played that were not face up
        colour, (order, at) = rng.choice(sorted(game.setup.decks.items()))
        shuffled = rng.sample(order, len(order))
        other = replace(game.setup, decks={**game.setup.decks, colour: (tuple(shuffled), at)})
        other_start = RULES.initial_state(other).state
        assert other_start is not None
        assert_clean_play_agrees(other_start, turns)


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.sampled_from([2, 3, 4]),
    ruling=st.sampled_from(ALL_RULINGS),
    strangers=st.lists(st.integers(0, 2**32 - 1), min_size=1, max_size=6),
)
def test_clean_play_gives_up_at_any_problem_among_random_turns(
    seed: int, players: int, ruling: Rulings, strangers: list[int]
) -> None:
    game = play_game(random.Random(seed), players, rulings=ruling)
    start = RULES.initial_state(game.setup).state
    assert start is not None
    turns: list[Played] = list(game.turns)
    for stranger in strangers:
        rng = random.Random(stranger)
        turns.insert(rng.randrange(len(turns) + 1), random_turn(rng))
        assert_clean_play_agrees(start, turns)


def test_a_game_played_past_its_end_is_not_played_clean() -> None:
    game = play_game(random.Random(3), 3)
    start = RULES.initial_state(game.setup).state
    assert start is not None
    assert RULES.play_clean(start, game.turns) is not None
    # Every card is played: a turn after the last is a fault, whichever card it names.
    for extra in (game.turns[0], game.turns[-1]):
        assert assert_clean_play_agrees(start, [*game.turns, extra]) is None


def test_a_card_that_is_not_the_decks_own_is_played_turn_by_turn() -> None:
    """A card equal to one of the deck but not the deck's own value (the notation always
    gives the deck's own) is checked turn by turn, where it breaks no rule."""
    game = play_game(random.Random(5), 4)
    start = RULES.initial_state(game.setup).state
    assert start is not None
    first = game.turns[0]
    turns = [replace(first, card=Card(first.card.numbers)), *game.turns[1:]]
    final, spoilt = turn_by_turn(start, turns)
    assert not spoilt and final.finished
    assert RULES.play_clean(start, turns) is None


@pytest.mark.parametrize("name", sorted(path.name for path in EXAMPLES.glob("*.mrec")))
def test_example_records_are_described_alike_played_clean_or_turn_by_turn(name: str) -> None:
    """The rulebook's figures, the example games and errors.mrec: each game is described
    the same either way, and the clean way is taken exactly when it has no problem."""
    text = (EXAMPLES / name).read_text("utf-8")
    for parsed in parse_text(text):
        full = check_game(parsed, EXAMPLES, None, True)
        clean = check_game(parsed, EXAMPLES, None, False)
        assert clean.problems == full.problems
        if full.run is None or clean.run is None:
            assert full.run is clean.run is None
            continue
        assert clean.run.sheet == full.run.sheet
        assert clean.run.result_problems == full.run.result_problems
        assert clean.run.final is not None and full.run.final is not None
        assert snapshot(clean.run.final) == snapshot(full.run.final)
        turns_clean = not any(step is None or step.problems for step in full.run.steps)
        assert clean.run.steps_kept is not turns_clean


def test_the_figures_are_played_clean() -> None:
    for name in ("figure-a.mrec", "figure-b.mrec", "figure-c.mrec", "figure-d.mrec"):
        for parsed in parse_text((EXAMPLES / name).read_text("utf-8")):
            report = check_game(parsed, EXAMPLES, None, False)
            assert report.problems == [] and report.run is not None
            assert not report.run.steps_kept, name
