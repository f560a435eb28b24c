"""meridina: check, replay, annotate and score records of Meridian and Medina.

The Python API (``read_games``, ``read_text``, ``Game`` and the values it gives) is exported
here and documented in ``meridina.api``; it loads when first used, so that the command line
starts without it. This folder is also the top of the installed package: it holds the rules
digests (``MERIDIAN.md``, ``MEDINA.md``) as package data, read by ``meridina rules``, and
``__main__`` for ``python -m meridina``. Its packages hold what the API shows games with
(``drawing``, ``recording``, ``files`` and each game's); the layers below it are
``meridina.notation`` and ``meridina.rules``, and the command line above it is
``meridina.cli``.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .api import Game, read_games, read_text
    from .game_parts import MeridinaError, PlayedTurn, Player, Problem
    from .positions import Position, Score, ScoreRow, Turn
    from .reading import Header, read_headers
    from .recording import NextTurn, NextWords, Played, Recording
    from .tools.finding import GameFilter
    from .tools.generating import random_games, random_records
    from .tools.importing import Imported, import_boardspace
    from .tools.ratings import Ratings, ratings
    from .tools.replay_page import replay_page
    from .tools.standings import Standings, standings
    from .tools.statistics import Statistics, statistics

    __version__: str

__all__ = [
    "Game",
    "GameFilter",
    "Header",
    "Imported",
    "MeridinaError",
    "NextTurn",
    "NextWords",
    "Played",
    "PlayedTurn",
    "Player",
    "Position",
    "Problem",
    "Ratings",
    "Recording",
    "Score",
    "ScoreRow",
    "Standings",
    "Statistics",
    "Turn",
    "__version__",
    "import_boardspace",
    "random_games",
    "random_records",
    "ratings",
    "read_games",
    "read_headers",
    "read_text",
    "replay_page",
    "standings",
    "statistics",
]

RECORDING = frozenset({"NextTurn", "NextWords", "Played", "Recording"})  # in ``meridina.recording``
# the names of the API's other modules beside ``meridina.api``
BESIDE = {
    "Header": ".reading",
    "read_headers": ".reading",
    "Turn": ".positions",
    "random_games": ".tools.generating",
    "random_records": ".tools.generating",
    "Standings": ".tools.standings",
    "GameFilter": ".tools.finding",
    "Imported": ".tools.importing",
    "import_boardspace": ".tools.importing",
    "replay_page": ".tools.replay_page",
    "standings": ".tools.standings",
    "Ratings": ".tools.ratings",
    "ratings": ".tools.ratings",
    "Statistics": ".tools.statistics",
    "statistics": ".tools.statistics",
    "PlayedTurn": ".game_parts",
    "Player": ".game_parts",
}


def __getattr__(name: str) -> object:
    if name == "__version__":
        from ._version import VERSION

        return VERSION
    if name in RECORDING:
        return getattr(importlib.import_module(".recording", __name__), name)
    if name in BESIDE:
        return getattr(importlib.import_module(BESIDE[name], __name__), name)
    if name in __all__:
        return getattr(importlib.import_module(".api", __name__), name)
    raise AttributeError(f"module 'meridina' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(__all__)
