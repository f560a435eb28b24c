"""Numbers read from record and data text: ASCII digits only, and bounded.

Every whole number meridina takes from text goes through here, so that no
input can make a number huge or read a non-ASCII digit (``²``, ``①``) as one.
No count in either game comes near ``LARGEST``; values inside that bound but
outside what a board allows are left to the rules, which name their own rule.
"""

from __future__ import annotations

LARGEST = 9999


def is_digits(text: str) -> bool:
    """True when ``text`` is one or more ASCII digits and nothing else."""
    return bool(text) and text.isascii() and text.isdigit()


def read_number(text: str, largest: int = LARGEST) -> int | None:
    """The value of ``text`` when it is ASCII digits worth at most ``largest``; else None."""
    if not is_digits(text):
        return None
    significant = text.lstrip("0") or "0"
    if len(significant) > len(str(largest)):
        return None
    value = int(significant)
    return value if value <= largest else None


def too_large(text: str, largest: int = LARGEST) -> bool:
    """True when ``text`` is ASCII digits but worth more than ``largest``."""
    return is_digits(text) and read_number(text, largest) is None


def too_large_message(text: str, largest: int = LARGEST) -> str:
    """The sentence for a number past the bound; a long number is shortened."""
    shown = text if len(text) <= 12 else f"{text[:6]}...{text[-3:]} ({len(text)} digits)"
    return f"{shown} is too large: a number here is at most {largest}"


def number_fault(text: str, usual: str, largest: int = LARGEST) -> str:
    """The message for ``text`` not read as a number: too large, or ``usual``."""
    return too_large_message(text, largest) if too_large(text, largest) else usual
