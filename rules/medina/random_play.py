"""Random legal Medina games, reproducible from one random number generator.

Each turn is chosen piece by piece: a first placement, then a second one checked on
the city as the first left it. Placements are proposed where they make sense (next
to the unfinished palace of a colour, on a palace worth roofing, at the ends of the
market street, at the next field of a tower's arm) and the first one the rules core
accepts is kept. When none of those fits, random placements anywhere are tried,
and only then are all legal placements listed. A player who can place nothing
passes. Everything is drawn from the one generator handed in, so the same seed
always plays the same game.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace

from meridina.rules.common import Place

from .board import load_board, load_edition
from .engine import (
    apply,
    check_placement,
    expected_player,
    finished,
    initial_state,
    legal_placements,
    make_placement,
    t2_two_pieces,
    t4_last_roofs,
)
from .events import Event
from .model import Cell, Kind, Placement, Player, Rulings, Setup, Turn
from .scoring import ScoreSheet, score
from .state import State

NAMES: tuple[str, ...] = (
    "Ann", "Ben", "Cy", "Di", "Eva", "Finn", "Greta", "Hal",
    "Ines", "Jon", "Kai", "Lena", "Mo", "Nora", "Olaf", "Pia",
)  # fmt: skip
ROOF_COLOURS: tuple[str, ...] = ("red", "blue", "green", "yellow")
PLAYERS: dict[str, tuple[int, ...]] = {"1": (3, 4), "2": (2, 3, 4)}

# How much each kind of piece is wanted, per piece in hand.
KIND_WEIGHTS: dict[Kind, float] = {
    Kind.BUILDING: 1.0,
    Kind.STABLE: 1.2,
    Kind.MERCHANT: 1.0,
    Kind.WALL: 1.0,
}
ROOF_WEIGHT = 4.0  # per roof in hand, when a palace big enough for a roof is open
EARLY_ROOF_WEIGHT = 0.15  # per roof in hand, when only small palaces are open
NEUTRAL_WEIGHT = 0.6  # per neutral roof in hand
OWN_PALACE_WEIGHT = 4.0  # stables on one's own palaces are tried first this much more often
TEA_RATE = 0.5  # a tea tile is played instead of a second piece
RANDOM_TRIES = 60  # random placements tried before all legal placements are listed


def seat_players(rng: random.Random, count: int) -> tuple[Player, ...]:
    names = rng.sample(NAMES, count)
    colours = rng.sample(ROOF_COLOURS, count)
    return tuple(Player(name, colour) for name, colour in zip(names, colours, strict=True))


def random_options(rng: random.Random, count: int) -> frozenset[str]:
    """A random choice of the 2nd edition's options that fits the player count."""
    chosen = {name for name in ("well", "tea", "tower-merchants") if rng.random() < 0.7}
    if count == 2 or (count == 3 and rng.random() < 0.5):
        chosen.add("neutral-roofs")
    return frozenset(chosen)


# ---------------------------------------------------------------- placing one piece


def fault(state: State, player: str, placement: Placement) -> str | None:
    """The rule a placement breaks on ``state``, or None when it may be made."""
    found = check_placement(state, player, placement)[1]
    return found.rule if found is not None else None


def place(state: State, player: str, placement: Placement) -> State:
    """A copy of ``state`` with one legal placement made."""
    after = state.copy()
    target, found = check_placement(after, player, placement)
    assert found is None, found
    make_placement(after, player, placement, target)
    return after


def _shuffled(rng: random.Random, items: Iterable[Cell]) -> list[Cell]:
    result = list(dict.fromkeys(items))
    rng.shuffle(result)
    return result


def _free_fields(rng: random.Random, state: State, count: int) -> list[Cell]:
    board = state.board
    fields = [
        (col, row)
        for col in range(1, board.columns - 1)
        for row in range(2, board.rows)
        if (col, row) not in state.pieces
    ]
    return rng.sample(fields, min(count, len(fields)))


