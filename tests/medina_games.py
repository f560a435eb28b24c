"""Random legal Medina games, written out as complete records.

Each turn is chosen piece by piece: a first placement, then a second one checked on
the city as the first left it. Placements are proposed where they make sense (next
to the unfinished palace of a colour, on a palace worth roofing, at the ends of the
market street, at the next field of a tower's arm) and the first one the rules core
accepts is kept. When none of those fits, random placements anywhere are tried,
and only then are all legal placements listed. A player who can place nothing
passes. Everything depends on one seed, so a failing
game can always be played again.

Run as a script to print a game: ``python tests/medina_games.py SEED EDITION PLAYERS``.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from meridina.cli.medina_view import event_text
from meridina.notation.medina_writer import format_turn
from meridina.rules.medina.board import load_board, load_edition
from meridina.rules.medina.engine import (
    apply,
    check_placement,
    expected_player,
    finished,
    initial_state,
    legal_placements,
    make_placement,
)
from meridina.rules.medina.model import (
    Cell,
    Kind,
    Placement,
    Player,
    Setup,
    Turn,
    cell_name,
)
from meridina.rules.medina.scoring import ScoreSheet, score
from meridina.rules.medina.state import State
from record_lines import RecordLines

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


@dataclass(frozen=True)
class GeneratedGame(RecordLines):
    """A random legal game: its record text and what the rules core made of it."""

    seed: int
    edition: str
    players: tuple[Player, ...]
    options: frozenset[str] | None  # the options chosen; None in the 1st edition
    start_merchant: Cell
    well: Cell | None
    turns: tuple[Turn, ...]
    events: tuple[tuple[str, ...], ...]  # what each turn brought about
    before: tuple[State, ...]  # the state each turn was played in
    final: State
    sheet: ScoreSheet
    lines: tuple[str, ...]  # the record, one entry per line (no line ends)
    turn_lines: tuple[int, ...]  # 1-based line of each turn
    comments: tuple[str, ...] = field(default=())  # every comment written

    @property
    def result(self) -> dict[str, int]:
        return {p.name: p.total for p in self.sheet.players}

    def with_turn(self, index: int, turn: Turn | str) -> tuple[str, int]:
        """The record with turn ``index`` rewritten, and the line it stands on."""
        line = self.turn_lines[index]
        body = turn if isinstance(turn, str) else format_turn(turn)
        return self.with_line(line, f"{index + 1}. {body}"), line

    def state_for(self, index: int, slot: int) -> State:
        """The state placement ``slot`` of turn ``index`` is checked in."""
        state = self.before[index]
        turn = self.turns[index]
        for placement in turn.placements[:slot]:
            state = place(state, turn.player, placement)
        return state


def tag(name: str, value: str) -> str:
    """A header tag line; quotes and backslashes in the value are escaped."""
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name} "{escaped}"]'


def comment(text: str) -> str:
    """A brace comment; a closing brace in the text would end it early, so it is dropped."""
    return "{ " + text.replace("}", "") + " }"


def players_tag(players: Sequence[Player]) -> str:
    return "; ".join(f"{p.name} {p.colour}" for p in players)


def result_tag(sheet: ScoreSheet) -> str:
    return "; ".join(f"{p.name or p.colour} {p.total}" for p in sheet.players)


def options_tag(options: Iterable[str]) -> str:
    order = load_edition("2").options
    chosen = [name for name in order if name in set(options)]
    return ", ".join(chosen) if chosen else "none"


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


def _single_piece_turn(state: State) -> bool:
    return state.turns_played < state.edition.single_piece_turns.get(len(state.players), 0)


def _last_roofs(state: State, player: str) -> bool:
    """1st edition: the mover alone holds roofs and so must place one if possible."""
    return (
        state.edition.last_roofs_rule
        and state.hands[player].roofs > 0
        and all(state.hands[p.colour].roofs == 0 for p in state.players if p.colour != player)
    )


def choose_turn(rng: random.Random, state: State, patience: dict[str, int]) -> Turn:
    """A legal turn for the player to move."""
    player = expected_player(state)
    wait = patience[player]
    first = None
    if _last_roofs(state, player):
        first = choose_placement(rng, state, player, wait, roof_first=True)
        if first is None and not _single_piece_turn(state):
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
    if _single_piece_turn(state):
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


def _remark(turn: Turn, events: Sequence[str]) -> str | None:
    if turn.passed:
        return f"{turn.player} can place nothing"
    return "; ".join(events) if events else None


def random_game(
    seed: int,
    edition: str = "1",
    players: int = 3,
    *,
    options: Iterable[str] | None = None,
    options_tag_written: bool = True,
    comments: int = 0,
    event: str | None = None,
    date: str | None = None,
    intro: Sequence[str] = (),
) -> GeneratedGame:
    """Play a whole random legal game and write its record.

    ``options`` (2nd edition) are written in the Options tag; None chooses them at
    random. Without ``options_tag_written`` the tag is left out, which stands for the
    edition's default options (so ``options`` must be those). ``comments`` is how
    many notable turns get a remark; ``intro`` adds comments before the first turn.
    """
    if edition not in PLAYERS or players not in PLAYERS[edition]:
        raise ValueError(f"edition {edition} of Medina is not for {players} players")
    rng = random.Random(seed)
    seats = seat_players(rng, players)
    chosen: frozenset[str] | None = None
    if edition == "2":
        chosen = random_options(rng, players) if options is None else frozenset(options)
    elif options is not None:
        raise ValueError("the 1st edition has no options")
    if not options_tag_written and chosen != frozenset(load_edition(edition).default_options):
        raise ValueError("only the default options may go without an Options tag")
    merchant, well = _setup_fields(rng, edition, players, chosen is not None and "well" in chosen)
    setup = Setup(
        edition=edition,
        players=seats,
        options=chosen,
        start_merchant=(merchant, None),
        well=(well, None) if well is not None else None,
    )
    started = initial_state(setup)
    assert started.state is not None and not started.problems, started.problems
    state = started.state
    patience = {p.colour: 2 + rng.randrange(4) for p in seats}

    turns: list[Turn] = []
    happened: list[tuple[str, ...]] = []
    before: list[State] = []
    while not finished(state):
        turn = choose_turn(rng, state, patience)
        step = apply(state, turn)
        assert not step.problems, (turn, step.problems)
        before.append(state)
        turns.append(turn)
        happened.append(tuple(event_text(event) for event in step.events))
        state = step.state
    sheet = score(state, True)

    notable = [i for i, turn in enumerate(turns) if _remark(turn, happened[i])]
    remarked = set(rng.sample(notable, min(comments, len(notable))))

    lines = [tag("Game", "Medina"), tag("Edition", edition)]
    if event is not None:
        lines.append(tag("Event", event))
    if date is not None:
        lines.append(tag("Date", date))
    lines.append(tag("Players", players_tag(seats)))
    if chosen is not None and options_tag_written:
        lines.append(tag("Options", options_tag(chosen)))
    fields = f"merchant {cell_name(merchant)}"
    if well is not None:
        fields = f"well {cell_name(well)}; {fields}"
    lines.append(tag("Setup", fields))
    lines.append(tag("Result", result_tag(sheet)))
    lines.append("")
    written: list[str] = []
    for note in intro:
        lines.append(comment(note))
        written.append(note)
    if intro:
        lines.append("")
    turn_lines: list[int] = []
    for index, turn in enumerate(turns):
        line = f"{index + 1}. {format_turn(turn)}"
        remark = _remark(turn, happened[index]) if index in remarked else None
        if remark is not None:
            line += " " + comment(remark)
            written.append(remark)
        lines.append(line)
        turn_lines.append(len(lines))
    return GeneratedGame(
        seed=seed,
        edition=edition,
        players=seats,
        options=chosen,
        start_merchant=merchant,
        well=well,
        turns=tuple(turns),
        events=tuple(happened),
        before=tuple(before),
        final=state,
        sheet=sheet,
        lines=tuple(lines),
        turn_lines=tuple(turn_lines),
        comments=tuple(written),
    )


# ---------------------------------------------------------------- positions


def position_lines(state: State, *, to_move: str | None = None) -> list[str]:
    """A position section showing the city of ``state`` with every tile's holder."""
    lines = ["position"]
    for colour in state.edition.colours:
        cells = sorted(
            (b for p in state.palaces.values() if p.colour == colour for b in p.buildings),
            key=lambda c: (c[1], c[0]),
        )
        if cells:
            lines.append(f"  {colour}: " + " ".join(cell_name(c) for c in cells))
    stables = sorted(
        (s for p in state.palaces.values() for s in p.stables), key=lambda c: (c[1], c[0])
    )
    if stables:
        lines.append("  stables: " + " ".join(cell_name(c) for c in stables))
    for street in state.streets:
        # One entry per street: a new street may touch an older one.
        lines.append("  merchants: " + " ".join(cell_name(c) for c in street))
    walls = sorted(state.wall_tower, key=lambda c: (c[1], c[0]))
    if walls:
        lines.append("  walls: " + " ".join(cell_name(c) for c in walls))
    roofs = [
        f"{p.owner}@{cell_name(min(p.buildings, key=lambda c: (c[1], c[0])))}"
        for p in sorted(state.palaces.values(), key=lambda p: p.roofed_at or 0)
        if p.owner is not None
    ]
    if roofs:
        lines.append("  roofs: " + " ".join(roofs))
    held = [
        f"{colour} {state.holder_of_palace_tile(colour) or 'nobody'}"
        for colour in state.edition.colours
        if state.palace_tiles.get(colour) is not None
    ]
    if held:
        lines.append("  palace-tiles: " + " ".join(held))
    towers = [f"{t} {h or 'nobody'}" for t, h in sorted(state.tower_tiles.items())]
    if towers:
        lines.append("  tower-tiles: " + " ".join(towers))
    tea = [f"{p.colour} {state.hands[p.colour].tea}" for p in state.players]
    if any(state.hands[p.colour].tea for p in state.players):
        lines.append("  tea: " + " ".join(tea))
    if to_move is not None:
        lines.append(f"  next: {to_move}")
    return lines


def main(argv: Sequence[str]) -> int:
    seed = int(argv[0]) if argv else 1
    edition = argv[1] if len(argv) > 1 else "1"
    players = int(argv[2]) if len(argv) > 2 else 3
    print(random_game(seed, edition, players, comments=4).text, end="")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
