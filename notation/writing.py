"""The canonical record layout shared by every game: tags, comments, turns."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from enum import Enum
from typing import TYPE_CHECKING, Protocol, TypeVar

from .text import GameText, PositionText, Tag, TurnText, Word

if TYPE_CHECKING:
    from .turns import TurnEntry

TAG_ORDER = (
    "Game", "Edition", "Event", "Site", "Date", "Round", "Board", "Players", "Options",
    "Setup", "Rulings", "Decks", "Result", "ResultBoard",
)  # fmt: skip


class Entry(Protocol):
    @property
    def text(self) -> TurnText: ...


E = TypeVar("E", bound=Entry)
T = TypeVar("T")  # a game's own turn


def format_tags(game: GameText) -> list[str]:
    ordered: list[Tag] = []
    for name in TAG_ORDER:
        tag = game.tag(name)
        if tag is not None:
            ordered.append(tag)
    placed = {id(tag) for tag in ordered}  # by identity: linear in the number of tags
    ordered.extend(tag for tag in game.tags if id(tag) not in placed)
    return [f"[{tag.name} {_quote(tag.value)}]" for tag in ordered]


def _quote(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


# meridina's own notes start with this mark, so that annotating again replaces
# them instead of adding a second copy; the user's comments never do.
NOTE_MARK = "="


def comment(text: str) -> str:
    return "{ " + text.replace("}", ")") + " }"


def own_note(text: str) -> str:
    return "{" + NOTE_MARK + " " + text.replace("}", ")") + " }"


def is_own_note(text: str) -> bool:
    """A comment's text (as read, without its braces) is one of meridina's notes."""
    return text.startswith(NOTE_MARK)


def unreadable_game(source: str, why: str | None) -> str:
    """A game that cannot be read, given back as it stands with a line saying why.

    The reason is a ``;`` comment after the game: inside a ``{`` left open it
    cannot close anything. A reason from an earlier run is replaced, not kept.
    """
    lines = source.split("\n")
    # only the separators the grammar skips: any other character is part of what the game says
    while lines and (not lines[-1].strip(" \t\r") or lines[-1].startswith(";" + NOTE_MARK)):
        lines.pop()
    if lines and lines[-1].endswith("\r"):
        lines[-1] += " "  # a lone carriage return at the end stays one, not half a line end
    body = "\n".join(lines) + "\n" if lines else ""
    if why is None:
        return body
    return body + ";" + NOTE_MARK + " " + " ".join(why.split()) + "\n"


def as_written(text: TurnText) -> str:
    """A turn that could not be read, given back word for word."""
    if text.written:
        return text.written
    return " ".join(word.text + (":" if word.kind == "key" else "") for word in text.words)


def turn_body(format_turn: Callable[[T], str], entry: TurnEntry[T]) -> str:
    """A turn without its number: as the notation writes it back (``format_turn``), or,
    for a turn that could not be read, word for word (``as_written``)."""
    return format_turn(entry.turn) if entry.turn is not None else as_written(entry.text)


def position_as_written(position: PositionText) -> list[str]:
    """A position block whose meaning was not made (the game's setup could not be read),
    given back entry by entry, word for word."""
    lines = ["position"]
    for entry in position.entries:
        lines.append("  " + " ".join(_word_as_written(word) for word in (entry.key, *entry.words)))
    return lines


def layout_loses_an_entry(position: PositionText, name: Callable[[str], str | None]) -> bool:
    """Whether canonical layout would lose an entry of ``position``: one that says nothing
    (an empty ``m7:``, for which it writes no line), or two that are one there, for it writes
    a line for each ``name`` (of an entry's key, in lower case; None for an entry that keeps
    a line of its own there) and would merge them, losing their layout."""
    seen: set[str] = set()
    for entry in position.entries:
        if not entry.words:
            return True
        named = name(entry.key.text.lower())
        if named is not None:
            if named in seen:
                return True
            seen.add(named)
    return False


def _word_as_written(word: Word) -> str:
    return word.text + (":" if word.kind == "key" else "")


def write_game(
    game: GameText,
    position: list[str],
    bodies: Sequence[str],
    entries: Sequence[E],
    notes: Callable[[int, E], Sequence[str]] | None = None,
) -> str:
    """The game in canonical layout; ``notes`` adds one comment after turn ``i``."""
    lines = format_tags(game)
    lines.extend(comment(c.text) for c in game.comments if not is_own_note(c.text))
    lines.append("")
    if not position and game.position is not None:
        position = position_as_written(game.position)  # a position not read is kept, not lost
    if position:
        lines.extend(position)
        lines.append("")
    for index, (entry, body) in enumerate(zip(entries, bodies, strict=True)):
        line = f"{entry.text.number}. {body}" if entry.text.numbered else body
        comments = [comment(c.text) for c in entry.text.comments if not is_own_note(c.text)]
        added = notes(index, entry) if notes is not None else ()
        if added:
            comments.append(own_note("; ".join(added)))
        if comments:
            line += " " + " ".join(comments)
        lines.append(line)
    return "\n".join(lines).rstrip() + "\n"


def tag_lines(tags: Iterable[tuple[str, str]]) -> list[str]:
    """Header lines for (name, value) pairs, in the canonical tag order."""
    rank = {name: index for index, name in enumerate(TAG_ORDER)}
    ordered = sorted(tags, key=lambda tag: rank.get(tag[0], len(TAG_ORDER)))
    return [f"[{name} {_quote(value)}]" for name, value in ordered]


def changed_rulings(rulings: object, defaults: object, names: Iterable[str]) -> str | None:
    """A Rulings tag's value naming each ruling that differs from the defaults; None if none."""
    changed = []
    for name in names:
        value = getattr(rulings, name.replace("-", "_"))
        if value != getattr(defaults, name.replace("-", "_")):
            changed.append(f"{name}={value.value if isinstance(value, Enum) else value}")
    return "; ".join(changed) or None


def result_value(result: Mapping[str, tuple[int, object]]) -> str:
    """A Result tag's value: each name (or colour) with its points."""
    return "; ".join(f"{name} {points}" for name, (points, _) in result.items())


def write_new_game(tags: Iterable[tuple[str, str]], bodies: Sequence[str]) -> str:
    """A game written afresh: its header tags, then one numbered line per turn."""
    lines = [*tag_lines(tags), ""]
    lines.extend(f"{number}. {body}" for number, body in enumerate(bodies, start=1))
    return "\n".join(lines).rstrip() + "\n"
