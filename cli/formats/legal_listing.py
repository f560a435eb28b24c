"""Legal turns listed compactly for a person: runs of heights, cities and fields as ranges.

The recorder's ``legal`` shows these; ``legal --all`` shows every turn word for word.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

DASH = "\u2013"  # an en dash: a range of numbers, never read as a card such as 4-5-6-7
_BUILD = re.compile(r"([0-9]+)@([0-9]+)")
_FIELD = re.compile(r"([A-Z])([0-9]+)")


def ranges(numbers: Iterable[int]) -> str:
    """``[1, 2, 3, 5]`` as ``1-3, 5``."""
    runs: list[list[int]] = []
    for number in sorted(set(numbers)):
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    return ", ".join(str(run[0]) if len(run) == 1 else f"{run[0]}{DASH}{run[-1]}" for run in runs)


def grouped_ends(ends: Sequence[str]) -> str:
    """The last words of the turns of one lead: ``pass | 2@1 | 2@2 …`` as ``pass; 2-18 high @ 1-4``.

    Words that are not a tower (``pass``, ``stuck``, ``x``) keep their order and come first;
    the towers follow, heights that may go on the same cities together.
    """
    words: list[str] = []
    cities_of: dict[int, set[int]] = {}
    for end in ends:
        build = _BUILD.fullmatch(end)
        if build is None:
            words.append(end)
        else:
            cities_of.setdefault(int(build.group(1)), set()).add(int(build.group(2)))
    heights_on: dict[frozenset[int], list[int]] = {}
    for height in sorted(cities_of):
        heights_on.setdefault(frozenset(cities_of[height]), []).append(height)
    towers = [
        f"{ranges(heights)} high @ {ranges(cities)}" for cities, heights in heights_on.items()
    ]
    return "; ".join([*words, *towers])


def natural_order(text: str) -> tuple[tuple[int, int, str], ...]:
    """A sort key that puts numbers in their order: ``orange 2:`` before ``orange 10:``."""
    return tuple(
        (1, int(part), "") if part.isascii() and part.isdigit() else (0, 0, part)
        for part in re.split(r"([0-9]+)", text)
    )


def field_runs(fields: Sequence[str]) -> str:
    """A piece's fields as column runs per group of rows, or as they are when that is shorter.

    ``B12 C12 … Q12 B11 …`` becomes ``B-Q on rows 7-12; B-F, J-Q on rows 5-6``.
    """
    plain = " ".join(fields)
    cells = [_FIELD.fullmatch(field) for field in fields]
    if any(cell is None for cell in cells):
        return plain
    columns_of: dict[int, list[int]] = {}
    for cell in cells:
        assert cell is not None
        columns_of.setdefault(int(cell.group(2)), []).append(ord(cell.group(1)))
    rows_with: dict[str, list[int]] = {}
    for row, columns in columns_of.items():
        rows_with.setdefault(_letter_ranges(columns), []).append(row)
    compact = "; ".join(
        f"{columns} on {'row' if len(rows) == 1 else 'rows'} {ranges(rows)}"
        for columns, rows in rows_with.items()
    )
    return compact if len(compact) < len(plain) else plain


def _letter_ranges(codes: Iterable[int]) -> str:
    """Column letters by their codes, ``B C D F`` as ``B-D, F``."""
    numbers = ranges(codes)
    return re.sub(r"[0-9]+", lambda code: chr(int(code.group())), numbers)
