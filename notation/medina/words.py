"""Words that both Medina's position section and its turns read."""

from __future__ import annotations

from meridina.rules.numbers import number_fault

# Building colours in both editions' names: the bridge needs them before the edition loads.
COLOUR_WORDS = {
    "grey": "grey", "black": "black", "brown": "brown", "orange": "orange",
    "white": "grey", "purple": "black", "maroon": "brown",
}  # fmt: skip


def not_a_field(text: str) -> str:
    """Why ``text`` (a ``@FIELD`` or a position word) is not a field of the board."""
    return number_fault(text[1:], f"{text!r} is not a field such as E5")
