"""The pictures' own writer gives what ElementTree writes, byte for byte."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from meridina.drawing import pictures
from meridina.drawing.svg import markup
from meridina.notation.driver import check_file

TOP = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((TOP / "examples").glob("*/*.mrec"))

# what XML allows in text and attributes, with the characters that need escaping made likely
CHARACTERS = st.one_of(
    st.sampled_from("&<>\"'\r\n\t &amp; "),
    st.characters(blacklist_categories=("Cs", "Cc")),
)
WORDS = st.text(CHARACTERS, max_size=12)
TAGS = st.sampled_from(["svg", "g", "rect", "text", "title", "path"])


@st.composite
def trees(draw: st.DrawFn, depth: int = 0) -> ET.Element:
    element = ET.Element(draw(TAGS))
    for name in draw(st.lists(st.sampled_from(["x", "fill", "class", "d", "data-target"]),
                              unique=True, max_size=4)):  # fmt: skip
        element.set(name, draw(WORDS))
    element.text = draw(st.one_of(st.none(), WORDS))
    if depth < 3:
        element.extend(draw(st.lists(trees(depth + 1), max_size=3)))
    return element


@settings(max_examples=150)
@given(trees())
def test_any_tree_is_written_as_elementtree_writes_it(tree: ET.Element) -> None:
    assert markup(tree) == ET.tostring(tree, encoding="unicode")


@pytest.mark.parametrize("record", EXAMPLES[:3] + EXAMPLES[-3:], ids=lambda p: p.stem)
def test_every_picture_of_a_game_is_written_as_elementtree_writes_it(record: Path) -> None:
    report = next(iter(check_file(record)))
    for turns in range(0, len(report.record.entries) + 1, 5):
        picture = pictures.draw(report, turns, targets=True)
        assert markup(picture) == ET.tostring(picture, encoding="unicode")
