"""The pictures' own writer gives what ElementTree writes, byte for byte."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from meridina.drawing import pictures, svg
from meridina.drawing.svg import markup
from meridina.notation.driver import check_file, check_text

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


def cold(report: object, turns: int) -> str:
    """The picture drawn with no part kept from an earlier one."""
    svg.forget_reused()
    return markup(pictures.draw(report, turns, targets=True))  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["medina/second-edition-4p", "meridian/four-players"])
def test_a_picture_drawn_with_kept_parts_is_the_picture_drawn_afresh(name: str) -> None:
    """Parts kept from earlier pictures (``svg.reused``) change no byte of a later one,
    and a player's name is part of what a kept part is drawn from."""
    report = next(iter(check_file(TOP / "examples" / f"{name}.mrec")))
    last = len(report.record.entries)
    afresh = {turns: cold(report, turns) for turns in (0, last // 2, last)}
    svg.forget_reused()
    for turns in range(last + 1):  # every position, the parts kept from one to the next
        drawn = markup(pictures.draw(report, turns, targets=True))
        if turns in afresh:
            assert drawn == afresh[turns]
    # the same game with another name: what was kept of the first is not shown for it
    renamed = next(iter(check_text(report.source.replace('Players "', 'Players "X', 1))))
    warm = markup(pictures.draw(renamed, last, targets=True))
    assert warm == cold(renamed, last) != afresh[last]


def test_a_piece_drawn_once_is_not_drawn_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """Counted, not timed: the second picture of a position builds none of its pieces."""
    from meridina.medina import svg as medina_svg

    report = next(iter(check_file(TOP / "examples" / "medina" / "second-edition-4p.mrec")))
    built: list[str] = []
    original = medina_svg._field_piece

    def counting(*args: object, **kwargs: object) -> None:
        built.append(str(kwargs["cell"]))
        original(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(medina_svg, "_field_piece", counting)
    cold(report, len(report.record.entries))
    first = len(built)
    pictures.draw(report, len(report.record.entries))
    assert first > 20 and len(built) == first
