"""Hints for words typed wrongly: the nearest valid word, and the turn as it should read."""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence

from meridina.rules.common import Fix

from .text import Word

# How alike a word must be to a valid one to be suggested (difflib's ratio).
WORD_CUTOFF = 0.6
TAG_CUTOFF = 0.75


def nearest(word: str, choices: Iterable[str], cutoff: float = WORD_CUTOFF) -> str | None:
    """The valid word closest to ``word`` (compared without case), if any is close."""
    options = sorted(set(choices))
    lowered = {option.lower(): option for option in options}
    found = difflib.get_close_matches(word.lower(), list(lowered), n=1, cutoff=cutoff)
    return lowered[found[0]] if found else None


def sure_match(word: str, choices: Iterable[str], cutoff: float = WORD_CUTOFF) -> str | None:
    """The valid word ``word`` stands for when exactly one is close to it (without case):
    a mend that needs no choosing."""
    lowered = {option.lower(): option for option in set(choices)}
    found = difflib.get_close_matches(word.lower(), sorted(lowered), n=2, cutoff=cutoff)
    return lowered[found[0]] if len(found) == 1 else None


def sure_fix(word: Word, choices: Iterable[str]) -> Fix | None:
    """The mend of a misspelt ``word`` when exactly one valid word is near it."""
    meant = sure_match(word.text, choices)
    return Fix(word.at, word.text, meant) if meant is not None else None


def did_you_mean(word: str, choices: Iterable[str], cutoff: float = WORD_CUTOFF) -> str:
    """``"; did you mean 'pass'?"``, or nothing when no valid word is close."""
    found = nearest(word, choices, cutoff)
    return f"; did you mean {found!r}?" if found else ""


def written(words: Sequence[Word]) -> str:
    return " ".join(word.text + (":" if word.kind == "key" else "") for word in words)


def name_for_colour(
    word: str, players: Iterable[tuple[str, Sequence[str]]]
) -> tuple[str, tuple[str, ...]] | None:
    """The player a turn names instead of a colour: their name as written, their colours."""
    lowered = word.lower()
    for name, colours in players:
        names = name.lower().split()
        if colours and names and lowered in (name.lower(), names[0]):
            return name, tuple(colours)
    return None


def name_message(number: int, name: str, colours: Sequence[str], rest: Sequence[Word]) -> str:
    """``Ben plays black; a turn names the colour: 2. black 7: 2@2``."""
    plays = " and ".join(colours)
    turn = " ".join(part for part in (f"{number}.", colours[0], written(rest)) if part)
    return f"{name} plays {plays}; a turn names the colour: {turn}"
