"""Write Meridian records back as text, in one canonical layout."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from meridina.rules.meridian.model import MERIDIANS, RULING_NAMES, Rulings, Turn

from .meridian import MeridianRecord, TurnEntry
from .text import GameText, Tag

TAG_ORDER = (
    "Game",
    "Event",
    "Site",
    "Date",
    "Round",
    "Board",
    "Players",
    "Rulings",
    "Decks",
    "Result",
)


def format_turn(turn: Turn) -> str:
    """The canonical words of a turn, without its number: ``orange 4-5-6-7/6: x 2@4``."""
    card = turn.card.label
    if turn.card.is_group and turn.meridian:
        card += f"/{turn.meridian}"
    words = [turn.colour, f"{card}:"]
    if turn.skip is not None:
        words.append(turn.skip.value)
    if turn.take_off is not None:
        words.append("x" if turn.take_off.city is None else f"x@{turn.take_off.city}")
    if turn.build is not None:
        if turn.build.colour:
            words.append(turn.build.colour)
        words.append(f"{turn.build.height}@{turn.build.city}")
    return " ".join(words)


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


def format_position(record: MeridianRecord) -> list[str]:
    setup = record.setup
    if setup is None or setup.position is None:
        return []
    position = setup.position
    lines = ["position"]
    for meridian in range(1, MERIDIANS + 1):
        towers = sorted(
            (t for t in position.towers if t.meridian == meridian), key=lambda t: t.city
        )
        if towers:
            body = " ".join(f"{t.tower.colour} {t.tower.height}@{t.city}" for t in towers)
            lines.append(f"  {meridian}: {body}")
    if position.hands:
        lines.append("  hand: " + " ".join(f"{c} {n}" for c, (n, _) in position.hands.items()))
    if position.played is not None:
        body = " ".join(
            " ".join([colour, *(card.label for card, _ in cards)])
            for colour, cards in position.played.items()
        )
        lines.append(f"  played: {body}")
    if position.to_move is not None:
        lines.append(f"  next: {position.to_move[0]}")
    return lines


def _comment(text: str) -> str:
    return "{ " + text.replace("}", ")") + " }"


def write_record(
    record: MeridianRecord,
    notes: Callable[[int, TurnEntry], Sequence[str]] | None = None,
) -> str:
    """The record in canonical layout; ``notes`` adds one comment after turn ``i``."""
    lines = format_tags(record.game)
    lines.extend(_comment(c.text) for c in record.game.comments)
    lines.append("")
    position = format_position(record)
    if position:
        lines.extend(position)
        lines.append("")
    for index, entry in enumerate(record.entries):
        if entry.turn is not None:
            body = format_turn(entry.turn)
        else:
            body = " ".join(
                word.text + (":" if word.kind == "key" else "") for word in entry.text.words
            )
        line = f"{entry.text.number}. {body}"
        comments = [_comment(c.text) for c in entry.text.comments]
        added = notes(index, entry) if notes is not None else ()
        if added:
            comments.append(_comment("; ".join(added)))
        if comments:
            line += " " + " ".join(comments)
        lines.append(line)
    return "\n".join(lines).rstrip() + "\n"


def rulings_text(rulings: Rulings) -> str:
    return "; ".join(
        f"{name}={getattr(rulings, name.replace('-', '_')).value}" for name in RULING_NAMES
    )
