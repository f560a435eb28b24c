"""A position of either game to play on, as python-chess's ``Board`` is: ``push`` a turn,
``pop`` it back, ``copy``, ``legal_turns``, ``is_over``, ``score``, ``picture``.

A position wraps its game's own position model (``PositionModel``, made by the game's
descriptor), which plays each turn through the game's one turn loop; the model is made
on the first call that plays, so a position only looked at costs nothing more.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from meridina.notation.games import notation_game
from meridina.notation.typed_turn import read_typed_turn
from meridina.rules.common import Problem as FoundProblem
from meridina.rules.games import rules_game

from .drawing.svg import serialize
from .game_parts import MeridinaError
from .games import shown_game
from .json_values import JsonData
from .stand_in import OnBoard, stand_in_line
from .views import view_for

if TYPE_CHECKING:
    from .games import ScoreDetail, SomeShownGame, Supply

# the fields of a score row that every game has; the rest is the game's own breakdown
COMMON_FIELDS = frozenset({"name", "colours", "rank", "points"})
# the names one release still writes beside the common ones (see the changelog)
OLD_FIELDS = frozenset({"colour", "total"})
HIGHLIGHT = {"fill": "#ffd54f", "fill-opacity": "0.6", "class": "target highlight"}


@dataclass(frozen=True)
class ScoreRow:
    """One player's line of a score, the same shape in both games.

    ``breakdown`` holds what the game's own score is made of (Meridian: islands and pieces
    left; Medina: tiles, palaces and the largest palace), as ``score --format json`` gives it;
    ``detail`` holds the same as a value of the game's own type
    (``meridina.meridian.values.ScoreDetail`` or ``meridina.medina.values.ScoreDetail``).
    """

    name: str
    colours: tuple[str, ...]
    rank: int
    points: int
    breakdown: Mapping[str, JsonData] = field(default_factory=dict)
    detail: ScoreDetail | None = None


@dataclass(frozen=True)
class Score:
    """The score of a game at some point: the players in rank order.

    ``finished``: the game is over. ``complete``: the game has no problems besides its
    Result tag's, so that its points and ranking can be trusted.
    """

    finished: bool
    complete: bool
    players: tuple[ScoreRow, ...]


@dataclass(frozen=True)
class Turn:
    """A turn to play on a position: ``text`` as a record writes it, without a number
    (``"red orange@E5 roof@E5"``), and ``mover``, the colour that plays it. ``str()`` of a
    turn is its text."""

    text: str
    mover: str
    own: object = field(repr=False, compare=False)  # the game's own turn

    def __str__(self) -> str:
        return self.text


def scored(title: str, state: OnBoard, sheet: object, complete: bool) -> Score:
    """The score a game's sheet gives of ``state``, as ``score --format json`` gives it."""
    found = view_for(title).sheet_json(sheet, state)
    details = shown_game(title.lower()).details(sheet)
    players = tuple(
        ScoreRow(
            row["name"],
            tuple(row["colours"]),
            row["rank"],
            row["points"],
            {k: v for k, v in row.items() if k not in COMMON_FIELDS | OLD_FIELDS},
            detail,
        )
        for row, detail in zip(found["players"], details, strict=True)
    )
    return Score(bool(found["finished"]), complete, players)


