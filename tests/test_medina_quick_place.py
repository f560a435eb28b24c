"""Medina's quick placement against the full check, on the whole resulting state.

``quick_place`` settles the plain legal placements at once and leaves every other one
untouched for ``placement_faults`` and ``make_placement``. For every placement tried
here (each one of random legal games, each one of spoilt records, and random pieces on
random fields in between), the two paths are run on copies of one state:

- a placement the quick path makes is one the full check finds legal, and the two
  leave equal states (city, palaces, supplies, streets, walls, tiles, the open-palace
  memory) and bring about the same events;
- a placement the quick path declines leaves the state as it was (it may only remember,
  truly, which palaces of a colour can still grow).

Two bugs are planted in the quick path to show that the comparison catches each kind
of disagreement: one that accepts an illegal placement (it forgets that a palace of the
colour can still grow, MED-B2) and one that places legally but leaves the building in
the player's supply.
"""

from __future__ import annotations

import copy
import dataclasses
import random
from collections.abc import Iterator, Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from meridina.rules.game import Unreadable
from meridina.rules.medina import placing, quick
from meridina.rules.medina.engine import make_placement, placement_faults
from meridina.rules.medina.faults import Fault
from meridina.rules.medina.game import RULES
from meridina.rules.medina.model import Cell, Kind, Placement, Rulings, Turn
from meridina.rules.medina.placing import unfinished
from meridina.rules.medina.random_play import play_game
from meridina.rules.medina.state import Hand, State
from test_medina_clean_play import KINDS, SPOILS, rulings, spoilt


def contents(state: State) -> dict[str, Any]:
    """All a state holds, copied deep: every compared field and the open-palace memory."""
    found = {
        f.name: copy.deepcopy(getattr(state, f.name))
        for f in dataclasses.fields(state)
        if f.compare and f.name not in ("board", "edition")
    }
    found["open_palaces"] = copy.deepcopy(state.open_palaces)
    return found


def random_placement(rng: random.Random, state: State) -> Placement:
    """Any piece on any field of the grid or just off it, legal or not."""
    kind = rng.choice(list(Kind))
    if kind is Kind.TEA:
        return Placement(kind)
    board = state.board
    cell = (rng.randrange(-1, board.columns + 1), rng.randrange(0, board.rows + 2))
    colour = rng.choice(state.edition.colours) if kind is Kind.BUILDING else None
    return Placement(kind, cell, colour)


def compare(state: State, player: str, placement: Placement) -> bool:
    """Both paths on copies of ``state``; whether the quick path made the placement."""
    fast = state.detached()
    before = contents(fast)
    found = quick.quick_place(fast, player, fast.hands[player], placement)
    if isinstance(found, quick.Closer):
        # Only the memory of which palaces can grow may be filled in, and truly.
        remembered = {colour: list(idents) for colour, idents in fast.open_palaces.items()}
        after = contents(fast)
        after["open_palaces"] = before["open_palaces"]
        assert after == before, f"{placement} declined, but the state changed"
        fresh = fast.detached()
        for colour, idents in remembered.items():
            assert idents == [palace.ident for palace in unfinished(fresh, colour)]
        return False
    full = state.detached()
    target, faults = placement_faults(full, player, placement)
    assert not faults, f"{placement} made quickly, but the full check finds {faults}"
    events = make_placement(full, player, placement, target)
    assert contents(fast) == contents(full), f"{placement} leaves another state"
    assert list(found) == events
    return True


def placements_of(
    start: State, turns: Sequence[Turn | Unreadable], rng: random.Random, extra: int
) -> Iterator[tuple[State, str, Placement]]:
    """Each placement of ``turns`` with the state it is checked in, and ``extra`` random
    ones on each of those states; the turns are played the usual way, problems and all."""
    state = start
    for turn in turns:
        if isinstance(turn, Unreadable):
            state = RULES.pass_over(state, turn.mover)
            continue
        if turn.player in state.hands:
            work = state.detached()
            for placement in turn.placements:
                for _ in range(extra):
                    yield work, turn.player, random_placement(rng, work)
                yield work, turn.player, placement
                target, faults = placement_faults(work, turn.player, placement)
                if not faults:
                    make_placement(work, turn.player, placement, target)
        state = RULES.apply(state, turn).state


def differential(
    seed: int, kind: tuple[str, int], ruled: Rulings | None, how: str, extra: int = 2
) -> tuple[int, int]:
    """How many placements were made quickly and how many declined, all compared."""
    edition, players = kind
    rng = random.Random(seed)
    game = play_game(rng, edition, players, rulings=ruled)
    start = RULES.initial_state(game.setup).state
    assert start is not None
    made = declined = 0
    for state, player, placement in placements_of(start, spoilt(game, how, rng), rng, extra):
        if compare(state, player, placement):
            made += 1
        else:
            declined += 1
    return made, declined


@pytest.mark.slow  # minutes of work on two cores: left out of the everyday loop
@settings(max_examples=25, deadline=None)
@given(
    kind=st.sampled_from(KINDS),
    seed=st.integers(0, 2**32 - 1),
    ruled=rulings,
    how=st.sampled_from(SPOILS),
)
def test_quick_placement_agrees_with_the_full_check(
    kind: tuple[str, int], seed: int, ruled: Rulings, how: str
) -> None:
    differential(seed, kind, ruled, how)


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_of_piece_is_made_quickly_and_declined(kind: tuple[str, int]) -> None:
    """The comparison covers both answers of the quick path for every kind of piece."""
    edition, players = kind
    rng = random.Random(11)
    game = play_game(rng, edition, players)
    start = RULES.initial_state(game.setup).state
    assert start is not None
    made: set[Kind] = set()
    declined: set[Kind] = set()
    for state, player, placement in placements_of(start, game.turns, rng, 3):
        (made if compare(state, player, placement) else declined).add(placement.kind)
    kinds = {Kind.BUILDING, Kind.STABLE, Kind.ROOF, Kind.MERCHANT, Kind.WALL}
    assert kinds <= made
    assert kinds <= declined


def _caught(seeds: range) -> bool:
    for seed in seeds:
        try:
            differential(seed, KINDS[seed % len(KINDS)], None, "none", extra=1)
        except AssertionError:
            return True
    return False


def test_a_planted_legality_bug_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """A quick path that forgets MED-B2 (an unfinished palace of the colour can still
    grow) starts new palaces the full check refuses."""
    assert not _caught(range(3))

    def forgetful(
        state: State, colour: str, cell: Cell | None, free: bool, spaced_too: bool = False
    ) -> int | Fault | None:
        found = placing.b2_palace_to_join(state, colour, cell, free, spaced_too)
        return None if isinstance(found, Fault) and found.rule == "MED-B2" else found

    monkeypatch.setattr(quick, "b2_palace_to_join", forgetful)
    assert _caught(range(6))


def test_a_planted_state_bug_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """A quick path that places a building legally but leaves it in the player's supply."""
    assert not _caught(range(3))

    def forgetful(state: State, hand: Hand, colour: str, cell: Cell, target: int | None) -> None:
        placing.place_building(state, hand, colour, cell, target)
        hand.buildings[colour] += 1

    monkeypatch.setattr(quick, "place_building", forgetful)
    assert _caught(range(6))
