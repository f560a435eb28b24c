"""Random legal Meridian games, written out as complete records.

A game is played by proposing turns at random and keeping the first one the rules
core accepts. The proposals favour building, with pushes, take-offs and rebuilds
mixed in, so that the records are of games worth checking. Everything depends on
one seed, so a failing game can always be played again.

Run as a script to print a game: ``python tests/meridian_games.py SEED PLAYERS``.
"""

from __future__ import annotations

import math
import random
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from meridina.notation.meridian_writer import format_turn
from meridina.rules.meridian.action import Effect
from meridina.rules.meridian.engine import Step, apply, initial_state
from meridina.rules.meridian.model import (
    COLOURS,
    DECK,
    Build,
    Card,
    Player,
    Setup,
    Skip,
    TakeOff,
    Turn,
)
from meridina.rules.meridian.scoring import ScoreSheet, score
from meridina.rules.meridian.state import State
from record_lines import RecordLines

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


@dataclass(frozen=True)
class GeneratedGame(RecordLines):
    """A random legal game: its record text and what the rules core made of it."""

    seed: int
    players: tuple[Player, ...]
    board: str
    decks: dict[str, tuple[Card, ...]]
    turns: tuple[Turn, ...]  # every turn of the game, including those in the position
    effects: tuple[Effect, ...]
    before: tuple[State, ...]  # the state each turn was played in
    final: State
    sheet: ScoreSheet
    lines: tuple[str, ...]  # the record, one entry per line (no line ends)
    turn_lines: tuple[int | None, ...]  # 1-based line of each turn; None inside the position
    position_after: int | None = None
    comments: tuple[str, ...] = field(default=())  # every comment written

    @property
    def result(self) -> dict[str, int]:
        return {p.name: p.points for p in self.sheet.players}


def seat_players(rng: random.Random, count: int) -> tuple[Player, ...]:
    """Names and colours for ``count`` players; in the 2-player game two colours each."""
    names = rng.sample(NAMES, count)
    colours = list(COLOURS)
    rng.shuffle(colours)
    if count == 2:
        return (Player(names[0], tuple(colours[:2])), Player(names[1], tuple(colours[2:])))
    return tuple(Player(name, (colour,)) for name, colour in zip(names, colours, strict=False))


def tag(name: str, value: str) -> str:
    """A header tag line; quotes and backslashes in the value are escaped."""
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name} "{escaped}"]'


def comment(text: str) -> str:
    """A brace comment; a closing brace in the text would end it early, so it is dropped."""
    return "{ " + text.replace("}", "") + " }"


def players_tag(players: Sequence[Player]) -> str:
    return "; ".join(" ".join([p.name, *p.colours]) for p in players)


def decks_tag(decks: dict[str, tuple[Card, ...]]) -> str:
    return "; ".join(
        " ".join([colour, *(card.label for card in deck)]) for colour, deck in decks.items()
    )


def result_tag(sheet: ScoreSheet) -> str:
    return "; ".join(f"{p.name or p.colours[0]} {p.points}" for p in sheet.players)


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
    state: State,
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
    rng: random.Random, state: State, colour: str, card: Card, meridian: int
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


def choose_turn(rng: random.Random, state: State) -> tuple[Turn, Step]:
    """A random legal turn for the colour to move, and the step it makes."""
    colours = state.expected_colours()
    colour = colours[0] if len(colours) == 1 else rng.choice(colours)
    face_up = state.face_up(colour)
    cards = (
        list(face_up)
        if face_up is not None
        else [card for card in DECK if card not in state.played[colour]]
    )
    card = rng.choice(cards)
    meridians = list(card.numbers)
    rng.shuffle(meridians)
    if rng.random() >= PASS_RATE:
        for meridian in meridians:
            for turn in _proposals(rng, state, colour, card, meridian):
                step = apply(state, turn)
                if not step.problems:
                    return turn, step
    meridian = meridians[0]
    pieces = sum(state.hands[c] for c in state.players[state.owner(colour)].colours)
    if pieces <= 3:
        stuck = Turn(colour, card, meridian, skip=Skip.STUCK)
        step = apply(state, stuck)
        if not step.problems:
            return stuck, step
    turn = Turn(colour, card, meridian, skip=Skip.PASS)
    step = apply(state, turn)
    assert not step.problems, step.problems
    return turn, step


# ---------------------------------------------------------------- comments


def _describe(turn: Turn, effect: Effect) -> str | None:
    """A short remark on a turn worth remarking on, or None."""
    if turn.skip is Skip.STUCK:
        return f"{turn.colour} has too few pieces left to build"
    if turn.skip is Skip.PASS:
        return f"{turn.colour} builds nothing this turn"
    if effect.pushes:
        moves = ", ".join(
            f"{push.tower.colour} {'up' if push.to_city > push.from_city else 'down'} "
            f"to city {push.to_city}"
            for push in effect.pushes
        )
        return f"pushes {moves}"
    if effect.removed is not None and effect.placed is not None:
        return f"rebuilds: the {effect.removed[1].height}-high tower comes off first"
    if effect.removed is not None:
        return f"takes the {effect.removed[1].height}-high tower back into hand"
    return None


