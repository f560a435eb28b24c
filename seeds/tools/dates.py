"""The day a game was played, from its Date tag.

The notation leaves the Date tag free; meridina reads a day from the forms people write,
year first: ``2024-05-17``, ``2024.05.17`` (PGN's) and ``2024/05/17``, with or without
leading zeros. Any other text is no day: such a game sorts with the undated ones.
"""

from __future__ import annotations

import datetime
import re
from typing import Final

__all__ = ["played_on"]

_DAY: Final = re.compile(r"([0-9]{4})([-./])([0-9]{1,2})\2([0-9]{1,2})", re.ASCII)


def played_on(text: str | None) -> datetime.date | None:
    """The day ``text`` names, or None when it names none (or a day no calendar has)."""
    if text is None:
        return None
    found = _DAY.fullmatch(text.strip())
    if found is None:
        return None
    try:
        return datetime.date(int(found[1]), int(found[3]), int(found[4]))
    except ValueError:
        return None
