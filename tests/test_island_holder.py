"""Who holds an island (MER-E2) is decided once: the island rows of a score and its players'
points agree, ties included, whether the points were summed quickly or row by row."""

from __future__ import annotations

from meridian_games import random_game
from meridina.rules.meridian.scoring import island_scores, score


def test_the_rows_and_the_quick_points_name_the_same_holders() -> None:
    ties = 0
    for seed in range(24):
        state = random_game(seed, 2 + seed % 3).final
        sheet = score(state)
        rows = island_scores(state)
        held = {(row.holder, row.island.name) for row in rows if row.holder is not None}
        quick = {(player.index, name) for player in sheet.players for name in player.islands}
        assert held == quick
        points = [0] * len(sheet.players)
        for row in rows:
            if row.holder is not None:
                points[row.holder] += row.island.points
        assert tuple(points) == sheet.points
        ties += sum(row.tied for row in rows)
    assert ties  # the games hold islands whose lead is shared, which nobody holds
