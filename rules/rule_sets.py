"""Named rule sets: one name that stands for a whole choice of a game's rulings.

A set names every ruling of its game: those its source fixes, and meridina's default for the
rest. So naming a set is the same as writing each of its rulings out, and a set named in a
record's Rulings tag decides every ruling there, over the config file and the command line.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import fields
from enum import Enum
from typing import TYPE_CHECKING

from .common import value

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

SET_ENTRY = "set"  # the entry of a rulings value that names a set: ``set=NAME``


@value
class RuleSet:
    """A named choice of rulings, with the published rules it follows."""

    name: str
    summary: str  # one line: whose rules these are
    source: str  # where they are published: an address, or the document
    chosen: tuple[tuple[str, Enum | int], ...]  # every ruling, as keyword arguments
    fixed: tuple[tuple[str, Enum | int], ...]  # those its source decides, default or not

    def written(self) -> str:
        """What its source decides, as a Rulings tag would write it: ``tie-break=none; ...``."""
        return "; ".join(f"{name}={text}" for name, text in self.fixed_texts())

    def fixed_texts(self) -> tuple[tuple[str, str], ...]:
        """What its source decides: each ruling's name and value as a Rulings tag has them."""
        return tuple((key.replace("_", "-"), _text(choice)) for key, choice in self.fixed)


def _text(choice: Enum | int) -> str:
    return str(choice.value) if isinstance(choice, Enum) else str(choice)


def rule_set(
    make: Callable[..., DataclassInstance],
    name: str,
    summary: str,
    source: str,
    **rulings: Enum | int,
) -> RuleSet:
    """A set of the rulings class ``make`` (a dataclass): ``rulings``, the ones its source
    decides, over the defaults."""
    chosen = make(**rulings)
    every = tuple((field.name, getattr(chosen, field.name)) for field in fields(chosen))
    fixed = tuple((key, choice) for key, choice in every if key in rulings)
    return RuleSet(name, summary, source, every, fixed)


def by_name(*sets: RuleSet) -> Mapping[str, RuleSet]:
    found: dict[str, RuleSet] = {}
    for one in sets:
        if one.name in found:
            raise ValueError(f"rule set {one.name!r} defined twice")
        found[one.name] = one
    return found
