"""Meridian's lazy score sheets hold what the plainly built ones hold."""

from __future__ import annotations

from meridian_games import random_game
from meridina.rules.meridian.scoring import ScoreSheet, island_scores, score


def test_a_lazy_score_sheet_is_the_sheet_made_from_its_rows() -> None:
    for seed in range(6):
        state = random_game(seed, 2 + seed % 3).final
        lazy = score(state)
        rows = ScoreSheet(lazy.players, island_scores(state), state.finished, lazy.cards_left)
        assert rows == score(state)
        assert (rows.points, rows.islands, rows.finished) == (
            lazy.points,
            lazy.islands,
            lazy.finished,
        )
