"""Meridian as the recorder plays it: who moves, with which cards, and the Result it writes."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from meridina.notation.meridian import MeridianRecord
from meridina.rules.meridian.engine import Step
from meridina.rules.meridian.model import COLOURS, DECK, Setup, Turn
from meridina.rules.meridian.scoring import PlayerScore, ScoreSheet
from meridina.rules.meridian.state import State
from meridina.rules.meridian.turn_rules import T1TurnOrder
from meridina.rules.wording import counted

from ..recording.games import RecordedGame, RecordedRules, result_label
from . import view


class RecordedMeridian(RecordedRules[Setup, State, Turn, Step, ScoreSheet]):
    def __init__(self) -> None:
        super().__init__("meridian", view)

    def result_value(self, state: State) -> str:
        sheet = self.rules.score(state)
        return "; ".join(
            f"{result_label(row.name, row.colours[0])} {row.points}" for row in sheet.players
        )

    def ending_entry(self, state: State) -> str:
        # Every card of every colour played, as the position page starts.
        cards = " ".join(card.label for card in DECK)
        return "played: " + " ".join(f"{colour} {cards}" for colour in state.colours)

    def first_number(self, start: State) -> int:
        # After a position, the cards already played were the turns before.
        if not start.cards_known:
            return 1
        return 1 + sum(len(cards) for cards in start.played.values())

    def turn_words(self, state: State) -> tuple[str, ...]:
        return (*COLOURS, "pass", "stuck", "x")

    def mover_colour(self, state: State) -> str | None:
        if state.next_index < 0:
            return None
        colours = T1TurnOrder.expected(state)
        return str(colours[0]) if len(colours) == 1 else None

    def mover(self, state: State) -> str:
        if state.next_index < 0:
            return "any colour"
        colours = T1TurnOrder.expected(state)
        owner = state.players[state.owner(colours[0])]
        who = f"{owner.name} ({' or '.join(colours)})" if owner.name else " or ".join(colours)
        if not state.cards_known:
            return who
        cards = []
        for colour in colours:
            face_up = state.face_up(colour)
            held = state.cards_left(colour)
            shown = f"; face up {' and '.join(c.label for c in face_up)}" if face_up else ""
            cards.append(f"{colour}: {counted(held, 'card')} left{shown}")
        return f"{who}, {', '.join(cards)}"

    def supply(self, state: State) -> tuple[tuple[str, int], ...]:
        if state.next_index < 0:
            return ()
        return _held(state, T1TurnOrder.expected(state))

    def supplies(self, state: State) -> tuple[tuple[str, tuple[tuple[str, int], ...]], ...]:
        return tuple(
            (f"{player.name} ({' and '.join(player.colours)})" if player.name
             else " and ".join(player.colours), _held(state, player.colours))
            for player in state.players
        )  # fmt: skip

    def ties(self, sheet: ScoreSheet) -> tuple[str, ...]:
        said = []
        ranked = sheet.ranking()
        for above, below in itertools.pairwise(ranked):
            if above.points != below.points:
                continue
            first, second = _who(above), _who(below)
            equal = f"{first} and {second} both have {counted(above.points, 'point')}"
            if above.rank == below.rank:
                said.append(
                    f"{equal} and {counted(above.pieces_left, 'piece')} in hand, "
                    "and share a place (MER-E4)."
                )
            else:
                said.append(
                    f"{equal}; {first} ranks above, with more pieces in hand "
                    f"({above.pieces_left} to {below.pieces_left}) (MER-E4)."
                )
        return tuple(said)


RECORDED: RecordedGame[State, Turn, Step, MeridianRecord, ScoreSheet] = RecordedMeridian()


def _held(state: State, colours: Sequence[str]) -> tuple[tuple[str, int], ...]:
    """What ``colours`` still hold: each one's pieces, and its cards when they are known."""
    held: list[tuple[str, int]] = []
    for colour in colours:
        held.append((f"{colour} pieces", state.hands[colour]))
        if state.cards_known:
            held.append((f"{colour} cards", state.cards_left(colour)))
    return tuple(held)


def _who(row: PlayerScore) -> str:
    colours = " and ".join(row.colours)
    return f"{row.name} ({colours})" if row.name else colours
