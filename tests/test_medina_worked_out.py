"""What a Medina state works out of its city and keeps until a piece changes it: the free
fields a new palace may start on, and each colour's palaces that can still grow.

A piece on a building field (a building, a stable, a merchant) changes both; a wall,
which stands on the ring, changes neither, and a roof only its own colour's growing
palaces. What is kept must be what working it out again would find.
"""

from __future__ import annotations

import random

import pytest
from medina_spoils import KINDS
from meridina.rules.medina.engine import initial_state
from meridina.rules.medina.model import NEUTRAL_KIND, ROOF_KIND, WALL_KIND
from meridina.rules.medina.placements import make_placement, open_fields, placement_faults
from meridina.rules.medina.placing import unfinished
from meridina.rules.medina.random_play import play_game
from meridina.rules.medina.state import State


def _growing(state: State) -> dict[str, list[int]]:
    return {
        colour: [p.ident for p in unfinished(state, colour)] for colour in state.edition.colours
    }


def _worked_out_again(state: State) -> tuple[frozenset[tuple[int, int]], dict[str, list[int]]]:
    state.city_changes()
    return frozenset(open_fields(state)), _growing(state)


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("kind", KINDS)
def test_a_wall_or_a_roof_keeps_what_still_holds(kind: tuple[str, int], seed: int) -> None:
    edition, players = kind
    game = play_game(random.Random(seed), edition, players)
    start = initial_state(game.setup).state
    assert start is not None
    state = start.detached()
    walls = roofs = 0
    for turn in game.turns:
        for placement in turn.placements:
            fields, growing = open_fields(state), _growing(state)
            target, faults = placement_faults(state, turn.player, placement)
            assert not faults
            make_placement(state, turn.player, placement, target)
            if placement.kind is WALL_KIND:
                walls += 1
                assert state.open_fields is fields  # kept, not worked out again
                assert _growing(state) == growing
            elif placement.kind in (ROOF_KIND, NEUTRAL_KIND):
                roofs += 1
                assert state.open_fields is fields
                roofed = state.palaces[target or 0].colour
                assert set(state.open_palaces) == set(growing) - {roofed}  # the others kept
            assert (frozenset(open_fields(state)), _growing(state)) == _worked_out_again(state)
    assert walls and roofs  # (the game tried both)
