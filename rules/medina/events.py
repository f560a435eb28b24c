"""What a Medina placement brings about besides the piece itself, as plain values.

The rules core only says what happened; a view puts it into words. Made on most roofs
and walls: ``fast_value``s.
"""

from __future__ import annotations

from meridina.rules.values_fast import fast_value


@fast_value
class PalaceTileMoved:
    """A colour's palace tile went to a new holder (None: nobody, as for a neutral palace)."""

    colour: str
    holder: str | None


@fast_value
class TowerTileMoved:
    """A tower tile was awarded, or passed to another holder (None: nobody)."""

    tower: int
    holder: str | None


@fast_value
class TowerMerchantsTaken:
    """The extra merchants on a tower tile went to its first taker (None: out of the game)."""

    tower: int
    count: int
    taker: str | None


@fast_value
class TeaTilesTaken:
    """Roofing a black palace brought its owner tea tiles."""

    player: str
    count: int


@fast_value
class ColourRetired:
    """Every player owns a palace of this colour: its buildings left the game."""

    colour: str


Event = PalaceTileMoved | TowerTileMoved | TowerMerchantsTaken | TeaTilesTaken | ColourRetired
