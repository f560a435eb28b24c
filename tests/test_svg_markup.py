"""The pictures' own writer gives what ElementTree writes, byte for byte."""

from __future__ import annotations

import importlib
import re
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


@settings(max_examples=150)
@given(trees(depth=3))
def test_a_leaf_is_written_as_elementtree_writes_it(leaf: ET.Element) -> None:
    assert svg.leaf_markup(leaf) == ET.tostring(leaf, encoding="unicode")


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


def swapped(source: str, one: str, other: str) -> str:
    """The record with two of its colours swapped everywhere: the same game, played by
    players of the other colour."""
    return re.sub(rf"\b({one}|{other})\b", lambda m: other if m[1] == one else one, source)


@pytest.mark.parametrize(
    ("name", "one", "other"),
    [
        ("medina/first-edition-3p", "red", "yellow"),
        ("medina/second-edition-4p", "red", "blue"),
        ("meridian/four-players", "grey", "brown"),
    ],
)
def test_every_part_kept_is_kept_by_all_it_is_drawn_from(name: str, one: str, other: str) -> None:
    """Drawn one after the other with the parts kept from all before (the pieces, palaces,
    towers, tiles, streets, islands held and the legend's lines), the positions of a game
    and of the same game with its players renamed, or their colours swapped, are each the
    picture drawn afresh, and differ from the first game's."""
    source = (TOP / "examples" / f"{name}.mrec").read_text("utf-8")
    renamed = re.sub(r'Players "(\w+)', r'Players "\1 X', source)
    texts = [source, renamed, swapped(source, one, other), swapped(renamed, one, other)]
    reports = [next(iter(check_text(text))) for text in texts]
    last = len(reports[0].record.entries)
    svg.forget_reused()
    warm = {
        (game, turns): markup(pictures.draw(report, turns, targets=True))
        for game, report in enumerate(reports)
        for turns in range(last + 1)
    }
    for (game, turns), drawn in warm.items():
        if turns % 6 == 0 or turns == last:
            assert drawn == cold(reports[game], turns), (game, turns)
        if game and turns == last:
            assert drawn != warm[0, last]


@pytest.mark.parametrize(
    ("name", "drawings"),
    [
        ("medina/second-edition-4p", ["svg._field_piece", "svg._palace", "svg._tower",
                                      "svg._street", "svg._street_link", "svg._badge",
                                      "svg_legend._player_line", "svg_legend._player_roof"]),
        ("meridian/four-players", ["svg._tower", "svg._holder_disc", "svg_legend._player_line",
                                   "svg_legend._name", "svg_legend._colour"]),
    ],
)  # fmt: skip
def test_a_part_drawn_once_is_not_drawn_again(
    monkeypatch: pytest.MonkeyPatch, name: str, drawings: list[str]
) -> None:
    """Counted, not timed: the second picture of a position builds none of its pieces,
    palaces, towers, streets, tiles, islands held or legend lines."""
    game, _ = name.split("/")
    report = next(iter(check_file(TOP / "examples" / f"{name}.mrec")))
    built: dict[str, int] = dict.fromkeys(drawings, 0)

    def counting(part: str) -> object:
        original = getattr(module_of(part), part.split(".")[1])

        def counted(*args: object, **kwargs: object) -> None:
            built[part] += 1
            original(*args, **kwargs)

        return counted

    def module_of(part: str) -> object:  # "svg_legend._name": the game's module, then the name
        return importlib.import_module(f"meridina.{game}.{part.split('.')[0]}")

    for part in drawings:
        monkeypatch.setattr(module_of(part), part.split(".")[1], counting(part))
    cold(report, len(report.record.entries))
    first = dict(built)
    pictures.draw(report, len(report.record.entries))
    assert all(first.values()) and sum(first.values()) > 20 and built == first
