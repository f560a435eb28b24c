"""The map of a Meridian board file read as rows of cells, each placed in the file."""

from __future__ import annotations

from dataclasses import dataclass

from meridina.rules.datafile import DataFile


@dataclass(frozen=True, slots=True)
class MapRow:
    """One non-blank row of a board file's map, placed in the file."""

    line: int
    cells: tuple[tuple[str, int], ...]  # each city's text and the column it starts at


def map_rows(data: DataFile, layout: str) -> tuple[int, list[MapRow]]:
    """The line of the map key and the map's rows, top row (highest city) first."""
    map_line = data.line_of_key("map")
    # TOML drops the newline right after an opening triple quote.
    opening = data.text.split("\n")[map_line - 1].rstrip()
    first_row_line = map_line + 1 if opening.endswith(('"""', "'''")) else map_line
    rows = []
    for offset, row in enumerate(layout.split("\n")):
        if not row.strip():
            continue
        line = first_row_line + offset
        # A row on the key's own line starts after the opening quotes.
        indent = len(opening) - len(opening.split('"""', 1)[-1]) if line == map_line else 0
        cells = row.split()
        columns = (indent + _column_of(row, meridian) for meridian in range(1, len(cells) + 1))
        rows.append(MapRow(line, tuple(zip(cells, columns, strict=True))))
    return map_line, rows


def _column_of(row: str, meridian: int) -> int:
    seen = 0
    for col, char in enumerate(row, start=1):
        if not char.isspace() and (col == 1 or row[col - 2].isspace()):
            seen += 1
            if seen == meridian:
                return col
    return 1
