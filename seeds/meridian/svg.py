"""A Meridian position as an SVG picture: meridians, islands, towers, the last turn, a legend.

Fed from the rules core's ``State`` (and the ``Step`` of the turn to highlight), the same
objects replay shows. Every piece carries ``data-*`` attributes saying what it is, so
tests and scripts can read the picture back.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass
from functools import partial

from meridina.rules.meridian.board import Board, Island
from meridina.rules.meridian.engine import Step
from meridina.rules.meridian.model import MERIDIANS, Tower
from meridina.rules.meridian.scoring import IslandScore, ScoreSheet, score
from meridina.rules.meridian.state import State
from meridina.rules.wording import counted

from ..drawing import svg
from .svg_legend import legend
from .svg_style import code_of, colour_of

DX = 70  # between meridians
DY = 76  # between city levels
LEFT = 60
TOP = 104  # centre of the top city
CITY_R = 22
PIECE = 6  # one piece of a tower
MOST_PIECES_DRAWN = 5

TINTS = ("#cfe8cf", "#f5e3b3", "#cfe0f5", "#f3d1dc", "#e3d5f2", "#d5efec", "#eeeebb")
EDGES = ("#8fbf8f", "#d4b86a", "#8fb0d9", "#d493a8", "#ad96cf", "#8fc9c1", "#c2c26f")
HIGHLIGHT = "#d4a017"
HOLDER_R = 12  # the disc under an island's letter that shows who holds it
ISLANDS_PER_ROW = 3
REMOVED = "#c0392b"


@dataclass(frozen=True)
class LastTurn:
    """The turn to highlight: the meridian it was played on and what it did."""

    meridian: int
    step: Step


def x_of(meridian: int) -> float:
    return LEFT + (meridian - 1) * DX


def y_of(board: Board, city: int) -> float:
    return TOP + (board.cities - city) * DY


def draw(
    state: State, last: LastTurn | None = None, caption: str = "", note: str | None = None
) -> ET.Element:
    """The picture of ``state``; ``note`` (the stand-in warning) is written under the caption."""
    board = state.board
    root, legend_top = _frame(board, caption or "Meridian position", note, len(state.players) + 3)
    sheet = score(state)
    _holders(root, state, sheet)
    for meridian, column in enumerate(state.columns, start=1):
        for city, tower in enumerate(column, start=1):
            if tower is not None:
                owner = state.players[state.owner(tower.colour)].name
                looks = (meridian, city, tower.colour, tower.height, owner)
                drawn = partial(_tower, board=board, looks=looks)
                svg.reused(root, ("meridian tower", board.cities, looks), drawn)
    if last is not None:
        _highlight(root, board, last)
    legend(root, state, sheet, legend_top)
    return root


def draw_board(board: Board, caption: str = "", note: str | None = None) -> ET.Element:
    """The empty board with a list of its islands, to compare with a printed board."""
    rows = (len(board.islands) + ISLANDS_PER_ROW - 1) // ISLANDS_PER_ROW + 1
    root, legend_top = _frame(board, caption or f"Meridian board {board.name}", note, rows)
    _island_list(root, board, legend_top)
    return root


def _frame(
    board: Board, title: str, note: str | None, legend_rows: int
) -> tuple[ET.Element, float]:
    """The picture's frame, islands, meridians and cities; and where the legend starts."""
    bottom = y_of(board, 1) + 58
    legend_top = bottom + 34
    width = x_of(MERIDIANS) + LEFT
    height = legend_top + legend_rows * 22 + 10
    root = svg.picture(width, height, title, note or "")
    svg.reused(root, "meridian defs", _defs)
    svg.text(root, 12, 18, title, text_anchor="start", font_size=15, font_weight="bold")
    if note:
        svg.reused(root, ("meridian note", note), partial(_note, note=note))
    svg.reused(root, ("meridian board", board, bottom), lambda layer: _board(layer, board, bottom))
    return root, legend_top


def _note(root: ET.Element, note: str) -> None:
    svg.text(root, 12, 38, note, text_anchor="start", font_size=12, fill=REMOVED)


