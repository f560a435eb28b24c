"""A small SVG builder on the standard library's ElementTree, shared by both games' pictures.

Elements are built as trees, so every name a record brings (a player, a comment) is
escaped by the serializer, and characters XML forbids are written as visible escapes;
no SVG text is put together by hand.
"""

from __future__ import annotations

import functools
import xml.etree.ElementTree as ET
from collections.abc import Callable, Hashable, Iterable
from functools import partial

from ..shown import visible_in_markup

SVG_NS = "http://www.w3.org/2000/svg"
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"

Attr = str | int | float


# The board's coordinates, colours and classes come again in every picture: each value is
# written once (``typed``: 1, 1.0 and True are each written their own way).
@functools.lru_cache(maxsize=16384, typed=True)
def _value(value: Attr) -> str:
    if isinstance(value, float):
        text = f"{value:.2f}".rstrip("0").rstrip(".")
        return text if text not in ("-0", "") else "0"
    return visible_in_markup(value) if isinstance(value, str) else str(value)


@functools.lru_cache(maxsize=256)
def _svg_name(key: str) -> str:
    # Python names use underscores; SVG attributes use dashes (stroke_width -> stroke-width).
    return key.rstrip("_").replace("_", "-")


def _attributes(attrs: dict[str, Attr]) -> dict[str, str]:
    return {_svg_name(key): _value(v) for key, v in attrs.items()}


def picture(width: float, height: float, title: str, description: str = "") -> ET.Element:
    """The root ``<svg>`` with a title for screen readers and a white background."""
    root = ET.Element(
        "svg",
        _attributes(
            {
                "xmlns": SVG_NS,
                "width": width,
                "height": height,
                "viewBox": f"0 0 {_value(width)} {_value(height)}",
                "role": "img",
                "font_family": FONT,
            }
        ),
    )
    ET.SubElement(root, "title").text = visible_in_markup(title)
    if description:
        ET.SubElement(root, "desc").text = visible_in_markup(description)
    reused(root, ("background", width, height), partial(_background, width=width, height=height))
    return root


def _background(root: ET.Element, width: float, height: float) -> None:
    add(root, "rect", x=0, y=0, width=width, height=height, fill="#ffffff")


def add(parent: ET.Element, tag: str, title: str | None = None, **attrs: Attr) -> ET.Element:
    """A child element; ``title`` becomes its ``<title>``, shown on hover and read aloud."""
    element = ET.SubElement(parent, tag, _attributes(attrs))
    if title is not None:
        ET.SubElement(element, "title").text = visible_in_markup(title)
    return element


# Drawn parts that depend on a few values (a piece on a field, the grid of a board), kept
# to be put again into every picture that has them: a replay draws the same pieces in
# position after position. Such a part is shared between pictures, so nothing changes a
# drawn picture's elements after drawing but for the root and the layer of click targets.
_REUSED: dict[Hashable, tuple[ET.Element, ...]] = {}
# each kept part's markup, by the part's id (held here, so no other element takes its id),
# written the first time it is asked for: a replay page cuts its pictures into parts
# itself and never asks for it
_REUSED_MARKUP: dict[int, tuple[ET.Element, str | None]] = {}
REUSED_MOST = 5_000  # parts kept (a few MB at most); the cache starts again past it


def reused(parent: ET.Element, key: Hashable, draw: Callable[[ET.Element], object]) -> None:
    """Put into ``parent`` the elements ``draw`` puts into the element it is given, drawn
    only the first time ``key`` is asked for: ``key`` holds every value they are drawn from."""
    elements = _REUSED.get(key)
    if elements is None:
        holder = ET.Element("g")
        draw(holder)
        elements = tuple(holder)
        if len(_REUSED) >= REUSED_MOST:
            forget_reused()
        _REUSED[key] = elements
        for element in elements:
            _REUSED_MARKUP[id(element)] = (element, None)
    parent.extend(elements)


def forget_reused() -> None:
    """Keep no part drawn so far: a drawing of many games starts each game with none, so
    that what it holds is one game's parts, whatever the number of games."""
    _REUSED.clear()
    _REUSED_MARKUP.clear()


