"""Meridian as the commands show it; ``GAME`` is its descriptor in ``cli/games.py``.

The descriptor's methods load the game's modules when called, so reading its help words
or table columns loads none of them.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from meridina.rules.meridian.scoring import ScoreSheet
    from meridina.rules.meridian.state import State

    from ..games import CliGame
    from ..table.position.position_pieces import PositionPieces


class MeridianCli:
    """Meridian's generator, position page, help words and table columns (``CliGame``)."""

    title = "Meridian"
    header_options: tuple[tuple[str, str, str], ...] = (
        ("--decks", "Decks", "each colour's deck order."),
    )
    position_help: tuple[str, ...] = (
        "'3: orange 1@1 brown 2@2' (towers on meridian 3), 'hand: orange 2 black 0',",
        "'played: orange 9 2 1 …', 'next: orange'",
    )
    editions: Mapping[str | None, tuple[int, ...]] = {None: (2, 3, 4)}
    default_edition: str | None = None
    players_help = "2-4"
    details_help = "who holds each island"
    notes_help = "the pushes, islands changing hands and the running score"
    picture_help = (
        "meridians, islands, capitals, towers as stacks, the last turn's tower and pushes, "
        "and each player's pieces and points"
    )
    generate_help = ""
    stand_in_boards: tuple[str, ...] = ("five-city", "four-city")

    def records(
        self, edition: str | None, players: int, chosen: Mapping[str, Any], count: int, seed: int
    ) -> Iterator[str]:
        from meridina.meridian import GAME

        return GAME.records(edition, players, chosen, count, seed)

    def position_pieces(self, start: State, setup: str | None) -> PositionPieces:
        from .position_pieces import MeridianPieces

        return MeridianPieces(start)

    def table_edition(self, final: State) -> str | None:
        from meridina.meridian import GAME

        return GAME.table_edition(final)

    def ranking(self, sheet: ScoreSheet) -> list[tuple[str, int, int]]:
        from meridina.meridian import GAME

        return GAME.ranking(sheet)

    def unfinished(self, sheet: ScoreSheet) -> list[str]:
        from meridina.meridian import GAME

        return GAME.unfinished(sheet)


GAME: CliGame[State, ScoreSheet] = MeridianCli()
