"""A broken Meridian rule as a value, and the one place each rule's message is made from it.

A rule's decider returns a ``Fault`` (the rule and the facts its message needs) or None;
the function marked ``@wording`` for the rule turns a fault into a sentence, only when it
is shown.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from meridina.rules.codes import RuleCode
from meridina.rules.rule_home import filed_words


@dataclass(slots=True)
class Fault:
    """A broken rule and the facts its message needs; ``taking_off`` when the turn's
    take-off broke it (the message is placed there). Not frozen: a frozen one costs
    three times as much to make, and the search for a legal move makes many."""

    rule: RuleCode
    facts: tuple[Any, ...]
    taking_off: bool = False


Wording = Callable[..., str]
_WORDING: dict[str, Wording] = {}
wording = filed_words(_WORDING)  # ``words`` that also files the function for ``word``


def word(fault: Fault, meridian: int, colour: str = "", who: str = "") -> str:
    """A fault on ``meridian`` in a player's words; ``colour`` is the mover's and ``who``
    names its player."""
    return _WORDING[fault.rule](meridian, colour, who, *fault.facts)
