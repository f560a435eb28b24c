"""Medina's pieces on the position page: buildings, stables, merchants, walls, roofs, the
well, and the tiles' holders, written as a record's position entries."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from meridina.medina.svg_style import BUILDINGS, FIELD, NEUTRAL_FILL, ROOFS
from meridina.rules.medina.model import NEUTRAL, cell_name, parse_cell
from meridina.rules.medina.state import State

from ..table.position.position_pieces import BadClick, Entry, Piece
from .position_streets import streets_of

FIELD_PIECES = ("building", "stable", "merchant", "wall")
NOBODY = "nobody"
MOST_TEA = 99  # far more tea tiles than any game has


def _word(value: Any) -> str:
    return value if isinstance(value, str) else ""


class MedinaPieces:
    """The pieces of a Medina city, in the order they were clicked."""

    def __init__(self, state: State, setup: str | None) -> None:
        self.board = state.board
        self.colours: tuple[str, ...] = tuple(state.edition.colours)
        self.players: tuple[tuple[str, str], ...] = tuple(
            (player.name, player.colour) for player in state.players
        )
        self.neutral = sum(hand.neutral_roofs for hand in state.hands.values()) > 0
        self.has_well = "well" in state.options
        self.has_tea = "tea" in state.options
        self.towers: tuple[int, ...] = tuple(sorted(state.board.towers.values()))
        # what else an edition calls a colour (the 2nd edition's white is grey)
        self.also_called: dict[str, list[str]] = {}
        for other, colour in state.edition.colour_names.items():
            self.also_called.setdefault(colour, []).append(other)
        parts = [part.strip() for part in (setup or "").split(";") if part.strip()]
        wells = [part.split()[1:] for part in parts if part.split()[0].lower() == "well"]
        self.setup_parts = [part for part in parts if part.split()[0].lower() != "well"]
        self.well: str | None = wells[0][0].upper() if wells and wells[0] else None
        self.fields: dict[str, tuple[str, str | None]] = {}  # field -> (kind, colour)
        self.streets: list[list[str]] = [[]]  # merchants by entry; the last is the current
        self.roofs: list[tuple[str, str]] = []  # (owner, field), first roof first
        self.palace_tiles: dict[str, str] = {}  # colour -> holder
        self.tower_tiles: dict[int, str] = {}  # tower -> holder
        self.tea: dict[str, int] = {}  # roof colour -> tiles

    def copy(self) -> MedinaPieces:
        kept = copy.copy(self)
        kept.fields = dict(self.fields)
        kept.streets = [list(street) for street in self.streets]
        kept.roofs = list(self.roofs)
        kept.palace_tiles = dict(self.palace_tiles)
        kept.tower_tiles = dict(self.tower_tiles)
        kept.tea = dict(self.tea)
        return kept

    # ------------------------------------------------------------ entries

    def entries(self) -> list[Entry]:
        entries = []
        for colour in self.colours:
            cells = [
                f for f, (kind, c) in self.fields.items() if kind == "building" and c == colour
            ]
            if cells:
                entries.append(Entry(colour, tuple(Piece(f, f) for f in cells)))
        stables = [f for f, (kind, _) in self.fields.items() if kind == "stable"]
        if stables:
            entries.append(Entry("stables", tuple(Piece(f, f) for f in stables)))
        for clicked in self.streets:
            merchants = [cell for cell in map(parse_cell, clicked) if cell is not None]
            for street in streets_of(merchants, self.board.neighbours):
                names = [cell_name(cell) for cell in street]
                entries.append(Entry("merchants", tuple(Piece(f, f) for f in names)))
        walls = [f for f, (kind, _) in self.fields.items() if kind == "wall"]
        if walls:
            entries.append(Entry("walls", tuple(Piece(f, f) for f in walls)))
        if self.roofs:
            entries.append(Entry("roofs", tuple(Piece(f"{o}@{f}", f) for o, f in self.roofs)))
        if self.palace_tiles:
            words = [w for c, h in self.palace_tiles.items() for w in (c, h)]
            entries.append(Entry("palace-tiles", tuple(Piece(w) for w in words)))
        if self.tower_tiles:
            words = [w for t, h in sorted(self.tower_tiles.items()) for w in (str(t), h)]
            entries.append(Entry("tower-tiles", tuple(Piece(w) for w in words)))
        tea = [w for p, n in self.tea.items() if n for w in (p, str(n))]
        if tea:
            entries.append(Entry("tea", tuple(Piece(w) for w in tea)))
        return entries

    def setup_tag(self) -> str | None:
        if self.well is None:
            return "; ".join(self.setup_parts) or None
        return "; ".join([f"well {self.well}", *self.setup_parts])

    def stands(self, piece: Piece, state: Any) -> bool:
        owner, roofed, field = piece.text.rpartition("@")
        cell = parse_cell(field)
        if not isinstance(state, State) or cell is None:
            return True  # no position to tell by
        if roofed:
            ident = state.palace_at.get(cell)
            return ident is not None and state.palaces[ident].owner == owner
        kind, _ = self.fields.get(field, ("", None))
        return state.pieces.get(cell) == kind

    # ------------------------------------------------------------ clicks

    def click(self, tool: Mapping[str, Any], target: str, state: Any) -> Piece | None:
        cell = parse_cell(target)
        if cell is None or not self.board.on_grid(cell) or cell_name(cell) != target:
            raise BadClick(f"{target!r} is not a field of this board")
        kind = tool.get("kind")
        if kind == "roof":
            return self._roof(_word(tool.get("owner")), target, state)
        if kind == "well":
            if not self.has_well:
                raise BadClick("this game is played without the well")
            self.well = target  # moved: a game with the well always has it
            return None
        if kind not in FIELD_PIECES:
            raise BadClick(f"{kind!r} is not a piece")
        colour = _word(tool.get("colour")) if kind == "building" else None
        if kind == "building" and colour not in self.colours:
            raise BadClick(f"{colour!r} is not a building colour of this edition")
        if target in self.fields:
            self._take_off(target)
            return None
        self.fields[target] = (kind, colour)
        if kind == "merchant":
            self.streets[-1].append(target)
        return Piece(target, target)

    def _take_off(self, target: str) -> None:
        kind, _ = self.fields.pop(target)
        if kind == "merchant":
            for street in self.streets:
                if target in street:
                    street.remove(target)
            self.streets = [s for s in self.streets[:-1] if s] + [self.streets[-1]]
        self.roofs = [(owner, at) for owner, at in self.roofs if at != target]

    def _roof(self, owner: str, target: str, state: Any) -> Piece | None:
        owners = [colour for _, colour in self.players] + ([NEUTRAL] if self.neutral else [])
        if owner not in owners:
            raise BadClick(f"{owner!r} is not a roof of this game")
        buildings: list[str] = []
        cell = parse_cell(target)
        if isinstance(state, State) and cell is not None and cell in state.palace_at:
            palace = state.palaces[state.palace_at[cell]]
            buildings = sorted(cell_name(c) for c in palace.buildings)
        if buildings and target not in buildings:
            target = buildings[0]  # a stable's roof is its palace's
        fields = set(buildings) or {target}
        for index, (was, at) in enumerate(self.roofs):
            if at in fields:
                if was == owner:  # the same roof again: take it off
                    del self.roofs[index]
                    return None
                self.roofs[index] = (owner, at)
                return Piece(f"{owner}@{at}", at)
        self.roofs.append((owner, target))
        return Piece(f"{owner}@{target}", target)

    # ------------------------------------------------------------ beside the board

    def change(self, what: Mapping[str, Any]) -> None:
        action = what.get("action")
        holders = {NOBODY, *(colour for _, colour in self.players)}
        holder = _word(what.get("holder"))
        if action == "street":
            if self.streets[-1]:
                self.streets.append([])
        elif action == "palace-tile":
            colour = _word(what.get("colour"))
            if colour not in self.colours or holder not in holders | {""}:
                raise BadClick("a palace tile is a building colour and a holder")
            self._hold(self.palace_tiles, colour, holder)
        elif action == "tower-tile":
            tower = what.get("tower")
            if isinstance(tower, bool) or tower not in self.towers or holder not in holders | {""}:
                raise BadClick("a tower tile is a tower's number and a holder")
            self._hold(self.tower_tiles, tower, holder)
        elif action == "tea":
            player, count = _word(what.get("player")), what.get("count")
            known = {colour for _, colour in self.players}
            if not self.has_tea or player not in known:
                raise BadClick("tea tiles are counted for a player of a game with tea")
            if not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= MOST_TEA:
                raise BadClick(f"a count of tea tiles is a number from 0 to {MOST_TEA}")
            self.tea[player] = count
        else:
            raise BadClick(f"{action!r} is not a change")

    @staticmethod
    def _hold(tiles: dict[Any, str], key: Any, holder: str) -> None:
        if holder:
            tiles[key] = holder
        else:
            tiles.pop(key, None)  # the rules work it out

    def data(self) -> dict[str, Any]:
        return {
            "game": "medina",
            "colours": list(self.colours),
            "players": [{"name": name, "colour": colour} for name, colour in self.players],
            "neutral": self.neutral,
            "well": self.has_well,
            "tea": self.has_tea,
            "towers": list(self.towers),
            "streets": sum(1 for street in self.streets if street),
            "new_street": not self.streets[-1] and len(self.streets) > 1,
            "palace_tiles": dict(self.palace_tiles),
            "tower_tiles": {str(t): h for t, h in self.tower_tiles.items()},
            "tea_tiles": dict(self.tea),
            "also_called": self.also_called,
            "swatches": {
                **{colour: BUILDINGS.get(colour, FIELD) for colour in self.colours},
                **{colour: ROOFS.get(colour, FIELD) for _, colour in self.players},
                NEUTRAL: NEUTRAL_FILL,
            },
        }
