"""The rules of a Medina game's set-up (MED-S1 to MED-S3): each decided by one function
named after it, its faults the classes gathered below it, which word themselves.

The header is checked once a game, the players again wherever a turn or a written
position names one; a decider returns the ``Fault`` of each way its rule is broken.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from meridina.rules.codes import RuleCode
from meridina.rules.common import Place
from meridina.rules.rule_home import decides, words

from .faults import Fault
from .model import NEUTRAL, Cell, Setup, SetupFields, cell_name
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
        return [] if player in seats else [S1Players.Absent(player)]
    assert edition is not None
    if len(seats) not in edition.supply:
        return [S1Players.Count(edition.name, edition.players, len(seats))]
    faults: list[Fault] = []
    seen: set[str] = set()
    for colour in seats:
        if edition.colour(colour) is not None or colour in (NEUTRAL, "roof"):
            faults.append(S1Players.Piece(colour))
        elif colour in seen:
            faults.append(S1Players.Twice(colour))
        seen.add(colour)
    return faults


@words("MED-S1")
class S1Players:
    """MED-S1's faults: a player not playing, a count the edition is not for, a roof
    colour that names a piece, one given twice."""

    @dataclass(slots=True)
    class Absent(Fault):
        rule: ClassVar[RuleCode] = "MED-S1"
        player: str

        def words(self) -> str:
            if self.position:
                return f"{self.player} is not playing"
            return f"{self.player} is not playing in this game"

    @dataclass(slots=True)
    class Count(Fault):
        """The edition ``name`` is for ``players``, not ``count``."""

        rule: ClassVar[RuleCode] = "MED-S1"
        name: str
        players: tuple[int, ...]
        count: int

        def words(self) -> str:
            allowed = " or ".join(str(n) for n in self.players)
            return f"the Medina edition {self.name} is for {allowed} players, not {self.count}"

    @dataclass(slots=True)
    class Piece(Fault):
        rule: ClassVar[RuleCode] = "MED-S1"
        colour: str

        def words(self) -> str:
            return (
                f"{self.colour!r} names a building colour or piece; give each player a "
                "roof colour such as red, blue, green or yellow"
            )

    @dataclass(slots=True)
    class Twice(Fault):
        rule: ClassVar[RuleCode] = "MED-S1"
        colour: str

        def words(self) -> str:
            return f"{self.colour} is given to two players"


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
            return [S2EditionFits.UnknownEdition(name[:20], " or ".join(editions))]
        return []
    if board is not None:
        if bundled and board != edition.boards[count]:
            return [S2EditionFits.WrongBoard(board, count, edition.name, edition.boards[count])]
        return []
    faults: list[Fault] = []
    chosen = set(options or ())
    for option in sorted(chosen - set(edition.options)):
        known = ", ".join(edition.options) or "none"
        faults.append(S2EditionFits.Option(edition.name, option, known))
    if (
        "neutral-roofs" in edition.options
        and count != 2
        and edition.supply[count].neutral_roofs == 0
        and "neutral-roofs" in chosen
    ):
        faults.append(S2EditionFits.Neutral(count))
    return faults


@words("MED-S2")
class S2EditionFits:
    """MED-S2's faults: an unknown edition, a board not the edition's, an option it lacks,
    neutral roofs its supply has none of."""

    @dataclass(slots=True)
    class UnknownEdition(Fault):
        rule: ClassVar[RuleCode] = "MED-S2"
        name: str
        names: str

        def words(self) -> str:
            return f"unknown edition {self.name!r}: meridina knows {self.names}"

    @dataclass(slots=True)
    class WrongBoard(Fault):
        """``board`` is not for ``count`` players in ``edition``, which uses ``wanted``."""

        rule: ClassVar[RuleCode] = "MED-S2"
        board: str
        count: int
        edition: str
        wanted: str

        def words(self) -> str:
            return (
                f"board {self.board!r} is not for {self.count} players in edition "
                f"{self.edition}; use {self.wanted!r}"
            )

    @dataclass(slots=True)
    class Option(Fault):
        rule: ClassVar[RuleCode] = "MED-S2"
        edition: str
        option: str
        known: str

        def words(self) -> str:
            return f"edition {self.edition} has no option {self.option!r} (it has: {self.known})"

    @dataclass(slots=True)
    class Neutral(Fault):
        rule: ClassVar[RuleCode] = "MED-S2"
        count: int

        def words(self) -> str:
            return f"there are no neutral roofs with {self.count} players"


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
        faults.append((S3SetupFields.NoWell(), setup.setup_at))
    if not needs_well and setup.well is not None:
        faults.append((S3SetupFields.Well(), setup.well[1]))
    for label, given in (
        ("well", setup.well if needs_well else None),
        ("merchant", setup.start_merchant),
    ):
        if given is None:
            continue
        cell, at = given
        inner = state.rulings.setup_fields is SetupFields.INNER
        if not board.is_building_field(cell) or (inner and board.is_border(cell)):
            faults.append((S3SetupFields.Field(label, inner, cell), at))
            continue
        if cell in state.pieces:
            faults.append((S3SetupFields.Shared(cell), at))
            continue
        if label == "well":
            state.well = cell
            state.pieces[cell] = WELL
        else:
            state.pieces[cell] = MERCHANT
            state.streets.append([cell])
    if setup.start_merchant is None and setup.position is None:
        faults.append((S3SetupFields.NoMerchant(), setup.setup_at))
    return faults


@words("MED-S3")
class S3SetupFields:
    """MED-S3's faults: the well's field missing or given where the game has none, a field
    that may not hold the well or merchant, the two on one field, no merchant's field."""

    @dataclass(slots=True)
    class NoWell(Fault):
        rule: ClassVar[RuleCode] = "MED-S3"

        def words(self) -> str:
            return 'the well is on: give its field, as [Setup "well F6; merchant H7"]'

    @dataclass(slots=True)
    class Well(Fault):
        rule: ClassVar[RuleCode] = "MED-S3"

        def words(self) -> str:
            return "this game has no well"

    @dataclass(slots=True)
    class Field(Fault):
        """The ``label`` ("well", "merchant") on ``cell``; ``inner``: by setup-fields=inner."""

        rule: ClassVar[RuleCode] = "MED-S3"
        label: str
        inner: bool
        cell: Cell

        def words(self) -> str:
            if self.inner:
                where = "a building field that is not next to the ring"
            else:
                where = "a building field"
            return f"the {self.label} must stand on {where}, not {cell_name(self.cell)}"

    @dataclass(slots=True)
    class Shared(Fault):
        rule: ClassVar[RuleCode] = "MED-S3"
        cell: Cell

        def words(self) -> str:
            return f"the well and the merchant share {cell_name(self.cell)}"

    @dataclass(slots=True)
    class NoMerchant(Fault):
        rule: ClassVar[RuleCode] = "MED-S3"

        def words(self) -> str:
            return 'give the first merchant\'s field, as [Setup "merchant H7"]'