def _candidates(rng: random.Random, state: State, player: str, kind: Kind) -> Iterator[Placement]:
    """Placements of one kind that make sense here, in a random order (not checked)."""
    board = state.board
    if kind is Kind.BUILDING:
        hand = state.hands[player]
        colours = [
            c for c in state.edition.colours if c not in state.retired and hand.buildings[c] > 0
        ]
        rng.shuffle(colours)
        for colour in colours:
            palaces = [p for p in state.palaces.values() if p.colour == colour and not p.roofed]
            cells = [n for p in palaces for b in p.buildings for n in board.neighbours(b)]
            for cell in _shuffled(rng, cells):
                yield Placement(Kind.BUILDING, cell, colour)
            for cell in _free_fields(rng, state, 12):
                yield Placement(Kind.BUILDING, cell, colour)
    elif kind in (Kind.ROOF, Kind.NEUTRAL_ROOF):
        owned = {p.colour for p in state.owned(player)}
        open_palaces = [
            p
            for p in state.palaces.values()
            if not p.roofed and (kind is Kind.NEUTRAL_ROOF or p.colour not in owned)
        ]
        open_palaces.sort(key=lambda p: (p.size, rng.random()), reverse=True)
        for palace in open_palaces:
            yield Placement(kind, rng.choice(sorted(palace.buildings)))
    elif kind is Kind.STABLE:
        own = [p for p in state.palaces.values() if p.owner == player]
        others = [p for p in state.palaces.values() if p.owner != player]
        first = own if own and rng.random() < OWN_PALACE_WEIGHT / (OWN_PALACE_WEIGHT + 1) else []
        for group in (first, others, own):
            cells = [n for p in group for b in p.buildings for n in board.neighbours(b)]
            for cell in _shuffled(rng, cells):
                yield Placement(Kind.STABLE, cell)
    elif kind is Kind.MERCHANT:
        if state.streets:
            street = state.streets[-1]
            cells = [n for end in (street[0], street[-1]) for n in board.neighbours(end)]
            for cell in _shuffled(rng, cells):
                yield Placement(Kind.MERCHANT, cell)
        for cell in _free_fields(rng, state, 12):
            yield Placement(Kind.MERCHANT, cell)
    elif kind is Kind.WALL:
        cells = [
            arm.cells[state.arm_fill[index]]
            for index, arm in enumerate(board.arms)
            if state.arm_fill[index] < len(arm.cells)
        ]
        for cell in _shuffled(rng, cells):
            yield Placement(Kind.WALL, cell)


def _kind_weights(state: State, player: str, patience: int) -> dict[Kind, float]:
    hand = state.hands[player]
    owned = {p.colour for p in state.owned(player)}
    ready = any(
        not p.roofed and p.colour not in owned and len(p.buildings) >= patience
        for p in state.palaces.values()
    )
    weights = {
        Kind.BUILDING: KIND_WEIGHTS[Kind.BUILDING] * sum(hand.buildings.values()),
        Kind.STABLE: KIND_WEIGHTS[Kind.STABLE] * hand.stables,
        Kind.MERCHANT: KIND_WEIGHTS[Kind.MERCHANT] * hand.merchants,
        Kind.WALL: KIND_WEIGHTS[Kind.WALL] * hand.walls,
        Kind.ROOF: (ROOF_WEIGHT if ready else EARLY_ROOF_WEIGHT) * hand.roofs,
        Kind.NEUTRAL_ROOF: NEUTRAL_WEIGHT * hand.neutral_roofs,
    }
    return {kind: weight for kind, weight in weights.items() if weight > 0}


def _weighted_kinds(rng: random.Random, weights: dict[Kind, float]) -> list[Kind]:
    keyed = [(rng.random() ** (1.0 / weight), kind) for kind, weight in weights.items()]
    keyed.sort(key=lambda pair: pair[0], reverse=True)
    return [kind for _, kind in keyed]


def _random_placement(rng: random.Random, state: State) -> Placement:
    """Any placement at all, on a random field (not checked)."""
    board = state.board
    cell = (rng.randrange(board.columns), rng.randrange(1, board.rows + 1))
    kind = rng.choice([Kind.BUILDING, Kind.ROOF, Kind.STABLE, Kind.MERCHANT, Kind.WALL])
    colour = rng.choice(state.edition.colours) if kind is Kind.BUILDING else None
    return Placement(kind, cell, colour)


def choose_placement(
    rng: random.Random, state: State, player: str, patience: int, roof_first: bool = False
) -> Placement | None:
    """A legal placement for ``player`` on ``state``, or None when there is none."""
    weights = _kind_weights(state, player, patience)
    kinds = [Kind.ROOF] if roof_first else _weighted_kinds(rng, weights)
    for kind in kinds:
        for placement in _candidates(rng, state, player, kind):
            if fault(state, player, placement) is None:
                return placement
    if roof_first:
        return None
    for _ in range(RANDOM_TRIES):
        placement = _random_placement(rng, state)
        if fault(state, player, placement) is None:
            return placement
    legal = list(legal_placements(state, player))
    return rng.choice(legal) if legal else None


