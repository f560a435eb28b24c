"""What a Medina picture is drawn with: the grid's measures, the colours of pieces and
roofs, the legend's key, where a field stands, and each player's roof colour and letter."""

from __future__ import annotations

from meridina.rules.medina.board import Board
from meridina.rules.medina.model import NEUTRAL, Cell
from meridina.rules.medina.state import State

CELL = 36
LEFT = 34
TOP = 78
BUILDINGS = {"grey": "#b4b4b4", "black": "#303030", "brown": "#8b5a2b", "orange": "#f28c28"}
LETTERS = {"grey": "g", "black": "k", "brown": "b", "orange": "o"}
ROOFS = {
    "red": "#d62728",
    "blue": "#1f77b4",
    "green": "#2ca02c",
    "yellow": "#f1c40f",
    "white": "#f5f5f5",
    "purple": "#8e44ad",
    "pink": "#e377c2",
    "cyan": "#17becf",
}
SPARE_ROOFS = ("#d62728", "#1f77b4", "#2ca02c", "#f1c40f")
NEUTRAL_FILL = "#ffffff"
FIELD = "#f4ecd8"
RING = "#dccaa4"
WALL_FILL = "#6b5a45"
MERCHANT_FILL = "#6a3d9a"
STABLE_FILL = "#efe2b8"
WELL_FILL = "#3b82c4"
TILE_FILL = "#fff3c4"
HIGHLIGHT = "#d4a017"
KEY = (
    "Buildings: g grey, k black, b brown, o orange; S stable; W well;",
    "m merchant, joined to the others of its market street by a line.",
    "A palace is outlined in its owner's roof colour (dashed: a neutral roof); its roof",
    "shows the owner's letter; P and T cards: the palace and tower tiles it holds.",
    "Gold frame: a piece just placed (a roof: the field it went on).",
)


def x_of(cell: Cell) -> float:
    return LEFT + cell[0] * CELL


def y_of(board: Board, cell: Cell) -> float:
    return TOP + (board.rows - cell[1]) * CELL


class Roofs:
    """Each player's roof colour on screen and a letter for it (for colour-blind readers)."""

    def __init__(self, state: State) -> None:
        colours = [player.colour for player in state.players]
        self.fill = {
            colour: ROOFS.get(colour, SPARE_ROOFS[index % len(SPARE_ROOFS)])
            for index, colour in enumerate(colours)
        }
        self.letter: dict[str, str] = {}
        for colour in colours:
            same = sum(1 for other in colours if other[:1] == colour[:1])
            self.letter[colour] = colour[: 1 if same == 1 else 2].capitalize()
        self.fill[NEUTRAL] = NEUTRAL_FILL
        self.letter[NEUTRAL] = "N"

    def name(self, state: State, owner: str) -> str:
        if owner == NEUTRAL:
            return "neutral roof"
        player = next((p for p in state.players if p.colour == owner), None)
        return f"{owner} ({player.name})" if player is not None and player.name else owner
