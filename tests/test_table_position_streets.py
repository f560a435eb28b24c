"""Merchants clicked as one street on the position page, split into the streets they make."""

from __future__ import annotations

from meridina.cli.medina.position_streets import streets_of
from meridina.rules.medina.model import Cell, cell_name, parse_cell


def cells(names: str) -> list[Cell]:
    found = [parse_cell(name) for name in names.split()]
    assert None not in found
    return [cell for cell in found if cell is not None]


def next_to(cell: Cell) -> list[Cell]:
    col, row = cell
    return [(col + 1, row), (col - 1, row), (col, row + 1), (col, row - 1)]


def names(streets: list[list[Cell]]) -> list[str]:
    return [" ".join(cell_name(cell) for cell in street) for street in streets]


def test_simple_lines_are_kept_as_clicked() -> None:
    clicked = cells("E5 F5 G5 G6 K2 K3")
    assert streets_of(clicked, next_to) == [clicked]
    assert streets_of([], next_to) == []


def test_a_branch_is_a_street_of_its_own_started_next_to_the_older_one() -> None:
    # a line along row 5, and a branch going up from F5 through F6, F7
    streets = streets_of(cells("F7 F6 C5 D5 E5 F5 G5 H5 I5"), next_to)
    assert names(streets) == ["C5 D5 E5 F5 G5 H5 I5", "F6 F7"]


def test_a_merchant_that_touches_the_older_street_twice_starts_a_street_alone() -> None:
    # E6 and F6 both lie next to the row-5 street: only a street's first merchant may
    streets = streets_of(cells("B5 C5 D5 E5 F5 G5 H5 E6 F6"), next_to)
    assert names(streets)[0] == "B5 C5 D5 E5 F5 G5 H5"
    assert sorted(names(streets)[1:]) == ["E6", "F6"]


def test_a_block_is_read_as_lines_whose_merchants_touch_only_their_neighbours() -> None:
    streets = streets_of(cells("E5 F5 E6 F6"), next_to)
    placed = [cell for street in streets for cell in street]
    assert sorted(placed) == sorted(cells("E5 F5 E6 F6")) and len(streets) > 1
    for street in streets:
        for index, cell in enumerate(street):
            touching = [other for other in street if other in next_to(cell)]
            assert len(touching) <= 2
            assert all(abs(street.index(other) - index) == 1 for other in touching)