def _board(root: ET.Element, board: Board, bottom: float) -> None:
    """What every picture of ``board`` shows alike: its islands, meridians and cities."""
    _islands(root, board)
    _meridians(root, board, bottom)
    for meridian in range(1, MERIDIANS + 1):
        for city in range(1, board.cities + 1):
            _city(root, board, meridian, city)


def _defs(root: ET.Element) -> None:
    defs = svg.add(root, "defs")
    marker = svg.add(
        defs,
        "marker",
        id="push-head",
        viewBox="0 0 10 10",
        refX=8,
        refY=5,
        markerWidth=7,
        markerHeight=7,
        orient="auto",
    )
    svg.add(marker, "path", d="M0,0 L10,5 L0,10 z", fill=HIGHLIGHT)


def _tints(board: Board) -> list[int]:
    """A tint per island, neighbouring islands always different (greedy colouring)."""
    neighbours: list[set[int]] = [set() for _ in board.islands]
    for meridian in range(1, MERIDIANS + 1):
        for city in range(1, board.cities + 1):
            here = board.island_at[meridian - 1][city - 1]
            for dm, dc in ((1, 0), (0, 1), (1, 1), (1, -1)):
                m, c = meridian + dm, city + dc
                if 1 <= m <= MERIDIANS and 1 <= c <= board.cities:
                    there = board.island_at[m - 1][c - 1]
                    if there != here:
                        neighbours[here].add(there)
                        neighbours[there].add(here)
    chosen: list[int] = []
    for index in range(len(board.islands)):
        taken = {chosen[n] for n in neighbours[index] if n < index}
        chosen.append(next(t for t in range(len(TINTS)) if t not in taken or t == len(TINTS) - 1))
    return chosen


def _islands(root: ET.Element, board: Board) -> None:
    layer = svg.group(root, "islands")
    for island, tint in zip(board.islands, _tints(board), strict=True):
        _island(layer, board, island, tint)


def _island(layer: ET.Element, board: Board, island: Island, tint: int) -> None:
    cities = sorted(island.cities)
    capital = f", capital on meridian {island.capital[0]}" if island.capital else ""
    shape = svg.group(
        layer,
        "island",
        f"island {island.name}: {len(cities)} cities{capital}",
        data_island=island.name,
    )
    centres = [(x_of(m), y_of(board, c)) for m, c in cities]
    for colour, width in ((EDGES[tint], 2 * CITY_R + 10), (TINTS[tint], 2 * CITY_R + 6)):
        if len(centres) == 1:
            svg.add(shape, "circle", cx=centres[0][0], cy=centres[0][1], r=width / 2, fill=colour)
            continue
        svg.add(
            shape,
            "polyline",
            points=svg.points(centres),
            fill="none",
            stroke=colour,
            stroke_width=width,
            stroke_linecap="round",
            stroke_linejoin="round",
        )
    lx, ly = _letter_spot(board, island)
    svg.text(shape, lx, ly, island.name.upper(), font_size=14, font_weight="bold", fill="#333333")


def _letter_spot(board: Board, island: Island) -> tuple[float, float]:
    """Where the island's letter stands: once, in the band between its first two cities."""
    centres = [(x_of(m), y_of(board, c)) for m, c in sorted(island.cities)]
    if len(centres) > 1:
        (x1, y1), (x2, y2) = centres[0], centres[1]
        return (x1 + x2) / 2, (y1 + y2) / 2
    return centres[0][0] - CITY_R - 2, centres[0][1] - CITY_R


def player_label(state: State, index: int) -> str:
    player = state.players[index]
    return player.name or "/".join(player.colours)


def _holders(root: ET.Element, state: State, sheet: ScoreSheet) -> None:
    """Each garrisoned island's letter on a disc: its holder's colour, or dashed for a tie."""
    layer = svg.group(root, "holders")
    for result in sheet.islands:
        if result.holder is not None or result.tied:
            _holder(layer, state, result)


