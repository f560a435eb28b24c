"""Medina as the recorder plays it: who moves, with which pieces, and the Result it writes."""

from __future__ import annotations

import itertools

from meridina.notation.medina import MedinaRecord
from meridina.rules.medina.engine import Hand, Step, expected_player
from meridina.rules.medina.model import Setup, Turn
from meridina.rules.medina.scoring import PlayerScore, ScoreSheet
from meridina.rules.medina.state import State
from meridina.rules.wording import counted

from ..recording.games import RecordedGame, RecordedRules, result_label
from . import view


class RecordedMedina(RecordedRules[Setup, State, Turn, Step, ScoreSheet]):
    def __init__(self) -> None:
        super().__init__("medina", view)

    def result_value(self, state: State) -> str:
        sheet = self.rules.score(state)
        return "; ".join(
            f"{result_label(row.name, row.colour)} {row.total}" for row in sheet.players
        )

    def ending_entry(self, state: State) -> str:
        return "supplies: spent"

    def first_number(self, start: State) -> int:
        return 1 + int(start.turns_played)

    def mover_colour(self, state: State) -> str | None:
        return str(expected_player(state))

    def turn_words(self, state: State) -> tuple[str, ...]:
        return (*(str(player.colour) for player in state.players), "pass", "tea")

    def mover(self, state: State) -> str:
        colour = expected_player(state)
        player = next(p for p in state.players if p.colour == colour)
        who = f"{player.name} ({colour})" if player.name else colour
        hand = state.hands[colour]
        if not hand.known:
            return who
        pieces = hand.pieces()
        tea = f", {hand.tea} tea" if hand.tea else ""
        return f"{who}, {counted(pieces, 'piece')} left{tea}"

    def supply(self, state: State) -> tuple[tuple[str, int], ...]:
        return _held(state.hands[expected_player(state)])

    def supplies(self, state: State) -> tuple[tuple[str, tuple[tuple[str, int], ...]], ...]:
        return tuple(
            (f"{player.name} ({player.colour})" if player.name else player.colour, held)
            for player in state.players
            if (held := _held(state.hands[player.colour]))
        )

    def ties(self, sheet: ScoreSheet) -> tuple[str, ...]:
        said = []
        ranked = sheet.ranking()
        for above, below in itertools.pairwise(ranked):
            if above.total != below.total:
                continue
            first, second = _who(above), _who(below)
            equal = f"{first} and {second} both have {counted(above.total, 'point')}"
            if above.rank == below.rank:
                said.append(f"{equal} and share a place (MED-E5).")
            elif above.largest != below.largest:
                said.append(
                    f"{equal}; {first} ranks above, with the larger largest palace "
                    f"({above.largest} buildings to {below.largest}) (MED-E5)."
                )
            else:
                said.append(
                    f"{equal} and largest palaces of {above.largest}; {first} ranks above, "
                    "having roofed theirs first (MED-E5)."
                )
        return tuple(said)


RECORDED: RecordedGame[State, Turn, Step, MedinaRecord, ScoreSheet] = RecordedMedina()


def _held(hand: Hand) -> tuple[tuple[str, int], ...]:
    """What a hand holds, one line a kind of piece; nothing when it is not known."""
    if not hand.known:
        return ()
    return (
        *((f"{colour} buildings", count) for colour, count in hand.buildings.items()),
        ("roofs", hand.roofs),
        ("neutral roofs", hand.neutral_roofs),
        ("stables", hand.stables),
        ("merchants", hand.merchants),
        ("walls", hand.walls),
        ("tea tiles", hand.tea),
    )


def _who(row: PlayerScore) -> str:
    return f"{row.name} ({row.colour})" if row.name else row.colour
