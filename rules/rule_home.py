"""Where each rule lives: the one function that decides it and the one that words its fault.

A rule's condition is written once, in a function marked ``@decides("MER-R3")``, and every
path that plays a turn (fast or worded, whole game or turn by turn, legal-move search or check)
calls that function. A fast path may skip the wording, never the condition: a decider returns a
cheap fault value (the rule ID and the facts its message needs), and the message is made from
that value, only when it is shown, by the one function marked ``@words("MER-R3")``.
A notation or data-file code (REC-..., DATA-1) is given to its faults by one function,
marked ``@gives``. ``tests/test_rule_home.py`` holds each rule to one decider and one wording.

The marks cost nothing when a rule is checked: they return the function itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from .codes import CODES, RuleCode

Function = TypeVar("Function", bound=Callable[..., object])

DECIDERS: dict[str, str] = {}  # rule ID -> module.qualname of the function that decides it
WORDINGS: dict[str, str] = {}  # rule ID -> module.qualname of the function that words it


def _mark(
    table: dict[str, str], role: str, rules: tuple[RuleCode, ...]
) -> Callable[[Function], Function]:
    for rule in rules:
        if rule not in CODES:
            raise ValueError(f"{rule!r} is not a rule code")

    def mark(function: Function) -> Function:
        name = f"{function.__module__}.{function.__qualname__}"
        for rule in rules:
            held = table.setdefault(rule, name)
            if held != name:
                raise RuntimeError(f"{rule} would be {role} twice: by {held} and by {name}")
        return function

    return mark


def decides(*rules: RuleCode) -> Callable[[Function], Function]:
    """Mark the one function whose code decides whether ``rules`` are broken."""
    return _mark(DECIDERS, "decided", rules)


def gives(*rules: RuleCode) -> Callable[[Function], Function]:
    """Mark the one function that gives every fault of a notation or data-file code
    (REC-..., DATA-1) its code: the grammar and the readers find what they cannot read as
    they go, and make each such fault through it. It is the code's decider in ``DECIDERS``."""
    return _mark(DECIDERS, "decided", rules)


def words(*rules: RuleCode) -> Callable[[Function], Function]:
    """Mark the one function that turns a fault of ``rules`` into a player's sentence."""
    return _mark(WORDINGS, "worded", rules)


def filed_words(table: dict[str, Function]) -> Callable[[RuleCode], Callable[[Function], Function]]:
    """``words`` for a module that finds a fault's wording by its rule: the decorator
    ``filed_words(table)(rule)`` marks the function as the rule's wording and files it in
    ``table`` under the rule."""

    def wording(rule: RuleCode) -> Callable[[Function], Function]:
        mark = words(rule)

        def file(function: Function) -> Function:
            table[rule] = function
            return mark(function)

        return file

    return wording
