"""Medina as the API shows it; ``GAME`` is its descriptor in ``meridina/games.py``.

The descriptor's methods load the game's modules when called.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import xml.etree.ElementTree as ET
    from random import Random

    from meridina.notation.medina import MedinaRecord
    from meridina.rules.medina.board import Board
    from meridina.rules.medina.engine import Step
    from meridina.rules.medina.model import Turn
    from meridina.rules.medina.scoring import ScoreSheet
    from meridina.rules.medina.state import State

    from ..games import PositionModel, ShownGame
    from ..recording.games import RecordedGame
    from ..views import GameView
    from .values import ScoreDetail, Supply


class MedinaShown:
    """Medina's view, pictures, recorder and stand-in boards (``ShownGame``)."""

    title = "Medina"
    editions: Mapping[str | None, tuple[int, ...]] = {"1": (3, 4), "2": (2, 3, 4)}
    # ``replay --html``'s score table: heading and the key of the view's score JSON
    score_columns: tuple[tuple[str, str], ...] = (
        ("Rank", "rank"),
        ("Player", "name"),
        ("Roofs", "colour"),
        ("Points", "total"),
        ("Tile points", "tiles"),
        ("Largest palace", "largest_palace"),
    )
    default_edition: str | None = "2"

    def records(
        self,
        edition: str | None,
        players: int,
        chosen: Mapping[str, Any],  # checked as a Rulings tag: each game's own values
        count: int,
        seed: int,
    ) -> Iterator[str]:
        from meridina.notation.medina.writer import format_turn, setup_tags
        from meridina.rules.medina.model import Rulings
        from meridina.rules.medina.random_play import play_game

        from ..tools.records import written_games

        assert edition is not None
        rulings = Rulings(**chosen)

        def play_one(rng: Random) -> tuple[list[tuple[str, str]], list[str]]:
            played = play_game(rng, edition, players, rulings=rulings)
            return setup_tags(played.setup), [format_turn(turn) for turn in played.turns]

        return written_games(count, seed, play_one)

    def view(self) -> GameView[State, Turn, Step, MedinaRecord, ScoreSheet]:
        from . import view

        return view

    def recorded(self) -> RecordedGame[State, Turn, Step, MedinaRecord, ScoreSheet]:
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
        from . import svg, view

        placed = None if last is None else view.placed(last[1], last[0])
        root = svg.draw(state, title, note, placed)
        if targets:
            svg.add_targets(root, state.board)
        return root

    def seats(self, record: MedinaRecord) -> tuple[tuple[str, tuple[str, ...]], ...]:
        setup = record.setup
        return () if setup is None else tuple((p.name, (p.colour,)) for p in setup.players)

    def edition(self, record: MedinaRecord) -> str | None:
        return None if record.setup is None else record.setup.edition

    def model(self, state: State) -> PositionModel[State, Turn]:
        from meridina.rules.medina.game_position import GamePosition

        from .model import MedinaModel

        return MedinaModel(GamePosition(state))

    def supplies(self, state: State) -> tuple[Supply, ...]:
        from .model import supplies

        return supplies(state)

    def details(self, sheet: ScoreSheet) -> tuple[ScoreDetail, ...]:
        from .model import details

        return details(sheet)

    def table_edition(self, final: State) -> str | None:
        return final.edition.name

    def ranking(self, sheet: ScoreSheet) -> list[tuple[str, int, int]]:
        return [(player.name, player.rank, player.total) for player in sheet.ranking()]

    def unfinished(self, sheet: ScoreSheet) -> list[str]:
        if sheet.finished:
            return []
        if not sheet.supplies_known:
            return [
                "a position whose pieces in hand are unknown: it may not be over "
                "('supplies: spent' says it is)"
            ]
        return ["not finished"]

    def is_stand_in(self, board: Board) -> bool:
        from meridina.rules.medina.board import PACKAGE

        from ..stand_in import marked_stand_in

        return marked_stand_in(PACKAGE, board.name)


GAME: ShownGame[State, Turn, Step, MedinaRecord, ScoreSheet, Board] = MedinaShown()
