"""A finished game's end as the clicks that enter it on the position page.

``steps`` reads a game's final position through the public API and gives, in order, each
piece to click onto the board (with the tool that puts it there) and each change made
beside the board (a new street, a tile's holder, tea, cards); ``setup_for`` gives the page
the same header options as the game's own tags.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import meridina
from meridina.cli.meridian.position_pieces import CARDS
from meridina.cli.table.position.position_mode import PositionSetup
from meridina.rules.medina.model import cell_name


@dataclass(frozen=True)
class Click:
    tool: dict[str, Any]
    target: str


@dataclass(frozen=True)
class Change:
    what: dict[str, Any]


Step = Click | Change


def setup_for(game: meridina.Game, path: Path) -> PositionSetup:
    """The page's options for a new record of ``game``'s players, board and rulings."""
    tags = {name.lower(): value for name, value in game.tags.items()}
    return PositionSetup(
        path,
        tags["game"].lower(),
        tags["players"],
        board=tags.get("board"),
        rulings=tags.get("rulings"),
        edition=tags.get("edition"),
        options=tags.get("options"),
        setup=tags.get("setup"),
    )


def steps(game: meridina.Game) -> list[Step]:
    """The clicks and changes that enter ``game``'s final position."""
    state = game.position().state
    return _medina(state) if game.title == "Medina" else _meridian(state)


def _medina(state: Any) -> list[Step]:
    found: list[Step] = []
    palaces = sorted(state.palaces.values(), key=lambda p: p.ident)
    for palace in palaces:
        tool = {"kind": "building", "colour": palace.colour}
        found += [Click(tool, cell_name(c)) for c in sorted(palace.buildings)]
    for palace in palaces:
        found += [Click({"kind": "stable"}, cell_name(c)) for c in sorted(palace.stables)]
    for number, street in enumerate(state.streets):
        if number:
            found.append(Change({"action": "street"}))
        found += [Click({"kind": "merchant"}, cell_name(c)) for c in street]
    walls = sorted(cell for cell, kind in state.pieces.items() if kind == "wall")
    found += [Click({"kind": "wall"}, cell_name(c)) for c in walls]
    for palace in sorted((p for p in palaces if p.owner), key=lambda p: p.roofed_at):
        found.append(
            Click({"kind": "roof", "owner": palace.owner}, cell_name(max(palace.buildings)))
        )
    for colour, ident in state.palace_tiles.items():
        if ident is not None:
            owner = state.palaces[ident].owner
            holder = "nobody" if owner == "neutral" else owner
            found.append(Change({"action": "palace-tile", "colour": colour, "holder": holder}))
    for tower, holder in sorted(state.tower_tiles.items()):  # None: a neutral palace's
        found.append(Change({"action": "tower-tile", "tower": tower, "holder": holder or "nobody"}))
    if "tea" in state.options:
        for colour, hand in state.hands.items():
            if hand.tea:
                found.append(Change({"action": "tea", "player": colour, "count": hand.tea}))
    return found


def _meridian(state: Any) -> list[Step]:
    found: list[Step] = []
    for meridian, column in enumerate(state.columns, start=1):
        for city, tower in enumerate(column, start=1):
            if tower is not None:
                tool = {"colour": tower.colour, "height": tower.height}
                found.append(Click(tool, f"{meridian}/{city}"))
    for colour, cards in state.played.items():
        unplayed = [card for card in CARDS if card not in {c.label for c in cards}]
        found += [Change({"action": "card", "colour": colour, "card": c, "played": False})
                  for c in unplayed]  # fmt: skip
    return found
