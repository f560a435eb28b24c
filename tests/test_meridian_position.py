"""Meridian's position model: push, pop, copy, legal turns and faults, and the one loop.

A turn is played one way only, by ``turn_loop.play_turn`` on a ``Position``: these tests
hold the position to undoing what it plays, the legal-turn search to the faults a typed
turn has, a check that stops at a game's first fault to the one that gathers every fault,
and the code to a single loop that asks the rules of a turn.
"""

from __future__ import annotations

import ast
import functools
import itertools
import random
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from growth import calls
from hypothesis import given, settings
from hypothesis import strategies as st
from meridian_games import random_game
from meridina.notation.driver import check_game
from meridina.notation.meridian.writer import format_turn
from meridina.notation.reader import parse_text
from meridina.rules.game import Unreadable
from meridina.rules.meridian import turn_loop
from meridina.rules.meridian.engine import play_until_fault
from meridina.rules.meridian.legal import candidate_actions
from meridina.rules.meridian.model import (
    COLOURS,
    DECK,
    Build,
    EmptyMeridian,
    OwnPush,
    Rulings,
    Skip,
    TakeOff,
    Turn,
    TwoPlayerTurns,
)
from meridina.rules.meridian.position import Position
from meridina.rules.meridian.random_play import play_game
from meridina.rules.meridian.state import State

TOP = Path(__file__).resolve().parent.parent
EXAMPLES = TOP / "examples" / "meridian"
ALL_RULINGS = [
    Rulings(turns, empty, push)
    for turns, empty, push in itertools.product(TwoPlayerTurns, EmptyMeridian, OwnPush)
]
games = st.builds(
    lambda seed, players, decks, rulings: play_game(
        random.Random(seed), players, decks=decks, rulings=rulings
    ),
    st.integers(0, 2**32 - 1),
    st.sampled_from([2, 3, 4]),
    st.booleans(),
    st.sampled_from(ALL_RULINGS),
)


def snapshot(state: State | Position) -> tuple[Any, ...]:
    """Everything a position holds, as values (two checks of a record with decks make two
    tables alike: what a table holds is compared)."""
    table = state.table
    return (
        (table.board, table.seating, table.rulings, table.cards_known, table.decks),
        tuple(state.columns),
        dict(state.hands),
        state.played_bits,
        state.next_index,
        state.ever_built,
        state.turns_applied,
    )


def random_turn(rng: random.Random) -> Turn:
    """Any turn at all, most of them illegal somewhere."""
    card = rng.choice(DECK)
    meridian = rng.choice([*card.numbers, 0, rng.randint(-1, 12)])
    skip = rng.choice([None, None, None, Skip.PASS, Skip.STUCK])
    take_off = rng.choice([None, TakeOff(), TakeOff(rng.randint(0, 6))])
    build = None
    if skip is None and (take_off is None or rng.random() < 0.7):
        colour = rng.choice([None, None, rng.choice(COLOURS)])
        build = Build(rng.randint(-1, 9), rng.randint(0, 6), colour)
    return Turn(rng.choice(COLOURS), card, meridian, take_off, build, skip)


# ---------------------------------------------------------------- push, pop, copy


@settings(max_examples=30, deadline=None)
@given(game=games, seed=st.integers(0, 2**32 - 1))
def test_pushing_then_popping_every_turn_returns_the_start(game: Any, seed: int) -> None:
    rng = random.Random(seed)
    start = game.before[0]
    position = Position(start)
    for index, turn in enumerate(game.turns):
        assert snapshot(position) == snapshot(game.before[index])
        if rng.random() < 0.2:  # an odd turn pushed and popped on the way changes nothing
            position.push(random_turn(rng))
            position.pop()
        if rng.random() < 0.1:
            position.pass_over(rng.choice([None, *COLOURS]))
            assert isinstance(position.pop(), Unreadable)
        report = position.push(turn, stop_at_fault=rng.random() < 0.5)
        assert report is not None and report.faults == []
    assert snapshot(position) == snapshot(game.final) and position.is_over()
    assert position.score() == game.sheet
    assert position.turns == list(game.turns)
    for turn in reversed(game.turns):
        assert position.pop() == turn
    assert snapshot(position) == snapshot(start)
    assert position.turns == []


