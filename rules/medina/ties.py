"""Ties that a position's roof order decides: said as warnings next to the score."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise
from typing import ClassVar

from meridina.rules.codes import RuleCode
from meridina.rules.common import Place, Problem
from meridina.rules.rule_home import decides, words

from .faults import Fault
from .model import Setup, TieBreak, cell_name
from .scoring import PlayerScore, ScoreSheet
from .state import Palace, State


def _deciding_palace(state: State, row: PlayerScore) -> Palace | None:
    """The palace whose roof breaks a tie for ``row``: its earliest roofed largest one."""
    for palace in state.owned(row.colour):
        if palace.size == row.largest and palace.roofed_at == row.largest_roofed_at:
            return palace
    return None


def roof_order_warnings(setup: Setup, state: State, sheet: ScoreSheet) -> list[Problem]:
    """The warnings of rule MED-E5 (``e5_roof_order_ties``), each at its roof."""
    return [
        Problem(fault.rule, fault.message, where, warning=True)
        for fault, where in e5_roof_order_ties(setup, state, sheet)
    ]


@decides("MED-E5")
def e5_roof_order_ties(
    setup: Setup, state: State, sheet: ScoreSheet
) -> list[tuple[Fault, Place | None]]:
    """Warn where two players' ranks follow only from the order of a position's ``roofs:``.

    A position cannot show in which order its roofs went on; meridina takes the order
    they are listed in. When that order alone separates two players, the reader should
    know it, since a finished board is often typed in without regard to it.
    """
    position = setup.position
    if position is None or state.rulings.tie_break is not TieBreak.PALACE:
        return []
    listed: dict[int, tuple[str, Place | None]] = {}
    for owner, cell, where in position.roofs:
        ident = state.palace_at.get(cell)
        if ident is not None and ident not in listed:
            listed[ident] = (f"{owner}@{cell_name(cell)}", where)
    problems: list[tuple[Fault, Place | None]] = []
    for upper, lower in pairwise(sheet.ranking()):
        if (upper.total, upper.largest) != (lower.total, lower.largest) or upper.largest == 0:
            continue
        first, second = _deciding_palace(state, upper), _deciding_palace(state, lower)
        if first is None or second is None or not {first.ident, second.ident} <= set(listed):
            continue
        (first_roof, _), (second_roof, where) = listed[first.ident], listed[second.ident]
        problems.append((RoofOrderTie(upper, lower, first_roof, second_roof), where))
    return problems


@words("MED-E5")
@dataclass(slots=True)
class RoofOrderTie(Fault):
    """MED-E5: ``upper`` ranks above ``lower`` only as ``first_roof`` is listed before
    ``second_roof``."""

    rule: ClassVar[RuleCode] = "MED-E5"
    upper: PlayerScore
    lower: PlayerScore
    first_roof: str
    second_roof: str

    def words(self) -> str:
        upper, lower = self.upper, self.lower
        return (
            f"{upper.name or upper.colour} ranks above {lower.name or lower.colour} only "
            f"because roofs: lists {self.first_roof} before {self.second_roof}; check that "
            "this is the order the roofs went on"
        )
