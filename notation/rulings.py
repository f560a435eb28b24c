"""Rulings, wherever they are set, read by one parser and merged in one order.

A ruling is set by a config file, by the command line, or by a record's own Rulings tag; for
each ruling it names, a later source wins over an earlier one (``merged``). Every source's
name and value go through ``read_ruling``, so a bad one is told in the same sentence wherever
it was written. A game's rulings are made once, when its header is read (``RulingsReader``).

A source may name a rule set (``set=NAME``, read by ``read_rule_set``): it stands for every
ruling of its game, and the single rulings the same source writes beside it win over it,
wherever they stand. Since a set names every ruling, a set in a later source decides every
ruling its source does not write itself.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import Enum
from typing import Generic, TypeVar

from meridina.rules.common import Place, Problem
from meridina.rules.games import GAMES, listed, rules_game
from meridina.rules.numbers import read_number
from meridina.rules.rule_sets import SET_ENTRY, RuleSet

from .slips import tag_fault
from .tagvalues import kept_by_text, split_value
from .text import Tag

R = TypeVar("R")

RulingValue = Enum | int  # a ruling's value: a member of its Enum, or a number
RulingKind = type[Enum] | type[int]  # a ruling's type, which reads its value


# Rulings as keyword arguments of a game's Rulings, and the faults of a Rulings tag's value:
# each message with its column offset from the value's place.
Chosen = tuple[tuple[str, RulingValue], ...]
Faults = tuple[tuple[str, int], ...]


class RulingFault(ValueError):
    """A ruling's name or value that its game does not know; ``str`` is the sentence."""


def ruling_names(game: str) -> Mapping[str, RulingKind] | None:
    """A game's rulings, each with its type (an Enum of the allowed values, or int)."""
    if listed(game) is None:
        return None
    return rules_game(game).ruling_names


def rule_sets(game: str) -> Mapping[str, RuleSet]:
    """A game's named rule sets; none for a game that is not listed."""
    if listed(game) is None:
        return {}
    return rules_game(game).rule_sets


def read_rule_set(name: str, sets: Mapping[str, RuleSet]) -> Chosen:
    """Every ruling the rule set ``name`` chooses; ``RulingFault`` when no set has the name."""
    found = sets.get(name.strip().lower())
    if found is None:
        known = ", ".join(sets) or "none"
        raise RulingFault(f"unknown rule set {name.strip()!r} (known: {known})")
    return found.chosen


def read_ruling(
    name: str, value: str, names: Mapping[str, RulingKind], game: str = ""
) -> tuple[str, RulingValue]:
    """One ruling as a keyword argument of the game's Rulings; ``RulingFault`` when bad.

    ``names`` is as ``ruling_names`` gives; ``game``, when given, names the game in the
    sentence for an unknown name.
    """
    kind = names.get(name)
    if kind is None:
        known = ", ".join(names)
        whose = f"{game} ruling" if game else "ruling"
        raise RulingFault(f"unknown {whose} {name!r} (known: {known})")
    try:
        return name.replace("-", "_"), _ruling_value(kind, value.strip().lower())
    except ValueError:
        allowed = ", ".join(str(m.value) for m in kind) if issubclass(kind, Enum) else "a number"
        raise RulingFault(f"ruling {name} takes one of: {allowed}") from None


def _ruling_value(kind: RulingKind, value: str) -> RulingValue:
    """An Enum member, or a bounded number of ASCII digits; ValueError when neither."""
    if kind is int:
        number = read_number(value)
        if number is None:
            raise ValueError(value)
        return number
    return kind(value)


