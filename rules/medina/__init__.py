"""The Medina rules core (1st and 2nd edition)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meridina.rules.games import RulesGame

if TYPE_CHECKING:
    from collections.abc import Mapping

    from meridina.rules.rule_sets import RuleSet

    from .engine import Step
    from .game import MedinaRules
    from .model import Setup, Turn
    from .scoring import ScoreSheet
    from .state import State


def _core() -> MedinaRules:
    from .game import RULES

    return RULES


def _ruling_names() -> Mapping[str, type]:
    from .model import RULING_NAMES

    return RULING_NAMES


def _rule_sets() -> Mapping[str, RuleSet]:
    from .rule_sets import RULE_SETS

    return RULE_SETS


GAME: RulesGame[Setup, State, Turn, Step, ScoreSheet] = RulesGame(
    "Medina", "MED", "MEDINA.md", _core, _ruling_names, _rule_sets
)
