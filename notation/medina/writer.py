"""Write Medina records back as text, in one canonical layout."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

from meridina.rules.medina.board import load_edition
from meridina.rules.medina.model import (
    RULING_NAMES,
    Kind,
    Placement,
    Rulings,
    Setup,
    StartPosition,
    Turn,
    cell_name,
)

from ..turns import TurnEntry
from ..writing import (
    changed_rulings,
    layout_loses_an_entry,
    position_as_written,
    result_value,
    turn_body,
    write_game,
)
from .words import COLOUR_WORDS

if TYPE_CHECKING:
    from . import MedinaRecord  # (the package loads this module when it writes)


def format_placement(placement: Placement) -> str:
    if placement.kind is Kind.TEA:
        return "tea"
    assert placement.cell is not None
    piece = placement.colour if placement.kind is Kind.BUILDING else placement.kind.value
    return f"{piece}@{cell_name(placement.cell)}"


def format_turn(turn: Turn) -> str:
    """The canonical words of a turn, without its number: ``red orange@E5 wall@B1``."""
    if turn.passed:
        return f"{turn.player} pass"
    return " ".join([turn.player, *(format_placement(p) for p in turn.placements)])


def format_position(position: StartPosition) -> list[str]:
    lines = ["position"]
    colours: dict[str, list[str]] = {}
    for colour, cell, _ in position.buildings:
        colours.setdefault(colour, []).append(cell_name(cell))
    for colour, cells in colours.items():
        lines.append(f"  {colour}: {' '.join(cells)}")
    if position.stables:
        lines.append(f"  stables: {' '.join(cell_name(c) for c, _ in position.stables)}")
    for group in position.merchant_groups():
        if group:
            lines.append(f"  merchants: {' '.join(cell_name(c) for c, _ in group)}")
    if position.walls:
        lines.append(f"  walls: {' '.join(cell_name(c) for c, _ in position.walls)}")
    if position.roofs:
        lines.append("  roofs: " + " ".join(f"{o}@{cell_name(c)}" for o, c, _ in position.roofs))
    if position.palace_tiles:
        lines.append(
            "  palace-tiles: "
            + " ".join(f"{c} {h or 'nobody'}" for c, (h, _) in position.palace_tiles.items())
        )
    if position.tower_tiles:
        lines.append(
            "  tower-tiles: "
            + " ".join(f"{t} {h or 'nobody'}" for t, (h, _) in position.tower_tiles.items())
        )
    if position.tea:
        lines.append("  tea: " + " ".join(f"{p} {n}" for p, (n, _) in position.tea.items()))
    if position.to_move is not None:
        lines.append(f"  next: {position.to_move[0]}")
    if position.spent is not None:
        lines.append("  supplies: spent")
    return lines


def _entry_name(key: str) -> str | None:
    """A position entry's key as canonical layout names its line (None for ``merchants:``,
    a line for each street)."""
    if key in ("merchants", "merchant"):
        return None
    return COLOUR_WORDS.get(key) or key.removesuffix("s")


def write_record(
    record: MedinaRecord,
    notes: Callable[[int, TurnEntry[Turn]], Sequence[str]] | None = None,
) -> str:
    """The record in canonical layout; ``notes`` adds one comment after turn ``i``."""
    setup = record.setup
    position = format_position(setup.position) if setup and setup.position else []
    written = record.game.position
    if position and written is not None and layout_loses_an_entry(written, _entry_name):
        position = position_as_written(written)
    bodies = [turn_body(format_turn, entry) for entry in record.entries]
    return write_game(record.game, position, bodies, record.entries, notes)


def options_text(options: Iterable[str]) -> str:
    """An Options tag's value: the options in the edition's order, or ``none``."""
    chosen = set(options)
    named = [name for name in load_edition("2").options if name in chosen]
    return ", ".join(named) if named else "none"


def setup_tags(setup: Setup) -> list[tuple[str, str]]:
    """The header tags that state ``setup``: edition, players, options, fields and result.

    Only rulings that differ from meridina's defaults are named.
    """
    tags = [
        ("Game", "Medina"),
        ("Edition", setup.edition),
        ("Players", "; ".join(f"{p.name} {p.colour}".strip() for p in setup.players)),
    ]
    if setup.options is not None:
        tags.append(("Options", options_text(setup.options)))
    fields = []
    if setup.well is not None:
        fields.append(f"well {cell_name(setup.well[0])}")
    if setup.start_merchant is not None:
        fields.append(f"merchant {cell_name(setup.start_merchant[0])}")
    if fields:
        tags.append(("Setup", "; ".join(fields)))
    rulings = changed_rulings(setup.rulings, Rulings(), RULING_NAMES)
    if rulings is not None:
        tags.append(("Rulings", rulings))
    if setup.result is not None:
        tags.append(("Result", result_value(setup.result)))
    return tags
