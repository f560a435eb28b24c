"""Meridian's rules: setting up from a record's header, playing turns, listing legal turns."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from meridina.rules.common import Place, Problem, RecordError
from meridina.rules.game import Applied

from .board import Board, load_board
from .model import (
    COLOURS,
    DECK,
    MERIDIANS,
    PIECES_PER_COLOUR,
    Build,
    Card,
    EmptyMeridian,
    OwnPush,
    PlacedTower,
    Setup,
    Skip,
    TakeOff,
    Tower,
    Turn,
)
from .placement import Placed, Push, Refused, place
from .state import Column, Seating, State


@dataclass(frozen=True, slots=True)
class Effect:
    """What a legal turn did to the board, for replay and annotation."""

    removed: tuple[int, Tower] | None  # (city, tower) taken off
    placed: tuple[int, Tower] | None  # (city, tower) built
    pushes: tuple[Push, ...]


@dataclass(frozen=True, slots=True)
class Step:
    """The outcome of one turn: the state to go on from, problems, and what happened."""

    state: State
    problems: tuple[Problem, ...]
    effect: Effect | None


# ---------------------------------------------------------------- setting up


def initial_state(
    setup: Setup, board: Board | None = None, base: Path | None = None
) -> Applied[State | None]:
    """The state a record starts from; faults in the header are problems with places.

    ``base`` is the folder a board path in the record is relative to.
    """
    problems: list[Problem] = []
    if board is None:
        try:
            board = load_board(setup.board, base)
        except RecordError as error:
            return Applied(None, (replace(error.problem, at=setup.board_at),))
    problems.extend(replace(warning, at=setup.board_at) for warning in board.warnings)
    problems.extend(_check_players(setup))
    if any(not p.warning for p in problems):
        return Applied(None, tuple(problems))
    if len(setup.players) not in board.players:
        sides = " or ".join(str(n) for n in board.players)
        problems.append(
            Problem(
                "MER-S2",
                f"board {board.name!r} is for {sides} players, not {len(setup.players)}",
                setup.board_at,
            )
        )
        return Applied(None, tuple(problems))
    colours = [c for p in setup.players for c in p.colours]
    decks: dict[str, tuple[Card, ...]] = {}
    for colour, (order, at) in setup.decks.items():
        if colour not in colours:
            problems.append(
                Problem("MER-S1", f"a deck is given for {colour}, who is not playing", at)
            )
        elif sorted(order, key=DECK.index) != list(DECK):
            problems.append(
                Problem(
                    "MER-S3",
                    f"the {colour} deck must list each of the 13 cards once "
                    f"({', '.join(c.label for c in DECK)})",
                    at,
                )
            )
        else:
            decks[colour] = order
    state = State(
        board=board,
        seating=Seating.of(setup.players, setup.rulings),
        rulings=setup.rulings,
        columns=tuple((None,) * board.cities for _ in range(MERIDIANS)),
        hands={c: PIECES_PER_COLOUR for c in colours},
        played={c: frozenset() for c in colours},
        next_index=0,
        decks=decks,
    )
    if setup.position is not None:
        state, found = _apply_position(state, setup)
        problems.extend(found)
    return Applied(state, tuple(problems))


def _check_players(setup: Setup) -> list[Problem]:
    at = setup.players_at
    count = len(setup.players)
    if not 2 <= count <= 4:
        return [Problem("MER-S1", f"Meridian is for 2 to 4 players, not {count}", at)]
    problems: list[Problem] = []
    seen: set[str] = set()
    for player in setup.players:
        want = 2 if count == 2 else 1
        who = player.name or "a player"
        if len(player.colours) != want:
            problems.append(
                Problem(
                    "MER-S1",
                    f"{who} must have {want} colour{'s' if want > 1 else ''} in a "
                    f"{count}-player game, not {len(player.colours)}",
                    at,
                )
            )
        for colour in player.colours:
            if colour not in COLOURS:
                problems.append(
                    Problem(
                        "MER-S1",
                        f"{colour!r} is not a Meridian colour ({', '.join(COLOURS)})",
                        at,
                    )
                )
            elif colour in seen:
                problems.append(Problem("MER-S1", f"{colour} is given to two seats", at))
            seen.add(colour)
    return problems


def _apply_position(state: State, setup: Setup) -> tuple[State, list[Problem]]:
    """Put a written position on the board, checking it as a Meridian position."""
    position = setup.position
    assert position is not None
    problems: list[Problem] = []
    columns = [list(column) for column in state.columns]
    colours = state.colours
    for placed in position.towers:
        tower = placed.tower
        where = f"meridian {placed.meridian}, city {placed.city}"
        if tower.colour not in colours:
            problems.append(Problem("MER-S1", f"{where}: {tower.colour} is not playing", placed.at))
            continue
        if not 1 <= placed.meridian <= MERIDIANS:
            problems.append(Problem("MER-R5", f"there is no meridian {placed.meridian}", placed.at))
            continue
        if not 1 <= placed.city <= state.board.cities:
            problems.append(
                Problem(
                    "MER-R5",
                    f"there is no city {placed.city} on a meridian of {state.board.cities} cities",
                    placed.at,
                )
            )
            continue
        if tower.height < 1:
            problems.append(Problem("MER-R1", f"{where}: a tower is at least 1 high", placed.at))
            continue
        column = columns[placed.meridian - 1]
        if column[placed.city - 1] is not None:
            problems.append(Problem("MER-R2", f"{where} is given two towers", placed.at))
            continue
        column[placed.city - 1] = tower
    for meridian, column in enumerate(columns, start=1):
        problems.extend(_column_faults(state, meridian, column, position.towers))
    board_columns = tuple(tuple(column) for column in columns)
    state = replace(
        state,
        columns=board_columns,
        ever_built=frozenset(m for m, col in enumerate(columns, 1) if any(col)),
    )
    hands = {c: PIECES_PER_COLOUR - state.pieces_on_board(c) for c in colours}
    for colour in colours:
        if hands[colour] < 0:
            problems.append(
                Problem(
                    "MER-S3",
                    f"{colour} has {state.pieces_on_board(colour)} pieces on the board; "
                    f"a colour has only {PIECES_PER_COLOUR}",
                    position.at,
                )
            )
    for colour, (count, at) in position.hands.items():
        if colour not in colours:
            named_at = position.colour_at.get(colour, at)
            problems.append(Problem("MER-S1", f"{colour} is not playing", named_at))
        elif count != hands[colour]:
            problems.append(
                Problem(
                    "MER-S3",
                    f"{colour} must have {max(hands[colour], 0)} pieces in hand: "
                    f"{state.pieces_on_board(colour)} of its {PIECES_PER_COLOUR} are on the board",
                    at,
                )
            )
    played = {c: frozenset[Card]() for c in colours}
    if position.played is not None:
        for colour, cards in position.played.items():
            if colour not in colours:
                named_at = position.colour_at.get(colour, position.at)
                problems.append(Problem("MER-S1", f"{colour} is not playing", named_at))
                continue
            seen: set[Card] = set()
            for card, at in cards:
                if card in seen:
                    problems.append(
                        Problem("MER-T2", f"{colour} card {card.label} is listed twice", at)
                    )
                seen.add(card)
            played[colour] = frozenset(seen)
        problems.extend(_towers_without_cards(state, columns, played, position.at))
    state = replace(
        state,
        hands={c: max(h, 0) for c, h in hands.items()},
        played=played,
        cards_known=position.played is not None,
    )
    state, found = _start_mover(state, position.to_move, position.at)
    problems.extend(found)
    return state, problems


def _towers_without_cards(
    state: State,
    columns: list[list[Tower | None]],
    played: dict[str, frozenset[Card]],
    at: Place | None,
) -> list[Problem]:
    """Each tower took a card of its player (in the 2-player game, of either colour)."""
    problems = []
    for index, player in enumerate(state.players):
        towers = sum(
            1 for column in columns for t in column if t is not None and t.colour in player.colours
        )
        cards = sum(len(played[colour]) for colour in player.colours)
        if towers > cards:
            problems.append(
                Problem(
                    "MER-T2",
                    f"{_who(state, index)} has {towers} towers on the board but has played "
                    f"only {cards} card{'s' if cards != 1 else ''}",
                    at,
                )
            )
    return problems


def _column_faults(
    state: State, meridian: int, column: list[Tower | None], placed: tuple[PlacedTower, ...]
) -> list[Problem]:
    problems: list[Problem] = []
    at = next((p.at for p in placed if p.meridian == meridian), None)
    towers = [(city, t) for city, t in enumerate(column, start=1) if t is not None]
    heights = [t.height for _, t in towers]
    if len(set(heights)) != len(heights):
        problems.append(
            Problem("MER-R2", f"meridian {meridian} has two towers of the same height", at)
        )
    elif heights != sorted(heights):
        problems.append(
            Problem(
                "MER-R3",
                f"meridian {meridian}: towers must grow taller from the bottom city upwards",
                at,
            )
        )
    per_player: dict[int, int] = {}
    for _, tower in towers:
        owner = state.owner(tower.colour)
        per_player[owner] = per_player.get(owner, 0) + 1
    for owner, count in per_player.items():
        if count > state.towers_per_player:
            problems.append(
                Problem(
                    "MER-R4",
                    f"meridian {meridian}: {_who(state, owner)} has {count} towers; "
                    f"at most {state.towers_per_player}",
                    at,
                )
            )
    return problems


def _start_mover(
    state: State, to_move: tuple[str, Place | None] | None, at: Place | None
) -> tuple[State, list[Problem]]:
    rotation = state.rotation
    if to_move is not None:
        colour, where = to_move
        if colour not in rotation:
            return state, [Problem("MER-S1", f"{colour} is not playing", where)]
        given = state.owner(colour) if state.free_turns else rotation.index(colour)
        named = replace(state, next_index=given)
        if state.cards_known:
            derived, problems = _start_mover(state, None, at)
            if not problems and colour not in derived.expected_colours():
                expected = " or ".join(derived.expected_colours())
                return named, [
                    Problem(
                        "MER-T1",
                        f"by the cards played, {expected} moves next, not {colour}",
                        where,
                    )
                ]
        return named, []
    if not state.cards_known:
        return replace(state, next_index=-1), []  # the first turn after the position decides
    counts = [len(state.played[c]) for c in rotation]
    if state.free_turns:
        totals = [sum(len(state.played[c]) for c in p.colours) for p in state.players]
        if abs(totals[0] - totals[1]) > 1:
            return state, [
                Problem(
                    "MER-T1", "the players' numbers of cards played are more than one apart", at
                )
            ]
        return replace(state, next_index=0 if totals[0] <= totals[1] else 1), []
    if max(counts) - min(counts) > 1 or counts != sorted(counts, reverse=True):
        return state, [
            Problem(
                "MER-T1",
                "in turn order, no colour can have played more cards than one before it: "
                + ", ".join(f"{c} {n}" for c, n in zip(rotation, counts, strict=True)),
                at,
            )
        ]
    lowest = min(counts)
    return replace(state, next_index=counts.index(lowest)), []


def _who(state: State, owner: int) -> str:
    player = state.players[owner]
    return player.name or " and ".join(player.colours)


# ---------------------------------------------------------------- playing a turn


def apply(state: State, turn: Turn) -> Step:
    """Play one turn and report every rule it breaks.

    A placement that breaks a rule is not made: the card counts as discarded. A
    fault of turn order or of the card itself (played before, not face up) is
    reported, but a legal placement still stands, since later turns build on it.
    """
    problems: list[Problem] = []
    colour = turn.colour
    if colour not in state.hands:
        problems.append(Problem("MER-S1", f"{colour} is not playing in this game", turn.colour_at))
        return Step(state, tuple(problems), None)
    if state.finished:
        problems.append(Problem("MER-E1", "the game is over: every card has been played", turn.at))
        return Step(state, tuple(problems), None)
    order_faults = _order_faults(state, turn)
    problems.extend(order_faults)
    card_ok = True
    if any(problem.rule == "MER-T2" for problem in order_faults):
        card_ok = False  # every card is played: said once, not again for this card
    elif turn.card in state.played[colour]:
        card_ok = False
        problems.append(
            Problem("MER-T2", f"{colour} has already played card {turn.card.label}", turn.card_at)
        )
    else:
        face_up = state.face_up(colour)
        if face_up is not None and turn.card not in face_up:
            problems.append(
                Problem(
                    "MER-T3",
                    f"card {turn.card.label} is not face up for {colour}; the face-up cards are "
                    + " and ".join(card.label for card in face_up),
                    turn.card_at,
                )
            )
    card = turn.card if card_ok else None
    if turn.meridian not in turn.card.numbers and not (turn.meridian == 0 and turn.skip):
        problems.append(
            Problem(
                "MER-T4",
                f"card {turn.card.label} does not allow meridian {turn.meridian}",
                turn.card_at,
            )
        )
        return Step(_advance(state, colour, card), tuple(problems), None)
    if turn.skip is Skip.STUCK:
        example = next(_builds_for(state, colour, turn.card, turn.meridian), None)
        if example is not None:
            problems.append(
                Problem(
                    "MER-T5",
                    f"{colour} is not stuck: it could still play {describe_action(example)} "
                    "on this card; write 'pass' to choose not to play",
                    turn.at,
                )
            )
        return Step(_advance(state, colour, card), tuple(problems), Effect(None, None, ()))
    if turn.skip is Skip.PASS:
        return Step(_advance(state, colour, card), tuple(problems), Effect(None, None, ()))
    outcome = _act(state, colour, turn.meridian, turn.take_off, turn.build)
    if isinstance(outcome, list):
        problems.extend(outcome)
        return Step(_advance(state, colour, card), tuple(problems), None)
    column, hands, effect = outcome
    columns = list(state.columns)
    columns[turn.meridian - 1] = column
    built = state.ever_built | {turn.meridian} if effect.placed else state.ever_built
    after = _advance(state, colour, card, columns=tuple(columns), hands=hands, ever_built=built)
    return Step(after, tuple(problems), effect)


def _order_faults(state: State, turn: Turn) -> list[Problem]:
    if state.next_index < 0:
        return []
    expected = state.expected_colours()
    if turn.colour in expected:
        return []
    if state.cards_known and state.cards_left(turn.colour) == 0:
        return [Problem("MER-T2", f"{turn.colour} has played all 13 of its cards", turn.colour_at)]
    wanted = " or ".join(expected)
    return [Problem("MER-T1", f"it is {wanted}'s turn, not {turn.colour}'s", turn.colour_at)]


def pass_over(state: State, colour: str | None) -> State:
    """Go on past a turn the record does not make readable: only the order moves on."""
    if colour is None or colour not in state.hands:
        return state
    return _advance(state, colour, None)


def _advance(state: State, colour: str, card: Card | None, **changes: Any) -> State:
    """Count the card as played and pass the turn on, following the actual mover.

    ``changes`` are further fields of the new state, so that a turn copies it once.
    """
    played = state.played
    if card is not None:
        played = dict(played)
        played[colour] = played[colour] | {card}
    next_index = state.owner(colour) + 1 if state.free_turns else state.rotation.index(colour) + 1
    return replace(
        state,
        played=played,
        next_index=next_index,
        turns_applied=state.turns_applied + 1,
        **changes,
    )


Outcome = tuple[Column, dict[str, int], Effect]


def _act(
    state: State,
    colour: str,
    meridian: int,
    take_off: TakeOff | None,
    build: Build | None,
    every_fault: bool = True,
) -> Outcome | list[Problem]:
    """Take off and/or build on one meridian, or every rule this breaks.

    Faults come most basic first: the take-off, the tower's colour, the city, its
    height, the pieces in hand, the towers per player, the rebuild, and then the
    order of heights on the meridian. Without ``every_fault`` the first one ends
    the check (enough when only legality matters).
    """
    column = state.columns[meridian - 1]
    hands = state.hands
    owner = state.owner(colour)
    problems: list[Problem] = []
    removed: tuple[int, Tower] | None = None
    if take_off is not None:
        mine = [
            (city, tower)
            for city, tower in enumerate(column, start=1)
            if tower is not None and state.owner(tower.colour) == owner
        ]
        if take_off.city is not None:
            mine = [(city, tower) for city, tower in mine if city == take_off.city]
        if not mine:
            where = f"on city {take_off.city} of" if take_off.city else "on"
            problems.append(
                Problem(
                    "MER-R9",
                    f"{colour} has no tower of its own {where} meridian {meridian} to take off",
                    take_off.at,
                )
            )
        elif len(mine) > 1:
            problems.append(
                Problem(
                    "MER-R9",
                    f"two towers of yours stand on meridian {meridian}: say which to take off, "
                    "as x@CITY",
                    take_off.at,
                )
            )
        else:
            removed = mine[0]
            cells = list(column)
            cells[removed[0] - 1] = None
            column = tuple(cells)
            hands = dict(hands)
            hands[removed[1].colour] += removed[1].height
        if problems and (build is None or not every_fault):
            return problems
    if build is None:
        return column, dict(hands), Effect(removed, None, ())
    problems.extend(_build_faults(state, owner, colour, meridian, column, hands, removed, build))
    if problems:
        return problems
    new_tower = Tower(build.colour or colour, build.height)
    result = place(column, new_tower, build.city)
    if isinstance(result, Refused):
        return [Problem(result.rule, result.message, build.at)]
    assert isinstance(result, Placed)
    fault = _own_push_fault(state, owner, result.pushes, build)
    if fault is not None:
        return [fault]
    hands = dict(hands)
    hands[new_tower.colour] -= new_tower.height
    return result.column, hands, Effect(removed, (build.city, new_tower), result.pushes)


def _build_faults(
    state: State,
    owner: int,
    colour: str,
    meridian: int,
    column: Column,
    hands: dict[str, int],
    removed: tuple[int, Tower] | None,
    build: Build,
) -> list[Problem]:
    """The rules a build breaks before its pushes are worked out, most basic first."""
    problems = []
    tower_colour = build.colour or colour
    own_colour = tower_colour in state.players[owner].colours
    if not own_colour:
        problems.append(
            Problem("MER-R11", f"{tower_colour} is not one of the mover's colours", build.at)
        )
    height = build.height
    if not 1 <= build.city <= len(column):
        problems.append(
            Problem(
                "MER-R5",
                f"there is no city {build.city} on a meridian of {len(column)} cities",
                build.at,
            )
        )
    empty = all(tower is None for tower in column)
    needs_two = empty and (
        state.rulings.empty_meridian is EmptyMeridian.ALWAYS or meridian not in state.ever_built
    )
    if height < 1:
        problems.append(Problem("MER-R1", "a tower is at least 1 piece high", build.at))
    elif needs_two and height < 2:
        problems.append(
            Problem(
                "MER-R1",
                f"meridian {meridian} is empty: its first tower must be at least 2 high",
                build.at,
            )
        )
    if own_colour and height > hands[tower_colour]:
        problems.append(
            Problem(
                "MER-R8",
                f"{tower_colour} has only {hands[tower_colour]} pieces in hand, "
                f"not enough for a tower {height} high",
                build.at,
            )
        )
    own_towers = [
        (city, tower)
        for city, tower in enumerate(column, start=1)
        if tower is not None and state.owner(tower.colour) == owner
    ]
    limit = state.towers_per_player
    if len(own_towers) >= limit:
        problems.append(
            Problem(
                "MER-R4",
                f"{_who(state, owner)} already has {limit} tower{'s' if limit > 1 else ''} on "
                f"meridian {meridian}; take one off first (x)",
                build.at,
            )
        )
    if (
        removed is not None
        and removed[0] == build.city
        and removed[1] == Tower(tower_colour, height)
    ):
        problems.append(
            Problem(
                "MER-R10",
                "a rebuilt tower must differ from the one taken off in height or city",
                build.at,
            )
        )
    same = next((t for t in column if t is not None and t.height == height), None)
    if same is not None:
        problems.append(
            Problem(
                "MER-R2",
                f"a tower {height} high already stands on this meridian ({same.colour})",
                build.at,
            )
        )
    return problems


def _own_push_fault(
    state: State, owner: int, pushes: tuple[Push, ...], build: Build
) -> Problem | None:
    rule = state.rulings.own_push
    for index, push in enumerate(pushes):
        if state.owner(push.tower.colour) != owner:
            continue
        direct = index == 0
        if rule is OwnPush.NEVER or (direct and rule is OwnPush.CHAIN):
            kind = "displace" if direct else "push along"
            return Problem(
                "MER-R7",
                f"a tower may not {kind} its own player's {push.tower.colour} tower",
                build.at,
            )
    return None


# ---------------------------------------------------------------- legal turns


@dataclass(frozen=True, slots=True)
class Action:
    take_off: TakeOff | None
    build: Build | None


def describe_action(action: Action) -> str:
    parts = []
    if action.take_off is not None:
        parts.append("x" if action.take_off.city is None else f"x@{action.take_off.city}")
    if action.build is not None:
        colour = f"{action.build.colour} " if action.build.colour else ""
        parts.append(f"{colour}{action.build.height}@{action.build.city}")
    return " ".join(parts)


def _actions(state: State, colour: str, meridian: int) -> Iterator[Action]:
    """Every take-off, build and rebuild open to ``colour`` on ``meridian``."""
    owner = state.owner(colour)
    column = state.columns[meridian - 1]
    own_cities = [
        city
        for city, tower in enumerate(column, start=1)
        if tower is not None and state.owner(tower.colour) == owner
    ]
    take_offs: list[TakeOff | None] = [None]
    for city in own_cities:
        take_offs.append(TakeOff(city if len(own_cities) > 1 else None))
    tower_colours = state.players[owner].colours
    for take_off in take_offs:
        if take_off is not None:
            yield Action(take_off, None)
        for tower_colour in tower_colours:
            # No taller tower than the pieces in hand, with any taken off, can allow.
            most = state.hands[tower_colour] + sum(
                tower.height
                for tower in column
                if tower is not None and tower.colour == tower_colour and take_off is not None
            )
            for height in range(1, min(most, PIECES_PER_COLOUR) + 1):
                for city in range(1, state.board.cities + 1):
                    named = tower_colour if tower_colour != colour else None
                    build = Build(height, city, named)
                    found = _act(state, colour, meridian, take_off, build, every_fault=False)
                    if not isinstance(found, list):
                        yield Action(take_off, build)


def _builds_for(state: State, colour: str, card: Card, meridian: int) -> Iterator[Action]:
    meridians = card.numbers if meridian not in card.numbers else (meridian,)
    for number in meridians:
        yield from _actions(state, colour, number)


def legal_turns(state: State) -> Iterator[Turn]:
    """Every legal turn for the colours that may move now (passes included)."""
    if state.finished:
        return
    colours = state.rotation if state.next_index < 0 else state.expected_colours()
    for colour in colours:
        face_up = state.face_up(colour)
        cards = (
            face_up if face_up is not None else [c for c in DECK if c not in state.played[colour]]
        )
        for card in cards:
            for meridian in card.numbers:
                yield Turn(colour, card, meridian, skip=Skip.PASS)
                for action in _actions(state, colour, meridian):
                    yield Turn(colour, card, meridian, action.take_off, action.build)
