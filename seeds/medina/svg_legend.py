"""The legend under a Medina picture: each player's name, roof, points, tea and tiles, and
the key to the picture's letters and marks. Each line is drawn once for what it shows
(``svg.reused``) and put again into every picture that shows it alike."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass
from functools import partial

from meridina.rules.medina.scoring import score
from meridina.rules.medina.state import State
from meridina.rules.wording import counted

from ..drawing import svg
from .svg_style import KEY, Roofs


def legend(root: ET.Element, state: State, roofs: Roofs, top: float) -> None:
    layer = svg.group(root, "legend")
    sheet = score(state)
    svg.reused(layer, ("medina legend heads", top), partial(_legend_heads, top=top))
    for row, (player, scored) in enumerate(zip(state.players, sheet.players, strict=True), 1):
        tiles = [f"{c} palace" for c in scored.palace_tiles] + [
            f"tower {t}" for t in scored.tower_tiles
        ]
        colour = player.colour
        looks = PlayerLine(
            top + row * 22,
            player.name,
            colour,
            scored.total,
            roofs.fill[colour],
            roofs.letter[colour],
            ", ".join(tiles),
            str(state.hands[colour].tea),
        )
        svg.reused(layer, ("medina legend player", looks), partial(_player_line, looks=looks))
    y = top + (len(state.players) + 1) * 22
    svg.reused(layer, ("medina legend key", y), partial(_legend_key, y=y))


@dataclass(frozen=True)
class PlayerLine:
    """All a player's line of the legend is drawn from."""

    y: float
    name: str
    colour: str
    points: int
    fill: str
    letter: str
    tiles: str  # the tiles the player holds, in words
    tea: str


def _legend_heads(layer: ET.Element, top: float) -> None:
    heads = ((12, "Player"), (130, "Roofs"), (230, "Points"), (290, "Tea"), (330, "Tiles"))
    for x, words in heads:
        svg.text(layer, x, top, words, text_anchor="start", font_weight="bold")


def _player_line(layer: ET.Element, looks: PlayerLine) -> None:
    y = looks.y
    line = svg.group(
        layer,
        "player",
        f"{looks.name or looks.colour}: {counted(looks.points, 'point')}",
        data_colour=looks.colour,
        data_points=looks.points,
    )
    # the player's name and roof stay as their points, tea and tiles change
    who = (y, looks.name, looks.colour, looks.fill, looks.letter)
    svg.reused(line, ("medina legend player's roof", who), partial(_player_roof, who=who))
    svg.text(line, 230, y, str(looks.points), text_anchor="start", font_weight="bold")
    svg.text(line, 330, y, looks.tiles or "-", text_anchor="start")
    svg.text(line, 290, y, looks.tea, text_anchor="start")


def _player_roof(line: ET.Element, who: tuple[float, str, str, str, str]) -> None:
    """A player's name, roof and colour in the legend: at ``y``, their name, colour, and
    their roof's fill and letter."""
    y, name, colour, fill, letter = who
    svg.text(line, 12, y, name or "-", text_anchor="start")
    svg.add(
        line,
        "polygon",
        points=svg.points([(130, y + 7), (141, y - 8), (152, y + 7)]),
        fill=fill,
        stroke="#000000",
    )
    svg.text(line, 141, y + 2, letter, font_size=8, fill=svg.contrast(fill))
    svg.text(line, 158, y, colour, text_anchor="start")


def _legend_key(layer: ET.Element, y: float) -> None:
    for offset, words in enumerate(KEY):
        svg.text(layer, 12, y + offset * 16, words, text_anchor="start", font_size=11,
                 fill="#444444")  # fmt: skip
