"""The canonical record layout shared by every game: tags, comments, turns."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

from .text import GameText, Tag, TurnText

TAG_ORDER = (
    "Game", "Edition", "Event", "Site", "Date", "Round", "Board", "Players", "Options",
    "Setup", "Rulings", "Decks", "Result",
)  # fmt: skip


class Entry(Protocol):
    @property
    def text(self) -> TurnText: ...


E = TypeVar("E", bound=Entry)


def format_tags(game: GameText) -> list[str]:
    ordered: list[Tag] = []
    for name in TAG_ORDER:
        tag = game.tag(name)
        if tag is not None:
            ordered.append(tag)
    ordered.extend(tag for tag in game.tags if tag not in ordered)
    return [f"[{tag.name} {_quote(tag.value)}]" for tag in ordered]


def _quote(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def comment(text: str) -> str:
    return "{ " + text.replace("}", ")") + " }"


def as_written(text: TurnText) -> str:
    """A turn that could not be read, given back word for word."""
    if text.written:
        return text.written
    return " ".join(word.text + (":" if word.kind == "key" else "") for word in text.words)


def write_game(
    game: GameText,
    position: list[str],
    bodies: Sequence[str],
    entries: Sequence[E],
    notes: Callable[[int, E], Sequence[str]] | None = None,
) -> str:
    """The game in canonical layout; ``notes`` adds one comment after turn ``i``."""
    lines = format_tags(game)
    lines.extend(comment(c.text) for c in game.comments)
    lines.append("")
    if position:
        lines.extend(position)
        lines.append("")
    for index, (entry, body) in enumerate(zip(entries, bodies, strict=True)):
        line = f"{entry.text.number}. {body}"
        comments = [comment(c.text) for c in entry.text.comments]
        added = notes(index, entry) if notes is not None else ()
        if added:
            comments.append(comment("; ".join(added)))
        if comments:
            line += " " + " ".join(comments)
        lines.append(line)
    return "\n".join(lines).rstrip() + "\n"
