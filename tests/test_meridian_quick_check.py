"""The quick legality check of a take-off or build agrees with the full one.

``quick_act`` decides the common legal turn without putting faults into words; ``act``
finds every fault. On states of random games, under every ruling, for every plain build
and take-off and for odd ones, both must give the same outcome, and the quick check must
refuse exactly what the full one finds a fault in.
"""

from __future__ import annotations

from collections.abc import Iterator

from hypothesis import assume, given, settings
from hypothesis import strategies as st
from meridian_games import random_game
from meridina.rules.meridian.action import act, quick_act, take_off_and_build
from meridina.rules.meridian.legal import legal_turns
from meridina.rules.meridian.model import (
    COLOURS,
    MERIDIANS,
    Build,
    EmptyMeridian,
    OwnPush,
    Rulings,
    TakeOff,
    Tower,
    TwoPlayerTurns,
)
from meridina.rules.meridian.state import State

take_offs = st.one_of(
    st.none(),
    st.builds(TakeOff, st.one_of(st.none(), st.integers(min_value=0, max_value=6))),
)
builds = st.one_of(
    st.none(),
    st.builds(
        Build,
        st.integers(min_value=-1, max_value=9),
        st.integers(min_value=0, max_value=6),
        st.one_of(st.none(), st.sampled_from(COLOURS)),
    ),
)
rulings = st.builds(
    Rulings,
    st.sampled_from(TwoPlayerTurns),
    st.sampled_from(EmptyMeridian),
    st.sampled_from(OwnPush),
)


def assert_agree(
    state: State, colour: str, meridian: int, take_off: TakeOff | None, build: Build | None
) -> None:
    full = act(state, colour, meridian, take_off, build)
    quick = quick_act(state, colour, meridian, take_off, build)
    if isinstance(full, list):
        assert full, "a refusal names at least one fault"
        assert quick is None, (colour, meridian, take_off, build, full)
    else:
        assert quick == full, (colour, meridian, take_off, build)


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    players=st.sampled_from([2, 3, 4]),
    moment=st.floats(min_value=0, max_value=1),
    ruling=rulings,
    tries=st.lists(
        st.tuples(
            st.integers(min_value=0, max_value=3),
            st.integers(min_value=1, max_value=MERIDIANS),
            take_offs,
            builds,
        ),
        max_size=40,
    ),
)
def test_quick_check_agrees_with_the_full_check(
    seed: int,
    players: int,
    moment: float,
    ruling: Rulings,
    tries: list[tuple[int, int, TakeOff | None, Build | None]],
) -> None:
    game = random_game(seed, players)
    state = game.before[int(moment * (len(game.before) - 1))].changed(rulings=ruling)
    for colour in state.colours:
        for meridian in range(1, MERIDIANS + 1):
            for take_off in (None, TakeOff()):
                assert_agree(state, colour, meridian, take_off, None)
                for height in range(1, 8):
                    for city in range(1, state.board.cities + 1):
                        assert_agree(state, colour, meridian, take_off, Build(height, city))
    for seat, meridian, take_off, build in tries:
        assert_agree(state, state.colours[seat % len(state.colours)], meridian, take_off, build)


class CountedCells(list[Tower | None]):
    """A meridian's cells that count the passes made over them."""

    passes = 0

    def __iter__(self) -> Iterator[Tower | None]:
        self.passes += 1
        return super().__iter__()


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), players=st.sampled_from([2, 3, 4]))
def test_a_legal_build_goes_over_the_meridian_once(seed: int, players: int) -> None:
    """Every rule is asked of a build, but those about the towers already on the meridian
    (heights, their order, the towers per player) are asked in one pass."""
    game = random_game(seed, players)
    state = game.before[len(game.before) // 2]
    tried = 0
    for turn in legal_turns(state):
        build = turn.build
        if build is None or turn.take_off is not None or build.height < 2:
            continue  # (a tower 1 high also asks whether the meridian is empty)
        cells = CountedCells(state.columns[turn.meridian - 1])
        effect = take_off_and_build(
            cells,
            state.hands.copy(),
            state.table,
            state.ever_built,
            turn.meridian,
            turn.colour,
            None,
            build,
            state.seating.mates[turn.colour],
        )
        assert type(effect) is tuple, turn
        assert cells.passes == 1, turn
        tried += 1
    assume(tried > 0)  # a position whose legal turns are all take-offs or towers 1 high
