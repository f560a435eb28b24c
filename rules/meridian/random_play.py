"""Random legal Meridian games, reproducible from one random number generator.

A game is played by proposing turns at random and keeping the first one the rules
core accepts. The proposals favour building, with pushes, take-offs and rebuilds
mixed in, so that the games are worth checking. Everything is drawn from the one
generator handed in, so the same seed always plays the same game.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from dataclasses import dataclass, replace

from meridina.rules.common import Place

from .action import Effect
from .engine import initial_state
from .model import COLOURS, DECK, Build, Card, Player, Rulings, Setup, Skip, TakeOff, Turn
from .position import Position
from .scoring import ScoreSheet, score
from .state import Reading, State
from .turn_loop import TurnReport
from .turn_rules import T1TurnOrder

NAMES: tuple[str, ...] = (
    "Ann", "Ben", "Cy", "Di", "Eva", "Finn", "Greta", "Hal",
    "Ines", "Jon", "Kai", "Lena", "Mo", "Nora", "Olaf", "Pia",
)  # fmt: skip
BOARDS: dict[int, str] = {2: "five-city", 3: "four-city", 4: "five-city"}

PASS_RATE = 0.03  # a turn passed although a tower could be built
TAKE_OFF_RATE = 0.45  # with a tower of one's own on the meridian: take it off first
KEEP_PIECES_RATE = 0.2  # after a take-off: keep the pieces instead of rebuilding
OTHER_COLOUR_RATE = 0.3  # 2 players: build in the partner colour of the card's colour
OCCUPIED_CITY_WEIGHT = 1.6  # cities with a tower are tried a little more often (pushes)
BUDGET_FACTOR = 1.0  # preferred height: this times the pieces in hand per card left
SHORT_OF_PIECES = 4  # with fewer pieces in hand, taking a tower off is always tried first


def seat_players(rng: random.Random, count: int) -> tuple[Player, ...]:
    """Names and colours for ``count`` players; in the 2-player game two colours each."""
    names = rng.sample(NAMES, count)
    colours = list(COLOURS)
    rng.shuffle(colours)
    if count == 2:
        return (Player(names[0], tuple(colours[:2])), Player(names[1], tuple(colours[2:])))
    return tuple(Player(name, (colour,)) for name, colour in zip(names, colours, strict=False))


# ---------------------------------------------------------------- choosing turns


def _height_weight(height: int, budget: float) -> float:
    """Heights near what the hand can afford per card left are tried first."""
    return max(math.exp(-((height - budget) ** 2) / 2.5), 1e-12)


def _weighted_order(rng: random.Random, items: list[tuple[float, Build]]) -> list[Build]:
    """The items in a random order where heavier ones tend to come first."""
    keyed = [(rng.random() ** (1.0 / weight), build) for weight, build in items]
    keyed.sort(key=lambda pair: pair[0], reverse=True)
    return [build for _, build in keyed]


def _builds(
    rng: random.Random,
    state: Reading,
    colour: str,
    meridian: int,
    removed: tuple[int, str, int] | None,
) -> list[Build]:
    """Plausible builds for ``colour`` on ``meridian`` in a preferred random order.

    ``removed`` is the (city, colour, height) of a tower taken off first, if any.
    """
    column = list(state.columns[meridian - 1])
    if removed is not None:
        column[removed[0] - 1] = None
    taken = {tower.height for tower in column if tower is not None}
    occupied = {city for city, tower in enumerate(column, start=1) if tower is not None}
    owner = state.owner(colour)
    tower_colours = list(state.players[owner].colours)
    if len(tower_colours) > 1:
        tower_colours.remove(colour)
        first = [colour] if rng.random() > OTHER_COLOUR_RATE else tower_colours
        tower_colours = first + [c for c in (colour, *tower_colours) if c not in first]
    result: list[Build] = []
    cards_left = sum(state.cards_left(c) for c in state.players[owner].colours)
    for tower_colour in tower_colours:
        hand = state.hands[tower_colour]
        if removed is not None and removed[1] == tower_colour:
            hand += removed[2]
        named = tower_colour if tower_colour != colour else None
        budget = min(5.0, max(1.5, BUDGET_FACTOR * hand * len(tower_colours) / max(cards_left, 1)))
        items = [
            (
                _height_weight(height, budget)
                * (OCCUPIED_CITY_WEIGHT if city in occupied else 1.0),
                Build(height, city, named),
            )
            for height in range(1, hand + 1)
            if height not in taken
            for city in range(1, state.board.cities + 1)
        ]
        result.extend(_weighted_order(rng, items))
    return result


def _proposals(
    rng: random.Random, state: Reading, colour: str, card: Card, meridian: int
) -> Iterator[Turn]:
    """Turns to try on one meridian, most wanted first."""
    owner = state.owner(colour)
    own = [
        (city, tower)
        for city, tower in enumerate(state.columns[meridian - 1], start=1)
        if tower is not None and state.owner(tower.colour) == owner
    ]
    full = len(own) >= state.towers_per_player
    short = sum(state.hands[c] for c in state.players[owner].colours) < SHORT_OF_PIECES
    take_first = bool(own) and (full or short or rng.random() < TAKE_OFF_RATE)
    if own and take_first:
        city, tower = rng.choice(own)
        take_off = TakeOff(city if len(own) > 1 else None)
        keep = rng.random() < (KEEP_PIECES_RATE * 2 if short else KEEP_PIECES_RATE)
        if keep:
            yield Turn(colour, card, meridian, take_off=take_off)
        for build in _builds(rng, state, colour, meridian, (city, tower.colour, tower.height)):
            yield Turn(colour, card, meridian, take_off=take_off, build=build)
        if not keep:
            yield Turn(colour, card, meridian, take_off=take_off)
    if not full:
        for build in _builds(rng, state, colour, meridian, None):
            yield Turn(colour, card, meridian, build=build)


def choose_turn(rng: random.Random, position: Position) -> tuple[Turn, TurnReport]:
    """A random legal turn for the colour to move, pushed on ``position``, and its report."""
    colours = T1TurnOrder.expected(position)
    colour = colours[0] if len(colours) == 1 else rng.choice(colours)
    face_up = position.face_up(colour)
    cards = (
        list(face_up)
        if face_up is not None
        else [card for card in DECK if card not in position.played[colour]]
    )
    card = rng.choice(cards)
    meridians = list(card.numbers)
    rng.shuffle(meridians)
    if rng.random() >= PASS_RATE:
        for meridian in meridians:
            for turn in _proposals(rng, position, colour, card, meridian):
                report = position.push(turn, stop_at_fault=True)
                if report is not None:
                    return turn, report
    meridian = meridians[0]
    pieces = sum(position.hands[c] for c in position.players[position.owner(colour)].colours)
    if pieces <= 3:
        stuck = Turn(colour, card, meridian, skip=Skip.STUCK)
        report = position.push(stuck, stop_at_fault=True)
        if report is not None:
            return stuck, report
    turn = Turn(colour, card, meridian, skip=Skip.PASS)
    report = position.push(turn, stop_at_fault=True)
    assert report is not None, position.faults(turn)
    return turn, report


# ---------------------------------------------------------------- whole games


@dataclass(frozen=True)
class PlayedGame:
    """A random legal game: its setup (with the result it ends in) and every step."""

    setup: Setup
    turns: tuple[Turn, ...]
    effects: tuple[Effect, ...]
    before: tuple[State, ...]  # the state each turn was played in
    final: State
    sheet: ScoreSheet

    @property
    def decks(self) -> dict[str, tuple[Card, ...]]:
        return {colour: deck for colour, (deck, _) in self.setup.decks.items()}


def result_of(sheet: ScoreSheet) -> dict[str, tuple[int, Place | None]]:
    """The points of a finished game as a record's result states them: by name, or colour."""
    return {(row.name or row.colours[0]): (row.points, None) for row in sheet.players}


