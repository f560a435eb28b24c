"""Medina's plain values: cells, pieces, placements, turns and a game's setup."""

from __future__ import annotations

from dataclasses import field
from enum import Enum
from typing import Final

from meridina.rules.common import Place, value
from meridina.rules.numbers import read_number
from meridina.rules.values_fast import fast_value

Cell = tuple[int, int]  # (column, row): column 0 = A, row 1 = the bottom row

NEUTRAL = "neutral"  # the owner of a palace under a neutral roof


def cell_name(cell: Cell) -> str:
    return f"{chr(ord('A') + cell[0])}{cell[1]}"


def parse_cell(text: str) -> Cell | None:
    """``E5`` -> (4, 5); None when the text is not a cell name."""
    row = read_number(text[1:])
    letter = text[:1]
    if row is None or not (letter.isascii() and letter.isalpha()):
        return None
    return (ord(text[0].upper()) - ord("A"), row)


class Kind(Enum):
    BUILDING = "building"
    ROOF = "roof"
    NEUTRAL_ROOF = "neutral"
    STABLE = "stable"
    MERCHANT = "merchant"
    WALL = "wall"
    TEA = "tea"  # a tea tile played instead of a piece

    # Each member is the one object of its kind: hashed by identity, in C, rather than
    # by its name through Enum's own __hash__ (kinds key the per-piece tables).
    __hash__ = object.__hash__


# Each kind as a plain module name: on Python 3.11 reading a member off an Enum class
# costs about ten times as much, and the per-turn code reads them often.
BUILDING_KIND: Final = Kind.BUILDING
ROOF_KIND: Final = Kind.ROOF
NEUTRAL_KIND: Final = Kind.NEUTRAL_ROOF
STABLE_KIND: Final = Kind.STABLE
MERCHANT_KIND: Final = Kind.MERCHANT
WALL_KIND: Final = Kind.WALL
TEA_KIND: Final = Kind.TEA

PIECE_WORDS = {
    "roof": Kind.ROOF,
    "neutral": Kind.NEUTRAL_ROOF,
    "stable": Kind.STABLE,
    "merchant": Kind.MERCHANT,
    "wall": Kind.WALL,
}


@fast_value  # made for every piece of every turn
class Placement:
    """One piece put on a cell (a building has its colour); or a tea tile played."""

    kind: Kind
    cell: Cell | None = None
    colour: str | None = None  # the building colour
    at: Place | None = None


@fast_value  # made for every turn
class Turn:
    """A player's turn: up to two placements, or a pass."""

    player: str  # the player's roof colour
    placements: tuple[Placement, ...] = ()
    passed: bool = False
    number: int = 0
    at: Place | None = None
    player_at: Place | None = None


@value
class Player:
    name: str
    colour: str  # roof colour, names the player in turns


class StreetTouch(Enum):
    """How many merchants the first merchant of a new market street may touch."""

    ANY = "any"  # any number: the 1st edition's "any free field"
    ONE = "one"  # at most one
    NONE = "none"  # none at all


class TeaPlacement(Enum):
    SECOND = "second"  # a tea tile stands for the turn's second placement
    EITHER = "either"  # it may stand for either placement


class Retire(Enum):
    YES = "yes"  # buildings of a colour every player owns leave the game
    NO = "no"


class WellBonus(Enum):
    PIECE = "piece"  # the bonus for each building or stable on a bonus field
    PALACE = "palace"  # the bonus once for a palace with any piece on a bonus field


class SetupFields(Enum):
    INNER = "inner"  # the first merchant and the well stay off the border fields
    ANY = "any"  # any building field will do


class StableTower(Enum):
    ANYONE = "anyone"  # a stable placed by anyone connects a roofed palace to a tower
    OWNER = "owner"  # only a stable placed by the palace's owner does


class TieBreak(Enum):
    PALACE = "palace"  # the larger largest palace, then the earlier roof on it
    NONE = "none"  # equal points share a place


class StableMerchants(Enum):
    YES = "yes"  # a merchant next to a palace's stable counts for the palace
    NO = "no"  # only merchants next to its buildings count


