"""Write Meridian records back as text, in one canonical layout."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from meridina.rules.meridian.model import MERIDIANS, RULING_NAMES, Rulings, Setup, Turn

from ..turns import TurnEntry
from ..writing import (
    changed_rulings,
    layout_loses_an_entry,
    position_as_written,
    result_value,
    turn_body,
    write_game,
)
from .position import entry_name

if TYPE_CHECKING:
    from . import MeridianRecord  # (the package loads this module when it writes)


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


def format_position(record: MeridianRecord) -> list[str]:
    setup = record.setup
    if setup is None or setup.position is None:
        return []
    written = record.game.position
    if written is not None and layout_loses_an_entry(written, entry_name):
        return position_as_written(written)
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


def write_record(
    record: MeridianRecord,
    notes: Callable[[int, TurnEntry[Turn]], Sequence[str]] | None = None,
) -> str:
    """The record in canonical layout; ``notes`` adds one comment after turn ``i``."""
    bodies = [turn_body(format_turn, entry) for entry in record.entries]
    return write_game(record.game, format_position(record), bodies, record.entries, notes)


def rulings_text(rulings: Rulings) -> str:
    return "; ".join(
        f"{name}={getattr(rulings, name.replace('-', '_')).value}" for name in RULING_NAMES
    )


def setup_tags(setup: Setup) -> list[tuple[str, str]]:
    """The header tags that state ``setup``: board, players, rulings, decks and result.

    Only rulings that differ from meridina's defaults are named.
    """
    tags = [
        ("Game", "Meridian"),
        ("Board", setup.board),
        ("Players", "; ".join(" ".join([p.name, *p.colours]).strip() for p in setup.players)),
    ]
    rulings = changed_rulings(setup.rulings, Rulings(), RULING_NAMES)
    if rulings is not None:
        tags.append(("Rulings", rulings))
    if setup.decks:
        decks = (
            " ".join([colour, *(card.label for card in deck)])
            for colour, (deck, _) in setup.decks.items()
        )
        tags.append(("Decks", "; ".join(decks)))
    if setup.result is not None:
        tags.append(("Result", result_value(setup.result)))
    return tags
