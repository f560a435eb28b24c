"""A memory by identity gives a value back for the very object it was kept for only, keeps
that object alive while the entry stands (so its id cannot pass to another), and is bounded."""

from __future__ import annotations

import gc
import weakref

from meridina.rules.identity_memory import IdentityMemory
from meridina.rules.meridian import game, scoring
from meridina.rules.meridian.board import bundled_board
from meridina.rules.meridian.model import Player, Rulings
from meridina.rules.meridian.state import Seating


class Thing:
    """An object that is not hashable by its contents, as a board or a seating."""

    def __init__(self, name: str) -> None:
        self.name = name


def test_a_value_is_found_for_its_own_object_only() -> None:
    memory: IdentityMemory[list[int], str] = IdentityMemory(4)
    first, equal = [1, 2], [1, 2]
    assert memory.put(first, "first") == "first"
    assert memory.get(first) == "first"
    assert memory.get(equal) is None


def test_an_entry_keeps_its_object_alive() -> None:
    memory: IdentityMemory[Thing, int] = IdentityMemory(4)
    thing = Thing("a")
    alive = weakref.ref(thing)
    memory.put(thing, 1)
    del thing
    gc.collect()
    assert alive() is not None  # its id is not free for another object


def test_an_object_that_took_a_stale_id_gets_nothing() -> None:
    memory: IdentityMemory[Thing, int] = IdentityMemory(4)
    old, new = Thing("old"), Thing("new")
    memory.put(old, 1)
    # As if ``new`` had the id ``old`` had: an entry for ``old`` under ``new``'s id.
    memory._entries[id(new)] = memory._entries.pop(id(old))
    assert memory.get(new) is None


def test_a_full_memory_starts_again() -> None:
    memory: IdentityMemory[Thing, int] = IdentityMemory(3)
    things = [Thing(str(index)) for index in range(7)]
    for index, thing in enumerate(things):
        memory.put(thing, index)
        assert len(memory) <= 3
    assert memory.get(things[-1]) == 6


def test_meridian_remembers_per_board_and_seating_by_identity() -> None:
    board = bundled_board("five-city")
    assert board is not None
    seating = Seating.of((Player("Ann", ("orange",)), Player("Ben", ("black",))), Rulings())
    cells = scoring._island_cells(board)
    assert scoring._island_cells(board) is cells
    assert scoring._CELLS.get(board) is cells
    named = game._seat_of(seating)
    assert named == {"ann": 0, "orange": 0, "ben": 1, "black": 1}
    assert game._SEATS.get(seating) is named