def play_game(
    rng: random.Random, players: int = 4, *, decks: bool = False, rulings: Rulings | None = None
) -> PlayedGame:
    """Seat ``players`` players and play a whole random legal game under ``rulings``.

    With ``decks`` each colour's cards are drawn in a shuffled order, stated in the setup.
    """
    if players not in BOARDS:
        raise ValueError(f"Meridian is for 2 to 4 players, not {players}")
    seats = seat_players(rng, players)
    orders: dict[str, tuple[Card, ...]] = {}
    if decks:
        for colour in (c for p in seats for c in p.colours):
            order = list(DECK)
            rng.shuffle(order)
            orders[colour] = tuple(order)
    setup = Setup(
        players=seats,
        board=BOARDS[players],
        rulings=rulings or Rulings(),
        decks={colour: (order, None) for colour, order in orders.items()},
    )
    started = initial_state(setup)
    assert started.state is not None and not started.problems, started.problems
    position = Position(started.state)
    turns: list[Turn] = []
    effects: list[Effect] = []
    before: list[State] = []
    while not position.is_over():
        before.append(position.state())
        turn, report = choose_turn(rng, position)
        assert report.effect is not None
        turns.append(turn)
        effects.append(Effect.of(report.effect))
    state = position.state()
    sheet = score(state)
    return PlayedGame(
        setup=replace(setup, result=result_of(sheet)),
        turns=tuple(turns),
        effects=tuple(effects),
        before=tuple(before),
        final=state,
        sheet=sheet,
    )
