"""What both readings of a game (the plain fast one and the full Lark parse) build alike."""

from __future__ import annotations

import re

from meridina.rules.common import Place

from .text import Comment, Tag, TurnText
from .text_fast import with_comments

_ESCAPE = re.compile(r"\\(.)")


def make_tag(name: str, quoted: str, at: Place, value_at: Place) -> Tag:
    """A tag from its name and its value as written, quotes and escapes included."""
    raw = quoted[1:-1]
    text = _ESCAPE.sub(r"\1", raw) if "\\" in raw else raw
    return Tag(name, text, at, value_at)


def comment_text(raw: str) -> str:
    """A comment's words, without its ``{ }`` or ``;`` and with its spaces squashed."""
    body = raw[1:-1] if raw.startswith("{") else raw[1:]
    return " ".join(body.split())


def attach_comments(
    turns: list[TurnText], comments: list[Comment]
) -> tuple[list[TurnText], list[Comment]]:
    """Give each comment to the turn it follows; earlier ones belong to the game."""
    if not comments:
        return turns, []
    leading: list[Comment] = []
    by_turn: dict[int, list[Comment]] = {}
    starts = [turn.at for turn in turns]
    index = -1
    for comment in comments:
        while index + 1 < len(starts) and starts[index + 1] <= comment.at:
            index += 1
        if index < 0:
            leading.append(comment)
        else:
            by_turn.setdefault(index, []).append(comment)
    merged = [
        with_comments(turn, tuple(by_turn[i])) if i in by_turn else turn
        for i, turn in enumerate(turns)
    ]
    return merged, leading
