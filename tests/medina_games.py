"""Random legal Medina games, written out as complete records for the tests.

The games are played by meridina's own generator (``meridina generate``); this
module adds what the tests want besides: remarks on notable turns, a record
without its Options tag, Event and Date tags, a position section for a state, and
where each turn stands in the record. Everything depends on one seed, so a failing
game can always be played again.

Run as a script to print a game: ``python tests/medina_games.py SEED EDITION PLAYERS``.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from meridina.medina.view import event_text
from meridina.notation.medina.writer import format_turn, options_text, setup_tags
from meridina.notation.writing import tag_lines
from meridina.rules.medina.board import load_edition
from meridina.rules.medina.model import Cell, Player, Turn, cell_name
from meridina.rules.medina.random_play import place, play_game
from meridina.rules.medina.scoring import ScoreSheet
from meridina.rules.medina.state import State
from record_lines import RecordLines


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
    return tag_lines([(name, value)])[0]


def comment(text: str) -> str:
    """A brace comment; a closing brace in the text would end it early, so it is dropped."""
    return "{ " + text.replace("}", "") + " }"


def players_tag(players: Sequence[Player]) -> str:
    return "; ".join(f"{p.name} {p.colour}" for p in players)


def result_tag(sheet: ScoreSheet) -> str:
    return "; ".join(f"{p.name or p.colour} {p.total}" for p in sheet.players)


def options_tag(options: Iterable[str]) -> str:
    return options_text(options)


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
    chosen = None if options is None else frozenset(options)
    if not options_tag_written and chosen != frozenset(load_edition(edition).default_options):
        raise ValueError("only the default options may go without an Options tag")
    rng = random.Random(seed)
    played = play_game(rng, edition, players, options=chosen)
    setup, turns = played.setup, played.turns
    happened = tuple(tuple(event_text(event) for event in events) for events in played.events)
    assert setup.start_merchant is not None

    notable = [i for i, turn in enumerate(turns) if _remark(turn, happened[i])]
    remarked = set(rng.sample(notable, min(comments, len(notable))))

    tags = setup_tags(played.setup)
    if not options_tag_written:
        tags = [(name, value) for name, value in tags if name != "Options"]
    if event is not None:
        tags.append(("Event", event))
    if date is not None:
        tags.append(("Date", date))
    lines = tag_lines(tags)
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
        players=setup.players,
        options=setup.options,
        start_merchant=setup.start_merchant[0],
        well=setup.well[0] if setup.well is not None else None,
        turns=turns,
        events=happened,
        before=played.before,
        final=played.final,
        sheet=played.sheet,
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