def choose_rulings(
    value: str, names: Mapping[str, RulingKind], sets: Mapping[str, RuleSet] | None = None
) -> tuple[Chosen, Faults]:
    """The rulings a Rulings tag's value (``name=value; ...``) chooses, and its faults.

    A ``set=NAME`` entry chooses every ruling of the set ``sets`` names; the single rulings
    of the value win over it. A value names one set at most.
    """
    chosen: dict[str, RulingValue] = {}
    from_set: Chosen = ()
    set_named = ""
    faults = []
    for text, offset in split_value(value):
        name, _, choice = (piece.strip().lower() for piece in text.partition("="))
        try:
            if name == SET_ENTRY:
                if set_named:
                    raise RulingFault(
                        f"a second rule set ({choice!r} after {set_named!r}): "
                        "name one set and write single rulings beside it"
                    )
                from_set = read_rule_set(choice, sets or {})
                set_named = choice
                continue
            key, ruling = read_ruling(name, choice, names)
        except RulingFault as fault:
            faults.append((str(fault), offset))
            continue
        chosen[key] = ruling
    if from_set:
        chosen = {**dict(from_set), **chosen}
    return tuple(chosen.items()), tuple(faults)


def rulings_by_game(value: str) -> tuple[dict[str, dict[str, RulingValue]], tuple[str, ...]]:
    """Rulings given outside a record as a Rulings tag's value, by game, and its faults.

    Each ruling goes to the game that has it (no two games share a ruling's name); a name
    no game has is a fault that lists every game's rulings.
    """
    games = {game.key: rules_game(game.key).ruling_names for game in GAMES}
    every = {name: kind for names in games.values() for name, kind in names.items()}
    game_of = {name.replace("-", "_"): game for game, names in games.items() for name in names}
    sets = {name: one for game in GAMES for name, one in rules_game(game.key).rule_sets.items()}
    chosen, faults = choose_rulings(value, every, sets)
    by_game: dict[str, dict[str, RulingValue]] = {}
    for key, ruling in chosen:
        by_game.setdefault(game_of[key], {})[key] = ruling
    return by_game, tuple(message for message, _ in faults)


def merged(*sources: Mapping[str, RulingValue] | None) -> dict[str, RulingValue]:
    """One game's rulings from ``sources``, each winning over those before it.

    The order is config file, command line, the record's own Rulings tag.
    """
    result: dict[str, RulingValue] = {}
    for source in sources:
        if source:
            result.update(source)
    return result


def merged_by_game(
    *sources: Mapping[str, Mapping[str, RulingValue]] | None,
) -> dict[str, dict[str, RulingValue]]:
    """Rulings by game from ``sources`` outside the record (config file, command line)."""
    games = {game: None for source in sources if source for game in source}
    return {game: merged(*(source.get(game) for source in sources if source)) for game in games}


class RulingsReader(Generic[R]):
    """One game's rulings, made when its header is read: outside rulings under its tag's.

    ``make`` builds the game's (immutable) Rulings from keyword arguments; ``names`` is as
    ``ruling_names`` gives, ``sets`` the game's rule sets. What a tag's value chooses is
    kept by its text.
    """

    def __init__(
        self,
        names: Mapping[str, RulingKind],
        make: Callable[..., R],
        sets: Mapping[str, RuleSet] | None = None,
    ) -> None:
        self.names = names
        self.sets = sets
        self.make = make
        self.default = make()
        self._read = kept_by_text(self._rulings)

    def _rulings(self, value: str) -> tuple[R, Chosen, Faults]:
        chosen, faults = choose_rulings(value, self.names, self.sets)
        return self.make(**dict(chosen)), chosen, faults

    def __call__(
        self,
        tag: Tag | None,
        problems: list[Problem],
        outside: Mapping[str, RulingValue] | None = None,
    ) -> R:
        """The game's rulings: ``outside`` (config, then command line) where the tag is silent."""
        if tag is None:
            return self.make(**outside) if outside else self.default
        rulings, chosen, faults = self._read(tag.value)
        if faults:
            line, col = tag.value_at.line, tag.value_at.col
            for message, offset in faults:
                problems.append(tag_fault(message, Place(line, col + offset)))
        if outside:
            return self.make(**merged(outside, dict(chosen)))
        return rulings
