"""Ratings (openskill's Plackett-Luce): the updates as the library makes them, shared places,
repeats counted once, the date order, and the model's parameters read from it."""

from __future__ import annotations

import datetime
import random

import pytest
from collection_summaries import made
from hypothesis import given, settings
from hypothesis import strategies as st
from meridina.tools.ratings import model, rate
from openskill.models import PlackettLuce

THREE = [("Ann", 1, 50), ("Ben", 2, 40), ("Cy", 2, 40)]


def test_a_three_player_game_is_openskills_own_update_with_shared_ranks() -> None:
    rated = rate([made(THREE)])
    library = PlackettLuce()
    ann, ben, cy = (library.rating() for _ in range(3))
    [[ann], [ben], [cy]] = library.rate([[ann], [ben], [cy]], ranks=[1, 2, 2])
    table = rated.table("Medina")
    assert table is not None and table.games == 1
    found = {p.name: p for p in table.players}
    for name, expected in (("Ann", ann), ("Ben", ben), ("Cy", cy)):
        assert found[name].mu == pytest.approx(expected.mu, abs=1e-12)
        assert found[name].sigma == pytest.approx(expected.sigma, abs=1e-12)
        assert found[name].ordinal == pytest.approx(expected.mu - 3 * expected.sigma)
    # the shared second place: one rating, one rank
    assert found["Ben"].ordinal == found["Cy"].ordinal
    assert [(rank, p.name) for rank, p in table.ranked()] == [(1, "Ann"), (2, "Ben"), (2, "Cy")]
    assert [p.wins for p in table.players] == [1, 0, 0]


def test_the_parameters_are_the_models_own_and_stated() -> None:
    rated = rate([])
    library = model()
    given_ = dict(rated.parameters)
    assert given_["mu"] == library.mu and given_["sigma"] == library.sigma
    assert given_["beta"] == library.beta and given_["tau"] == library.tau
    assert given_["limit_sigma"] is False
    assert f"mu {library.mu:.6g}, sigma {library.sigma:.6g}" in rated.method
    assert "mu - 3 * sigma" in rated.method
    assert rated.tables == () and rated.counted == 0


def test_a_game_recorded_twice_is_rated_once_and_listed() -> None:
    first = made(THREE, number=1, identity="same")
    again = made(THREE, number=2, identity="same")
    rated = rate([first, again])
    assert rated.counted == 1
    (left,) = rated.left_out
    assert (left.game, left.reason) == (2, "the same game as game 1 at club.mrec:10, counted once")
    table = rated.table("Medina")
    assert table is not None and [p.games for p in table.players] == [1, 1, 1]


def test_invalid_and_unfinished_games_are_left_out_with_the_reason() -> None:
    rated = rate(
        [
            made(THREE, number=1, valid=False),
            made(THREE, number=2, finished=False),
            made(THREE, number=3),
        ]
    )
    assert rated.counted == 1
    assert [(left.game, left.reason) for left in rated.left_out] == [
        (1, "1 problem"),
        (2, "not finished"),
    ]


def test_games_are_rated_by_date_undated_first_ties_in_the_order_read() -> None:
    late = made([("Ann", 1, 9), ("Ben", 2, 1)], number=1, date="2024-05-02")
    early = made([("Ben", 1, 9), ("Ann", 2, 1)], number=2, date="2024.05.01")
    undated = made([("Ann", 1, 9), ("Ben", 2, 1)], number=3)
    same_day = made([("Ben", 1, 9), ("Ann", 2, 1)], number=4, date="2024/5/2")
    rated = rate([late, early, undated, same_day])
    table = rated.table("Medina")
    assert table is not None
    ann = next(p for p in table.players if p.name == "Ann")
    assert [point.game for point in ann.history] == [3, 2, 1, 4]
    assert [point.date for point in ann.history] == [
        None,
        datetime.date(2024, 5, 1),
        datetime.date(2024, 5, 2),
        datetime.date(2024, 5, 2),
    ]
    assert [point.rank for point in ann.history] == [1, 2, 1, 2]
    assert ann.history[-1].ordinal == ann.ordinal
    assert ann.history[0].place == "club.mrec:30"


def test_names_match_as_the_standings_match_them_shown_as_first_written() -> None:
    rated = rate(
        [
            made([("Ann  Lee", 1, 9), ("Ben", 2, 1)], number=1),
            made([("ben", 1, 9), ("ANN LEE", 2, 1)], number=2),
        ]
    )
    table = rated.table("Medina")
    assert table is not None
    assert sorted((p.name, p.games, p.wins) for p in table.players) == [
        ("Ann Lee", 2, 1),
        ("Ben", 2, 1),
    ]


def test_medinas_editions_share_one_rating_meridian_has_its_own() -> None:
    rated = rate(
        [
            made(THREE, number=1, edition="1"),
            made(THREE, number=2, edition="2"),
            made(THREE, number=3, title="Meridian", edition=None),
        ]
    )
    assert [(t.name, t.games) for t in rated.tables] == [("Meridian", 1), ("Medina", 2)]


GAMES = st.lists(
    st.tuples(
        st.permutations(["Ann", "Ben", "Cy"]),
        st.sampled_from([None, "2024-01-01", "2024-01-02", "2023-12-31"]),
    ),
    max_size=6,
)


@settings(max_examples=30, deadline=None)
@given(GAMES, st.randoms(use_true_random=False))
def test_games_read_in_another_order_of_days_rate_the_same(
    games: list[tuple[list[str], str | None]], shuffler: random.Random
) -> None:
    """Games of different days read in another order give the same ratings: only games of
    the same day (and the undated ones) keep the order read."""
    summaries = [
        made([(name, place, 10 - place) for place, name in enumerate(order, 1)], number=n, date=d)
        for n, (order, d) in enumerate(games, 1)
    ]
    by_day: dict[str | None, list[int]] = {}
    for index, (_, day) in enumerate(games):
        by_day.setdefault(day, []).append(index)
    days = list(by_day)
    shuffler.shuffle(days)
    reordered = [summaries[i] for day in days for i in by_day[day]]
    assert rate(summaries) == rate(reordered)


def test_a_shared_first_place_is_a_win_for_each_and_one_rank_for_openskill() -> None:
    rated = rate([made([("Ann", 1, 40), ("Ben", 1, 40), ("Cy", 3, 20)])])
    library = PlackettLuce()
    ann, ben, cy = (library.rating() for _ in range(3))
    [[ann], _, _] = library.rate([[ann], [ben], [cy]], ranks=[1, 1, 3])
    table = rated.table("Medina")
    assert table is not None
    assert [(rank, p.name, p.wins) for rank, p in table.ranked()] == [
        (1, "Ann", 1),
        (1, "Ben", 1),
        (3, "Cy", 0),
    ]
    assert table.players[0].mu == pytest.approx(ann.mu, abs=1e-12)
