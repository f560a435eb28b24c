"""Tab completion at the recorder's prompt: the legal next words, narrowed as typed."""

from __future__ import annotations

import re
from collections.abc import Iterable

from meridina.notation.legal_words import completions
from meridina.recording.session import Session
from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document

from .typed_commands import COMMANDS

_NUMBER = re.compile(r"[0-9]+\.")


def split_typed(text: str) -> tuple[list[str], str]:
    """The whole words typed before the cursor and the word being typed."""
    words = text.split()
    partial = "" if not text or text[-1].isspace() else words.pop()
    if words and _NUMBER.fullmatch(words[0]):
        words = words[1:]  # a turn number typed before the turn
    return words, partial


class TurnCompleter(Completer):
    """Offers the legal words that may come next, and the commands at the start."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def get_completions(
        self, document: Document, complete_event: CompleteEvent
    ) -> Iterable[Completion]:
        words, partial = split_typed(document.text_before_cursor)
        if _NUMBER.fullmatch(partial):
            return
        if not words:
            for name in COMMANDS:
                if name.startswith(partial.lower()) and partial:
                    yield Completion(name, -len(partial), display_meta="command")
        for word in completions(words, partial, self.session.space()):
            yield Completion(word, -len(partial))
