"""Medina as the commands show it; ``GAME`` is its descriptor in ``cli/games.py``.

The descriptor's methods load the game's modules when called, so reading its help words
or table columns loads none of them.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from meridina.rules.medina.scoring import ScoreSheet
    from meridina.rules.medina.state import State

    from ..games import CliGame
    from ..table.position.position_pieces import PositionPieces


class MedinaCli:
    """Medina's generator, position page, help words and table columns (``CliGame``)."""

    title = "Medina"
    header_options: tuple[tuple[str, str, str], ...] = (
        ("--edition", "Edition", "the edition, 1 or 2."),
        ("--options", "Options", 'the options played, e.g. "well, tea".'),
        ("--setup", "Setup", 'setup fields, e.g. "well H7; merchant K4".'),
    )
    position_help: tuple[str, ...] = (
        "'grey: B2 C2 D2', 'stables: E3', 'merchants: F2 F3', 'walls: B1 C1',",
        "'roofs: red@B7', 'palace-tiles: grey red', 'tower-tiles: 4 green', 'tea: red 1',",
        "'supplies: spent' (the game is over)",
    )
    editions: Mapping[str | None, tuple[int, ...]] = {"1": (3, 4), "2": (2, 3, 4)}
    default_edition: str | None = "2"
    players_help = "3-4 in the 1st edition, 2-4 in the 2nd"
    details_help = "each palace's points"
    notes_help = "the tiles changing hands and each palace's value as it changes"
    picture_help = (
        "the city with its wall ring, towers, palaces, roofs, stables, merchants and market "
        "street, well and tiles, and each player's score"
    )
    generate_help = "Medina's 2nd-edition options are chosen at random for each game."
    stand_in_boards: tuple[str, ...] = ()

    def records(
        self, edition: str | None, players: int, chosen: Mapping[str, Any], count: int, seed: int
    ) -> Iterator[str]:
        from meridina.medina import GAME

        return GAME.records(edition, players, chosen, count, seed)

    def position_pieces(self, start: State, setup: str | None) -> PositionPieces:
        from .position_pieces import MedinaPieces

        return MedinaPieces(start, setup)

    def table_edition(self, final: State) -> str | None:
        from meridina.medina import GAME

        return GAME.table_edition(final)

    def ranking(self, sheet: ScoreSheet) -> list[tuple[str, int, int]]:
        from meridina.medina import GAME

        return GAME.ranking(sheet)

    def unfinished(self, sheet: ScoreSheet) -> list[str]:
        from meridina.medina import GAME

        return GAME.unfinished(sheet)


GAME: CliGame[State, ScoreSheet] = MedinaCli()
