"""Small helpers for the words of messages, shared by every layer."""

from __future__ import annotations


def counted(number: int, noun: str, plural: str | None = None) -> str:
    """``number`` with its noun, plural unless the number is one: "1 card", "2 cards".

    ``plural`` is for a noun that does not take an "s" ("city", "cities").
    """
    return f"{number} {noun if number == 1 else plural or noun + 's'}"


def agreeing(number: int, singular: str, plural: str) -> str:
    """The verb form that agrees with ``number`` things: "remains" for one, "remain" else."""
    return singular if number == 1 else plural


def article(word: str) -> str:
    """``word`` after its indefinite article: ``a palace``, ``an orange``."""
    return f"{'an' if word[:1] in 'aeiou' else 'a'} {word}"
