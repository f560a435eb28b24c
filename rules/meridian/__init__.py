"""The Meridian rules core."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meridina.rules.games import RulesGame

if TYPE_CHECKING:
    from collections.abc import Mapping

    from .engine import Step
    from .game import MeridianRules
    from .model import Setup, Turn
    from .scoring import ScoreSheet
    from .state import State


def _core() -> MeridianRules:
    from .game import RULES

    return RULES


def _ruling_names() -> Mapping[str, type]:
    from .model import RULING_NAMES

    return RULING_NAMES


GAME: RulesGame[Setup, State, Turn, Step, ScoreSheet] = RulesGame(
    "Meridian", "MER", "MERIDIAN.md", _core, _ruling_names
)
