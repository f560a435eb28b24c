"""Per-game work shared or cut short: each game still gets its own lookups and verdicts."""

from __future__ import annotations

import itertools
from importlib.resources import files
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from meridian_games import random_game
from meridina.rules.common import Place
from meridina.rules.game import compare_result
from meridina.rules.meridian.board import load_board
from meridina.rules.meridian.engine import initial_state
from meridina.rules.meridian.game import check_result
from meridina.rules.meridian.model import (
    EmptyMeridian,
    OwnPush,
    Player,
    Rulings,
    Setup,
    StartPosition,
    TwoPlayerTurns,
)
from meridina.rules.meridian.scoring import score
from meridina.rules.meridian.state import Seating, State, Table

SEATS = [
    (("orange", "black"), ("grey", "brown")),
    (("grey", "brown"), ("orange", "black")),
    (("orange",), ("black",), ("grey",)),
    (("brown",), ("grey",), ("black",), ("orange",)),
]
ALL_RULINGS = [
    Rulings(turns, empty, push)
    for turns, empty, push in itertools.product(TwoPlayerTurns, EmptyMeridian, OwnPush)
]
LOOKUPS = ("all_played", "towers_per_player", "empty_always", "own_push")


def setup_of(groups: tuple[tuple[str, ...], ...], names: str, rulings: Rulings) -> Setup:
    players = tuple(Player(f"{names}{index}", colours) for index, colours in enumerate(groups))
    board = "four-city" if len(groups) == 3 else "five-city"
    return Setup(players=players, board=board, rulings=rulings)


def first_state(setup: Setup) -> State:
    state = initial_state(setup).state
    assert state is not None
    return state


def test_each_game_has_the_lookups_its_own_seats_and_rulings_give() -> None:
    # A state changed to other rulings keeps the seating it was made with: its table
    # must not lend its turn order to later games under those rulings.
    for groups, rulings in itertools.product(SEATS, ALL_RULINGS):
        for other in ALL_RULINGS:
            first_state(setup_of(groups, "Ann", rulings)).changed(rulings=other)
        for names in ("Ann", "Ben"):
            setup = setup_of(groups, names, rulings)
            state = first_state(setup)
            assert state.players == setup.players  # the game's own names
            assert state.rulings == rulings
            fresh_seating = Seating.of(setup.players, rulings)
            assert state.seating == fresh_seating
            board = load_board(setup.board)
            fresh = Table(board, fresh_seating, rulings, True, {})
            for lookup in LOOKUPS:
                assert getattr(state.table, lookup) == getattr(fresh, lookup), lookup


def test_a_first_state_is_a_new_one_for_every_game() -> None:
    setup = setup_of(SEATS[0], "Ann", ALL_RULINGS[0])
    one, two = first_state(setup), first_state(setup)
    assert one is not two and one.hands is not two.hands  # a game never changes another's
    assert one.hands == two.hands == dict.fromkeys(one.colours, 20)


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    players=st.sampled_from([2, 3, 4]),
    picks=st.lists(
        st.tuples(st.integers(min_value=0, max_value=9), st.integers(min_value=-1, max_value=1)),
        max_size=6,
    ),
)
def test_a_result_is_checked_as_the_full_comparison_checks_it(
    seed: int, players: int, picks: list[tuple[int, int]]
) -> None:
    """The quick yes for a matching result says nothing the full comparison would say."""
    game = random_game(seed, players)
    state, sheet = game.final, score(game.final)
    assert sheet.points == tuple(row.points for row in sheet.players)
    names = [name for player in state.players for name in (player.name, *player.colours)] + [
        "Nobody",
        "ORANGE",
    ]
    stated: dict[str, tuple[int, Place | None]] = {}
    for index, player in enumerate(state.players):
        stated[player.name] = (sheet.points[index], Place(9, index + 1))
    for which, off_by in picks:  # names added, changed or given other points
        name = names[which % len(names)]
        seat = next((i for i, p in enumerate(state.players) if name in (p.name, *p.colours)), 0)
        stated[name] = (sheet.points[seat] + off_by, Place(9, 20 + which))
    setup = Setup(
        players=state.players, board=state.board.name, result=stated, result_at=Place(9, 9)
    )
    seats = [
        (player.name or " and ".join(player.colours), (player.name, *player.colours))
        for player in state.players
    ]
    expected = compare_result(stated, seats, sheet.points, "MER-E5", Place(9, 9))
    assert check_result(setup, state, sheet) == expected


def test_games_set_up_alike_start_alike_and_others_have_their_own_start() -> None:
    for groups, rulings in itertools.product(SEATS, ALL_RULINGS):
        first, again = (first_state(setup_of(groups, "Ann", rulings)) for _ in range(2))
        assert again.table is first.table and again.columns == first.columns
        assert (again.played_bits, again.next_index, again.turns_applied) == (0, 0, 0)
        other = first_state(setup_of(groups, "Ben", rulings))
        assert other.table is not first.table
        assert other.players == setup_of(groups, "Ben", rulings).players
        assert other.rulings == rulings


def test_a_board_file_is_read_again_for_each_game(tmp_path: Path) -> None:
    """A start on a board file is never shared: the file may have changed in between."""
    bundled = (files("meridina.rules.meridian") / "boards" / "five-city.toml").read_text("utf-8")
    board_file = tmp_path / "mine.toml"
    setup = Setup(players=setup_of(SEATS[0], "Ann", Rulings()).players, board="mine.toml")
    board_file.write_text(bundled, "utf-8")
    before = initial_state(setup, base=tmp_path)
    board_file.write_text(bundled.replace("players = [2, 4]", "players = [3]"), "utf-8")
    after = initial_state(setup, base=tmp_path)
    assert before.state is not None and before.problems == ()
    assert after.state is None and [p.rule for p in after.problems] == ["MER-S2"]


def test_a_start_with_a_problem_or_a_position_is_worked_out_each_time() -> None:
    setup = setup_of(SEATS[2], "Ann", Rulings())  # three players ...
    on_five = Setup(players=setup.players, board="five-city")  # ... on the board for 2 or 4
    for _ in range(2):
        assert [p.rule for p in initial_state(on_five).problems] == ["MER-S2"]
    position = Setup(players=setup.players, board=setup.board, position=StartPosition())
    one, two = first_state(position), first_state(position)
    assert one is not two and one.hands is not two.hands
