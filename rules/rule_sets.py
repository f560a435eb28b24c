"""Named rule sets: one name that stands for a whole choice of a game's rulings.

A set names every ruling of its game: those its source fixes, and meridina's default for the
rest. So naming a set is the same as writing each of its rulings out, and a set named in a
record's Rulings tag decides every ruling there, over the config file and the command line.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from enum import Enum
from typing import Any

from .common import value

SET_ENTRY = "set"  # the entry of a rulings value that names a set: ``set=NAME``


@value
class RuleSet:
    """A named choice of rulings, with the published rules it follows."""

    name: str
    summary: str  # one line: whose rules these are
    source: str  # where they are published: an address, or the document
    chosen: tuple[tuple[str, Enum | int], ...]  # every ruling, as keyword arguments
    changed: tuple[tuple[str, Enum | int], ...]  # those that differ from the defaults

    def written(self) -> str:
        """The set's changes as a Rulings tag would write them: ``tie-break=none; ...``."""
        return "; ".join(f"{key.replace('_', '-')}={_text(v)}" for key, v in self.changed)


def _text(choice: Enum | int) -> str:
    return str(choice.value) if isinstance(choice, Enum) else str(choice)


def rule_set(make: Any, name: str, summary: str, source: str, **rulings: Enum | int) -> RuleSet:
    """A set of the rulings class ``make`` (a dataclass): ``rulings`` over its defaults."""
    chosen = make(**rulings)
    default = make()
    every = tuple((field.name, getattr(chosen, field.name)) for field in fields(chosen))
    changed = tuple((key, v) for key, v in every if getattr(default, key) != v)
    return RuleSet(name, summary, source, every, changed)


def by_name(*sets: RuleSet) -> Mapping[str, RuleSet]:
    found: dict[str, RuleSet] = {}
    for one in sets:
        if one.name in found:
            raise ValueError(f"rule set {one.name!r} defined twice")
        found[one.name] = one
    return found