class ForcedRoof(Enum):
    LAST_ROOFS = "last-roofs"  # 1st edition: the only player with roofs left places one
    OTHERS_STUCK = "others-stuck"  # both editions: when nobody else can place a piece


class ThreePlayerNeutral(Enum):
    OPTION = "option"  # the game of 3 has neutral roofs with the neutral-roofs option
    ALWAYS = "always"  # it always has them, as the game of 2 does


class StuckPalace(Enum):
    NEW = "new"  # a stuck palace lets a new palace of its colour start
    ROOF = "roof"  # no new palace of its colour until the stuck one is roofed


@value
class Rulings:
    """meridina's choices where the rulebooks are silent; a Rulings tag overrides."""

    new_street_touch: StreetTouch = StreetTouch.ANY
    tea_placement: TeaPlacement = TeaPlacement.EITHER
    retire_colours: Retire = Retire.YES
    min_roof_size: int = 1
    well_bonus: WellBonus = WellBonus.PIECE
    setup_fields: SetupFields = SetupFields.INNER
    stable_tower: StableTower = StableTower.ANYONE
    tie_break: TieBreak = TieBreak.PALACE
    stable_merchants: StableMerchants = StableMerchants.YES
    forced_roof: ForcedRoof = ForcedRoof.LAST_ROOFS
    three_player_neutral: ThreePlayerNeutral = ThreePlayerNeutral.OPTION
    stuck_palace: StuckPalace = StuckPalace.NEW


RULING_NAMES: dict[str, type[Enum] | type[int]] = {
    "new-street-touch": StreetTouch,
    "tea-placement": TeaPlacement,
    "retire-colours": Retire,
    "min-roof-size": int,
    "well-bonus": WellBonus,
    "setup-fields": SetupFields,
    "stable-tower": StableTower,
    "tie-break": TieBreak,
    "stable-merchants": StableMerchants,
    "forced-roof": ForcedRoof,
    "three-player-neutral": ThreePlayerNeutral,
    "stuck-palace": StuckPalace,
}


@value
class StartPosition:
    """A city written out: pieces on cells, roofs, tile holders, what is left in hand."""

    buildings: tuple[tuple[str, Cell, Place | None], ...] = ()  # (colour, cell, place)
    stables: tuple[tuple[Cell, Place | None], ...] = ()
    merchants: tuple[tuple[Cell, Place | None], ...] = ()
    walls: tuple[tuple[Cell, Place | None], ...] = ()
    roofs: tuple[tuple[str, Cell, Place | None], ...] = ()  # (owner or NEUTRAL, cell, place)
    palace_tiles: dict[str, tuple[str | None, Place | None]] = field(default_factory=dict)
    tower_tiles: dict[int, tuple[str | None, Place | None]] = field(default_factory=dict)
    tea: dict[str, tuple[int, Place | None]] = field(default_factory=dict)
    to_move: tuple[str, Place | None] | None = None
    at: Place | None = None
    # How many of ``merchants`` each ``merchants:`` entry lists, in order; empty: one entry.
    # Each entry holds one or more market streets, in the order they were started.
    merchant_entries: tuple[int, ...] = ()
    # Where ``supplies: spent`` says the game is over (no player holds a piece they can
    # still place); None: what is left in hand is not known.
    spent: Place | None = None

    def merchant_groups(self) -> list[tuple[tuple[Cell, Place | None], ...]]:
        """The merchants of each ``merchants:`` entry, in the order written."""
        sizes = self.merchant_entries or (len(self.merchants),)
        groups = []
        start = 0
        for size in sizes:
            groups.append(self.merchants[start : start + size])
            start += size
        return groups


@value
class Setup:
    """What a Medina record's header says."""

    edition: str
    players: tuple[Player, ...]
    options: frozenset[str] | None = None  # None: the edition's defaults
    board: str | None = None  # None: the edition's board for the player count
    start_merchant: tuple[Cell, Place | None] | None = None
    well: tuple[Cell, Place | None] | None = None
    rulings: Rulings = Rulings()
    position: StartPosition | None = None
    result: dict[str, tuple[int, Place | None]] | None = None
    edition_at: Place | None = None
    players_at: Place | None = None
    options_at: Place | None = None
    board_at: Place | None = None
    setup_at: Place | None = None
    result_at: Place | None = None