# ---------------------------------------------------------------- whole games


def random_game(
    seed: int,
    players: int = 4,
    *,
    decks: bool = False,
    comments: int = 0,
    position_after: int | None = None,
    event: str | None = None,
    date: str | None = None,
    intro: Sequence[str] = (),
) -> GeneratedGame:
    """Play a whole random legal game and write its record.

    ``comments`` is how many notable turns get a remark; ``position_after`` folds
    the first turns into a position section (with ``played:``) that the rest follow;
    ``intro`` adds comments before the first turn.
    """
    if players not in BOARDS:
        raise ValueError(f"Meridian is for 2 to 4 players, not {players}")
    rng = random.Random(seed)
    seats = seat_players(rng, players)
    colours = [c for p in seats for c in p.colours]
    deck_orders: dict[str, tuple[Card, ...]] = {}
    if decks:
        for colour in colours:
            order = list(DECK)
            rng.shuffle(order)
            deck_orders[colour] = tuple(order)
    board = BOARDS[players]
    setup = Setup(players=seats, board=board, decks={c: (d, None) for c, d in deck_orders.items()})
    started = initial_state(setup)
    assert started.state is not None and not started.problems, started.problems
    state = started.state

    turns: list[Turn] = []
    effects: list[Effect] = []
    before: list[State] = []
    while not state.finished:
        turn, step = choose_turn(rng, state)
        assert step.effect is not None
        before.append(state)
        turns.append(turn)
        effects.append(step.effect)
        state = step.state
    sheet = score(state)

    if position_after is not None and not 0 <= position_after <= len(turns):
        raise ValueError(f"position_after must be between 0 and {len(turns)}")
    notable = [
        i
        for i, (turn, effect) in enumerate(zip(turns, effects, strict=True))
        if (position_after is None or i >= position_after) and _describe(turn, effect)
    ]
    remarked = set(rng.sample(notable, min(comments, len(notable))))

    lines = [tag("Game", "Meridian")]
    if event is not None:
        lines.append(tag("Event", event))
    if date is not None:
        lines.append(tag("Date", date))
    lines.append(tag("Board", board))
    lines.append(tag("Players", players_tag(seats)))
    if deck_orders:
        lines.append(tag("Decks", decks_tag(deck_orders)))
    lines.append(tag("Result", result_tag(sheet)))
    lines.append("")
    written: list[str] = []
    for note in intro:
        lines.append(comment(note))
        written.append(note)
    if position_after is not None:
        at = before[position_after] if position_after < len(turns) else state
        lines.extend(position_lines(at, turns[:position_after]))
    if intro or position_after is not None:
        lines.append("")
    turn_lines: list[int | None] = []
    for index, (turn, effect) in enumerate(zip(turns, effects, strict=True)):
        if position_after is not None and index < position_after:
            turn_lines.append(None)
            continue
        line = f"{index + 1}. {format_turn(turn)}"
        remark = _describe(turn, effect) if index in remarked else None
        if remark is not None:
            line += " " + comment(remark)
            written.append(remark)
        lines.append(line)
        turn_lines.append(len(lines))
    while not lines[-1]:
        lines.pop()
    return GeneratedGame(
        seed=seed,
        players=seats,
        board=board,
        decks=deck_orders,
        turns=tuple(turns),
        effects=tuple(effects),
        before=tuple(before),
        final=state,
        sheet=sheet,
        lines=tuple(lines),
        turn_lines=tuple(turn_lines),
        position_after=position_after,
        comments=tuple(written),
    )


def position_lines(state: State, played: Sequence[Turn], *, to_move: bool = True) -> list[str]:
    """A position section for ``state``; ``played`` lists the turns played so far, in order."""
    lines = ["position"]
    for meridian in range(1, len(state.columns) + 1):
        towers = state.towers_on(meridian)
        if towers:
            body = " ".join(f"{tower.colour} {tower.height}@{city}" for city, tower in towers)
            lines.append(f"  {meridian}: {body}")
    lines.append("  hand: " + " ".join(f"{c} {state.hands[c]}" for c in state.colours))
    cards: dict[str, list[str]] = {c: [] for c in state.colours}
    for turn in played:
        cards[turn.colour].append(turn.card.label)
    lines.append(
        "  played: " + " ".join(" ".join([colour, *labels]) for colour, labels in cards.items())
    )
    if to_move and not state.finished:
        lines.append(f"  next: {state.expected_colours()[0]}")
    return lines


def main(argv: Sequence[str]) -> int:
    seed = int(argv[0]) if argv else 1
    players = int(argv[1]) if len(argv) > 1 else 4
    decks = "--decks" in argv
    print(random_game(seed, players, decks=decks, comments=4).text, end="")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
