"""Medina's legal turns of a moment as words to type, one placement at a time.

Listing every pair of placements takes seconds, so the second placement is only
worked out once the first is known.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from meridina.rules.medina.engine import (
    check_placement,
    expected_player,
    finished,
    legal_placements,
    make_placement,
    t2_two_pieces,
)
from meridina.rules.medina.model import Kind, Placement, TeaPlacement
from meridina.rules.medina.state import State

from .writer import format_placement

PASS = "pass"
TEA = "tea"


class MedinaSpace:
    """The legal turns of the player to move, placement by placement."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.player = expected_player(state)
        self.over = finished(state)
        self._seconds = lru_cache(maxsize=64)(self._seconds_after)
        self._first_words: tuple[str, ...] | None = None  # worked out on first asking

    def next_words(self, words: Sequence[str]) -> list[str]:
        if self.over:
            return []
        if not words:
            return [self.player]
        if words[0] != self.player or len(words) > 3:
            return []
        if len(words) == 1:
            return self._firsts()
        if len(words) == 2 and words[1] != PASS and not self._single_piece():
            return self._seconds(words[1])
        return []

    def complete(self, words: Sequence[str]) -> bool:
        if self.over or len(words) < 2 or words[0] != self.player:
            return False
        firsts = self._firsts()
        if words[1] not in firsts:
            return False
        if len(words) == 2:
            return words[1] == PASS or (
                words[1] != TEA and (self._single_piece() or not self._seconds(words[1]))
            )
        return len(words) == 3 and words[2] in self._seconds(words[1])

    def _single_piece(self) -> bool:
        """An opening turn: rule MED-T2 allows no second piece."""
        return t2_two_pieces(self.state, self.player, index=1) is not None

    def _firsts(self) -> list[str]:
        """The first words after the player's colour (worked out once: a page asks at each
        click and again whether the turn is complete); a list of the caller's own."""
        if self._first_words is None:
            self._first_words = tuple(self._firsts_now())
        return list(self._first_words)

    def _firsts_now(self) -> list[str]:
        words = _placement_words(self.state, self.player)
        if not words:
            return [PASS]
        tea_first = self.state.rulings.tea_placement is TeaPlacement.EITHER
        if tea_first and not self._single_piece() and _tea_ok(self.state, self.player):
            words.append(TEA)
        return words

    def _seconds_after(self, first: str) -> list[str]:
        after = self.state.copy()
        if first == TEA:
            placement = Placement(Kind.TEA)
        else:
            found = _placement_of(self.state, self.player, first)
            if found is None:
                return []
            placement = found
        target, fault = check_placement(after, self.player, placement)
        if fault is not None:
            return []
        make_placement(after, self.player, placement, target)
        if not after.has_pieces(self.player):
            return []
        words = _placement_words(after, self.player)
        if first != TEA and words and _tea_ok(after, self.player):
            words.append(TEA)
        return words


def _placement_words(state: State, player: str) -> list[str]:
    return [format_placement(p) for p in legal_placements(state, player)]


def _placement_of(state: State, player: str, word: str) -> Placement | None:
    for placement in legal_placements(state, player):
        if format_placement(placement) == word:
            return placement
    return None


def _tea_ok(state: State, player: str) -> bool:
    return check_placement(state, player, Placement(Kind.TEA))[1] is None


def word_space(state: State) -> MedinaSpace:
    return MedinaSpace(state)
