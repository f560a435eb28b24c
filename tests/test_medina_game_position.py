"""Medina's position model: every turn is played by the one turn loop, in place, and taken
back from its journal; the legal turns are the candidates with no fault.

Random legal games of both editions, every player count, random rulings and options, are
played as they are and spoilt in several ways (``medina_spoils``).
"""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from medina_spoils import KINDS, SPOILS, contents, rulings, spoilt
from meridina.rules.game import Unreadable, play, told_problems
from meridina.rules.medina.game import RULES
from meridina.rules.medina.game_position import GamePosition
from meridina.rules.medina.model import Kind, Rulings, Turn
from meridina.rules.medina.random_play import play_game

TOP = Path(__file__).resolve().parent.parent


@settings(max_examples=20, deadline=None)  # each example checks every turn of a whole game
@given(
    kind=st.sampled_from(KINDS),
    seed=st.integers(0, 2**32 - 1),
    ruled=rulings,
    how=st.sampled_from(SPOILS),
)
def test_push_then_pop_of_every_turn_returns_the_start(
    kind: tuple[str, int], seed: int, ruled: Rulings, how: str
) -> None:
    """Each turn pushed, legal or not, leaves the position ``apply`` leaves, with the same
    problems; popped, it leaves the position as it was; and popping every turn gives the
    start back."""
    edition, players = kind
    rng = random.Random(seed)
    game = play_game(rng, edition, players, rulings=ruled)
    start = RULES.initial_state(game.setup).state
    assert start is not None
    position, state = GamePosition(start), start
    for turn in spoilt(game, how, rng):
        before = contents(position.snapshot())
        if isinstance(turn, Unreadable):
            position.pass_over(turn.mover)
            state = RULES.pass_over(state, turn.mover)
            assert contents(position.snapshot()) == contents(state)
            continue
        played = position.push(turn)
        step = RULES.apply(state, turn)
        assert [fault.at(at) for fault, at in played.faults] == list(step.problems)
        assert played.ignored == step.ignored
        assert tuple(played.events) == step.events
        assert contents(position.snapshot()) == contents(step.state)
        assert position.pop() == turn
        assert contents(position.snapshot()) == before
        position.push(turn)
        state = step.state
    while position.turns:
        position.pop()
    assert contents(position.snapshot()) == contents(start)


@settings(max_examples=40, deadline=None)
@given(
    kind=st.sampled_from(KINDS),
    seed=st.integers(0, 2**32 - 1),
    ruled=rulings,
    how=st.sampled_from(SPOILS),
)
def test_stopping_at_the_first_fault_tells_the_game_as_collecting_does(
    kind: tuple[str, int], seed: int, ruled: Rulings, how: str
) -> None:
    """A game played up to its first fault and on from there (``keep_steps=False``) says
    exactly what the game played turn by turn says, and ends in the same position."""
    edition, players = kind
    rng = random.Random(seed)
    game = play_game(rng, edition, players, rulings=ruled)
    turns = spoilt(game, how, rng)
    kept = [None if isinstance(turn, Unreadable) else turn for turn in turns]
    full = play(RULES, game.setup, turns, keep_steps=True)
    quick = play(RULES, game.setup, turns, keep_steps=False)
    assert told_problems(RULES, quick, kept) == told_problems(RULES, full, kept)
    assert quick.result_problems == full.result_problems
    assert quick.sheet == full.sheet
    assert quick.final is not None and full.final is not None
    assert contents(quick.final) == contents(full.final)
    if how == "none":
        assert not quick.steps_kept  # no turn played twice, none kept
    elif not quick.steps_kept:
        assert not any(step is not None and step.problems for step in full.steps)
    else:  # played on from the first fault: only the turns from there keep a step
        assert len(quick.steps) == len(turns) - quick.clean_turns
        assert quick.steps == full.steps[quick.clean_turns :]


ASKED_OF_APPLY = 300  # candidates a position's answer is checked on, drawn at random


@settings(max_examples=6, deadline=None)  # each game lists every candidate turn: seconds each
@given(kind=st.sampled_from(KINDS), seed=st.integers(0, 2**32 - 1), ruled=rulings)
def test_the_legal_turns_are_the_candidates_with_no_fault(
    kind: tuple[str, int], seed: int, ruled: Rulings
) -> None:
    """``legal_turns`` keeps every candidate that ``apply`` (the one loop on a copy) finds
    no problem in, and only those, in the candidates' order; a game not over always has
    one. (A position may have thousands of candidates: ``apply`` is asked of a random
    draw of the legal turns and of the others.)"""
    edition, players = kind
    rng = random.Random(seed)
    game = play_game(rng, edition, players, rulings=ruled)
    for index in sorted(rng.sample(range(len(game.turns)), min(2, len(game.turns)))):
        state = game.before[index]
        position = GamePosition(state)
        legal = list(position.legal_turns())
        candidates = list(position.candidate_turns())
        kept = set(legal)
        assert legal == [t for t in candidates if t in kept]
        others = [t for t in candidates if t not in kept]
        asked = rng.sample(legal, min(ASKED_OF_APPLY, len(legal)))
        asked += rng.sample(others, min(ASKED_OF_APPLY, len(others)))
        assert [t in kept for t in asked] == [not RULES.apply(state, t).problems for t in asked]
        assert legal
        assert not any(position.faults(turn) for turn in asked if turn in kept)
        played = game.turns[index]  # a legal turn, unless it plays a tea tile (no candidate)
        assert played in legal or any(p.kind is Kind.TEA for p in played.placements)


