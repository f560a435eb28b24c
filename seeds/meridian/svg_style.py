"""The colours a Meridian picture paints each player's colour with, and the short code
written on them (for readers who do not tell the colours apart)."""

from __future__ import annotations

COLOURS = {"orange": "#f28c28", "black": "#222222", "grey": "#a0a0a0", "brown": "#8b5a2b"}
CODES = {"orange": "or", "black": "bk", "grey": "gy", "brown": "br"}


def colour_of(colour: str) -> str:
    return COLOURS.get(colour, "#607080")


def code_of(colour: str) -> str:
    return CODES.get(colour, colour[:2])
