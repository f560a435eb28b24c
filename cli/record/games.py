"""What the recorder needs from each game: read and play a turn, say who moves, score.

Each game joins its notation bridge, its rules core and its view behind one small
interface, so the recorder itself never asks which game it records.
"""

from __future__ import annotations

from typing import Any, Protocol

from meridina.notation import medina as medina_notation
from meridina.notation import meridian as meridian_notation
from meridina.notation.legal_words import WordSpace
from meridina.notation.medina import legal as medina_legal
from meridina.notation.medina import writer as medina_writer
from meridina.notation.meridian import legal as meridian_legal
from meridina.notation.meridian import writer as meridian_writer
from meridina.notation.tagvalues import reads_back_in_a_result
from meridina.notation.text import TurnText
from meridina.notation.turns import TurnEntry
from meridina.rules.common import Problem
from meridina.rules.medina import engine as medina_engine
from meridina.rules.medina.game import RULES as MEDINA_RULES
from meridina.rules.meridian.game import RULES as MERIDIAN_RULES
from meridina.rules.meridian.model import COLOURS as MERIDIAN_COLOURS

from ..medina import view as medina_view
from ..meridian import view as meridian_view
from ..views import GameView


def result_label(name: str | None, colour: str) -> str:
    """How a Result tag the recorder writes names a player: by name, or by colour when the
    name would not read back (a name holding the tag's separator)."""
    return name if name and reads_back_in_a_result(name) else colour


class RecordedGame(Protocol):
    """One game as the recorder sees it; states, turns and records are the game's own."""

    name: str
    view: GameView[Any, Any, Any, Any, Any]

    def read_turn(self, text: TurnText) -> TurnEntry[Any]: ...

    def apply(self, state: Any, turn: Any) -> tuple[Any, tuple[Problem, ...]]: ...

    def step(self, state: Any, turn: Any) -> Any:
        """The rules' step for ``turn``: the state after it, its problems, what it did."""
        ...

    def over(self, state: Any) -> bool: ...

    def score(self, state: Any) -> Any: ...

    def result_value(self, state: Any) -> str: ...

    def format_turn(self, turn: Any) -> str: ...

    def write(self, record: Any) -> str: ...

    def word_space(self, state: Any) -> WordSpace: ...

    def mover(self, state: Any) -> str: ...

    def mover_colour(self, state: Any) -> str | None:
        """The colour that plays next, when only one can; None when it is open."""
        ...

    def turn_words(self, state: Any) -> tuple[str, ...]:
        """The words a typed turn may start with: colours, and the words of a turn
        typed without its colour."""
        ...

    def first_number(self, start: Any) -> int:
        """The number of the first turn played from ``start``."""
        ...


class Meridian:
    name = "Meridian"
    view: GameView[Any, Any, Any, Any, Any] = meridian_view

    def read_turn(self, text: TurnText) -> TurnEntry[Any]:
        return meridian_notation.read_turn(text)

    def apply(self, state: Any, turn: Any) -> tuple[Any, tuple[Problem, ...]]:
        step = MERIDIAN_RULES.apply(state, turn)
        return step.state, step.problems

    def step(self, state: Any, turn: Any) -> Any:
        return MERIDIAN_RULES.apply(state, turn)

    def over(self, state: Any) -> bool:
        return MERIDIAN_RULES.score(state).finished

    def score(self, state: Any) -> Any:
        return MERIDIAN_RULES.score(state)

    def result_value(self, state: Any) -> str:
        sheet = MERIDIAN_RULES.score(state)
        return "; ".join(
            f"{result_label(row.name, row.colours[0])} {row.points}" for row in sheet.players
        )

    def format_turn(self, turn: Any) -> str:
        return meridian_writer.format_turn(turn)

    def write(self, record: Any) -> str:
        return meridian_writer.write_record(record)

    def word_space(self, state: Any) -> WordSpace:
        return meridian_legal.word_space(state)

    def first_number(self, start: Any) -> int:
        # After a position, the cards already played were the turns before.
        if not start.cards_known:
            return 1
        return 1 + sum(len(cards) for cards in start.played.values())

    def turn_words(self, state: Any) -> tuple[str, ...]:
        return (*MERIDIAN_COLOURS, "pass", "stuck", "x")

    def mover_colour(self, state: Any) -> str | None:
        if state.next_index < 0:
            return None
        colours = state.expected_colours()
        return str(colours[0]) if len(colours) == 1 else None

    def mover(self, state: Any) -> str:
        if state.next_index < 0:
            return "any colour"
        colours = state.expected_colours()
        owner = state.players[state.owner(colours[0])]
        who = f"{owner.name} ({' or '.join(colours)})" if owner.name else " or ".join(colours)
        if not state.cards_known:
            return who
        cards = []
        for colour in colours:
            face_up = state.face_up(colour)
            held = state.cards_left(colour)
            shown = f"; face up {' and '.join(c.label for c in face_up)}" if face_up else ""
            cards.append(f"{colour}: {held} card{'s' if held != 1 else ''} left{shown}")
        return f"{who}, {', '.join(cards)}"


class Medina:
    name = "Medina"
    view: GameView[Any, Any, Any, Any, Any] = medina_view

    def read_turn(self, text: TurnText) -> TurnEntry[Any]:
        return medina_notation.read_turn(text)

    def apply(self, state: Any, turn: Any) -> tuple[Any, tuple[Problem, ...]]:
        step = MEDINA_RULES.apply(state, turn)
        return step.state, step.problems

    def step(self, state: Any, turn: Any) -> Any:
        return MEDINA_RULES.apply(state, turn)

    def over(self, state: Any) -> bool:
        # The same end as a checked record's: passes all round, or nobody can place.
        return MEDINA_RULES.score(state).finished

    def score(self, state: Any) -> Any:
        return MEDINA_RULES.score(state)

    def result_value(self, state: Any) -> str:
        sheet = MEDINA_RULES.score(state)
        return "; ".join(
            f"{result_label(row.name, row.colour)} {row.total}" for row in sheet.players
        )

    def format_turn(self, turn: Any) -> str:
        return medina_writer.format_turn(turn)

    def write(self, record: Any) -> str:
        return medina_writer.write_record(record)

    def word_space(self, state: Any) -> WordSpace:
        return medina_legal.word_space(state)

    def first_number(self, start: Any) -> int:
        return 1 + int(start.turns_played)

    def mover_colour(self, state: Any) -> str | None:
        return str(medina_engine.expected_player(state))

    def turn_words(self, state: Any) -> tuple[str, ...]:
        return (*(str(player.colour) for player in state.players), "pass", "tea")

    def mover(self, state: Any) -> str:
        colour = medina_engine.expected_player(state)
        player = next(p for p in state.players if p.colour == colour)
        who = f"{player.name} ({colour})" if player.name else colour
        hand = state.hands[colour]
        if not hand.known:
            return who
        pieces = hand.pieces()
        tea = f", {hand.tea} tea" if hand.tea else ""
        return f"{who}, {pieces} piece{'s' if pieces != 1 else ''} left{tea}"


GAMES: dict[str, RecordedGame] = {"meridian": Meridian(), "medina": Medina()}
