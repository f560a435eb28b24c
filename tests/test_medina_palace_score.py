"""Each palace's score against a plain count, and its name and repr as a field's would be.

``palace_score`` counts only the walls and merchants next to a palace and names the
palace when the name is read; the plain count below gathers every cell touching the
palace first, and the reference dataclass keeps the name as a field, as the score once did.
"""

from __future__ import annotations

import dataclasses
import random

from hypothesis import given, settings
from hypothesis import strategies as st
from meridina.rules.medina.game import RULES
from meridina.rules.medina.model import Cell, Rulings, WellBonus
from meridina.rules.medina.random_play import play_game
from meridina.rules.medina.scoring import PalaceScore, palace_score
from meridina.rules.medina.state import MERCHANT, WALL, Palace, State
from meridina.rules.medina.tiles import describe_palace

KINDS = [("1", 3), ("1", 4), ("2", 2), ("2", 3), ("2", 4)]


@dataclasses.dataclass(frozen=True)
class PalaceScoreWithName:
    palace: Palace
    name: str
    buildings: int
    stables: int
    walls: int
    merchants: int
    well: int


def plain_count(state: State, palace: Palace) -> tuple[int, int, int]:
    """Walls, merchants and well bonus, counted over every cell touching the palace."""
    cells = palace.cells()
    touching: set[Cell] = set()
    for cell in cells:
        touching.update(state.board.neighbours(cell))
    touching -= cells
    walls = sum(1 for cell in touching if state.pieces.get(cell) == WALL)
    merchants = sum(1 for cell in touching if state.pieces.get(cell) == MERCHANT)
    well = 0
    if state.well is not None:
        wx, wy = state.well
        distance = state.edition.well_distance
        for x, y in cells:
            if (x == wx and abs(y - wy) == distance) or (y == wy and abs(x - wx) == distance):
                well += state.edition.well_bonus
        if state.rulings.well_bonus is WellBonus.PALACE:
            well = min(well, state.edition.well_bonus)
    return walls, merchants, well


@settings(max_examples=25, deadline=None)
@given(
    kind=st.sampled_from(KINDS),
    seed=st.integers(0, 2**32 - 1),
    once=st.sampled_from(WellBonus),
)
def test_palace_score_agrees_with_a_plain_count(
    kind: tuple[str, int], seed: int, once: WellBonus
) -> None:
    edition, players = kind
    game = play_game(random.Random(seed), edition, players, rulings=Rulings(well_bonus=once))
    final = game.final
    assert final.palaces
    for palace in final.palaces.values():
        scored = palace_score(final, palace)
        assert (scored.walls, scored.merchants, scored.well) == plain_count(final, palace)
        assert (scored.buildings, scored.stables) == (len(palace.buildings), len(palace.stables))
        assert scored.name == describe_palace(palace)
        named = PalaceScoreWithName(
            palace,
            describe_palace(palace),
            scored.buildings,
            scored.stables,
            scored.walls,
            scored.merchants,
            scored.well,
        )
        assert repr(scored) == repr(named).replace("PalaceScoreWithName(", "PalaceScore(", 1)


def test_palace_scores_compare_on_what_they_count() -> None:
    final = play_game(random.Random(8), "2", 3).final
    palaces = list(final.palaces.values())
    first = palace_score(final, palaces[0])
    again = palace_score(final, palaces[0])
    assert first == again
    assert dataclasses.replace(first, walls=first.walls + 1) != first
    assert isinstance(first, PalaceScore)
    sheet = RULES.score(final)
    assert sheet == RULES.score(final) and repr(sheet) == repr(RULES.score(final))
