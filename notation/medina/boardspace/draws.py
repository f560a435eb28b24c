"""Where Boardspace put a 2nd-edition game's well and first merchant: drawn from its key.

Its board setup makes ``new Random(key)`` and draws the well's column and row, then the
merchant's, drawing the merchant again while it lands on the well. Columns are drawn from
the third to the fourth-last, rows from the third to the fourth-last: off the ring and
off the border fields.
"""

from __future__ import annotations

from .java_random import JavaRandom


def board_size(edition: str, players: int) -> tuple[int, int]:
    """Columns and rows of Boardspace's board, ring included."""
    return (16, 12) if edition == "2" and players == 2 else (18, 13)


def _field(draw: JavaRandom, columns: int, rows: int) -> str:
    column = chr(ord("C") + draw.next_int_below(columns - 4))
    return f"{column}{3 + draw.next_int_below(rows - 4)}"


def well_and_merchant(key: int, players: int) -> tuple[str, str]:
    """The well's field and the first merchant's, as the key drew them."""
    columns, rows = board_size("2", players)
    draw = JavaRandom(key)
    well = _field(draw, columns, rows)
    merchant = _field(draw, columns, rows)
    while merchant == well:
        merchant = _field(draw, columns, rows)
    return well, merchant
