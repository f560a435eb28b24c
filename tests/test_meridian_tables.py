"""Meridian's shared tables and lazy score sheets are built through their constructors and
hold what the plainly built ones hold."""

from __future__ import annotations

import itertools

from meridian_games import random_game
from meridina.rules.meridian.board import load_board
from meridina.rules.meridian.model import Player
from meridina.rules.meridian.scoring import ScoreSheet, island_scores, score
from meridina.rules.meridian.state import Seating, Table
from test_meridian_per_game import ALL_RULINGS, SEATS


def test_a_table_made_like_another_holds_what_a_fresh_one_works_out() -> None:
    board = load_board("five-city")
    for groups, rulings, known in itertools.product(SEATS, ALL_RULINGS, (True, False)):
        players = tuple(Player(f"P{index}", colours) for index, colours in enumerate(groups))
        others = tuple(Player(f"Q{index}", colours) for index, colours in enumerate(groups))
        model = Table(board, Seating.of(players, rulings), rulings, known, {})
        seating = Seating.of(others, rulings)
        like = Table(board, seating, rulings, known, {}, like=model)
        fresh = Table(board, seating, rulings, known, {})
        for slot in Table.__slots__:
            assert getattr(like, slot) == getattr(fresh, slot), slot
        assert like.seating is seating and like.seat is model.seat  # shared, not worked out
        assert Table.of(board, seating, rulings, known, {}).seating is seating


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
