"""Random legal Meridian games, written out as complete records for the tests.

The games are played by meridina's own generator (``meridina generate``); this
module adds what the tests want besides: remarks on notable turns, a position
section that folds the first turns in, Event and Date tags, and where each turn
stands in the record. Everything depends on one seed, so a failing game can
always be played again.

Run as a script to print a game: ``python tests/meridian_games.py SEED PLAYERS``.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field

from meridina.notation.meridian.writer import format_turn, setup_tags
from meridina.notation.writing import tag_lines
from meridina.rules.meridian.action import Effect
from meridina.rules.meridian.model import Card, Player, Skip, Turn
from meridina.rules.meridian.random_play import play_game
from meridina.rules.meridian.scoring import ScoreSheet
from meridina.rules.meridian.state import State
from meridina.rules.meridian.turn_rules import T1TurnOrder
from record_lines import RecordLines


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


def comment(text: str) -> str:
    """A brace comment; a closing brace in the text would end it early, so it is dropped."""
    return "{ " + text.replace("}", "") + " }"


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
    rng = random.Random(seed)
    played = play_game(rng, players, decks=decks)
    turns, effects, before, state = played.turns, played.effects, played.before, played.final

    if position_after is not None and not 0 <= position_after <= len(turns):
        raise ValueError(f"position_after must be between 0 and {len(turns)}")
    notable = [
        i
        for i, (turn, effect) in enumerate(zip(turns, effects, strict=True))
        if (position_after is None or i >= position_after) and _describe(turn, effect)
    ]
    remarked = set(rng.sample(notable, min(comments, len(notable))))

    more = [("Event", event)] if event is not None else []
    if date is not None:
        more.append(("Date", date))
    lines = tag_lines([*setup_tags(played.setup), *more])
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
        players=played.setup.players,
        board=played.setup.board,
        decks=played.decks,
        turns=tuple(turns),
        effects=tuple(effects),
        before=tuple(before),
        final=state,
        sheet=played.sheet,
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
        lines.append(f"  next: {T1TurnOrder.expected(state)[0]}")
    return lines


def main(argv: Sequence[str]) -> int:
    seed = int(argv[0]) if argv else 1
    players = int(argv[1]) if len(argv) > 1 else 4
    decks = "--decks" in argv
    print(random_game(seed, players, decks=decks, comments=4).text, end="")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