class Position:
    """A position of a game, to look at and to play on.

    ``state`` is the game's own state object (``meridina.rules.meridian.state.State`` or
    ``meridina.rules.medina.state.State``), typed as what both are, a position on a board
    (its ``board.name``); ``isinstance`` tells which. ``data()`` gives it as
    ``replay --format json`` does, ``diagram()`` as ``replay`` draws it in text.
    """

    def __init__(
        self,
        title: str,
        turns_played: int,
        state: OnBoard,
        *,
        complete: bool = True,
        caption: str | None = None,
        last: tuple[object, object] | None = None,
    ) -> None:
        self.title = title
        """The game's title."""
        self.turns_played = turns_played
        """How many turns of the game lead here, pushed ones included."""
        self._state = state
        self._complete = complete
        self._caption = caption
        self._last = last  # the turn that led here and its step, when it was made
        self._game: SomeShownGame = shown_game(title.lower())
        self._model: SomeModel | None = None  # made when first played on
        self._pushed: list[Turn] = []

    def __repr__(self) -> str:
        return f"<Position of {self.title} after {self.turns_played} turns>"

    @property
    def state(self) -> OnBoard:
        """The game's own state of the position as it stands (a snapshot)."""
        return self._state if self._model is None else self._played().state()

    @property
    def turns(self) -> tuple[Turn, ...]:
        """The turns pushed on this position, oldest first, that ``pop`` takes back."""
        return tuple(self._pushed)

    def data(self) -> dict[str, JsonData]:
        """The position as plain data (the ``state`` of ``replay --format json``)."""
        return view_for(self.title).state_json(self.state)

    def diagram(self) -> str:
        """The position drawn in text, as ``replay`` shows it."""
        return view_for(self.title).diagram(self.state)

    @property
    def to_move(self) -> str | None:
        """The colour that plays next; None when more than one may (Meridian's two-player
        game with free turns) or none can."""
        return None if self.is_over() else self._game.recorded().mover_colour(self.state)

    @property
    def supplies(self) -> tuple[Supply, ...]:
        """What each colour still holds, in seat order, as a value of the game's own type
        (``meridina.meridian.values.Supply``: pieces and cards;
        ``meridina.medina.values.Supply``: buildings, roofs, stables, merchants, walls, tea)."""
        return self._game.supplies(self.state)

    def legal_turns(self) -> Iterator[Turn]:
        """Every legal turn from here, found one at a time in the order the rules find them
        (as python-chess's ``legal_moves``): ``next(position.legal_turns())`` is the first
        without the rest, which an early Medina position has hundreds of thousands of."""
        notation = notation_game(self.title.lower())
        for own in self._played().legal_turns():
            yield self._turn(notation.format_turn(own), own)

    def push(self, turn: Turn | str) -> Turn:
        """Play ``turn`` (a ``Turn``, or its text as a record writes it). A turn that cannot
        be read or breaks a rule raises ``MeridinaError`` with the rule, and the position is
        left as it was."""
        # A Turn is read again from its text: it may come from another game's position.
        own = self._read(turn.text if isinstance(turn, Turn) else turn)
        notation = notation_game(self.title.lower())
        made = self._turn(notation.format_turn(own), own)
        if not self._played().push(own):
            problem = next(iter(self._faults(own)), None)
            why = f"{problem.rule} {problem.message}" if problem else "it breaks a rule"
            raise MeridinaError(f"{made.text}: {why}")
        self._pushed.append(made)
        self.turns_played += 1
        return made

    def pop(self) -> Turn:
        """Take back the last turn pushed, and give it back."""
        if not self._pushed:
            raise MeridinaError("no turn was pushed on this position: there is none to pop")
        self._played().pop()
        self.turns_played -= 1
        return self._pushed.pop()

    def copy(self) -> Position:
        """A position of its own, with the same turns to pop."""
        twin = Position(
            self.title,
            self.turns_played,
            self._state,
            complete=self._complete,
            caption=self._caption,
            last=self._last,
        )
        if self._model is not None:
            twin._model = self._played().copy()
        twin._pushed = self._pushed.copy()
        return twin

    def is_over(self) -> bool:
        """The game is over here."""
        return self._played().is_over()

    def score(self) -> Score:
        """The score of the position as it stands, players in rank order."""
        state = self.state
        sheet = rules_game(self.title.lower()).core.score(state)
        return scored(self.title, state, sheet, self._complete)

    def picture(
        self,
        *,
        size: int | None = None,
        highlight: Collection[str] = (),
        last_turn: bool = True,
        targets: bool = False,
    ) -> str:
        """The SVG picture of the position, as ``draw`` paints it. ``size``: its width in
        pixels (the height follows). ``highlight``: places to mark, named as a record
        names them (Medina: ``"E5"``; Meridian: ``"7/3"``, meridian/city). ``last_turn``:
        mark the turn that led here. ``targets``: a clear layer names every place in
        ``data-target``, as ``Game.picture`` gives it."""
        state = self.state
        last = self._last_made() if last_turn else None
        caption = self._picture_caption()
        root = self._game.draw(
            state, last, caption, stand_in_line(state.board), bool(targets or highlight)
        )
        if highlight:
            _highlight(root, set(highlight), targets)
        if size is not None:
            if size <= 0:
                raise MeridinaError(f"a picture's size is a number of pixels, not {size}")
            width, height = float(root.attrib["width"]), float(root.attrib["height"])
            root.set("width", str(size))
            root.set("height", f"{height * size / width:g}")
        return serialize(root)

    def _played(self) -> SomeModel:
        if self._model is None:
            self._model = self._game.model(self._state)
        return self._model

    def _read(self, text: str) -> object:
        typed = read_typed_turn(text, self.turns_played + 1)
        if isinstance(typed, FoundProblem):
            raise MeridinaError(f"{text}: {typed.rule} {typed.message}")
        if typed.turn is None:
            raise MeridinaError(f"{text!r} is not a turn")
        entry = notation_game(self.title.lower()).read_turn(typed.turn)
        if entry.turn is None:
            problem = entry.problems[0] if entry.problems else None
            why = f"{problem.rule} {problem.message}" if problem else "it cannot be read"
            raise MeridinaError(f"{text}: {why}")
        own: object = entry.turn
        return own

    def _faults(self, own: object) -> tuple[FoundProblem, ...]:
        """Why ``own`` is refused here: the rules core's problems of it."""
        step = rules_game(self.title.lower()).core.apply(self.state, own)
        return tuple(problem for problem in step.problems if not problem.warning)

    def _turn(self, text: str, own: object) -> Turn:
        return Turn(text, self._played().mover(own), own)

    def _last_made(self) -> tuple[object, object] | None:
        if not self._pushed:
            return self._last
        before = self._played().copy()
        own = before.pop()
        step = rules_game(self.title.lower()).core.apply(before.state(), own)
        return own, step

    def _picture_caption(self) -> str:
        board = self.state.board.name
        if self._pushed:
            return f"{self.title}, board {board}: after {self.turns_played}. {self._pushed[-1]}"
        return self._caption or f"{self.title}, board {board}: after {self.turns_played} turns"


def _highlight(root: ET.Element, places: set[str], targets: bool) -> None:
    """Mark the target shapes of ``places``; without ``targets``, drop the others."""
    found: set[str] = set()
    # only the picture's own targets layer changes: the groups in it are drawn once and shared
    for layer in [g for g in root.iter("g") if g.get("class") == "targets"]:
        shapes: list[ET.Element] = []
        for shape in layer:
            name = shape.get("data-target")
            if name in places:
                found.add(name)
                # a marked copy (copy.copy would share the attributes with the drawn shape)
                marked = ET.Element(shape.tag, {**shape.attrib, **HIGHLIGHT})
                marked.text = shape.text
                marked.extend(shape)
                shapes.append(marked)
            elif targets:
                shapes.append(shape)
        layer[:] = shapes
    missing = sorted(places - found)
    if missing:
        raise MeridinaError(f"no place {missing[0]!r} on this board to highlight")


if TYPE_CHECKING:
    from .games import PositionModel

    SomeModel = PositionModel[OnBoard, object]
