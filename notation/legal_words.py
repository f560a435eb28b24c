"""The legal turns of a moment as words to type: what may follow, and the nearest turns.

A game offers its legal turns word by word (a ``WordSpace``), so that a turn can be
completed as it is typed and a refused turn can be answered with the legal turns
that differ least from it: the words typed are kept as far as they are legal, then
the closest legal word takes the place of the first wrong one.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol


class WordSpace(Protocol):
    """The legal turns of one moment, in canonical words."""

    def next_words(self, words: Sequence[str]) -> list[str]:
        """The words that may follow the legal start ``words`` (empty when none)."""
        ...

    def complete(self, words: Sequence[str]) -> bool:
        """Whether ``words`` is a whole legal turn."""
        ...


class TrieSpace:
    """A word space from the full list of legal turns, each one line of words.

    ``legal``: the game's legal turns as a record writes them, when the space was made
    from that list (a space may hold more lines, such as a word said instead of a pass),
    so that they are not worked out again; None when not given."""

    def __init__(self, turns: Iterable[str], legal: tuple[str, ...] | None = None) -> None:
        self._follow: dict[tuple[str, ...], dict[str, None]] = {}
        self._whole: set[tuple[str, ...]] = set()
        self.legal = legal
        for turn in turns:
            words = tuple(turn.split())
            for index, word in enumerate(words):
                self._follow.setdefault(words[:index], {})[word] = None
            self._whole.add(words)

    def next_words(self, words: Sequence[str]) -> list[str]:
        return list(self._follow.get(tuple(words), {}))

    def complete(self, words: Sequence[str]) -> bool:
        return tuple(words) in self._whole


def match_word(word: str, options: Sequence[str]) -> str | None:
    """The option ``word`` stands for, letter case aside."""
    lowered = word.lower()
    for option in options:
        if option.lower() == lowered:
            return option
    return None


def legal_start(words: Sequence[str], space: WordSpace) -> list[str]:
    """The longest start of ``words`` that legal turns share, in canonical spelling."""
    start: list[str] = []
    for word in words:
        found = match_word(word, space.next_words(start))
        if found is None:
            break
        start.append(found)
    return start


def completions(words: Sequence[str], partial: str, space: WordSpace) -> list[str]:
    """The legal words after ``words`` that begin with ``partial`` (letter case aside)."""
    start = legal_start(words, space)
    if len(start) != len(words):
        return []
    lowered = partial.lower()
    return [w for w in space.next_words(start) if w.lower().startswith(lowered)]


def nearest_turns(words: Sequence[str], space: WordSpace, count: int = 3) -> list[str]:
    """Up to ``count`` whole legal turns closest to the typed ``words``, nearest first."""
    start = legal_start(words, space)
    at = len(start)
    options = space.next_words(start)
    if at < len(words):
        options = sorted(options, key=lambda option: _distance(words[at], option))
    found: list[str] = []
    for option in options:
        turn = _finish([*start, option], words[at + 1 :], space)
        if turn is None:
            continue
        text = " ".join(turn)
        if text not in found and [w.lower() for w in turn] != [w.lower() for w in words]:
            found.append(text)
        if len(found) == count:
            break
    return found


def _finish(turn: list[str], rest: Sequence[str], space: WordSpace) -> list[str] | None:
    """Go on along the typed words where legal, then take the nearest legal words."""
    for word in rest:
        if space.complete(turn) and not space.next_words(turn):
            break
        options = space.next_words(turn)
        if not options:
            break
        turn.append(min(options, key=lambda option: _distance(word, option)))
    steps = 0
    while not space.complete(turn):
        options = space.next_words(turn)
        if not options or steps > 8:
            return None
        turn.append(options[0])
        steps += 1
    return turn


def _distance(typed: str, option: str) -> tuple[int, int]:
    """Edits from one word to the other (letter case aside), then the difference in length."""
    a, b = typed.lower(), option.lower()
    previous = list(range(len(b) + 1))
    for i, char in enumerate(a, start=1):
        current = [i]
        for j, other in enumerate(b, start=1):
            current.append(
                min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (char != other))
            )
        previous = current
    return previous[-1], abs(len(a) - len(b))
