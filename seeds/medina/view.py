"""How Medina games look on screen: city diagrams, turn descriptions, score tables."""

from __future__ import annotations

from meridina.json_values import JsonObject
from meridina.notation.driver import GameReport
from meridina.notation.medina import MedinaRecord
from meridina.notation.medina.writer import format_turn, write_record
from meridina.notation.turns import TurnEntry
from meridina.notation.writing import turn_body
from meridina.rules.game import Handling
from meridina.rules.medina.engine import Step
from meridina.rules.medina.events import (
    ColourRetired,
    Event,
    PalaceTileMoved,
    TeaTilesTaken,
    TowerMerchantsTaken,
    TowerTileMoved,
)
from meridina.rules.medina.model import NEUTRAL, Kind, Placement, Turn, cell_name
from meridina.rules.medina.scoring import ScoreSheet, palace_score
from meridina.rules.medina.state import BUILDING, MERCHANT, STABLE, WALL, WELL, State
from meridina.rules.medina.tiles import describe_palace
from meridina.rules.wording import article, counted
from tabulate import tabulate

from ..shown import shown
from ..turn_notes import HANDLED, NOT_PLACED, fault_event, notes_at, notes_per_turn

TITLE = "Medina"
LETTERS = {"grey": "g", "black": "k", "brown": "b", "orange": "o"}
LEGEND = (
    "Buildings: g grey, k black, b brown, o orange (capital letter: roofed); s stable, "
    "m merchant, # wall, 1-4 towers, W well, . free field, : free wall field."
)


def diagram(state: State) -> str:
    board = state.board
    header = "     " + " ".join(chr(ord("A") + col) for col in range(board.columns))
    rows = [header]
    for row in range(board.rows, 0, -1):
        cells = []
        for col in range(board.columns):
            cell = (col, row)
            piece = state.pieces.get(cell)
            if cell in board.towers:
                cells.append(str(board.towers[cell]))
            elif piece == BUILDING:
                palace = state.palace(cell)
                assert palace is not None
                letter = LETTERS.get(palace.colour, "?")
                cells.append(letter.upper() if palace.roofed else letter)
            else:
                cells.append(
                    {STABLE: "s", MERCHANT: "m", WALL: "#", WELL: "W"}.get(
                        piece or "", ":" if board.is_ring(cell) else "."
                    )
                )
        rows.append(f"  {row:>2} " + " ".join(cells))
    rows.extend(_palace_lines(state))
    rows.append("  tiles: " + tiles_text(state))
    return "\n".join(rows)


def _owner(owner: str | None) -> str:
    return {None: "unroofed", NEUTRAL: "neutral roof"}.get(owner, str(owner))


def _palace_lines(state: State) -> list[str]:
    lines = []
    for palace in sorted(state.palaces.values(), key=lambda p: (p.colour, p.ident)):
        stables = f" + {counted(len(palace.stables), 'stable')}"
        lines.append(
            f"  {describe_palace(palace)}: {counted(len(palace.buildings), 'building')}"
            f"{stables if palace.stables else ''}, {_owner(palace.owner)}"
        )
    return lines


def tiles_text(state: State) -> str:
    parts = [
        f"{colour} palace {state.holder_of_palace_tile(colour)}"
        for colour in state.edition.colours
        if state.holder_of_palace_tile(colour)
    ]
    parts.extend(
        f"tower {tower} {holder}" for tower, holder in sorted(state.tower_tiles.items()) if holder
    )
    parts.extend(f"{p} {h.tea} tea" for p, h in state.hands.items() if h.tea)
    return ", ".join(parts) or "none held"


def turn_heading(entry: TurnEntry[Turn]) -> str:
    return f"{entry.text.number}. {turn_body(format_turn, entry)}"


def events(step: Step | None, entry: TurnEntry[Turn]) -> list[str]:
    if entry.turn is None:
        return ["unreadable: " + "; ".join(p.message for p in entry.problems)]
    assert step is not None
    said = [placement_text(placement) for placement in placed(step, entry.turn)]
    return [*said, *outcome(step, entry)] or ["passes"]


def placed(step: Step, turn: Turn) -> list[Placement]:
    """The turn's placements that were made: none of an ignored turn, no refused one."""
    if step.handling is Handling.IGNORED:
        return []
    refused = {p.at for p in step.problems if not p.warning}
    return [p for p in turn.placements if p.at not in refused or p.at is None]


def outcome(step: Step | None, entry: TurnEntry[Turn]) -> list[str]:
    """What a turn broke and what changed hands: the part the turn's own words do not say."""
    if entry.turn is None or step is None:
        return ["unreadable: " + "; ".join(p.message for p in entry.problems)]
    pieces = {p.at for p in entry.turn.placements if p.at is not None}
    said = [
        fault_event([p], NOT_PLACED if p.at in pieces else HANDLED[step.handling])
        for p in step.problems
        if not p.warning
    ]
    return [*said, *(event_text(event) for event in step.events)]