def _single_piece_turn(state: State, player: str) -> bool:
    """An opening turn: rule MED-T2 allows no second piece."""
    return t2_two_pieces(state, player, index=1) is not None


def _last_roofs(state: State, player: str) -> bool:
    """The mover must place a roof if possible (rule MED-T4, asked only yes or no)."""
    return t4_last_roofs(state, player, state.hands[player], None) is not None


def choose_turn(rng: random.Random, state: State, patience: dict[str, int]) -> Turn:
    """A legal turn for the player to move."""
    player = expected_player(state)
    wait = patience[player]
    first = None
    if _last_roofs(state, player):
        first = choose_placement(rng, state, player, wait, roof_first=True)
        if first is None and not _single_piece_turn(state, player):
            # A roof may become possible after a building: then the roof comes second.
            for opening in legal_placements(state, player):
                middle = place(state, player, opening)
                roof = choose_placement(rng, middle, player, wait, roof_first=True)
                if roof is not None:
                    return Turn(player, (opening, roof))
    if first is None:
        first = choose_placement(rng, state, player, wait)
    if first is None:
        return Turn(player, passed=True)
    if _single_piece_turn(state, player):
        return Turn(player, (first,))
    middle = place(state, player, first)
    if middle.hands[player].tea > 0 and rng.random() < TEA_RATE:
        return Turn(player, (first, Placement(Kind.TEA)))
    if not middle.has_pieces(player):
        return Turn(player, (first,))
    second = choose_placement(rng, middle, player, wait)
    if second is None:
        return Turn(player, (first,))
    return Turn(player, (first, second))


# ---------------------------------------------------------------- whole games


def _setup_fields(
    rng: random.Random, edition: str, count: int, well: bool
) -> tuple[Cell, Cell | None]:
    board = load_board(load_edition(edition).boards[count])
    inner = [(col, row) for col in range(2, board.columns - 2) for row in range(3, board.rows - 1)]
    merchant, well_cell = rng.sample(inner, 2)
    return merchant, (well_cell if well else None)


# ---------------------------------------------------------------- whole games


@dataclass(frozen=True)
class PlayedGame:
    """A random legal game: its setup (with the result it ends in) and every step."""

    setup: Setup
    turns: tuple[Turn, ...]
    events: tuple[tuple[Event, ...], ...]  # what each turn brought about
    before: tuple[State, ...]  # the state each turn was played in
    final: State
    sheet: ScoreSheet


def result_of(sheet: ScoreSheet) -> dict[str, tuple[int, Place | None]]:
    """The points of a finished game as a record's result states them: by name, or colour."""
    return {(row.name or row.colour): (row.total, None) for row in sheet.players}


def play_game(
    rng: random.Random,
    edition: str = "2",
    players: int = 4,
    *,
    options: Iterable[str] | None = None,
    rulings: Rulings | None = None,
) -> PlayedGame:
    """Seat ``players`` players and play a whole random legal game under ``rulings``.

    ``options`` (2nd edition) are the options played with; None chooses them at random.
    """
    if edition not in PLAYERS or players not in PLAYERS[edition]:
        raise ValueError(f"edition {edition} of Medina is not for {players} players")
    seats = seat_players(rng, players)
    chosen: frozenset[str] | None = None
    if edition == "2":
        chosen = random_options(rng, players) if options is None else frozenset(options)
    elif options is not None:
        raise ValueError("the 1st edition has no options")
    merchant, well = _setup_fields(rng, edition, players, chosen is not None and "well" in chosen)
    setup = Setup(
        edition=edition,
        players=seats,
        options=chosen,
        start_merchant=(merchant, None),
        well=(well, None) if well is not None else None,
        rulings=rulings or Rulings(),
    )
    started = initial_state(setup)
    assert started.state is not None and not started.problems, started.problems
    state = started.state
    patience = {p.colour: 2 + rng.randrange(4) for p in seats}
    turns: list[Turn] = []
    happened: list[tuple[Event, ...]] = []
    before: list[State] = []
    while not finished(state):
        turn = choose_turn(rng, state, patience)
        step = apply(state, turn)
        assert not step.problems, (turn, step.problems)
        before.append(state)
        turns.append(turn)
        happened.append(step.events)
        state = step.state
    sheet = score(state, True)
    return PlayedGame(
        setup=replace(setup, result=result_of(sheet)),
        turns=tuple(turns),
        events=tuple(happened),
        before=tuple(before),
        final=state,
        sheet=sheet,
    )
