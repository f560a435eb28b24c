"""The rules of a Medina game's set-up (MED-S1 to MED-S3): each decided by one function
named after it and worded by one.

The header is checked once a game, the players again wherever a turn or a written
position names one; a decider returns the ``Fault`` of each way its rule is broken.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING

from meridina.rules.common import Place
from meridina.rules.rule_home import decides

from .faults import Fault, wording
from .model import NEUTRAL, Setup, SetupFields, cell_name
from .state import MERCHANT, WELL, State

if TYPE_CHECKING:
    from .board import Board, Edition

# ---------------------------------------------------------------- MED-S1


@decides("MED-S1")
def s1_players(
    seats: Collection[str], player: str | None = None, edition: Edition | None = None
) -> list[Fault]:
    """With ``player``: that roof colour plays here, among the ``seats``. Else the
    players' roof colours (``seats``, in order) against ``edition``: as many players as
    it is made for, each a roof colour of its own that names no building colour."""
    if player is not None:
        return [] if player in seats else [Fault("MED-S1", ("absent", player))]
    assert edition is not None
    if len(seats) not in edition.supply:
        return [Fault("MED-S1", ("count", edition.name, edition.players, len(seats)))]
    faults = []
    seen: set[str] = set()
    for colour in seats:
        if edition.colour(colour) is not None or colour in (NEUTRAL, "roof"):
            faults.append(Fault("MED-S1", ("piece", colour)))
        elif colour in seen:
            faults.append(Fault("MED-S1", ("twice", colour)))
        seen.add(colour)
    return faults


@wording("MED-S1")
def s1_words(fault: Fault) -> str:
    case = fault.case
    if case == "absent":
        player = fault.facts[1]
        return (
            f"{player} is not playing"
            if fault.position
            else f"{player} is not playing in this game"
        )
    if case == "count":
        _, name, players, count = fault.facts
        allowed = " or ".join(str(n) for n in players)
        return f"the Medina edition {name} is for {allowed} players, not {count}"
    colour = fault.facts[1]
    if case == "piece":
        return (
            f"{colour!r} names a building colour or piece; give each player a "
            "roof colour such as red, blue, green or yellow"
        )
    return f"{colour} is given to two players"


# ---------------------------------------------------------------- MED-S2


@decides("MED-S2")
def s2_edition_fits(
    name: str,
    editions: Sequence[str] = (),
    edition: Edition | None = None,
    count: int = 0,
    options: Collection[str] | None = None,
    board: str | None = None,
    bundled: bool = False,
) -> list[Fault]:
    """Without ``edition``: ``name`` is one of the ``editions``. With it, for ``count``
    players: each of the chosen ``options`` is one of its own, and neutral roofs only
    where the supply has them; or a ``board`` shipped with meridina (``bundled``) is the
    edition's board for that many players."""
    if edition is None:
        if name not in editions:
            return [Fault("MED-S2", ("edition", name[:20], " or ".join(editions)))]
        return []
    if board is not None:
        if bundled and board != edition.boards[count]:
            return [Fault("MED-S2", ("board", board, count, edition.name, edition.boards[count]))]
        return []
    faults = []
    chosen = set(options or ())
    for option in sorted(chosen - set(edition.options)):
        known = ", ".join(edition.options) or "none"
        faults.append(Fault("MED-S2", ("option", edition.name, option, known)))
    if (
        "neutral-roofs" in edition.options
        and count != 2
        and edition.supply[count].neutral_roofs == 0
        and "neutral-roofs" in chosen
    ):
        faults.append(Fault("MED-S2", ("neutral", count)))
    return faults


@wording("MED-S2")
def s2_words(fault: Fault) -> str:
    case = fault.case
    if case == "edition":
        _, name, names = fault.facts
        return f"unknown edition {name!r}: meridina knows {names}"
    if case == "board":
        _, board, count, edition, wanted = fault.facts
        return f"board {board!r} is not for {count} players in edition {edition}; use {wanted!r}"
    if case == "option":
        _, edition, option, known = fault.facts
        return f"edition {edition} has no option {option!r} (it has: {known})"
    return f"there are no neutral roofs with {fault.facts[1]} players"


# ---------------------------------------------------------------- MED-S3


@decides("MED-S3")
def s3_setup_fields(state: State, setup: Setup, board: Board) -> list[tuple[Fault, Place | None]]:
    """The Setup tag gives the well's field when the game has one (and only then), and the
    first merchant's unless a position follows; each on a building field (by the ruling
    setup-fields, one away from the ring), the two apart. Each field that fits is placed
    on ``state``; each fault comes with its place."""
    faults: list[tuple[Fault, Place | None]] = []
    needs_well = "well" in state.options
    if needs_well and setup.well is None:
        faults.append((Fault("MED-S3", ("no well",)), setup.setup_at))
    if not needs_well and setup.well is not None:
        faults.append((Fault("MED-S3", ("well",)), setup.well[1]))
    for label, given in (
        ("well", setup.well if needs_well else None),
        ("merchant", setup.start_merchant),
    ):
        if given is None:
            continue
        cell, at = given
        inner = state.rulings.setup_fields is SetupFields.INNER
        if not board.is_building_field(cell) or (inner and board.is_border(cell)):
            faults.append((Fault("MED-S3", ("field", label, inner, cell)), at))
            continue
        if cell in state.pieces:
            faults.append((Fault("MED-S3", ("shared", cell)), at))
            continue
        if label == "well":
            state.well = cell
            state.pieces[cell] = WELL
        else:
            state.pieces[cell] = MERCHANT
            state.streets.append([cell])
    if setup.start_merchant is None and setup.position is None:
        faults.append((Fault("MED-S3", ("no merchant",)), setup.setup_at))
    return faults


@wording("MED-S3")
def s3_words(fault: Fault) -> str:
    case = fault.case
    if case == "no well":
        return 'the well is on: give its field, as [Setup "well F6; merchant H7"]'
    if case == "well":
        return "this game has no well"
    if case == "field":
        _, label, inner, cell = fault.facts
        where = "a building field that is not next to the ring" if inner else "a building field"
        return f"the {label} must stand on {where}, not {cell_name(cell)}"
    if case == "shared":
        return f"the well and the merchant share {cell_name(fault.facts[1])}"
    return 'give the first merchant\'s field, as [Setup "merchant H7"]'
