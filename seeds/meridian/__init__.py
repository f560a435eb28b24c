"""Meridian as the API shows it; ``GAME`` is its descriptor in ``meridina/games.py``.

The descriptor's methods load the game's modules when called.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import xml.etree.ElementTree as ET
    from random import Random

    from meridina.notation.meridian import MeridianRecord
    from meridina.rules.meridian.board import Board
    from meridina.rules.meridian.engine import Step
    from meridina.rules.meridian.model import Turn
    from meridina.rules.meridian.scoring import ScoreSheet
    from meridina.rules.meridian.state import State

    from ..games import PositionModel, ShownGame
    from ..recording.games import RecordedGame
    from ..views import GameView
    from .values import ScoreDetail, Supply


class MeridianShown:
    """Meridian's view, pictures, recorder and stand-in boards (``ShownGame``)."""

    title = "Meridian"
    editions: Mapping[str | None, tuple[int, ...]] = {None: (2, 3, 4)}
    # ``replay --html``'s score table: heading and the key of the view's score JSON
    score_columns: tuple[tuple[str, str], ...] = (
        ("Rank", "rank"),
        ("Player", "name"),
        ("Colours", "colours"),
        ("Points", "points"),
        ("Islands held", "islands"),
        ("Pieces left", "pieces_left"),
    )
    default_edition: str | None = None

    def records(
        self,
        edition: str | None,
        players: int,
        chosen: Mapping[str, Any],  # checked as a Rulings tag: each game's own values
        count: int,
        seed: int,
    ) -> Iterator[str]:
        from meridina.notation.meridian.writer import format_turn, setup_tags
        from meridina.rules.meridian.model import Rulings
        from meridina.rules.meridian.random_play import play_game

        from ..tools.records import written_games

        rulings = Rulings(**chosen)

        def play_one(rng: Random) -> tuple[list[tuple[str, str]], list[str]]:
            played = play_game(rng, players, rulings=rulings)
            return setup_tags(played.setup), [format_turn(turn) for turn in played.turns]

        return written_games(count, seed, play_one)

    def view(self) -> GameView[State, Turn, Step, MeridianRecord, ScoreSheet]:
        from . import view

        return view

    def recorded(self) -> RecordedGame[State, Turn, Step, MeridianRecord, ScoreSheet]:
        from .recorded import RECORDED

        return RECORDED

    def draw(
        self,
        state: State,
        last: tuple[Turn, Step] | None,
        title: str,
        note: str | None,
        targets: bool = False,
    ) -> ET.Element:
        from . import svg

        marker = None if last is None else svg.LastTurn(last[0].meridian, last[1])
        root = svg.draw(state, marker, title, note)
        if targets:
            svg.add_targets(root, state.board)
        return root

    def seats(self, record: MeridianRecord) -> tuple[tuple[str, tuple[str, ...]], ...]:
        setup = record.setup
        return () if setup is None else tuple((p.name, p.colours) for p in setup.players)

    def edition(self, record: MeridianRecord) -> str | None:
        return None  # Meridian has one edition

    def model(self, state: State) -> PositionModel[State, Turn]:
        from meridina.rules.meridian.position import Position

        from .model import MeridianModel

        return MeridianModel(Position(state))

    def supplies(self, state: State) -> tuple[Supply, ...]:
        from .model import supplies

        return supplies(state)

    def details(self, sheet: ScoreSheet) -> tuple[ScoreDetail, ...]:
        from .model import details

        return details(sheet)

    def table_edition(self, final: State) -> str | None:
        return None

    def ranking(self, sheet: ScoreSheet) -> list[tuple[str, int, int]]:
        return [(player.name, player.rank, player.points) for player in sheet.ranking()]

    def unfinished(self, sheet: ScoreSheet) -> list[str]:
        if sheet.finished:
            return []
        if sheet.cards_left is None:
            return [
                "a position whose cards played are unknown: it may not be over "
                "(a 'played:' entry gives them)"
            ]
        from meridina.rules.wording import counted

        return [f"not finished: {counted(sheet.cards_left, 'card')} left"]

    def is_stand_in(self, board: Board) -> bool:
        # A user's copy of a stand-in file whose map is left unchanged is the stand-in
        # layout too; a game on a bundled board holds the very board object, so most
        # checks end at `is`.
        return any(
            board is shipped or (shipped.cities, shipped.islands) == (board.cities, board.islands)
            for shipped in _stand_in_boards()
        )


@lru_cache(maxsize=1)
def _stand_in_boards() -> tuple[Board, ...]:
    """The bundled boards marked as stand-ins, looked up once per process."""
    from meridina.rules.meridian import board as boards

    from ..stand_in import marked_stand_in

    return tuple(
        shipped
        for name in boards.board_names()
        if marked_stand_in(boards.PACKAGE, name)
        and (shipped := boards.bundled_board(name)) is not None
    )


GAME: ShownGame[State, Turn, Step, MeridianRecord, ScoreSheet, Board] = MeridianShown()
