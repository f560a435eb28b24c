"""Small Medina records for the tests, and what checking one gives: its score sheet, totals.

Fields are named on the standard grid, wall ring included: columns A..R, rows 1..13 from
the bottom. The ring is column A, column R, row 1 and row 13, with the towers A13 = 1,
R1 = 2, R13 = 3 and A1 = 4; building fields run from B2 to Q12.
"""

from __future__ import annotations

from meridina.notation.driver import GameReport
from meridina.rules.medina.scoring import ScoreSheet

THREE = "Ann red; Ben blue; Cy green"
FOUR = "Ann red; Ben blue; Cy green; Di yellow"
TWO = "Ann red; Ben blue"
NAMES = ("Ann", "Ben", "Cy", "Di")

WELL = "well O9; merchant H7"  # the well's 8 neighbours run from N8 to P10
ALL_OPTIONS = "well, tea, tower-merchants, neutral-roofs"


def medina(
    *body: str,
    players: str = THREE,
    edition: str | None = "1",
    setup: str | None = "merchant H7",
    tags: tuple[str, ...] = (),
) -> str:
    """A Medina record: the Game, Edition, Players and Setup tags, extra tags, then ``body``."""
    lines = ['[Game "Medina"]']
    if edition is not None:
        lines.append(f'[Edition "{edition}"]')
    lines.append(f'[Players "{players}"]')
    if setup is not None:
        lines.append(f'[Setup "{setup}"]')
    lines.extend([*tags, *body])
    return "\n".join(lines) + "\n"


def second(
    *body: str,
    players: str = THREE,
    setup: str | None = WELL,
    options: str | None = None,
    tags: tuple[str, ...] = (),
) -> str:
    """A 2nd-edition record; without ``options`` the edition's defaults apply."""
    extra = (f'[Options "{options}"]',) if options is not None else ()
    return medina(*body, players=players, edition="2", setup=setup, tags=(*extra, *tags))


def sheet_of(report: GameReport) -> ScoreSheet:
    assert report.run is not None and report.run.sheet is not None, report.problems
    sheet: ScoreSheet = report.run.sheet
    return sheet


def totals(report: GameReport) -> list[int]:
    return [player.total for player in sheet_of(report).players]


def stated_result(points: list[int], names: tuple[str, ...] = NAMES) -> str:
    """The Result tag line giving the players these points, in seat order."""
    return '[Result "' + "; ".join(f"{n} {p}" for n, p in zip(names, points, strict=False)) + '"]'


# ---------------------------------------------------------------- scenarios several tests share


# The last-roofs scenario (1st edition): blue and green roof a palace of each colour, one a
# turn, while red builds the street and the wall and starts a grey palace on K3. From turn 13
# red is the only player with roofs left, and a roof can go on K3.
LAST_ROOFS = (
    "1. red merchant@H8 merchant@H9",
    "2. blue grey@C3 roof@C3",
    "3. green grey@E3 roof@E3",
    "4. red merchant@H10 merchant@H11",
    "5. blue black@C5 roof@C5",
    "6. green black@E5 roof@E5",
    "7. red wall@B1 wall@C1",
    "8. blue brown@C7 roof@C7",
    "9. green brown@E7 roof@E7",
    "10. red grey@K3 wall@D1",
    "11. blue orange@C9 roof@C9",
    "12. green orange@E9 roof@E9",
)

# The market street on C3 (Setup "merchant C3") and the orange palace D3 D4 C4 (1st edition):
# once green extends the street to B2, both ends (C3 and B2) are blocked and a new street may
# start.
BLOCKED_STREET = (
    "1. red orange@D3 orange@D4",
    "2. blue orange@C4 merchant@C2",
)

# Green roofs the first black palace (2nd edition, 3 players, tea on): three tea tiles.
TEA_START = (
    "1. red black@E5",
    "2. blue merchant@H8",
    "3. green roof@E5 merchant@H9",
    "4. red merchant@H10 merchant@H11",
    "5. blue wall@B1 wall@C1",
)

OPENING = ("1. red orange@E5", "2. blue merchant@H8")  # the 2nd edition's single-piece turns
