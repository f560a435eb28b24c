"""A tower moved along a meridian by a build."""

from __future__ import annotations

from dataclasses import dataclass

from .model import Tower


@dataclass(slots=True, unsafe_hash=True)
class Push:
    """A tower moved by a placement: from one city to the next, up or down."""

    tower: Tower
    from_city: int
    to_city: int