def event_text(event: Event) -> str:
    """One thing a placement brought about, in words."""
    if isinstance(event, PalaceTileMoved):
        return f"{event.colour} palace tile: {event.holder or 'nobody'}"
    if isinstance(event, TowerTileMoved):
        return f"tower tile {event.tower}: {event.holder or 'nobody'}"
    if isinstance(event, TowerMerchantsTaken):
        merchants = counted(event.count, "merchant")
        if event.taker is None:
            return f"the {merchants} of tower {event.tower} leave the game"
        return f"{event.taker} takes the {merchants} of tower {event.tower}"
    if isinstance(event, TeaTilesTaken):
        return f"{event.player} takes {counted(event.count, 'tea tile')}"
    assert isinstance(event, ColourRetired)
    colour = event.colour
    return f"every player owns {article(colour)} palace: {colour} buildings leave the game"


def placement_text(placement: Placement) -> str:
    if placement.kind is Kind.TEA:
        return "plays a tea tile"
    where = cell_name(placement.cell) if placement.cell else "?"
    if placement.kind is Kind.BUILDING:
        return f"{placement.colour} building on {where}"
    if placement.kind in (Kind.ROOF, Kind.NEUTRAL_ROOF):
        return f"{'neutral roof' if placement.kind is Kind.NEUTRAL_ROOF else 'roof'} on {where}"
    return f"{placement.kind.value} on {where}"


def value_notes(before: State, after: State) -> list[str]:
    """Each owned palace whose value changed."""
    notes = []
    for ident, palace in after.palaces.items():
        if not palace.roofed or palace.owner == NEUTRAL:
            continue
        new = palace_score(after, palace).total
        old_palace = before.palaces.get(ident)
        old = (
            palace_score(before, old_palace).total
            if old_palace is not None and old_palace.roofed
            else None
        )
        if new != old:
            notes.append(f"{describe_palace(palace)} ({palace.owner}) worth {new}")
    return notes


def notes(report: GameReport) -> list[list[str]]:
    """The notes for each turn: what it placed and what that was worth."""

    def said(step: Step | None, entry: TurnEntry[Turn], before: State, after: State) -> list[str]:
        return [*outcome(step, entry), *value_notes(before, after)]

    return notes_per_turn(report, said)


def write(record: MedinaRecord, annotations: list[list[str]]) -> str:
    return write_record(record, notes_at(annotations))


def state_json(state: State) -> JsonObject:
    return {
        "pieces": [
            {"field": cell_name(cell), "piece": piece}
            | (
                {"colour": palace.colour}
                if piece == BUILDING and (palace := state.palace(cell))
                else {}
            )
            for cell, piece in sorted(state.pieces.items(), key=lambda kv: (kv[0][1], kv[0][0]))
        ],
        "palaces": [
            {
                "colour": p.colour,
                "buildings": sorted(cell_name(c) for c in p.buildings),
                "stables": sorted(cell_name(c) for c in p.stables),
                "owner": p.owner,
            }
            for p in state.palaces.values()
        ],
        "tiles": {
            "palace": {c: state.holder_of_palace_tile(c) for c in state.edition.colours},
            "tower": {str(t): h for t, h in sorted(state.tower_tiles.items())},
        },
    }


def score_text(sheet: ScoreSheet, final: State, details: bool) -> str:
    rows = [
        [
            p.rank,
            shown(p.name) if p.name else "-",
            p.colour,
            sum(s.total for s in p.palaces),
            p.tiles,
            p.total,
            p.largest,
        ]
        for p in sheet.ranking()
    ]
    text = tabulate(
        rows,
        headers=["Rank", "Player", "Roofs", "Palaces", "Tiles", "Total", "Largest palace"],
        tablefmt="simple",
    )
    if not details:
        return text
    palace_rows = [
        [
            shown(p.name or p.colour),
            *(s.name, s.buildings, s.stables, s.walls, s.merchants, s.well, s.total),
        ]
        for p in sheet.ranking()
        for s in p.palaces
    ]
    tiles = tabulate(
        palace_rows,
        headers=["Player", "Palace", "Buildings", "Stables", "Walls", "Merchants", "Well", "Total"],
        tablefmt="simple",
    )
    return f"{text}\n\n{tiles}\n\nTiles: {tiles_text(final)}"


def sheet_json(sheet: ScoreSheet, final: State) -> JsonObject:
    return {
        "finished": sheet.finished,
        "players": [
            {
                "name": p.name,
                "colours": [p.colour],
                "rank": p.rank,
                "points": p.total,
                # the names before both games had the same row; kept for one release
                "colour": p.colour,
                "total": p.total,
                "tiles": p.tiles,
                "palace_tiles": list(p.palace_tiles),
                "tower_tiles": list(p.tower_tiles),
                "largest_palace": p.largest,
                "palaces": [
                    {
                        "palace": s.name,
                        "buildings": s.buildings,
                        "stables": s.stables,
                        "walls": s.walls,
                        "merchants": s.merchants,
                        "well": s.well,
                        "total": s.total,
                    }
                    for s in p.palaces
                ],
            }
            for p in sheet.ranking()
        ],
    }


def status(sheet: ScoreSheet) -> str:
    if sheet.finished:
        return "finished"
    if not sheet.supplies_known:
        return "from a position; scored as it stands"
    return "not finished; scored as it stands"
