"""Medina's named rule sets: other engines' rules and the variants players publish.

Each set is listed with its source in the digest's "Rule sets" section (``seeds/MEDINA.md``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from meridina.rules.rule_sets import RuleSet, by_name, rule_set

from .model import Retire, Rulings, StreetTouch, TeaPlacement, TieBreak

BOARDSPACE_SOURCE: Final = (
    "Boardspace's Medina engine, https://github.com/ddyer0/boardspace.net "
    "(client/boardspace-java/boardspace-games/medina/MedinaBoard.java)"
)
# The engine revisions that changed the rules; a game file names the one it was played under.
BOARDSPACE_REVISIONS: Final = (100, 101, 102, 103)
OLDEST_REVISION: Final = BOARDSPACE_REVISIONS[0]
NEWEST_REVISION: Final = BOARDSPACE_REVISIONS[-1]


def _boardspace(revision: int, name: str | None = None) -> RuleSet:
    """Boardspace's rules at an engine revision, with what every revision shares."""
    return rule_set(
        Rulings,
        name or f"boardspace-{revision}",
        f"Boardspace's engine, revision {revision}" + (" (the newest)" if name else ""),
        BOARDSPACE_SOURCE,
        # colour retirement came with revision 101
        retire_colours=Retire.YES if revision >= 101 else Retire.NO,
        # from 102 a new street's first merchant may touch at most one merchant
        new_street_touch=StreetTouch.ONE if revision >= 102 else StreetTouch.ANY,
        tie_break=TieBreak.NONE,  # a shared top score wins for nobody
        tea_placement=TeaPlacement.SECOND,  # a tea tile is offered only after a first piece
    )


RULE_SETS: Final[Mapping[str, RuleSet]] = by_name(
    *(_boardspace(revision) for revision in BOARDSPACE_REVISIONS),
    _boardspace(NEWEST_REVISION, "boardspace"),
)


def boardspace_rule_set(revision: int) -> str:
    """The name of the rule set a Boardspace game file's engine revision played under.

    Files older than revision 100 carry no revision, and Boardspace reads them as 100;
    revision 104 changed only which colour the neutral roofs are drawn in, so it and any
    later one play as 103.
    """
    return f"boardspace-{min(max(revision, OLDEST_REVISION), NEWEST_REVISION)}"


def rulings_of(name: str) -> Rulings:
    """The rulings the set ``name`` stands for (``KeyError`` for no such set)."""
    chosen: dict[str, Any] = dict(RULE_SETS[name].chosen)
    return Rulings(**chosen)