def _holder(layer: ET.Element, state: State, result: IslandScore) -> None:
    island = result.island
    garrisons = ", ".join(
        f"{player_label(state, owner)} {value}" for owner, value in sorted(result.garrisons.items())
    )
    points = counted(island.points, "point")
    if result.holder is None:
        said = f"island {island.name}: a tie, nobody holds it ({points}); garrisons {garrisons}"
        holder = ""
        colours: tuple[str, ...] | None = None
    else:
        holder = player_label(state, result.holder)
        said = f"island {island.name}: held by {holder} ({points}); garrisons {garrisons}"
        colours = state.players[result.holder].colours
    x, y = _letter_spot(state.board, island)
    looks = HolderLooks(x, y, island.name, said, holder, result.tied, colours)
    svg.reused(layer, ("meridian holder", looks), partial(_holder_disc, looks=looks))


@dataclass(frozen=True)
class HolderLooks:
    """All an island's disc is drawn from: where its letter stands, the island's name, what
    the disc says, its holder as the picture names them ("" for none) and their colours
    (None for none), and whether it is a tie."""

    x: float
    y: float
    island: str
    said: str
    holder: str
    tied: bool
    colours: tuple[str, ...] | None


def _holder_disc(layer: ET.Element, looks: HolderLooks) -> None:
    x, y, colours = looks.x, looks.y, looks.colours
    node = svg.group(
        layer,
        "holder",
        looks.said,
        data_island=looks.island,
        data_holder=looks.holder,
        data_tied="true" if looks.tied else "false",
    )
    if colours is None:
        fill = "#ffffff"
        svg.add(node, "circle", cx=x, cy=y, r=HOLDER_R, fill=fill, stroke="#333333",
                stroke_width=1.5, stroke_dasharray="3 2")  # fmt: skip
    else:
        fill = colour_of(colours[0])
        svg.add(node, "circle", cx=x, cy=y, r=HOLDER_R, fill=fill, stroke="#000000")
        if len(colours) > 1:  # the game of 2: the partner colour as a ring
            svg.add(node, "circle", cx=x, cy=y, r=HOLDER_R - 2, fill="none",
                    stroke=colour_of(colours[1]), stroke_width=2.5)  # fmt: skip
    svg.text(node, x, y, looks.island.upper(), font_size=14, font_weight="bold",
             fill=svg.contrast(fill))  # fmt: skip


def _meridians(root: ET.Element, board: Board, bottom: float) -> None:
    layer = svg.group(root, "meridians")
    top = y_of(board, board.cities) - 40
    for meridian in range(1, MERIDIANS + 1):
        x = x_of(meridian)
        line = svg.group(layer, "meridian", f"meridian {meridian}", data_meridian=meridian)
        svg.add(line, "line", x1=x, y1=top + 10, x2=x, y2=bottom - 14, stroke="#777777")
        for y in (top, bottom):
            svg.text(line, x, y, str(meridian), font_size=14, font_weight="bold")
    for city in range(1, board.cities + 1):
        y = y_of(board, city)
        svg.text(layer, 18, y, str(city), font_size=11, fill="#555555")
    svg.text(layer, 18, top, "city", font_size=9, fill="#555555")


def _city(root: ET.Element, board: Board, meridian: int, city: int) -> None:
    island = board.islands[board.island_at[meridian - 1][city - 1]]
    capital = island.capital == (meridian, city)
    x, y = x_of(meridian), y_of(board, city)
    kind = "capital" if capital else "city"
    node = svg.group(
        root,
        "city",
        f"meridian {meridian}, city {city}: {kind} of island {island.name}",
        data_meridian=meridian,
        data_city=city,
        data_island=island.name,
        data_capital="true" if capital else "false",
    )
    if capital:
        svg.add(node, "circle", cx=x, cy=y, r=CITY_R + 3, fill="#ffffff", stroke="#333333")
    svg.add(node, "circle", cx=x, cy=y, r=CITY_R, fill="#ffffff", stroke="#555555")
    letter = island.name.upper() if capital else island.name
    svg.text(node, x, y, letter, font_size=13, fill="#888888")


