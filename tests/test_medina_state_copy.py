"""A Medina state's ``copy`` leaves the state it copies exactly as it was.

Not only its contents: what it may change in place (its palaces, hands and containers)
stays its own, so a working state changed in place after a look-ahead copy needs no
repair, and neither state's later changes show in the other.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from medina_spoils import KINDS, contents
from meridina.rules.medina.copy_on_write import ALL_OWN, copy_state, detached_state
from meridina.rules.medina.random_play import play_game
from meridina.rules.medina.state import State


def everything(state: State) -> dict[str, Any]:
    """Every slot of a state, its bookkeeping of what it owns included, copied deep."""
    return {
        name: copy.deepcopy(getattr(state, name))
        for name in State.__slots__
        if name not in ("board", "edition")
    }


def change_everything(state: State, player: str) -> None:
    """Change in place each thing a placement may change."""
    state.hand_to_change(player).tea += 7
    for ident in list(state.palaces):
        state.palace_to_change(ident).stables.add((99, 99))
    streets = state.street_to_change()
    if streets:
        streets[-1].append((98, 98))
    arm_fill, wall_tower = state.walls_to_change()
    arm_fill[0] += 1
    wall_tower[(97, 97)] = 1
    state.tiles_to_change()
    state.palace_tiles["nowhere"] = None
    state.tower_tiles[99] = None
    state.tower_merchants[99] = 1
    state.retired_to_change().add("nowhere")
    state.pieces[(96, 96)] = "wall"


@settings(max_examples=15, deadline=None)
@given(kind=st.sampled_from(KINDS), seed=st.integers(0, 2**32 - 1), cut=st.floats(0, 1))
def test_a_copy_leaves_its_source_as_it_was(kind: tuple[str, int], seed: int, cut: float) -> None:
    edition, players = kind
    game = play_game(random.Random(seed), edition, players)
    at = min(int(cut * len(game.turns)), len(game.turns) - 1)
    player = game.turns[at].player
    for source in (game.before[at], game.before[at].detached(), game.before[at].copy()):
        before = everything(source)
        duplicate = source.copy()
        assert everything(source) == before
        # Each changes in place what it owns; the other does not see it.
        kept = contents(duplicate)
        change_everything(source, player)
        assert contents(duplicate) == kept
        changed = contents(source)
        change_everything(duplicate, player)
        assert contents(source) == changed


def test_a_working_state_changes_in_place_after_a_look_ahead_copy() -> None:
    """A state that owns everything still owns everything after it is copied."""
    game = play_game(random.Random(3), "1", 3)
    work = game.before[len(game.turns) // 2].detached()
    hands, palaces, streets = dict(work.hands), dict(work.palaces), work.streets
    work.copy()
    assert all(work.hand_to_change(colour) is hand for colour, hand in hands.items())
    assert all(work.palace_to_change(ident) is palace for ident, palace in palaces.items())
    assert work.street_to_change() is streets


@settings(max_examples=10, deadline=None)
@given(kind=st.sampled_from(KINDS), seed=st.integers(0, 2**32 - 1), cut=st.floats(0, 1))
def test_a_copy_shares_what_its_source_leaves_alone_and_owns_nothing(
    kind: tuple[str, int], seed: int, cut: float
) -> None:
    edition, players = kind
    game = play_game(random.Random(seed), edition, players)
    source = game.before[min(int(cut * len(game.turns)), len(game.turns) - 1)]
    for state in (source, source.detached()):
        duplicate = copy_state(state)
        assert type(duplicate) is State and contents(duplicate) == contents(state)
        assert (duplicate.seat_colours, duplicate.opening_turns) == (
            state.seat_colours,
            state.opening_turns,
        )
        assert (duplicate.own, duplicate.own_palaces, duplicate.own_hands) == (0, set(), set())
        owned = set(state.palaces) if state.own_palaces is None else state.own_palaces
        for ident, palace in state.palaces.items():
            assert (duplicate.palaces[ident] is palace) == (ident not in owned)
    work = detached_state(source)
    assert work.own == ALL_OWN and work.own_palaces is None and work.own_hands is None
    assert contents(work) == contents(source)
    assert not any(work.palaces[i] is p for i, p in source.palaces.items())
    assert not any(work.hands[c] is h for c, h in source.hands.items())
