"""The clickable layer a page puts on a board picture: one named shape per place, on top."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import meridina
import pytest
from meridina.games import shown_game

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def _picture(record: str, targets: bool) -> ET.Element:
    game = next(iter(meridina.read_games(EXAMPLES / record)))
    state = game.position().state
    return shown_game(str(game.title).lower()).draw(state, None, "t", None, targets=targets)


@pytest.mark.parametrize(
    ("record", "count", "some"),
    [
        ("medina/second-edition-4p.mrec", 18 * 13, {"A1", "E5", "R13"}),
        ("meridian/four-players.mrec", 10 * 5, {"1/1", "7/3", "10/5"}),
    ],
)
def test_every_place_has_one_target_on_top(record: str, count: int, some: set[str]) -> None:
    root = _picture(record, targets=True)
    layer = root[-1]
    assert layer.get("class") == "targets"
    names = [shape.get("data-target") for shape in layer]
    assert len(names) == len(set(names)) == count
    assert some <= set(names)


def test_a_picture_without_targets_has_no_target_layer() -> None:
    root = _picture("medina/second-edition-4p.mrec", targets=False)
    assert not [node for node in root.iter() if node.get("class") == "targets"]