@settings(max_examples=20, deadline=None)
@given(game=games, moment=st.floats(0, 1), seed=st.integers(0, 2**32 - 1))
def test_a_copy_is_a_position_of_its_own(game: Any, moment: float, seed: int) -> None:
    rng = random.Random(seed)
    middle = int(moment * (len(game.turns) - 1))
    position = Position(game.before[0])
    for turn in game.turns[:middle]:
        position.push(turn)
    kept = snapshot(position)
    twin = position.copy()
    assert snapshot(twin) == kept and twin.turns == position.turns
    for turn in game.turns[middle:]:
        twin.push(turn)
    for _ in range(5):
        twin.push(random_turn(rng))
    assert snapshot(position) == kept
    for _ in range(len(twin.turns)):
        twin.pop()
    assert snapshot(twin) == snapshot(game.before[0])
    assert snapshot(position) == kept


def test_a_turn_refused_at_its_first_fault_is_not_made() -> None:
    game = play_game(random.Random(8), 4)
    position = Position(game.before[0])
    before = snapshot(position)
    wrong = Turn(game.turns[1].colour, game.turns[1].card, game.turns[1].meridian)
    assert position.push(wrong, stop_at_fault=True) is None  # out of turn
    assert snapshot(position) == before and position.turns == []
    report = position.push(wrong)  # collected: the turn order fault, the turn played
    assert report is not None and [fault.rule for fault, _ in report.faults] == ["MER-T1"]
    assert position.turns == [wrong]


# Function calls a turn costs at most, on average over a whole legal game of each size:
# the turn's rules, its placement step and what pop needs (free turns ask more of whose
# turn it is). A layer, copy or look-up added to every turn shows here.
CALLS_PER_TURN = {2: 34, 3: 33, 4: 33}


@pytest.mark.parametrize("players", sorted(CALLS_PER_TURN))
def test_a_turn_costs_few_function_calls(players: int) -> None:
    for seed in (1, 2, 3):
        game = play_game(random.Random(seed), players)
        play = partial(play_until_fault, game.before[0], game.turns)
        play()  # (anything made once, made first)
        made = calls(play)
        assert made / len(game.turns) <= CALLS_PER_TURN[players], (seed, made)


# ---------------------------------------------------------------- legal turns and faults


def candidates(position: Position) -> list[Turn]:
    """Every turn of the family the search generates, legal or not."""
    turns = []
    for colour in position.rotation:
        for card in DECK:
            for meridian in card.numbers:
                turns.append(Turn(colour, card, meridian, skip=Skip.PASS))
                for action in candidate_actions(position, colour, meridian):
                    turns.append(Turn(colour, card, meridian, action.take_off, action.build))
    return turns


@settings(max_examples=15, deadline=None)
@given(game=games, moment=st.floats(0, 1), seed=st.integers(0, 2**32 - 1))
def test_legal_turns_are_the_candidates_without_a_fault(
    game: Any, moment: float, seed: int
) -> None:
    rng = random.Random(seed)
    position = Position(game.before[int(moment * (len(game.turns) - 1))])
    before = snapshot(position)
    legal = list(position.legal_turns())
    assert snapshot(position) == before
    assert legal and len(set(legal)) == len(legal)
    pool = candidates(position)
    sampled = rng.sample(pool, min(len(pool), 150))
    faultless = {turn for turn in sampled if not position.faults(turn)}
    assert faultless == set(legal) & set(sampled)
    assert all(not position.faults(turn) for turn in legal)
    for _ in range(40):  # any turn at all: legal exactly when it has no fault
        turn = random_turn(rng)
        faults = position.faults(turn)
        assert position.is_legal(turn) is (faults == [])
        assert snapshot(position) == before


# ---------------------------------------------------------------- stopping and going on


