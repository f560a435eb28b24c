"""Every game the rules know, listed once; a game's modules load when it is first asked for.

Each game's package holds its descriptor, ``GAME`` in its ``__init__``: a ``RulesGame``
typed by that game's own setup, state, turn, step and score sheet. The layers above ask
this registry, never a game by name, so a game is added by its folder and one line here.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from enum import Enum
from functools import cache, cached_property
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, TypeVar

if TYPE_CHECKING:
    from .game import HasState, RulesCore
    from .rule_sets import RuleSet

# The game's own types (as ``rules/game.py`` names them); the registry is read on every
# start, so it loads nothing more than it needs.
SetupT = TypeVar("SetupT")
StateT = TypeVar("StateT")
TurnT = TypeVar("TurnT")
StepT = TypeVar("StepT", bound="HasState[object]")
SheetT = TypeVar("SheetT")


class Listed(NamedTuple):
    """A game as its registry line gives it: known without loading any of its modules."""

    title: str  # as a record's Game tag names it
    package: str  # the game's package in this layer; its ``GAME`` is the descriptor

    @property
    def key(self) -> str:
        """The game's name in option values, config tables and JSON: its title in lower case."""
        return self.title.lower()


GAMES: tuple[Listed, ...] = (
    Listed("Meridian", "meridina.rules.meridian"),
    Listed("Medina", "meridina.rules.medina"),
)


class RulesGame(Generic[SetupT, StateT, TurnT, StepT, SheetT]):
    """One game's rules: its rules core, its rule codes and digest, its rulings and rule sets.

    The core and the rulings' names are loaded on first use, so naming a game's
    descriptor loads none of its rules.
    """

    def __init__(
        self,
        title: str,
        code_prefix: str,
        digest: str,
        core: Callable[[], RulesCore[SetupT, StateT, TurnT, StepT, SheetT]],
        ruling_names: Callable[[], Mapping[str, type[Enum] | type[int]]],
        rule_sets: Callable[[], Mapping[str, RuleSet]] | None = None,
    ) -> None:
        self.title = title
        self.code_prefix = code_prefix  # every rule code of the game starts "PREFIX-"
        self.digest = digest  # the digest in seeds/ that numbers the game's rules
        self._core = core
        self._ruling_names = ruling_names
        self._rule_sets = rule_sets

    @cached_property
    def core(self) -> RulesCore[SetupT, StateT, TurnT, StepT, SheetT]:
        return self._core()

    @cached_property
    def ruling_names(self) -> Mapping[str, type[Enum] | type[int]]:
        """Each ruling the game knows, with its type (an Enum of the allowed values, or int)."""
        return self._ruling_names()

    @cached_property
    def rule_sets(self) -> Mapping[str, RuleSet]:
        """The game's named rule sets by name (``set=NAME`` in a rulings value)."""
        return self._rule_sets() if self._rule_sets else {}


def listed(key: str) -> Listed | None:
    """The game whose key (title in lower case) is ``key``; None for no game."""
    return _BY_KEY.get(key)


_BY_KEY = {game.key: game for game in GAMES}


# The registry's one untyped boundary: which game a key names is known only when it is
# asked for, and each caller uses the descriptor with that game's own types.
SomeRulesGame = RulesGame[Any, Any, Any, Any, Any]


@cache
def rules_game(key: str) -> SomeRulesGame:
    """The rules descriptor of a listed game."""
    descriptor: SomeRulesGame = importlib.import_module(_BY_KEY[key].package).GAME
    return descriptor


def game_of(value: object) -> Listed | None:
    """The game whose rules made ``value`` (a board, a state), told by its class's module."""
    return _game_of_module(type(value).__module__)


@cache
def _game_of_module(module: str) -> Listed | None:
    return next((game for game in GAMES if module.startswith(game.package + ".")), None)


def titles(joiner: str) -> str:
    """The games' titles as a sentence lists them: ``Meridian and Medina`` (``joiner``
    "and"), ``A, B or C``."""
    names = [game.title for game in GAMES]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} {joiner} {names[-1]}"


def keys(joiner: str) -> str:
    """The games' keys as a sentence or a help text lists them: ``meridian, medina``
    (``joiner`` ", "), ``meridian|medina`` ("|")."""
    return joiner.join(game.key for game in GAMES)
