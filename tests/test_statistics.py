"""Statistics: win rates by seat with Wilson intervals, winning scores and margins, how
games end, players' lines; counted as the ratings count (valid, finished, each once)."""

from __future__ import annotations

import math

import pytest
from collection_summaries import made
from hypothesis import given, settings
from hypothesis import strategies as st
from meridina.tools.statistics import gather, spread, wilson_interval
from meridina.tools.summaries import ENDS


def test_the_wilson_interval_of_3_wins_in_10_by_hand() -> None:
    z = 1.959963984540054
    n, p = 10, 0.3
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    low, high = wilson_interval(3, 10)
    assert (low, high) == pytest.approx((centre - half, centre + half))
    assert (round(low, 4), round(high, 4)) == (0.1078, 0.6032)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    assert wilson_interval(0, 5)[0] == 0.0 and wilson_interval(5, 5)[1] == pytest.approx(1.0)


def test_the_spread_is_the_sample_standard_deviation() -> None:
    assert spread([2, 4, 4, 4, 5, 5, 7, 9]).deviation == pytest.approx(2.138089935)
    assert spread([7]).mean == 7 and spread([7]).deviation is None
    assert spread([]).mean is None


def test_seats_scores_margins_and_a_shared_first_place() -> None:
    games = [
        # seat order Ann, Ben, Cy in each; Ann (seat 1) wins, then Ben and Cy share first
        made([("Ann", 1, 50), ("Ben", 2, 40), ("Cy", 3, 30)], number=1),
        made([("Ben", 1, 45), ("Cy", 1, 45), ("Ann", 3, 20)], number=2, seats=["Ann", "Ben", "Cy"]),
        made([("Ann", 1, 61), ("Cy", 2, 31), ("Ben", 3, 31)], number=3, seats=["Ann", "Ben", "Cy"]),
    ]
    found = gather(games)
    (table,) = found.tables
    assert (table.name, table.edition, table.player_count, table.games) == ("Medina", "2", 3, 3)
    assert [(s.seat, s.games, s.wins) for s in table.seats] == [(1, 3, 2), (2, 3, 1), (3, 3, 1)]
    assert table.seats[0].rate == pytest.approx(2 / 3)
    assert (table.seats[0].low, table.seats[0].high) == wilson_interval(2, 3)
    assert table.winning_score.mean == pytest.approx((50 + 45 + 61) / 3)
    assert [table.winning_margin.count, table.winning_margin.mean] == [3, pytest.approx(40 / 3)]
    assert table.shared_first == 1
    assert dict(table.ends) == {"played to the end": 3, "scored from a final position": 0}
    assert [(p.name, p.games, p.wins, p.points) for p in table.players] == [
        ("Ann", 3, 2, 131),
        ("Ben", 3, 1, 116),
        ("Cy", 3, 1, 106),
    ]
    assert table.players[0].average == pytest.approx(131 / 3)
    assert "shared first place counting as a win for each" in found.method


def test_repeats_and_faulty_games_are_left_out_and_every_end_counted_once() -> None:
    ranked = [("Ann", 1, 9), ("Ben", 2, 1)]
    found = gather(
        [
            made(ranked, number=1, identity="same"),
            made(ranked, number=2, identity="same"),
            made(ranked, number=3, valid=False),
        ]
    )
    assert found.counted == 1
    assert [left.game for left in found.left_out] == [2, 3]
    assert dict(found.ends)["played to the end"] == 2  # the repeat counts once
    assert [word for word, _ in found.ends] == list(ENDS)


def test_tables_are_keyed_as_the_standings_by_game_edition_and_players() -> None:
    two = [("Ann", 1, 9), ("Ben", 2, 1)]
    three = [("Ann", 1, 9), ("Ben", 2, 5), ("Cy", 3, 1)]
    found = gather(
        [
            made(two, number=1, edition="1"),
            made(three, number=2, edition="1"),
            made(two, number=3, edition="2"),
            made(two, number=4, title="Meridian", edition=None),
        ]
    )
    assert [t.title for t in found.tables] == [
        "Meridian, 2 players",
        "Medina, 1st edition, 2 players",
        "Medina, 1st edition, 3 players",
        "Medina, 2nd edition, 2 players",
    ]


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(2, 4), st.booleans(), st.booleans(), st.sampled_from(["1", "2"])),
        max_size=8,
    )
)
def test_the_tables_games_sum_to_the_games_counted(
    games: list[tuple[int, bool, bool, str]],
) -> None:
    summaries = [
        made(
            [(f"P{seat}", seat, 10 - seat) for seat in range(1, players + 1)],
            number=n,
            valid=valid,
            finished=finished,
            edition=edition,
        )
        for n, (players, valid, finished, edition) in enumerate(games, 1)
    ]
    found = gather(summaries)
    assert sum(t.games for t in found.tables) == found.counted
    assert found.counted + len(found.left_out) == len(games)
    for table in found.tables:
        assert sum(s.wins for s in table.seats) == table.games  # no shared first here
        assert sum(p.games for p in table.players) == table.games * table.player_count
