"""The tile holders a written Medina position names: each palace tile (MED-PT1) and each
tower tile (MED-TT1) with the player the city gives it to."""

from __future__ import annotations

from typing import Final

from meridina.rules.common import Place, Problem
from meridina.rules.rule_home import decides

from .faults import Fault, wording
from .model import NEUTRAL, StartPosition, cell_name
from .state import Palace, State
from .tiles import update_palace_tile


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
                faults.append((Fault("MED-PT1", ("unknown", _players(state), word)), where))
            elif not match:
                name = _holder_name(state, holder)
                faults.append((Fault("MED-PT1", ("none", colour, name)), where))
            elif not fitting:
                earlier = _earlier_equal(match[0], leaders)
                assert earlier is not None
                first = min(earlier.buildings)
                name = _holder_name(state, holder)
                faults.append((Fault("MED-PT1", ("kept", colour, first, name)), where))
            else:
                state.palace_tiles[colour] = fitting[0].ident
        elif len({p.owner for p in leaders}) > 1:
            faults.append((Fault("MED-PT1", ("tie", colour)), position.at))
    return faults


@wording("MED-PT1")
def pt1_words(fault: Fault) -> str:
    case, *facts = fault.facts
    if case == "unknown":
        return _not_a_holder(*facts)
    if case == "none":
        colour, name = facts
        return f"the {colour} palace tile belongs with a largest {colour} palace; {name} has none"
    if case == "kept":
        colour, first, name = facts
        return (
            f"roofs: lists the {colour} palace at {cell_name(first)} "
            f"first; it has no stable, so it was as large when roofed and kept the "
            f"{colour} palace tile: {name} cannot hold it"
        )
    (colour,) = facts
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
                faults.append((Fault("MED-TT1", ("unknown", _players(state), word)), where))
            elif holder not in claimants:
                name = _holder_name(state, holder)
                faults.append((Fault("MED-TT1", ("none", tower, name)), where))
            else:
                state.tower_tiles[tower] = holder
        elif len(claimants) == 1:
            state.tower_tiles[tower] = next(iter(claimants))
        elif len(claimants) > 1:
            faults.append((Fault("MED-TT1", ("tie", tower)), position.at))
        if tower in state.tower_tiles:
            state.tower_merchants.pop(tower, None)
    return faults


@wording("MED-TT1")
def tt1_words(fault: Fault) -> str:
    case, *facts = fault.facts
    if case == "unknown":
        return _not_a_holder(*facts)
    if case == "none":
        tower, name = facts
        return (
            f"tower tile {tower} goes to the owner of a roofed palace touching "
            f"tower {tower}'s walls; {name} has none"
        )
    (tower,) = facts
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


def _players(state: State) -> tuple[tuple[str, str], ...]:
    """Each player's name and roof colour, for a message."""
    return tuple([(player.name, player.colour) for player in state.players])


def _not_a_holder(players: tuple[tuple[str, str], ...], word: str | None) -> str:
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
