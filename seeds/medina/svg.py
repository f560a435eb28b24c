"""A Medina city as an SVG picture: grid, wall ring, towers, palaces, roofs, merchants, tiles.

Fed from the rules core's ``State``, the same object replay shows. Every piece carries
``data-*`` attributes saying what it is and where, so tests and scripts can read the
picture back.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial

from meridina.rules.medina.board import Board
from meridina.rules.medina.model import NEUTRAL, Cell, Placement, cell_name
from meridina.rules.medina.state import BUILDING, MERCHANT, STABLE, WALL, WELL, Palace, State
from meridina.rules.medina.tiles import describe_palace
from meridina.rules.wording import counted

from ..drawing import svg
from .svg_legend import legend
from .svg_style import (
    BUILDINGS,
    CELL,
    FIELD,
    HIGHLIGHT,
    KEY,
    LEFT,
    LETTERS,
    MERCHANT_FILL,
    RING,
    STABLE_FILL,
    TILE_FILL,
    TOP,
    WALL_FILL,
    WELL_FILL,
    Roofs,
    x_of,
    y_of,
)
from .view import placement_text


@dataclass(frozen=True)
class PalaceLooks:
    """All a palace is drawn from: its colour, fields, and owner as the picture names and
    paints them (no owner: "" for each of the owner's name, fill and letter)."""

    colour: str
    buildings: frozenset[Cell]
    stables: frozenset[Cell]
    owner: str | None
    owner_name: str
    fill: str
    letter: str


def draw(
    state: State,
    caption: str = "",
    note: str | None = None,
    placed: Sequence[Placement] | None = None,
) -> ET.Element:
    """The picture of ``state``; ``note`` (a stand-in warning) is written under the caption;
    ``placed``, the last turn's placements that were made, are framed."""
    board = state.board
    roofs = Roofs(state)
    grid_bottom = TOP + board.rows * CELL
    legend_top = grid_bottom + 44
    width = LEFT + board.columns * CELL + LEFT
    height = legend_top + (len(state.players) + 1) * 22 + len(KEY) * 16 + 6
    title = caption or "Medina position"
    root = svg.picture(width, height, title, note or "")
    svg.text(root, 12, 18, title, text_anchor="start", font_size=15, font_weight="bold")
    if note:
        svg.reused(root, ("medina note", note), partial(_note, note=note))
    rows = board.rows
    svg.reused(root, ("medina grid", board.columns, rows), partial(_grid, board=board))
    _streets(root, state)
    # each piece is drawn from its field and what it shows (``svg.reused``)
    for cell, piece in sorted(state.pieces.items()):
        if piece == WALL:
            tower = state.wall_tower.get(cell)
            drawn = partial(_wall, board=board, cell=cell, tower=tower)
            svg.reused(root, ("medina wall", rows, cell, tower), drawn)
        elif piece == MERCHANT:
            drawn = partial(_merchant, board=board, cell=cell)
            svg.reused(root, ("medina merchant", rows, cell), drawn)
        elif piece == WELL:
            svg.reused(root, ("medina well", rows, cell), partial(_well, board=board, cell=cell))
        elif piece in (BUILDING, STABLE):
            palace = state.palace(cell) if piece == BUILDING else None
            colour = palace.colour if palace is not None else "?"
            drawn = partial(_field_piece, board=board, cell=cell, piece=piece, colour=colour)
            svg.reused(root, ("medina piece", rows, cell, piece, colour), drawn)
    for palace in sorted(state.palaces.values(), key=lambda p: p.ident):
        owner = palace.owner
        looks = PalaceLooks(
            palace.colour,
            frozenset(palace.buildings),
            frozenset(palace.stables),
            owner,
            roofs.name(state, owner) if owner else "",
            roofs.fill[owner] if owner is not None else "",
            roofs.letter[owner] if owner is not None else "",
        )
        svg.reused(root, ("medina palace", rows, looks), partial(_palace, board=board, looks=looks))
    _towers(root, state, roofs)
    if placed:
        _just_placed(root, board, placed)
    _tiles(root, state, roofs)
    legend(root, state, roofs, legend_top)
    return root


def _note(root: ET.Element, note: str) -> None:
    svg.text(root, 12, 38, note, text_anchor="start", font_size=12, fill="#c0392b")


def _just_placed(root: ET.Element, board: Board, placed: Sequence[Placement]) -> None:
    """A gold frame on each field the last turn put a piece on (a tea tile has none)."""
    layer = svg.group(root, "last-turn")
    for placement in placed:
        if placement.cell is None:
            continue
        x, y = x_of(placement.cell), y_of(board, placement.cell)
        svg.add(
            layer,
            "rect",
            f"just placed: {placement_text(placement)}",
            class_="placed",
            data_field=cell_name(placement.cell),
            data_piece=placement.kind.value,
            x=x + 1.5,
            y=y + 1.5,
            width=CELL - 3,
            height=CELL - 3,
            fill="none",
            stroke=HIGHLIGHT,
            stroke_width=3,
        )


def _grid(root: ET.Element, board: Board) -> None:
    layer = svg.group(root, "grid")
    width, height = board.columns * CELL, board.rows * CELL
    svg.add(layer, "rect", x=LEFT, y=TOP, width=width, height=height, fill=RING)
    svg.add(
        layer,
        "rect",
        x=LEFT + CELL,
        y=TOP + CELL,
        width=width - 2 * CELL,
        height=height - 2 * CELL,
        fill=FIELD,
    )
    lines = [f"M{LEFT + col * CELL},{TOP}v{height}" for col in range(board.columns + 1)]
    lines += [f"M{LEFT},{TOP + row * CELL}h{width}" for row in range(board.rows + 1)]
    svg.add(layer, "path", d="".join(lines), fill="none", stroke="#c2b08a", stroke_width=0.7)
    bottom = TOP + board.rows * CELL
    for col in range(board.columns):
        letter = chr(ord("A") + col)
        x = LEFT + col * CELL + CELL / 2
        for edge in (TOP - 10, bottom + 11):
            svg.text(layer, x, edge, letter, font_size=12, font_weight="bold", fill="#555555")
    for row in range(1, board.rows + 1):
        y = y_of(board, (0, row)) + CELL / 2
        for x in (LEFT / 2, LEFT + board.columns * CELL + LEFT / 2):
            svg.text(layer, x, y, str(row), font_size=11, fill="#555555")


def _towers(root: ET.Element, state: State, roofs: Roofs) -> None:
    board = state.board
    for cell, number in sorted(board.towers.items()):
        holder = state.tower_tiles.get(number)
        held_by = roofs.name(state, holder) if holder else None
        merchants = state.tower_merchants.get(number, 0)
        looks = (cell, number, held_by, merchants)
        svg.reused(
            root, ("medina tower", board.rows, looks), partial(_tower, board=board, looks=looks)
        )


def _tower(root: ET.Element, board: Board, looks: tuple[Cell, int, str | None, int]) -> None:
    """A tower on its field: its number, who holds its tile (as the picture names them,
    None: no one) and how many merchants stand on the tile."""
    cell, number, held_by, merchants = looks
    said = f"tower {number} at {cell_name(cell)}: its tile is worth {number}; " + (
        f"held by {held_by}" if held_by is not None else "no one holds its tile"
    )
    if merchants:
        said += f"; {counted(merchants, 'merchant')} on its tile"
    node = svg.group(root, "tower", said, data_tower=number, data_field=cell_name(cell))
    x, y = x_of(cell), y_of(board, cell)
    svg.add(node, "rect", x=x + 2, y=y + 2, width=CELL - 4, height=CELL - 4, rx=4, fill="#444")
    svg.add(node, "circle", cx=x + CELL / 2, cy=y + CELL / 2, r=11, fill="#eeeeee")
    svg.text(node, x + CELL / 2, y + CELL / 2, str(number), font_size=14, font_weight="bold")
    if merchants:
        svg.text(node, x + CELL - 6, y + 7, f"{merchants}m", font_size=8, fill="#ffffff")


def _wall(root: ET.Element, board: Board, cell: Cell, tower: int | None) -> None:
    of_tower = f" (tower {tower})" if tower is not None else ""
    node = svg.group(
        root, "wall", f"wall on {cell_name(cell)}{of_tower}", data_field=cell_name(cell)
    )
    x, y = x_of(cell), y_of(board, cell)
    svg.add(node, "rect", x=x + 1, y=y + 1, width=CELL - 2, height=CELL - 2, fill=WALL_FILL)
    # Courses of bricks, so a wall reads as a wall without its colour.
    third = CELL / 3
    bricks = [f"M{x + 1},{y + row * third}h{CELL - 2}" for row in (1, 2)]
    bricks += [
        f"M{x + offset},{y + row * third}v{third}"
        for row, offset in ((0, CELL / 2), (1, CELL / 4), (1, 3 * CELL / 4), (2, CELL / 2))
    ]
    svg.add(node, "path", d="".join(bricks), stroke="#b8a890", fill="none")


def _merchant(root: ET.Element, board: Board, cell: Cell) -> None:
    node = svg.group(root, "merchant", f"merchant on {cell_name(cell)}", data_field=cell_name(cell))
    cx, cy = x_of(cell) + CELL / 2, y_of(board, cell) + CELL / 2
    svg.add(node, "circle", cx=cx, cy=cy, r=11, fill=MERCHANT_FILL, stroke="#ffffff")
    svg.text(node, cx, cy, "m", font_size=12, font_weight="bold", fill="#ffffff")


def _well(root: ET.Element, board: Board, cell: Cell) -> None:
    node = svg.group(root, "well", f"the well on {cell_name(cell)}", data_field=cell_name(cell))
    cx, cy = x_of(cell) + CELL / 2, y_of(board, cell) + CELL / 2
    svg.add(node, "circle", cx=cx, cy=cy, r=14, fill=WELL_FILL, stroke="#1d4f80", stroke_width=2)
    svg.text(node, cx, cy, "W", font_size=13, font_weight="bold", fill="#ffffff")


def _streets(root: ET.Element, state: State) -> None:
    """Each market street as a line joining its merchants (the current one solid)."""
    board = state.board
    layer = svg.group(root, "streets")
    for index, street in enumerate(state.streets):
        looks = (tuple(street), index == len(state.streets) - 1)
        drawn = partial(_street, board=board, looks=looks)
        svg.reused(layer, ("medina street", board.rows, looks), drawn)


def _street(layer: ET.Element, board: Board, looks: tuple[tuple[Cell, ...], bool]) -> None:
    """A market street: its merchants' fields in the order they came, and whether it is
    the current one."""
    street, current = looks
    members = set(street)
    names = " ".join(cell_name(c) for c in street)
    line = svg.group(
        layer,
        "street",
        f"{'the current' if current else 'an earlier'} market street: {names}",
        data_fields=names,
        data_current="true" if current else "false",
    )
    for col, row in sorted(members):
        for other in ((col + 1, row), (col, row + 1)):
            if other not in members:
                continue
            joined = ((col, row), other, current)
            drawn = partial(_street_link, board=board, joined=joined)
            svg.reused(line, ("medina street link", board.rows, joined), drawn)


def _street_link(line: ET.Element, board: Board, joined: tuple[Cell, Cell, bool]) -> None:
    """The line between two merchants of a street, and whether it is the current one."""
    cell, other, current = joined
    svg.add(
        line,
        "line",
        x1=x_of(cell) + CELL / 2,
        y1=y_of(board, cell) + CELL / 2,
        x2=x_of(other) + CELL / 2,
        y2=y_of(board, other) + CELL / 2,
        stroke=MERCHANT_FILL,
        stroke_width=5,
        stroke_opacity=0.55 if current else 0.3,
        stroke_dasharray="none" if current else "6 4",
    )


def _field_piece(root: ET.Element, board: Board, cell: Cell, piece: str, colour: str) -> None:
    """A stable, or a building of ``colour`` (``?`` when it belongs to no palace)."""
    x, y = x_of(cell), y_of(board, cell)
    name = cell_name(cell)
    if piece == STABLE:
        node = svg.group(root, "stable", f"stable on {name}", data_field=name)
        svg.add(node, "rect", x=x + 3, y=y + 3, width=CELL - 6, height=CELL - 6, fill=STABLE_FILL)
        svg.text(node, x + CELL / 2, y + CELL / 2 + 3, "S", font_size=12, font_weight="bold")
        return
    fill = BUILDINGS.get(colour, "#999999")
    node = svg.group(
        root, "building", f"{colour} building on {name}", data_field=name, data_colour=colour
    )
    svg.add(node, "rect", x=x + 3, y=y + 3, width=CELL - 6, height=CELL - 6, fill=fill)
    svg.text(
        node,
        x + CELL / 2,
        y + CELL / 2 + 5,
        LETTERS.get(colour, "?"),
        font_size=13,
        font_weight="bold",
        fill=svg.contrast(fill),
    )


def _roof_cell(palace: Palace) -> Cell:
    """Where the roof is drawn: the building that names the palace."""
    return min(palace.buildings, key=lambda c: (c[1], c[0]))


def _palace(root: ET.Element, board: Board, looks: PalaceLooks) -> None:
    owner = looks.owner
    palace = Palace(0, looks.colour, set(looks.buildings), set(looks.stables), owner)
    cells = palace.cells()
    fields = " ".join(sorted(cell_name(c) for c in palace.buildings))
    stables = " ".join(sorted(cell_name(c) for c in palace.stables))
    said = f"{describe_palace(palace)}: {counted(len(palace.buildings), 'building')}" + (
        f", {counted(len(palace.stables), 'stable')}" if palace.stables else ""
    )
    said += f", roofed by {looks.owner_name}" if owner else ", not roofed"
    node = svg.group(
        root,
        "palace",
        said,
        data_colour=palace.colour,
        data_owner=owner or "",
        data_buildings=fields,
        data_stables=stables,
    )
    edges = []
    for col, row in sorted(cells):
        x, y = x_of((col, row)), y_of(board, (col, row))
        if (col, row + 1) not in cells:
            edges.append(f"M{x},{y}h{CELL}")
        if (col, row - 1) not in cells:
            edges.append(f"M{x},{y + CELL}h{CELL}")
        if (col - 1, row) not in cells:
            edges.append(f"M{x},{y}v{CELL}")
        if (col + 1, row) not in cells:
            edges.append(f"M{x + CELL},{y}v{CELL}")
    outline = " ".join(edges)
    if owner is None:
        svg.add(node, "path", d=outline, fill="none", stroke="#444444", stroke_width=1.5)
        return
    # A dark line under the owner's colour keeps light roof colours visible.
    svg.add(node, "path", d=outline, fill="none", stroke="#222222", stroke_width=6)
    dashes = "5 3" if owner == NEUTRAL else "none"
    fill = looks.fill
    svg.add(
        node, "path", d=outline, fill="none", stroke=fill, stroke_width=3.5, stroke_dasharray=dashes
    )
    cell = _roof_cell(palace)
    x, y = x_of(cell), y_of(board, cell)
    roof = svg.group(
        node,
        "roof",
        f"{'neutral roof' if owner == NEUTRAL else 'roof of ' + looks.owner_name} "
        f"on the {describe_palace(palace)}",
        data_owner=owner,
        data_field=cell_name(cell),
    )
    svg.add(
        roof,
        "polygon",
        points=svg.points([(x + 3, y + 17), (x + CELL / 2, y + 2), (x + CELL - 3, y + 17)]),
        fill=fill,
        stroke="#000000",
        stroke_width=1,
    )
    svg.text(roof, x + CELL / 2, y + 12, looks.letter, font_size=8, font_weight="bold",
             fill=svg.contrast(fill))  # fmt: skip


def _tower_palace(state: State, tower: int, holder: str) -> Palace | None:
    """The holder's palace that took a tower tile: the last roofed one touching the tower."""
    touching = [p for p in state.owned(holder) if tower in state.towers_touching(p)]
    return max(touching, key=lambda p: p.roofed_at or 0, default=None)


def _tiles(root: ET.Element, state: State, roofs: Roofs) -> None:
    """Palace and tower tiles drawn as small cards on the palace that holds them."""
    layer = svg.group(root, "tiles")
    badges: dict[int, int] = {}
    board = state.board

    def badge(palace: Palace, words: str, said: str, css: str, **data: str | int) -> None:
        count = badges.get(palace.ident, 0)
        badges[palace.ident] = count + 1
        looks = (_roof_cell(palace), count, words, said, css, tuple(data.items()))
        svg.reused(
            layer, ("medina tile", board.rows, looks), partial(_badge, board=board, looks=looks)
        )

    for colour in state.edition.colours:
        ident = state.palace_tiles.get(colour)
        if ident is None:
            continue
        palace = state.palaces[ident]
        value = state.edition.palace_tiles[colour]
        holder = state.holder_of_palace_tile(colour) or "nobody"
        badge(
            palace,
            f"P{value}",
            f"{colour} palace tile ({counted(value, 'point')}), held by {holder}",
            "palace-tile",
            data_colour=colour,
            data_holder=holder,
        )
    for tower, owner in sorted(state.tower_tiles.items()):
        if owner is None:
            continue
        taker = _tower_palace(state, tower, owner)
        if taker is not None:
            badge(
                taker,
                f"T{tower}",
                f"tower tile {tower} ({counted(tower, 'point')}), "
                f"held by {roofs.name(state, owner)}",
                "tower-tile",
                data_tower=tower,
                data_holder=owner,
            )


def _badge(
    layer: ET.Element,
    board: Board,
    looks: tuple[Cell, int, str, str, str, tuple[tuple[str, str | int], ...]],
) -> None:
    """A tile as a card by the roof of the palace holding it: the roof's field, how many
    cards come before it there, the card's words, what it says on hover, its class and data."""
    cell, count, words, said, css, data = looks
    x, y = x_of(cell) + CELL - 8 + count * 22, y_of(board, cell) - 7
    node = svg.group(layer, css, said, **dict(data))
    svg.add(node, "rect", x=x, y=y, width=21, height=13, rx=2, fill=TILE_FILL, stroke="#7a6a2a")
    svg.text(node, x + 10.5, y + 6.5, words, font_size=9, font_weight="bold")


def add_targets(root: ET.Element, board: Board) -> None:
    """A clear square on every field, on top of the picture, named as the notation names
    it, so a page can tell which field was clicked whatever stands there."""
    layer = svg.group(root, "targets")
    svg.reused(layer, ("medina targets", board.columns, board.rows), partial(_targets, board=board))


def _targets(layer: ET.Element, board: Board) -> None:
    for col in range(board.columns):
        for row in range(1, board.rows + 1):
            svg.add(
                layer,
                "rect",
                x=x_of((col, row)),
                y=y_of(board, (col, row)),
                width=CELL,
                height=CELL,
                fill="transparent",
                class_="target",
                data_target=cell_name((col, row)),
            )
