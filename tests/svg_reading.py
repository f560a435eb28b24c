"""Read a meridina picture back: its pieces by class, with their data-* attributes."""

from __future__ import annotations

import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"


def parse(text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == f"{SVG}svg"
    return root


def pieces(root: ET.Element, css_class: str) -> list[dict[str, str]]:
    """The data-* attributes (without the prefix) of every group of a class."""
    return [
        {key.removeprefix("data-"): value for key, value in g.attrib.items() if key != "class"}
        for g in root.iter(f"{SVG}g")
        if css_class in g.get("class", "").split()
    ]


def titles(root: ET.Element, css_class: str) -> list[str | None]:
    """Each group's own <title> text (None when it has none)."""
    found = []
    for g in root.iter(f"{SVG}g"):
        if css_class in g.get("class", "").split():
            title = g.find(f"{SVG}title")
            found.append(title.text if title is not None else None)
    return found


def description(root: ET.Element) -> str:
    desc = root.find(f"{SVG}desc")
    return desc.text or "" if desc is not None else ""
