"""A refused tower's repeated consequence, told once per meridian (``SaysOnce``).

A tower or a take-off refused leaves its meridian as it was, while the players go on as
though it had been made: later turns on that meridian then break a tower rule again in the
same words ("meridian 7 is empty: its first tower must be at least 2 high"). The game's list
tells such a repeat once, pointing back at the refused tower by its turn (words that stay
true when a formatter moves the lines), and leaves out the next ones,
until a tower or take-off is made on that meridian without a fault. A fault in other words is
told as usual: it may well be a fault of its own. Each turn's own step keeps every problem:
the turn is refused all the same.
"""

from __future__ import annotations

from typing import Any

from meridina.rules.common import Problem

from .engine import Step
from .model import Turn
from .state import State

# memory keys: ("cause", meridian) -> the refused tower or take-off in words;
# ("said", meridian) -> the (rule, words) of the faults told on it since; ("told", meridian) ->
# those of them told again as a consequence
_CAUSE, _SAID, _TOLD = "cause", "said", "told"


def told(before: State, turn: Turn, step: Step, memory: dict[Any, Any]) -> list[Problem]:
    """``step``'s problems as the game's list tells them (see the module's docstring)."""
    problems = step.problems
    if step.ignored:
        return list(problems)
    meridian = turn.meridian
    actions = [action for action in (turn.take_off, turn.build) if action is not None]
    places = {action.at for action in actions if action.at is not None}
    faulty = [p for p in problems if not p.warning and p.at in places]
    cause: str | None = memory.get((_CAUSE, meridian))
    if cause is None:
        if faulty and step.effect is None:  # refused: the meridian is left as it was
            build = turn.build
            what = "tower" if build is not None and faulty[0].at == build.at else "take-off"
            memory[_CAUSE, meridian] = f"turn {turn.number}'s refused {what} on meridian {meridian}"
            memory[_SAID, meridian] = {(p.rule, p.message) for p in faulty}
            memory[_TOLD, meridian] = set()
        return list(problems)
    if not faulty:
        if actions and step.effect is not None:  # made without a fault: the link ends here
            for key in (_CAUSE, _SAID, _TOLD):
                del memory[key, meridian]
        return list(problems)
    said: set[tuple[str, str]] = memory[_SAID, meridian]
    again: set[tuple[str, str]] = memory[_TOLD, meridian]
    because = f" (because of {cause})"
    kept = []
    consequences = {id(p) for p in faulty}
    for problem in problems:
        words = (problem.rule, problem.message)
        if id(problem) not in consequences:
            kept.append(problem)
        elif words not in said:  # other words: perhaps a fault of its own
            said.add(words)
            kept.append(problem)
        elif words not in again:
            again.add(words)
            kept.append(Problem(problem.rule, problem.message + because, problem.at))
    return kept