def test_a_check_that_stops_at_the_first_fault_goes_on_from_there(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """validate stops at a game's first fault and gathers the faults from that turn on:
    the turns before it are played once, not again."""
    game = random_game(21, 3)
    faulty = len(game.turns) // 2
    turn = game.turns[faulty]
    other = next(colour for colour in game.final.colours if colour != turn.colour)
    line = game.turn_lines[faulty]
    assert line is not None
    text = game.with_line(line, f"{faulty + 1}. {format_turn(replace(turn, colour=other))}")
    calls = 0
    real = turn_loop.play_turn

    def counted(*args: Any) -> Any:
        nonlocal calls
        calls += 1
        return real(*args)

    (parsed,) = parse_text(text)
    full = check_game(parsed, None, None, True)
    monkeypatch.setattr("meridina.rules.meridian.position.play_turn", counted)
    clean = check_game(parsed, None, None, False)
    assert full.problems and clean.problems == full.problems
    assert clean.run is not None and full.run is not None
    assert clean.run.clean_turns == faulty
    assert len(clean.run.steps) == len(game.turns) - faulty
    assert calls == len(game.turns) + 1  # the faulty turn twice: stopped at, then gathered
    assert clean.run.final is not None and full.run.final is not None
    assert snapshot(clean.run.final) == snapshot(full.run.final)
    assert clean.run.sheet == full.run.sheet


@pytest.mark.parametrize("name", sorted(path.name for path in EXAMPLES.glob("*.mrec")))
def test_example_records_say_the_same_checked_to_the_first_fault_or_turn_by_turn(
    name: str,
) -> None:
    text = (EXAMPLES / name).read_text("utf-8")
    for parsed in parse_text(text):
        full = check_game(parsed, EXAMPLES, None, True)
        clean = check_game(parsed, EXAMPLES, None, False)
        assert clean.problems == full.problems
        if full.run is None or clean.run is None:
            assert full.run is clean.run is None
            continue
        assert clean.run.sheet == full.run.sheet
        assert clean.run.result_problems == full.run.result_problems
        assert clean.run.final is not None and full.run.final is not None
        assert snapshot(clean.run.final) == snapshot(full.run.final)


# ---------------------------------------------------------------- one loop


RULES_DIR = TOP / "rules" / "meridian"


def called_name(call: ast.Call) -> str:
    """What a call calls, as written: ``name`` or ``Owner.name``."""
    function = call.func
    if isinstance(function, ast.Name):
        return function.id
    if isinstance(function, ast.Attribute):
        owner = function.value
        return f"{owner.id}.{function.attr}" if isinstance(owner, ast.Name) else function.attr
    return ""


def callers(name: str) -> set[str]:
    """The functions (module.function) of rules/meridian, notation, the API and cli that
    call ``name``."""
    return set(_calls().get(name, ()))


@functools.cache
def _calls() -> dict[str, frozenset[str]]:
    """Every name called in those modules, with the functions that call it (each file read
    once for all the names asked about)."""
    found: dict[str, set[str]] = {}
    paths = [
        *RULES_DIR.glob("*.py"),
        *(TOP / "notation").rglob("*.py"),
        *(TOP / "seeds").rglob("*.py"),
        *(TOP / "cli").rglob("*.py"),
    ]
    for path in paths:
        for function in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(function, ast.FunctionDef):
                for node in ast.walk(function):
                    if isinstance(node, ast.Call):
                        found.setdefault(called_name(node), set()).add(
                            f"{path.stem}.{function.name}"
                        )
    return {name: frozenset(where) for name, where in found.items()}


# The deciders only a turn asks, and the only functions that may call each: the one loop
# (``turn_loop.play_turn``), its placement step, and the search of legal turns, which
# judges a candidate with the same placement step. The loop itself is called only by the
# position's push and its two questions that push and pop.
ONE_LOOP = {
    "play_turn": {"position.push", "position.is_legal", "position.faults"},
    "e1_no_turn_after_the_end": {"turn_loop.play_turn"},
    "T1TurnOrder.mover": {"turn_loop.play_turn", "written_position._start_mover"},
    "T2CardsOnce.again": {"turn_loop.play_turn"},
    "T2CardsOnce.card_left": {"turn_loop.play_turn"},
    "t3_card_face_up": {"turn_loop.play_turn"},
    "t4_card_allows": {"turn_loop.play_turn"},
    "t5_stuck_only_without_a_move": {"turn_loop.play_turn"},
    "place_tower": {"turn_loop.play_turn", "legal.open_actions"},
    "tower_faults": {"action.place_tower", "legal.open_actions"},
    "r9_own_tower_taken_off": {"action.place_tower"},
    "r10_rebuild_differs": {"action.place_tower"},
    "free_cell": {"action.place_tower"},
    "r6_nothing_pushed_off": {"action.place_tower"},
    "r7_own_towers_pushed": {"action.place_tower"},
    "R3TallerUpwards.built": {"action.place_tower"},
    "R1HighEnough.built": {"action.tower_faults"},
    "R2HeightsDiffer.built": {"action.tower_faults"},
    "r8_pieces_in_hand": {"action.tower_faults"},
    "r11_own_colours": {"action.tower_faults"},
}


def test_only_the_one_loop_plays_a_turn() -> None:
    for name, where in ONE_LOOP.items():
        assert callers(name) == where, name


def test_the_search_for_calls_finds_a_second_loop() -> None:
    """The test above would see a second function asking a rule of a turn."""
    source = "def second_loop(position, turn):\n    return t4_card_allows(turn.card, 1, None)\n"
    tree = ast.parse(source)
    calls = [called_name(node) for node in ast.walk(tree) if isinstance(node, ast.Call)]
    assert "t4_card_allows" in calls