def _tower(root: ET.Element, board: Board, looks: tuple[int, int, str, int, str]) -> None:
    """A tower on ``board``: its meridian, city, colour, height, and the name of the player
    whose colour it is."""
    meridian, city, colour, height, owner = looks
    tower = Tower(colour, height)
    x, y = x_of(meridian), y_of(board, city)
    who = f" ({owner})" if owner else ""
    node = svg.group(
        root,
        "tower",
        f"{tower.colour} tower{who}, {tower.height} high, on meridian {meridian}, city {city}",
        data_meridian=meridian,
        data_city=city,
        data_colour=tower.colour,
        data_height=tower.height,
    )
    fill = colour_of(tower.colour)
    svg.add(node, "circle", cx=x, cy=y, r=CITY_R - 3, fill="#ffffff")
    drawn = min(tower.height, MOST_PIECES_DRAWN)
    base = y + 15
    for level in range(drawn):
        svg.add(
            node,
            "rect",
            x=x - 12,
            y=base - (level + 1) * PIECE,
            width=24,
            height=PIECE - 1,
            rx=2,
            fill=fill,
            stroke="#000000",
            stroke_width=0.6,
        )
    if tower.height > MOST_PIECES_DRAWN:
        svg.text(node, x, base - drawn * PIECE - 5, "+", font_size=10, font_weight="bold")
    svg.add(node, "rect", x=x - 15, y=y + 25, width=30, height=14, rx=3, fill=fill)
    svg.text(
        node,
        x,
        y + 32,
        f"{code_of(tower.colour)}{tower.height}",
        font_size=11,
        font_weight="bold",
        fill=svg.contrast(fill),
    )


def _highlight(root: ET.Element, board: Board, last: LastTurn) -> None:
    effect = last.step.effect
    if effect is None:
        return
    layer = svg.group(root, "last-turn")
    x = x_of(last.meridian)
    if effect.removed is not None:
        city, tower = effect.removed
        svg.add(
            layer,
            "circle",
            f"taken off: {tower.colour} tower {tower.height} high from city {city}",
            class_="removed",
            cx=x,
            cy=y_of(board, city),
            r=CITY_R + 6,
            fill="none",
            stroke=REMOVED,
            stroke_width=3,
            stroke_dasharray="4 3",
        )
    if effect.placed is not None:
        city, tower = effect.placed
        svg.add(
            layer,
            "circle",
            f"just built: {tower.colour} tower {tower.height} high on city {city}",
            class_="placed",
            cx=x,
            cy=y_of(board, city),
            r=CITY_R + 6,
            fill="none",
            stroke=HIGHLIGHT,
            stroke_width=4,
        )
    for push in effect.pushes:
        start, end = y_of(board, push.from_city), y_of(board, push.to_city)
        step = 1 if end > start else -1
        svg.add(
            layer,
            "line",
            f"pushed: {push.tower.colour} tower {push.tower.height} high "
            f"from city {push.from_city} to {push.to_city}",
            class_="push",
            x1=x + CITY_R + 6,
            y1=start + step * 6,
            x2=x + CITY_R + 6,
            y2=end - step * (CITY_R - 2),
            stroke=HIGHLIGHT,
            stroke_width=3,
            marker_end="url(#push-head)",
        )


def _island_list(root: ET.Element, board: Board, top: float) -> None:
    layer = svg.group(root, "legend")
    svg.text(layer, 12, top, f"{len(board.islands)} islands", text_anchor="start",
             font_weight="bold")  # fmt: skip
    for index, island in enumerate(board.islands):
        row, column = divmod(index, ISLANDS_PER_ROW)
        capital = (
            f", capital on meridian {island.capital[0]}, city {island.capital[1]}"
            if island.capital
            else ""
        )
        svg.text(
            layer,
            12 + column * 240,
            top + (row + 1) * 22,
            f"{island.name.upper()}: {island.points} cities{capital}",
            text_anchor="start",
            font_size=11,
        )


def add_targets(root: ET.Element, board: Board) -> None:
    """A clear disc on every city, on top of the picture, so a page can tell which city was
    clicked whatever tower stands there (``data-target`` is ``meridian/city``)."""
    layer = svg.group(root, "targets")
    svg.reused(layer, ("meridian targets", board.cities), partial(_targets, board=board))


def _targets(layer: ET.Element, board: Board) -> None:
    for meridian in range(1, MERIDIANS + 1):
        for city in range(1, board.cities + 1):
            svg.add(
                layer,
                "circle",
                cx=x_of(meridian),
                cy=y_of(board, city),
                r=CITY_R + 4,
                fill="transparent",
                class_="target",
                data_target=f"{meridian}/{city}",
                data_meridian=meridian,
                data_city=city,
            )
