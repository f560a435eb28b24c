"""The tile holders a written Medina position names: each palace tile (MED-PT1) and each
tower tile (MED-TT1) with the player the city gives it to."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final

from meridina.rules.codes import RuleCode
from meridina.rules.common import Place, Problem
from meridina.rules.rule_home import decides, words

from .faults import Fault
from .model import NEUTRAL, Cell, StartPosition, cell_name
from .state import Palace, State
from .tiles import update_palace_tile

Players = tuple[tuple[str, str], ...]  # each player's name and roof colour


def written_tiles(state: State, position: StartPosition) -> list[Problem]:
    return [
        fault.at(where)
        for fault, where in (*pt1_palace_tiles(state, position), *tt1_tower_tiles(state, position))
    ]


@decides("MED-PT1")
def pt1_palace_tiles(state: State, position: StartPosition) -> list[tuple[Fault, Place | None]]:
    """Each colour's palace tile, given or not, goes with a largest roofed palace of the
    colour: one its holder owns that an equal palace roofed earlier did not keep it from;
    a tie is settled by naming the holder. Each tile that fits is put with its holder."""
    faults: list[tuple[Fault, Place | None]] = []
    for colour in state.edition.colours:
        update_palace_tile(state, colour)
        roofed = [p for p in state.palaces.values() if p.colour == colour and p.roofed]
        largest = max((p.size for p in roofed), default=0)
        leaders = [p for p in roofed if p.size == largest]
        given = position.palace_tiles.get(colour)
        if given is not None:
            word, where = given
            holder = _holder_colour(state, word)
            match = [p for p in leaders if (p.owner if p.owner != NEUTRAL else None) == holder]
            fitting = [p for p in match if _earlier_equal(p, leaders) is None]
            if holder == _UNKNOWN:
                faults.append((PT1PalaceTiles.Unknown(_players(state), word), where))
            elif not match:
                name = _holder_name(state, holder)
                faults.append((PT1PalaceTiles.NoPalace(colour, name), where))
            elif not fitting:
                earlier = _earlier_equal(match[0], leaders)
                assert earlier is not None
                first = min(earlier.buildings)
                name = _holder_name(state, holder)
                faults.append((PT1PalaceTiles.Kept(colour, first, name), where))
            else:
                state.palace_tiles[colour] = fitting[0].ident
        elif len({p.owner for p in leaders}) > 1:
            faults.append((PT1PalaceTiles.Tie(colour), position.at))
    return faults


@words("MED-PT1")
class PT1PalaceTiles:
    """MED-PT1's faults: a holder that is no player, one with no fitting palace, one whose
    palace an earlier equal one kept the tile from, a tie no holder settles."""

    @dataclass(slots=True)
    class Unknown(Fault):
        rule: ClassVar[RuleCode] = "MED-PT1"
        players: Players
        word: str | None

        def words(self) -> str:
            return _not_a_holder(self.players, self.word)

    @dataclass(slots=True)
    class NoPalace(Fault):
        rule: ClassVar[RuleCode] = "MED-PT1"
        colour: str
        name: str

        def words(self) -> str:
            colour = self.colour
            return (
                f"the {colour} palace tile belongs with a largest {colour} palace; "
                f"{self.name} has none"
            )

    @dataclass(slots=True)
    class Kept(Fault):
        """The ``colour`` palace at ``first``, listed first, kept the tile from ``name``."""

        rule: ClassVar[RuleCode] = "MED-PT1"
        colour: str
        first: Cell
        name: str

        def words(self) -> str:
            colour = self.colour
            return (
                f"roofs: lists the {colour} palace at {cell_name(self.first)} "
                f"first; it has no stable, so it was as large when roofed and kept the "
                f"{colour} palace tile: {self.name} cannot hold it"
            )

    @dataclass(slots=True)
    class Tie(Fault):
        rule: ClassVar[RuleCode] = "MED-PT1"
        colour: str

        def words(self) -> str:
            colour = self.colour
            return (
                f"the largest {colour} palaces tie: say who holds the {colour} palace tile "
                f"(palace-tiles: {colour} PLAYER, by name or roof colour)"
            )


@decides("MED-TT1")
def tt1_tower_tiles(state: State, position: StartPosition) -> list[tuple[Fault, Place | None]]:
    """Each tower tile, given or not, goes to the owner of a roofed palace touching the
    tower's walls; when several do, the record names the holder. Each tile that fits is
    put with its holder, and its merchant leaves the tower."""
    faults: list[tuple[Fault, Place | None]] = []
    for tower in sorted(state.board.towers.values()):
        claimants = {
            p.owner if p.owner != NEUTRAL else None
            for p in state.palaces.values()
            if p.roofed and tower in state.towers_touching(p)
        }
        given_tower = position.tower_tiles.get(tower)
        if given_tower is not None:
            word, where = given_tower
            holder = _holder_colour(state, word)
            if holder == _UNKNOWN:
                faults.append((TT1TowerTiles.Unknown(_players(state), word), where))
            elif holder not in claimants:
                name = _holder_name(state, holder)
                faults.append((TT1TowerTiles.NoPalace(tower, name), where))
            else:
                state.tower_tiles[tower] = holder
        elif len(claimants) == 1:
            state.tower_tiles[tower] = next(iter(claimants))
        elif len(claimants) > 1:
            faults.append((TT1TowerTiles.Tie(tower), position.at))
        if tower in state.tower_tiles:
            state.tower_merchants.pop(tower, None)
    return faults


@words("MED-TT1")
class TT1TowerTiles:
    """MED-TT1's faults: a holder that is no player, one with no palace at the tower, a
    tie no holder settles."""

    @dataclass(slots=True)
    class Unknown(Fault):
        rule: ClassVar[RuleCode] = "MED-TT1"
        players: Players
        word: str | None

        def words(self) -> str:
            return _not_a_holder(self.players, self.word)

    @dataclass(slots=True)
    class NoPalace(Fault):
        rule: ClassVar[RuleCode] = "MED-TT1"
        tower: int
        name: str

        def words(self) -> str:
            tower = self.tower
            return (
                f"tower tile {tower} goes to the owner of a roofed palace touching "
                f"tower {tower}'s walls; {self.name} has none"
            )

    @dataclass(slots=True)
    class Tie(Fault):
        rule: ClassVar[RuleCode] = "MED-TT1"
        tower: int

        def words(self) -> str:
            tower = self.tower
            return (
                f"several palaces touch tower {tower}'s walls: say who holds tower tile "
                f"{tower} (tower-tiles: {tower} PLAYER, by name or roof colour)"
            )


# A holder word that names neither a player nor a roof colour of this game.
_UNKNOWN: Final = "?"


def _holder_colour(state: State, word: str | None) -> str | None:
    """The roof colour a tile holder names: ``None`` for nobody, else a colour or ``_UNKNOWN``.

    A holder may be written as a roof colour or as a player's name; a roof colour wins
    when a word is both, as turns name players by their roof colour.
    """
    if word is None:
        return None
    lowered = word.lower()
    if lowered in state.seat_colours:
        return lowered
    for player in state.players:
        if player.name.lower() == lowered:
            return player.colour
    return _UNKNOWN


def _holder_name(state: State, colour: str | None) -> str:
    """A holder as a player understands it: "Ben (blue)", "nobody"."""
    for player in state.players:
        if player.colour == colour:
            return f"{player.name} ({colour})"
    return colour or "nobody"


def _players(state: State) -> Players:
    """Each player's name and roof colour, for a message."""
    return tuple([(player.name, player.colour) for player in state.players])


def _not_a_holder(players: Players, word: str | None) -> str:
    names = ", ".join(f"{name} ({colour})" for name, colour in players)
    return f"{word} is neither a player nor a roof colour here: name one of {names}, or nobody"


def _earlier_equal(palace: Palace, leaders: list[Palace]) -> Palace | None:
    """A tied palace roofed before ``palace`` that was already this large when roofed.

    Without stables a roofed palace never grows, so such a palace took or kept the
    tile first, and an equal palace can never have taken it from it.
    """
    for other in leaders:
        roofed_before = (other.roofed_at or 0) < (palace.roofed_at or 0)
        if other is not palace and roofed_before and not other.stables:
            return other
    return None
