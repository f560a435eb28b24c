"""The rulings a Boardspace file's engine revision implies.

Boardspace changed its rules with its engine revision: from 101 a colour's buildings leave
the game once every player owns a palace of it; from 102 a new market street may touch at
most one merchant; it never breaks ties.
"""

from __future__ import annotations


def boardspace_rulings(revision: int) -> str:
    """The Rulings tag's value for a file of engine ``revision``."""
    return "; ".join(
        (
            f"retire-colours={'no' if revision < 101 else 'yes'}",
            f"new-street-touch={'any' if revision < 102 else 'one'}",
            "tie-break=none",
        )
    )
