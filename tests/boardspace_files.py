"""Boardspace Medina game files written from the format, for the importer's tests.

``game_file`` writes the root node and one node per move, as Boardspace's server writes a
finished game (without a revision, ``SU[Medina 3 0]``, as files from before revision 100);
``Moves`` builds the moves of turns in Boardspace's ways: a person's pick
and drop (with cancelled picks and undos if asked), a robot's one move, a tea tile.
``played_game`` plays a random legal game by meridina's rules and writes it as Boardspace
would have logged it, with the logged turns of players who hold nothing.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from meridina.notation.medina.boardspace.draws import well_and_merchant
from meridina.notation.medina.writer import format_turn
from meridina.rules.medina.engine import apply, expected_player, finished, initial_state
from meridina.rules.medina.model import (
    Cell,
    Player,
    Rulings,
    Setup,
    parse_cell,
)
from meridina.rules.medina.random_play import choose_turn
from meridina.rules.medina.rule_sets import boardspace_rule_set, rulings_of

ROOF = ("blue", "green", "red", "yellow")
BUILDING_ROW = {"grey": 0, "black": 1, "brown": 2, "orange": 3}
SUPPLY = {"roof": "D", "neutral": "N", "merchant": "M", "wall": "W", "stable": "S"}


def game_file(
    moves: Sequence[tuple[int, str]],
    *,
    variation: str = "Medina-v2",
    revision: int | None = 103,
    players: int = 3,
    key: int | None = 12345,
    colours: str | None = None,
    names: Sequence[str] = ("ann", "ben", "cy", "di"),
) -> str:
    """A game file: ``moves`` are (seat, move text without its index), Start first."""
    setup = " ".join(str(part) for part in (variation, revision, players, key) if part is not None)
    lines = ["(;", "GM[Medina]VV[1]"]
    if colours is not None:
        lines.append(f"CM[{colours}]")
    lines += [f"SU[{setup}]", "DT[Mar 3 2019]", "GN[game-1234]"]
    lines += [f'P{seat}[id "{names[seat]}"]' for seat in range(players)]
    lines += [
        f"; P{seat}[{index} {text}]TM[{1000 + index}]" for index, (seat, text) in enumerate(moves)
    ]
    lines += [";", *(f"P{seat}[time 0:04:{seat:02} ]" for seat in range(players)), ")"]
    return "\n".join(lines) + "\n"


@dataclass
class Moves:
    """The moves of turns, seat by seat; each method adds one placement or ends a turn."""

    moves: list[tuple[int, str]] = field(default_factory=list)

    def start(self, seat: int) -> Moves:
        self.moves.append((seat, f"Start P{seat}"))
        return self

    def piece(self, seat: int, piece: str, cell: str, style: str = "person") -> Moves:
        """Place ``piece`` (``orange``, ``roof``, ``wall``...) on ``cell``; ``style``:
        person, robot, cancel (a pick put back first) or undo (dropped, taken back, again)."""
        supply, row = ("P", BUILDING_ROW[piece]) if piece in BUILDING_ROW else (SUPPLY[piece], 0)
        rack = f"{supply} {chr(65 + seat)} {row}"
        column, number = cell[0], cell[1:]
        if style == "robot":
            self.moves.append((seat, f"OnBoard {rack} {column} {number}"))
            return self
        if style == "cancel":
            self.moves += [(seat, f"Pick {rack}"), (seat, f"Drop {rack}")]
        self.moves += [(seat, f"Pick {rack}"), (seat, f"Dropb {column} {number}")]
        if style == "undo":
            self.moves += [(seat, f"Pickb {column} {number} 3"), (seat, f"Dropb {column} {number}")]
        return self

    def tea(self, seat: int, style: str = "person") -> Moves:
        rack = f"T {chr(65 + seat)} 0"
        if style == "robot":
            self.moves.append((seat, f"OnBoard {rack} A 65"))
            return self
        if style == "undo":
            self.moves += [(seat, f"Pick {rack}"), (seat, "Drop V A 0")]
            self.moves += [(seat, "Pick V A 0"), (seat, f"Drop {rack}")]
        self.moves += [(seat, f"Pick {rack}"), (seat, "Drop V A 0")]
        return self

    def done(self, seat: int, robot_pass: bool = False) -> Moves:
        if robot_pass:
            self.moves.append((seat, "Pass"))
        self.moves.append((seat, "Done"))
        return self


@dataclass
class Played:
    """A random legal game: its Boardspace file and the turns meridina would write."""

    text: str
    turns: list[str]  # each turn's words, the mover named by seat: "0 orange@E5 wall@B1"


def played_game(seed: int, edition: str, players: int, revision: int = 103) -> Played:
    """Play a random legal game as Boardspace's rules of ``revision`` allow, and log it."""
    rng = random.Random(seed)
    order = list(range(4))
    rng.shuffle(order)
    colours = [ROOF[index] for index in order[:players]]
    key = rng.randrange(-(1 << 31), 1 << 31)
    well = merchant = None
    if edition == "2":
        well, merchant = well_and_merchant(key, players)
    else:
        merchant = rng.choice(["F5", "H7", "K9", "M4"])
    chosen = _rulings(revision)
    options = None
    if edition == "2":
        options = frozenset(
            {"well", "tea", "tower-merchants"} | ({"neutral-roofs"} if players < 4 else set())
        )
    # Boardspace's first seat may be any: the record's first player sits at ``first``
    first = rng.randrange(players)
    seats = [(first + n) % players for n in range(players)]  # record order -> Boardspace seat
    setup = Setup(
        edition=edition,
        players=tuple(Player(f"p{seat}", colours[seat]) for seat in seats),
        options=options,
        start_merchant=(_cell(merchant), None),
        well=(_cell(well), None) if well else None,
        rulings=chosen,
    )
    state = initial_state(setup).state
    assert state is not None
    seat_of = {colours[seat]: seat for seat in range(players)}
    patience = {colour: 2 + rng.randrange(4) for colour in colours}
    log = Moves().start(first)
    expected: list[str] = []
    last = None
    if edition == "1":
        log.piece(first, "merchant", merchant, rng.choice(["person", "robot"]))
    while not finished(state):
        mover = expected_player(state)
        seat = seat_of[mover]
        for skipped in _between(last, seat, players):
            log.done(skipped)  # Boardspace asks a player who holds nothing, who answers
        turn = choose_turn(rng, state, patience)
        step = apply(state, turn)
        assert not step.problems, step.problems
        state = step.state
        words = format_turn(turn).split()[1:]
        expected.append(" ".join([str(seat), *words]))
        for word in words:
            style = rng.choice(["person", "person", "robot", "cancel", "undo"])
            if word == "tea":
                log.tea(seat, "undo" if style in ("undo", "cancel") else style)
            elif word != "pass":
                piece, cell = word.split("@")
                log.piece(seat, piece, cell, style)
        log.done(seat, robot_pass=words == ["pass"] and rng.random() < 0.5)
        last = seat
    old_form = revision < 100  # a file from before revision 100: SU[Medina PLAYERS 0]
    text = game_file(
        log.moves,
        variation="Medina-v2" if edition == "2" else "Medina",
        revision=None if old_form else revision,
        players=players,
        key=0 if old_form else key,
        colours=",".join(str(index) for index in order[:players]),
        names=[f"p{seat}" for seat in range(players)],
    )
    return Played(text, expected)


def _between(last: int | None, seat: int, players: int) -> list[int]:
    """The seats Boardspace asks between ``last``'s turn and ``seat``'s."""
    if last is None:
        return []
    skipped = []
    other = (last + 1) % players
    while other != seat:
        skipped.append(other)
        other = (other + 1) % players
    return skipped


def _cell(name: str) -> Cell:
    cell = parse_cell(name)
    assert cell is not None
    return cell


def _rulings(revision: int) -> Rulings:
    """Boardspace's rules at ``revision``: the rule set a converted game names."""
    return rulings_of(boardspace_rule_set(revision))
