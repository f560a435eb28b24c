"""Medina's named rule sets: other engines' rules and the variants players publish.

Each set is listed with its source in the digest's "Rule sets" section (``seeds/MEDINA.md``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from meridina.rules.rule_sets import RuleSet, by_name, rule_set

from .model import (
    ForcedRoof,
    Retire,
    Rulings,
    SetupFields,
    StableMerchants,
    StableTower,
    StreetTouch,
    StuckPalace,
    TeaPlacement,
    ThreePlayerNeutral,
    TieBreak,
    WellBonus,
)

BOARDSPACE_SOURCE: Final = (
    "Boardspace's Medina engine, https://github.com/ddyer0/boardspace.net "
    "(client/boardspace-java/boardspace-games/medina/MedinaBoard.java)"
)
# The engine revisions that changed the rules; a game file names the one it was played under.
# Boardspace reads a file from before revision 100, which names none, as revision 1.
OLD_FILES_REVISION: Final = 1
BOARDSPACE_REVISIONS: Final = (OLD_FILES_REVISION, 100, 101, 102, 103)
NEWEST_REVISION: Final = BOARDSPACE_REVISIONS[-1]


def _summary(revision: int, newest: bool) -> str:
    if revision == OLD_FILES_REVISION:
        return "Boardspace's engine, files from before revision 100 (read as revision 1)"
    return f"Boardspace's engine, revision {revision}" + (" (the newest)" if newest else "")


def _boardspace(revision: int, name: str | None = None) -> RuleSet:
    """Boardspace's rules at an engine revision, with what every revision shares."""
    return rule_set(
        Rulings,
        name or f"boardspace-{revision}",
        _summary(revision, name is not None),
        BOARDSPACE_SOURCE,
        # revision 100 brought the check that every player roofs a palace of a colour; it
        # changes play only from 101 on, which then retires the colour, so 1 plays as 100
        # colour retirement came with revision 101
        retire_colours=Retire.YES if revision >= 101 else Retire.NO,
        # from 102 a new street's first merchant may touch at most one merchant
        new_street_touch=StreetTouch.ONE if revision >= 102 else StreetTouch.ANY,
        # from 103 a merchant next to a palace's stable counts for the palace
        stable_merchants=StableMerchants.YES if revision >= 103 else StableMerchants.NO,
        tie_break=TieBreak.NONE,  # a shared top score wins for nobody
        tea_placement=TeaPlacement.SECOND,  # a tea tile is offered only after a first piece
        forced_roof=ForcedRoof.OTHERS_STUCK,  # a roof is forced only when nobody else can move
        three_player_neutral=ThreePlayerNeutral.ALWAYS,  # one neutral roof each, no option
        # and where the engine agrees with meridina's defaults
        min_roof_size=1,  # any unroofed palace takes a roof
        well_bonus=WellBonus.PIECE,  # 4 for each piece on a field two steps from the well
        setup_fields=SetupFields.INNER,  # the well and first merchant off the border fields
        stable_tower=StableTower.ANYONE,  # a stable by anyone connects a palace to a tower
        stuck_palace=StuckPalace.NEW,  # a stuck palace lets a new one of its colour start
    )


BGA_SOURCE: Final = (
    "Board Game Arena's help page for Medina (2nd edition), "
    "https://en.doc.boardgamearena.com/Gamehelpmedina"
)
FRENCH_VARIANT_SOURCE: Final = (
    'the designer\'s site, Stefan Dorra: "Medina Variante française", '
    "https://dorra-spiele.de/medina-variante-francaise/"
)
BSW_SOURCE: Final = (
    "BrettspielWelt's Medina rules page, https://www.brettspielwelt.de/Hilfe/Anleitungen/Medina/"
)

RULE_SETS: Final[Mapping[str, RuleSet]] = by_name(
    *(_boardspace(revision) for revision in BOARDSPACE_REVISIONS),
    _boardspace(NEWEST_REVISION, "boardspace"),
    rule_set(
        Rulings,
        "bga",
        "Board Game Arena, as its help page describes the game",
        BGA_SOURCE,
        # the first merchant and the well are placed at random anywhere on the board
        setup_fields=SetupFields.ANY,
        new_street_touch=StreetTouch.ANY,  # a blocked street restarts anywhere
        stable_tower=StableTower.ANYONE,  # any stable that reaches a wall connects a palace
        tie_break=TieBreak.PALACE,  # the largest palace, then the one roofed first
        forced_roof=ForcedRoof.LAST_ROOFS,  # the 1st edition's rule, dropped in the 2nd
        three_player_neutral=ThreePlayerNeutral.OPTION,  # an option in the game of 3
        stable_merchants=StableMerchants.YES,  # stables are palace parts in every score
        stuck_palace=StuckPalace.NEW,  # a new palace once the current one cannot grow
    ),
    rule_set(
        Rulings,
        "french-variant",
        "the French variant published on the designer's site",
        FRENCH_VARIANT_SOURCE,
        # no new palace of a colour while one of that colour is stuck without a roof
        stuck_palace=StuckPalace.ROOF,
    ),
    rule_set(
        Rulings,
        "bsw",
        "BrettspielWelt (1st edition, with its tournament rules)",
        BSW_SOURCE,
        # once the street is blocked, a new one may start anywhere, border fields included
        new_street_touch=StreetTouch.ANY,
        setup_fields=SetupFields.INNER,  # the first merchant goes on no border field
        stuck_palace=StuckPalace.NEW,  # a new palace once the current one cannot grow
    ),
)


def boardspace_rule_set(revision: int) -> str:
    """The name of the rule set a Boardspace game file's engine revision played under.

    Files older than revision 100 carry no revision, and Boardspace reads them as revision 1:
    any revision below 100 plays as ``boardspace-1``. Revision 104 changed only which colour
    the neutral roofs are drawn in, so it and any later one play as 103.
    """
    played = [known for known in BOARDSPACE_REVISIONS if known <= revision]
    return f"boardspace-{played[-1] if played else OLD_FILES_REVISION}"


def rulings_of(name: str) -> Rulings:
    """The rulings the set ``name`` stands for (``KeyError`` for no such set)."""
    chosen: dict[str, Any] = dict(RULE_SETS[name].chosen)
    return Rulings(**chosen)
