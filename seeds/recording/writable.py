"""What a record file cannot hold: checked on every text before it is written, whether it
was typed at the terminal, sent by the table page or given to the API."""

from __future__ import annotations

from dataclasses import dataclass

NUL = "holds a NUL character, which a record cannot hold"
SURROGATE = "holds a lone surrogate (U+D800 to U+DFFF), which is not UTF-8 text"


@dataclass(frozen=True, slots=True)
class Unwritable:
    """Why a text cannot be written, and the 1-based column of its first such character."""

    reason: str
    col: int


def unwritable(text: str) -> Unwritable | None:
    """Why ``text`` cannot go into a record (its file could not be read back), or None."""
    if (nul := text.find("\x00")) >= 0:
        return Unwritable(NUL, nul + 1)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        return Unwritable(SURROGATE, error.start + 1)
    return None