def is_reused(element: ET.Element) -> bool:
    """Whether ``element`` is a part drawn once and reused (``reused``)."""
    kept = _REUSED_MARKUP.get(id(element))
    return kept is not None and kept[0] is element


def group(
    parent: ET.Element, css_class: str, title: str | None = None, **attrs: Attr
) -> ET.Element:
    return add(parent, "g", title, class_=css_class, **attrs)


def text(parent: ET.Element, x: float, y: float, words: str, **attrs: Attr) -> ET.Element:
    """Text centred on (x, y) unless told otherwise."""
    settings: dict[str, Attr] = {
        "text_anchor": "middle",
        "dominant_baseline": "central",
        "font_size": 12,
    }
    settings.update(attrs)
    element = ET.SubElement(parent, "text", _attributes({"x": x, "y": y, **settings}))
    element.text = visible_in_markup(words)
    return element


def points(pairs: Iterable[tuple[float, float]]) -> str:
    return " ".join(f"{_value(x)},{_value(y)}" for x, y in pairs)


def serialize(root: ET.Element) -> str:
    """The picture as one SVG document (no XML declaration, so it also inlines into HTML)."""
    return markup(root) + "\n"


def markup(element: ET.Element) -> str:
    """``element`` as ElementTree writes it, for the trees this builder makes: plain tags (the
    namespace is the root's ``xmlns`` attribute), text, attributes and children, no tails.

    ElementTree first walks the whole tree for namespaces, then writes it through several
    layers of calls; a picture is written for every position of a replay and every click
    at the table, so it is written here in one pass.
    """
    written: list[str] = []
    _write(element, written)
    return "".join(written)


def leaf_markup(element: ET.Element) -> str:
    """``markup`` of an element with no children, written in one go: a replay page writes
    each new leaf of each position's picture."""
    tag = element.tag
    if not isinstance(tag, str) or tag.startswith("{") or element.tail or len(element):
        return markup(element)
    opening = "<" + tag + "".join(map(_attribute, element.attrib.items()))
    text = element.text
    return f"{opening}>{_escaped_text(text)}</{tag}>" if text else opening + " />"


def _write(element: ET.Element, written: list[str]) -> None:
    kept = _REUSED_MARKUP.get(id(element))
    if kept is not None and kept[0] is element:
        text = kept[1]
        if text is None:  # the first time this kept part is written
            own: list[str] = []
            _write_element(element, own)
            text = "".join(own)
            _REUSED_MARKUP[id(element)] = (element, text)
        written.append(text)
        return
    _write_element(element, written)


def _write_element(element: ET.Element, written: list[str]) -> None:
    tag = element.tag
    if not isinstance(tag, str) or tag.startswith("{"):  # not made by this builder
        written.append(ET.tostring(element, encoding="unicode"))
        return
    written.append("<" + tag)
    written.extend(map(_attribute, element.attrib.items()))
    text = element.text
    if text or len(element):
        written.append(">")
        if text:
            written.append(_escaped_text(text))
        for child in element:
            _write(child, written)
        written.append(f"</{tag}>")
    else:
        written.append(" />")
    if element.tail:
        written.append(_escaped_text(element.tail))


# A picture writes the same attributes (coordinates, colours, classes) thousands of times,
# and a page of pictures more.
@functools.lru_cache(maxsize=16384)
def _attribute(item: tuple[str, str]) -> str:
    """`` name="value"``, the value escaped as ElementTree escapes it."""
    name, value = item
    return f' {name}="{_escaped_attribute(value)}"'


def _escaped_text(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _escaped_attribute(text: str) -> str:
    text = _escaped_text(text).replace('"', "&quot;")
    return text.replace("\r", "&#13;").replace("\n", "&#10;").replace("\t", "&#09;")


def contrast(fill: str) -> str:
    """Black or white text, whichever reads better on ``fill`` (#rrggbb)."""
    red, green, blue = (int(fill[i : i + 2], 16) for i in (1, 3, 5))
    return "#000000" if 0.299 * red + 0.587 * green + 0.114 * blue > 140 else "#ffffff"
