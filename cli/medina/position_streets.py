"""Merchants clicked as one market street, split into the streets they must have been.

A finished city shows its merchants, not the order streets were started in. Merchants that
form simple lines are kept as clicked (the rules follow each line themselves). A group that
branches is read as its longest line, the oldest street, then each branch as a street of its
own, started from the merchant that touches the older ones, as a new street starts.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from meridina.rules.medina.model import Cell

Links = dict[Cell, list[Cell]]
MOST_STEPS = 20_000  # of the longest-line search in one group: a city holds a few dozen


def streets_of(cells: list[Cell], next_to: Callable[[Cell], Iterable[Cell]]) -> list[list[Cell]]:
    """The streets ``cells`` make, oldest first; ``[cells]`` when they are simple lines."""
    if not cells:
        return []
    chosen = set(cells)
    links: Links = {cell: [n for n in next_to(cell) if n in chosen] for cell in cells}
    groups = _groups(cells, links)
    if all(_simple(group, links) for group in groups):
        return [cells]
    streets: list[list[Cell]] = []
    for group in groups:
        streets.extend(_split(group, links, set()))
    return streets


def _groups(cells: Iterable[Cell], links: Links) -> list[list[Cell]]:
    """The cells that touch each other, group by group, each in the order given."""
    order = list(cells)
    seen: set[Cell] = set()
    groups = []
    for start in order:
        if start in seen:
            continue
        found = {start}
        frontier = [start]
        while frontier:
            for other in links[frontier.pop()]:
                if other not in found:
                    found.add(other)
                    frontier.append(other)
        seen |= found
        groups.append([cell for cell in order if cell in found])
    return groups


def _simple(group: list[Cell], links: Links) -> bool:
    """A line without a branch or a loop."""
    degrees = [len(links[cell]) for cell in group]
    return all(d <= 2 for d in degrees) and sum(degrees) // 2 == len(group) - 1


def _split(group: list[Cell], links: Links, older: set[Cell]) -> list[list[Cell]]:
    """``group``'s longest line that starts next to ``older`` (anywhere when none is older),
    then the streets of what is left."""
    inside = set(group)
    touching = [c for c in group if any(n in older for n in links[c])] if older else group
    line = _longest(touching or group, inside, links, older)
    rest = [cell for cell in group if cell not in line]
    streets = [line]
    placed = older | set(line)
    rest_links = {cell: [n for n in links[cell] if n in rest] for cell in rest}
    for part in _groups(rest, rest_links):
        streets.extend(_split(part, links, placed))
        placed |= set(part)
    return streets


def _longest(starts: list[Cell], inside: set[Cell], links: Links, older: set[Cell]) -> list[Cell]:
    """The longest line within ``inside`` from one of ``starts``, none of whose merchants
    touches another of it but the ones before and after it, nor an ``older`` one but the
    first (a bounded search)."""
    best: list[Cell] = [starts[0]]
    steps = 0
    for start in starts:
        stack: list[tuple[Cell, list[Cell]]] = [(start, [start])]
        while stack and steps < MOST_STEPS:
            steps += 1
            cell, line = stack.pop()
            if len(line) > len(best):
                best = line
            for other in links[cell]:
                # a street's merchant touches only the merchants before and after it
                if (
                    other in inside
                    and other not in line
                    and not any((n in line and n != cell) or n in older for n in links[other])
                ):
                    stack.append((other, [*line, other]))
    return best
