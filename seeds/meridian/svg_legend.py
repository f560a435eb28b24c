"""The legend under a Meridian picture: each player's name, colours with the pieces in
hand, points and islands held, and the key to the picture's rings, arrows and discs. Each
line is drawn once for what it shows (``svg.reused``) and put again into every picture
that shows it alike."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass
from functools import partial

from meridina.rules.meridian.scoring import ScoreSheet
from meridina.rules.meridian.state import State
from meridina.rules.wording import counted

from ..drawing import svg
from .svg_style import code_of, colour_of


def legend(root: ET.Element, state: State, sheet: ScoreSheet, top: float) -> None:
    layer = svg.group(root, "legend")
    svg.reused(layer, ("meridian legend heads", top), partial(_legend_heads, top=top))
    for row, (player, scored) in enumerate(zip(state.players, sheet.players, strict=True), 1):
        looks = PlayerLine(
            top + row * 22,
            player.name,
            player.colours,
            tuple(state.hands[colour] for colour in player.colours),
            scored.points,
            scored.islands,
        )
        svg.reused(layer, ("meridian legend player", looks), partial(_player_line, looks=looks))
    y = top + (len(state.players) + 1) * 22
    first = state.players[0].colours[0]
    svg.reused(layer, ("meridian legend key", y, first), partial(_legend_key, y=y, first=first))


@dataclass(frozen=True)
class PlayerLine:
    """All a player's line of the legend is drawn from (``hands``: the pieces in hand of
    each of the player's colours)."""

    y: float
    name: str
    colours: tuple[str, ...]
    hands: tuple[int, ...]
    points: int
    islands: tuple[str, ...]


def _legend_heads(layer: ET.Element, top: float) -> None:
    svg.text(layer, 12, top, "Player", text_anchor="start", font_weight="bold")
    svg.text(layer, 150, top, "Colours: pieces in hand", text_anchor="start", font_weight="bold")
    svg.text(layer, 470, top, "Points", text_anchor="start", font_weight="bold")
    svg.text(layer, 530, top, "Islands held", text_anchor="start", font_weight="bold")


def _player_line(layer: ET.Element, looks: PlayerLine) -> None:
    y = looks.y
    line = svg.group(
        layer,
        "player",
        f"{looks.name or '/'.join(looks.colours)}: {counted(looks.points, 'point')}",
        data_points=looks.points,
    )
    # the name and colours stay as the pieces in hand and the points change
    svg.reused(line, ("meridian legend name", y, looks.name), partial(_name, y=y, name=looks.name))
    x = 150
    for colour, in_hand in zip(looks.colours, looks.hands, strict=True):
        svg.reused(
            line,
            ("meridian legend colour", x, y, colour),
            partial(_colour, x=x, y=y, colour=colour),
        )
        hand = f"{colour} {in_hand} in hand"
        svg.text(line, x + 28, y, hand, text_anchor="start", data_hand=in_hand)
        x += 150
    svg.text(line, 470, y, str(looks.points), text_anchor="start", font_weight="bold")
    held = " ".join(name.upper() for name in looks.islands) or "-"
    svg.text(line, 530, y, held, text_anchor="start", data_islands=" ".join(looks.islands))


def _name(line: ET.Element, y: float, name: str) -> None:
    svg.text(line, 12, y, name or "-", text_anchor="start")


def _colour(line: ET.Element, x: float, y: float, colour: str) -> None:
    """A colour's swatch in the legend, with its code."""
    fill = colour_of(colour)
    svg.add(line, "rect", x=x, y=y - 7, width=22, height=14, rx=3, fill=fill)
    svg.text(line, x + 11, y, code_of(colour), font_size=10, fill=svg.contrast(fill))


def _legend_key(layer: ET.Element, y: float, first: str) -> None:
    """The key under the players' lines; ``first``: the first player's first colour, the
    disc it shows for a held island."""
    svg.text(
        layer,
        12,
        y,
        "Double ring: a capital (counts 2). Gold ring: the tower just built; "
        "gold arrow: a push; red dashes: a tower taken off.",
        text_anchor="start",
        font_size=11,
        fill="#444444",
    )
    key = svg.group(layer, "holder-key", "how the picture shows who holds an island")
    svg.add(key, "circle", cx=18, cy=y + 22, r=6, fill=colour_of(first), stroke="#000000")
    svg.add(key, "circle", cx=34, cy=y + 22, r=6, fill="#ffffff", stroke="#333333",
            stroke_dasharray="3 2")  # fmt: skip
    svg.text(
        key,
        46,
        y + 22,
        "Island letter on a disc of a player's colour: that player holds the island; "
        "dashed white disc: a tie, nobody holds it.",
        text_anchor="start",
        font_size=11,
        fill="#444444",
    )
