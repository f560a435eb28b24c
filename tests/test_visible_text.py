"""Characters XML forbids, brought in by a record, keep every picture and page readable."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from conftest import Write
from conftest import run_cli as run
from hypothesis import given
from hypothesis import strategies as st
from meridina.shown import visible_in_markup
from svg_reading import SVG, parse

# the escape (BEL), the bell and a noncharacter: each one alone makes an XML file unreadable
NAME = "A\x1bB\x07C\ufffe"
SHOWN = "A\\x1bB\\x07C\\ufffe"
MERIDIAN = (
    f'[Game "Meridian"]\n[Players "{NAME} orange; Ben black; Cy grey; Di brown"]\n'
    f"1. orange 7: 3@2 {{ said \x1b here }}\n"
)
MEDINA = f'[Game "Medina"]\n[Edition "2"]\n[Players "{NAME} red; Ben blue"]\n\n1. red orange@E5\n'


@pytest.mark.parametrize("record", [MERIDIAN, MEDINA], ids=["meridian", "medina"])
def test_a_picture_with_forbidden_characters_in_a_name_stays_well_formed(
    write: Write, record: str
) -> None:
    result = run("draw", write("names.mrec", record))
    root = parse(result.stdout)
    said = " ".join(t.text or "" for t in root.iter() if t.tag in (f"{SVG}text", f"{SVG}title"))
    assert SHOWN in said


@given(st.text())
def test_visible_text_is_legal_xml_and_keeps_other_text(text: str) -> None:
    shown = visible_in_markup(text)
    element = ET.fromstring(ET.tostring(ET.Element("x", {"y": shown})))
    assert element.get("y") is not None
    ranges = ((" ", "\x7f"), ("\xa0", "\ud800"), ("\ue000", "\ufffe"))
    if all(ch in "\t\n\r" or any(a <= ch < b for a, b in ranges) for ch in text):
        assert shown == text
