"""A refused roof's consequence, told once per palace (``SaysOnce``).

A roof refused (too small a palace under min-roof-size, a second palace of a colour for its
player, no roof left) leaves its palace unfinished, while the players go on as though it were
roofed: every later building of that colour away from it breaks MED-B2 in the same words. The
game's list tells the first of these once, pointing back at the refused roof by its turn and
field (words that stay true when a formatter moves the lines), and leaves out
the rest while the palace stays as it was when its roof was refused. Each turn's own step
keeps every problem: the turn is refused all the same.
"""

from __future__ import annotations

from typing import Any

from meridina.rules.common import Place, Problem

from .engine import Step
from .faults import B2OnePalaceGrows
from .model import BUILDING_KIND, NEUTRAL_KIND, ROOF_KIND, Placement, Turn, cell_name
from .placing import b2_palace_to_join
from .state import State

# memory keys: ("roof", palace ident) -> (the refused roof in words, the palace's buildings
# then); ("told", palace ident) -> True once its consequence is told
_ROOF, _TOLD = "roof", "told"


def told(before: State, turn: Turn, step: Step, memory: dict[Any, Any]) -> list[Problem]:
    """``step``'s problems as the game's list tells them (see the module's docstring)."""
    problems = step.problems
    if not problems or step.ignored:
        return list(problems)
    refused = {problem.at for problem in problems if not problem.warning}
    kept: list[Problem] = []
    for problem in problems:
        placement = _refused_building(turn, problem)
        cause = None if placement is None else _cause(before, placement, problem, memory)
        if cause is None:
            kept.append(problem)
            continue
        ident, roof = cause
        if (_TOLD, ident) in memory:
            continue
        memory[_TOLD, ident] = True
        kept.append(
            Problem(
                problem.rule,
                f"{problem.message} (because of {roof})",
                problem.at,
                problem.warning,
            )
        )
    _remember_refused_roofs(turn, step.state, refused, memory)
    return kept


def _refused_building(turn: Turn, problem: Problem) -> Placement | None:
    if problem.warning or problem.at is None:
        return None
    for placement in turn.placements:
        if placement.kind is BUILDING_KIND and placement.at == problem.at:
            return placement
    return None


def _cause(
    before: State, placement: Placement, problem: Problem, memory: dict[Any, Any]
) -> tuple[int, str] | None:
    """The palace whose refused roof this building's fault follows from, and that roof in
    words; None when the fault is not such a consequence."""
    if not memory or placement.cell is None or placement.colour is None:
        return None
    fault = b2_palace_to_join(before, placement.colour, placement.cell, False)
    if not isinstance(fault, B2OnePalaceGrows.Unjoined) or fault.rule != problem.rule:
        return None
    for ident in fault.named:  # the palaces the building should have joined
        remembered = memory.get((_ROOF, ident))
        if remembered is None:
            continue
        roof, buildings = remembered
        palace = before.palaces.get(ident)
        if palace is None or palace.roofed or frozenset(palace.buildings) != buildings:
            # the palace has changed since: what follows is no longer that roof's doing
            del memory[_ROOF, ident]
            memory.pop((_TOLD, ident), None)
            continue
        return ident, roof
    return None


def _remember_refused_roofs(
    turn: Turn, after: State, refused: set[Place | None], memory: dict[Any, Any]
) -> None:
    for placement in turn.placements:
        if placement.kind not in (ROOF_KIND, NEUTRAL_KIND) or placement.at not in refused:
            continue
        ident = None if placement.cell is None else after.palace_at.get(placement.cell)
        if ident is None or (_ROOF, ident) in memory or placement.cell is None:
            continue
        palace = after.palaces[ident]
        if not palace.roofed:
            kind = "neutral roof" if placement.kind is NEUTRAL_KIND else "roof"
            roof = f"turn {turn.number}'s refused {kind} on {cell_name(placement.cell)}"
            memory[_ROOF, ident] = (roof, frozenset(palace.buildings))
