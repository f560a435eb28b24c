"""What the recorder needs from each game: read and play a turn, say who moves, score.

Each game joins its notation bridge, its rules core and its view behind one small
interface (its descriptor's ``recorded``, in ``meridina.games``), so the recorder itself
never asks which game it records.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from meridina.notation.games import NotationGame, notation_game
from meridina.notation.legal_words import WordSpace
from meridina.notation.tagvalues import reads_back_in_a_result
from meridina.notation.text import TurnText
from meridina.notation.turns import GameRecord, TurnEntry
from meridina.rules.common import Problem
from meridina.rules.game import HasState, RulesCore
from meridina.rules.games import rules_game

if TYPE_CHECKING:
    from ..views import GameView


def result_label(name: str | None, colour: str) -> str:
    """How a Result tag the recorder writes names a player: by name, or by colour when the
    name would not read back (a name holding the tag's separator)."""
    return name if name and reads_back_in_a_result(name) else colour


State = TypeVar("State")
Turn = TypeVar("Turn")
Step = TypeVar("Step")
Record = TypeVar("Record", contravariant=True)
Sheet = TypeVar("Sheet")


class RecordedGame(Protocol[State, Turn, Step, Record, Sheet]):
    """One game as the recorder sees it; states, turns and records are the game's own."""

    @property
    def name(self) -> str: ...

    @property
    def view(self) -> GameView[State, Turn, Step, Record, Sheet]: ...

    def read_turn(self, text: TurnText) -> TurnEntry[Turn]: ...

    def apply(self, state: State, turn: Turn) -> tuple[State, tuple[Problem, ...]]: ...

    def step(self, state: State, turn: Turn) -> Step:
        """The rules' step for ``turn``: the state after it, its problems, what it did."""
        ...

    def over(self, state: State) -> bool: ...

    def score(self, state: State) -> Sheet: ...

    def result_value(self, state: State) -> str: ...

    def ending_entry(self, state: State) -> str:
        """The position entry that says a game from ``state`` is over, as the position
        page writes it (a position says nothing of what is left in hand without it)."""
        ...

    def format_turn(self, turn: Turn) -> str: ...

    def write(self, record: Record) -> str: ...

    def word_space(self, state: State) -> WordSpace: ...

    def mover(self, state: State) -> str: ...

    def mover_colour(self, state: State) -> str | None:
        """The colour that plays next, when only one can; None when it is open."""
        ...

    def turn_words(self, state: State) -> tuple[str, ...]:
        """The words a typed turn may start with: colours, and the words of a turn
        typed without its colour."""
        ...

    def first_number(self, start: State) -> int:
        """The number of the first turn played from ``start``."""
        ...

    def supply(self, state: State) -> tuple[tuple[str, int], ...]:
        """What the player to move still holds, one line a kind of piece or card, as
        (what, how many); nothing when it is not known."""
        ...

    def supplies(self, state: State) -> tuple[tuple[str, tuple[tuple[str, int], ...]], ...]:
        """What every player still holds, in seat order: who (``"Ann (red)"``) and their
        lines as ``supply`` gives them; nothing for a player whose hand is not known."""
        ...

    def ties(self, sheet: Sheet) -> tuple[str, ...]:
        """How the ranking parts players with equal points, in words, one sentence a pair
        of players next in rank (its rule cited); nothing when no points are equal."""
        ...


# Whichever game is recorded: a registry's descriptor (see ``meridina.games.shown_game``),
# its types known only when a record names its game.
SomeRecordedGame = RecordedGame[Any, Any, Any, Any, Any]


class Finishes(Protocol):
    @property
    def finished(self) -> bool: ...


StepT = TypeVar("StepT", bound=HasState[Any])  # read as State: see rules.game.StepT
SheetT = TypeVar("SheetT", bound=Finishes)


Setup = TypeVar("Setup")


class RecordedRules(Generic[Setup, State, Turn, StepT, SheetT]):
    """What every game's recorder does alike: through its rules core and notation bridge.

    A game's own recorder adds who moves, the words a turn starts with and its Result.
    """

    def __init__(
        self, key: str, view: GameView[State, Turn, StepT, GameRecord[Setup, Turn], SheetT]
    ) -> None:
        self.name: str = rules_game(key).title
        self.view = view
        self.rules: RulesCore[Setup, State, Turn, StepT, SheetT] = rules_game(key).core
        self.notation: NotationGame[Setup, Turn, State] = notation_game(key)

    def read_turn(self, text: TurnText) -> TurnEntry[Turn]:
        return self.notation.read_turn(text)

    def apply(self, state: State, turn: Turn) -> tuple[State, tuple[Problem, ...]]:
        step = self.rules.apply(state, turn)
        return step.state, step.problems

    def step(self, state: State, turn: Turn) -> StepT:
        return self.rules.apply(state, turn)

    def over(self, state: State) -> bool:
        # The same end as a checked record's.
        return self.rules.score(state).finished

    def score(self, state: State) -> SheetT:
        return self.rules.score(state)

    def format_turn(self, turn: Turn) -> str:
        return self.notation.format_turn(turn)

    def write(self, record: GameRecord[Setup, Turn]) -> str:
        return self.notation.write_record(record)

    def word_space(self, state: State) -> WordSpace:
        return self.notation.word_space(state)