def test_a_forced_roof_left_out_is_no_legal_turn() -> None:
    """Under the 1st edition's last-roofs rule the candidates without a roof are faulty
    (MED-T4) while a roof can go, so no legal turn leaves it out."""
    for seed in range(40):
        game = play_game(random.Random(seed), "1", 3)
        for before in reversed(game.before):  # last roofs come at the end: looked for there
            position = GamePosition(before)
            roofless = [
                t
                for t in position.candidate_turns()
                if all(p.kind.value != "roof" for p in t.placements)
            ]
            faulted = [
                t for t in roofless if any(f.rule == "MED-T4" for f, _ in position.faults(t))
            ]
            if faulted:
                assert not set(faulted) & set(position.legal_turns())
                return
    pytest.fail("no game of these seeds has a forced roof to leave out")


TURN_DECIDERS = {"t1_turn_order", "t3_pass", "t4_last_roofs", "e1_game_over"}
LOOP = "rules/medina/turn_loop.py"
# A decider asked only yes or no, before any turn is chosen, when this argument is None:
# MED-T4 asked whether it binds the mover (random play asks so, to try a roof first).
YES_OR_NO = {"t4_last_roofs": (3, "placements")}


def _yes_or_no(call: ast.Call, name: str) -> bool:
    if name not in YES_OR_NO:
        return False
    index, keyword = YES_OR_NO[name]
    given = [kw.value for kw in call.keywords if kw.arg == keyword]
    if len(call.args) > index:
        given.append(call.args[index])
    return any(isinstance(arg, ast.Constant) and arg.value is None for arg in given)


def callers(names: set[str], root: Path = TOP, yes_or_no: bool = False) -> dict[str, set[str]]:
    """For each name, the product modules (paths) with a call to it, Medina's and shared:
    the calls that judge a turn, or with ``yes_or_no`` those that ask only yes or no."""
    found: dict[str, set[str]] = {name: set() for name in names}
    for top in ("rules", "notation", "cli", "seeds"):
        for path in sorted((root / top).rglob("*.py")):
            relative = path.relative_to(root).as_posix()
            if "meridian" in relative:
                continue
            for node in ast.walk(ast.parse(path.read_text("utf-8"))):
                if isinstance(node, ast.Call):
                    func = node.func
                    name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
                    if name in names and _yes_or_no(node, name) == yes_or_no:
                        found[name].add(relative)
    return found


def test_only_the_one_loop_plays_a_turn() -> None:
    """The deciders of a whole turn (order, pass, forced roof, the end) are asked by the one
    turn loop alone: a second loop that plays turns would have to ask them too."""
    for name, modules in callers(TURN_DECIDERS).items():
        assert modules == {LOOP}, f"{name} is asked outside the one turn loop: {sorted(modules)}"


def test_random_play_asks_the_forced_roof_rule_only_yes_or_no() -> None:
    """Random play chooses a roof first where MED-T4 binds the mover: it asks the rule's
    decider, yes or no, and no copy of its condition."""
    asked = callers(TURN_DECIDERS, yes_or_no=True)
    assert asked["t4_last_roofs"] == {"rules/medina/random_play.py"}
    assert all(not modules for name, modules in asked.items() if name != "t4_last_roofs")


def test_the_check_finds_a_second_loop(tmp_path: Path) -> None:
    """A second loop, wherever it is written and however it names the decider, is seen."""
    (tmp_path / "rules" / "medina").mkdir(parents=True)
    (tmp_path / "rules" / "medina" / "fast.py").write_text(
        "def play(state, turns):\n"
        "    for turn in turns:\n"
        "        if turn_rules.t3_pass(state, turn.player) is not None:\n"
        "            return None\n",
        "utf-8",
    )
    assert callers(TURN_DECIDERS, tmp_path)["t3_pass"] == {"rules/medina/fast.py"}


def test_the_check_tells_a_yes_or_no_question_from_a_turn_judged(tmp_path: Path) -> None:
    (tmp_path / "rules" / "medina").mkdir(parents=True)
    (tmp_path / "rules" / "medina" / "fast.py").write_text(
        "def play(state, turn, hand):\n"
        "    if t4_last_roofs(state, turn.player, hand, None) is not None:\n"
        "        return t4_last_roofs(state, turn.player, hand, placements=turn.placements)\n",
        "utf-8",
    )
    assert callers(TURN_DECIDERS, tmp_path)["t4_last_roofs"] == {"rules/medina/fast.py"}
    assert callers(TURN_DECIDERS, tmp_path, True)["t4_last_roofs"] == {"rules/medina/fast.py"}
    (tmp_path / "rules" / "medina" / "fast.py").write_text(
        "def play(state, turn, hand):\n    return t4_last_roofs(state, turn.player, hand, None)\n",
        "utf-8",
    )
    assert callers(TURN_DECIDERS, tmp_path)["t4_last_roofs"] == set()


def test_a_turn_popped_that_was_never_pushed_is_refused() -> None:
    game = play_game(random.Random(1), "2", 2)
    position = GamePosition(game.before[0])
    with pytest.raises(IndexError):
        position.pop()
    position.push(Turn(game.turns[0].player, game.turns[0].placements))
    position.pop()
    with pytest.raises(IndexError):
        position.pop()
