"""meridina's Python API: read records of either game, and ask each game what it holds.

Everything here is exported from ``meridina`` itself. From the top of a checkout:

```python
import meridina

for game in meridina.read_games("examples/medina/second-edition-3p.mrec"):
    print(game.title, game.valid, [row.name for row in game.score().players])
```

prints

```text
Medina True ['Finn', 'Di', 'Kai']
```

A record's problems are values (``Game.problems``); a call that cannot be answered (a turn
past the end of the game, a game that could not be set up, an unknown ruling) raises
``MeridinaError`` with a sentence saying why.
"""

from __future__ import annotations

import io
import itertools
import os
from collections.abc import Callable, Iterator, Mapping
from dataclasses import replace
from pathlib import Path
from typing import IO, BinaryIO, cast

from meridina.notation.driver import GameReport, RulingDefaults, check_game, play_problems
from meridina.notation.games import notation_game
from meridina.notation.reader import (
    ParsedGame,
    UnreadableInput,
    iter_games,
    iter_stream_games,
    parse_chunk,
)
from meridina.notation.rulings import rulings_by_game
from meridina.notation.splitter import LARGEST_GAME, GameTooLong, split_games
from meridina.notation.text import Tag
from meridina.rules.game import GameRun, HasState
from meridina.rules.games import rules_game
from meridina.rules.wording import counted

from .annotate_game import annotate_game
from .building import Seats, bad_tag_name, colours_of, header_text, turn_line
from .drawing.pictures import caption, draw, last_made
from .drawing.svg import serialize
from .game_parts import MeridinaError, PlayedTurn, Player, Problem, tied
from .games import shown_game
from .positions import Position, Score, ScoreRow, scored
from .stand_in import OnBoard

__all__ = [
    "Game",
    "MeridinaError",
    "Position",
    "Problem",
    "Score",
    "ScoreRow",
    "read_games",
    "read_text",
]

Source = str | os.PathLike[str] | IO[str] | IO[bytes]


class Game:
    """One game of a record: its tags, its problems, and what was played.

    A game is read and checked when it is made; its positions and score are worked out
    when asked for.
    """

    def __init__(
        self, report: GameReport, file: str | None, base: Path, rulings: RulingDefaults | None
    ) -> None:
        self._report = report
        self._base = base
        self._rulings = rulings
        self.file = file
        """The file the game was read from (None for text)."""
        self.number = report.index
        """The game's number in its file, from 1."""
        self.first_line = report.first_line
        """The line of the file the game starts on."""
        self.title: str | None = report.game
        """``"Meridian"`` or ``"Medina"``; None when the game could not be read so far."""
        self.text = report.source
        """The game as it stands in the file."""
        self.problems = tied(report, tuple(Problem.of(found) for found in report.problems))
        """Every problem of the game, in file order: errors and warnings."""

    def __repr__(self) -> str:
        return f"<Game {self.number} of {self.file or 'text'}: {self.title}, {self.verdict}>"

    @property
    def verdict(self) -> str:
        """``"valid"``, or how many problems make the game invalid (``"2 problems"``)."""
        errors = len(self.errors)
        return "valid" if not errors else counted(errors, "problem")

    @property
    def valid(self) -> bool:
        """True when the game breaks no rule (warnings aside)."""
        return self._report.valid

    @property
    def errors(self) -> tuple[Problem, ...]:
        """The problems that make the game invalid (warnings left out)."""
        return tuple(problem for problem in self.problems if problem.severity == "error")

    @property
    def tags(self) -> dict[str, str]:
        """The header tags, by name as written (the first of a name written twice)."""
        record = self._report.record
        if record is None:
            return {}
        tags: dict[str, str] = {}
        for tag in record.game.tags:
            tags.setdefault(tag.name, tag.value)
        return tags

    @property
    def turns(self) -> tuple[str, ...]:
        """Each turn as written, with its number (``"1. orange 7: 3@2"``); a turn that
        could not be read is given word for word."""
        record = self._report.record
        if record is None or self.title is None:
            return ()
        notation = notation_game(self.title.lower())
        return tuple(
            f"{entry.text.number}. "
            + (
                notation.format_turn(entry.turn)
                if entry.turn is not None
                else " ".join(word.text for word in entry.text.words)
            )
            for entry in record.entries
        )

    @property
    def players(self) -> tuple[Player, ...]:
        """The players in seat order (the order of play), each with the colours they play;
        none when the header could not be read."""
        record, title = self._report.record, self.title
        if record is None or title is None:
            return ()
        seats = shown_game(title.lower()).seats(record)
        return tuple(Player(seat, name, colours) for seat, (name, colours) in enumerate(seats, 1))

    @property
    def edition(self) -> str | None:
        """The edition of the rules the game is played by (Medina: ``"1"`` or ``"2"``);
        None for Meridian, which has one, or when the header could not be read."""
        record, title = self._report.record, self.title
        if record is None or title is None:
            return None
        return shown_game(title.lower()).edition(record)

    @property
    def played_turns(self) -> tuple[PlayedTurn, ...]:
        """Each turn as a value: its number, its text and mover, its comments, its place
        and its problems; ``str()`` of each is what ``turns`` gives."""
        record = self._report.record
        if record is None or self.title is None:
            return ()
        by_turn: dict[int, list[Problem]] = {}
        for problem in self.problems:
            if problem.turn is not None:
                by_turn.setdefault(problem.turn, []).append(problem)
        return tuple(
            PlayedTurn(
                entry.text.number,
                text.split(". ", 1)[1],
                entry.colour,
                entry.turn is not None,
                tuple(comment.text for comment in entry.text.comments),
                entry.text.at.line,
                entry.text.at.col,
                tuple(by_turn.get(index, ())),
            )
            for index, (entry, text) in enumerate(zip(record.entries, self.turns, strict=True), 1)
        )

    def positions(self) -> Iterator[Position]:
        """The position at the start, then after each turn in order."""
        record = self._report.record
        turns = len(record.entries) if record is not None else 0
        for after in range(turns + 1):
            yield self.position(after)

    def position(self, after: int | None = None) -> Position:
        """The position after ``after`` turns (0: the start; None: the end of the game)."""
        title, run, start = self._played()
        record = self._report.record
        turns = len(record.entries) if record is not None else 0
        if after is None:
            after = turns
        if not 0 <= after <= turns:
            raise MeridinaError(
                f"game {self.number} has {counted(turns, 'turn')}: "
                f"there is no position after {after}"
            )
        state = start if after == 0 else run.states()[after - 1]
        return Position(
            title,
            after,
            state,
            complete=not play_problems(self._report),
            caption=caption(self._report, after),
            last=last_made(self._report, after),
        )

    def score(self, after: int | None = None) -> Score:
        """The score after ``after`` turns (None: at the end), players in rank order."""
        title, run, _ = self._played()
        if after is None:
            state, sheet = run.final, run.sheet
        else:
            state = self.position(after).state
            sheet = rules_game(title.lower()).core.score(state)
        if state is None or sheet is None:
            raise MeridinaError(f"game {self.number} cannot be scored: it could not be set up")
        return scored(title, state, sheet, not play_problems(self._report))

    def legal_turns(self, after: int | None = None) -> list[str]:
        """Every legal turn from the position after ``after`` turns (None: the end), as a
        record writes it, in the order the rules find them. Early in a Medina game they are
        hundreds of thousands (seconds of work): ``position(after).legal_turns()`` finds
        them one at a time."""
        position = self.position(after)
        notation = notation_game(position.title.lower())
        core = rules_game(position.title.lower()).core
        return [notation.format_turn(turn) for turn in core.legal_turns(position.state)]

    def picture(self, after: int | None = None, *, targets: bool = False) -> str:
        """The SVG picture of the position after ``after`` turns (None: the end), as
        ``draw`` paints it. With ``targets``, a clear layer on top names every place in
        ``data-target`` as a record writes it (Medina: a field, ``E5``; Meridian:
        ``meridian/city``, ``7/3``), so that a page can tell which place was clicked."""
        position = self.position(after)
        return serialize(draw(self._report, position.turns_played, targets))

    def write(self) -> str:
        """The game in canonical layout, without notes, as ``annotate --no-notes`` writes it:
        a game whose layout would not say the same (a slip read anyway, a part that cannot
        be read) is given as written."""
        return annotate_game(self._report, self._base, False, self._rulings).text

    @classmethod
    def new(
        cls,
        game: str,
        players: Seats,
        *,
        edition: str | None = None,
        tags: Mapping[str, str] | None = None,
        rulings: str | None = None,
    ) -> Game:
        """A game with no turns yet, to add turns to (``add_turn``) and ``write``.

        ``game`` is ``"Meridian"`` or ``"Medina"``; ``players`` each name and colour (or
        colours: ``("Ann", ("orange", "grey"))``) in seat order; ``tags`` any other header
        tags (``{"Setup": "merchant H7"}``); ``rulings`` as ``read_games`` takes them. A
        header that does not set a game up raises ``MeridinaError`` with its first problem.
        """
        bad = bad_tag_name(list(tags or {}))
        if bad is not None:
            raise MeridinaError(f"{bad!r} cannot name a tag: a tag's name is a word")
        text = header_text(game, players, edition, tags or {})
        made = _read_back(text, Path.cwd(), _rulings(rulings))
        wanted = tuple((name, colours_of(colours)) for name, colours in players)
        seated = tuple((player.name, player.colours) for player in made.players)
        if seated and seated != wanted:
            raise MeridinaError("the players cannot be written in a Players tag as given")
        if made.errors:
            first = made.errors[0]
            raise MeridinaError(f"the game cannot be set up: {first.rule} {first.message}")
        return made

    def add_turn(self, turn: str, *, comment: str | None = None) -> PlayedTurn:
        """Add ``turn``, written as a record writes it without its number
        (``"red orange@E5 roof@E5"``), at the end of the game, with a ``comment`` after it.
        A turn that breaks a rule is refused, and the game left as it was: it raises
        ``MeridinaError`` with the rule and the problem."""
        turns = self.played_turns
        number = turns[-1].number + 1 if turns else 1
        line = turn_line(number, turn, comment)
        if line is None:
            raise MeridinaError(f"{turn!r} is not a turn: a turn is one line of words")
        written = self.write()
        if not turns and not written.endswith("\n\n"):
            written += "\n"  # a blank line between the header and the turns
        again = _read_back(written + line + "\n", self._base, self._rulings)
        if len(again.turns) != len(turns) + 1:
            read = counted(len(again.turns) - len(turns), "turn")
            raise MeridinaError(f"{turn!r} is not a turn: it reads as {read}")
        if len(again.errors) > len(self.errors):
            new = [p for p in again.errors if p.turn == len(again.turns)] or list(again.errors)
            raise MeridinaError(f"{line}: {new[0].rule} {new[0].message}")
        self._report, self.text, self.problems = again._report, again.text, again.problems
        self.title = again.title
        return again.played_turns[-1]

    def _played(self) -> tuple[str, GameRun[OnBoard, HasState[OnBoard], object], OnBoard]:
        """The game's title, its run and its start, for a game that could be set up."""
        report = self._report
        if report.game is None or report.run is None or report.run.start is None:
            first = self.errors[0] if self.errors else None
            why = f": {first.rule} {first.message}" if first else ""
            raise MeridinaError(f"game {self.number} could not be set up{why}")
        return report.game, report.run, report.run.start


def _read_back(text: str, base: Path, rulings: RulingDefaults | None) -> Game:
    """The one game of ``text``, read and checked as a file's in ``base`` would be."""
    name = "<game>"
    (game,) = _games(lambda: _stream_games(io.StringIO(text), name), name, base, rulings, None)
    game.file = None
    return game


def read_games(
    source: Source,
    *,
    rulings: str | None = None,
    boards: Mapping[str, str | os.PathLike[str]] | None = None,
) -> Iterator[Game]:
    """The games of a record, one at a time, each read and checked as it comes.

    ``source`` is a file's path, or a file open for reading (text or bytes); a folder is
    refused. ``rulings`` are rulings as a Rulings tag writes them
    (``"tea-placement=second; own-push=never"``), taken where a record's own tag is silent.
    ``boards`` gives a board file by game title (``{"Meridian": "my-board.toml"}``) for the
    games that name none. A file that is not a record (missing, binary, not UTF-8) raises
    ``MeridinaError``.
    """
    defaults = _rulings(rulings)
    if isinstance(source, str | os.PathLike):
        path = Path(source)
        if path.is_dir():
            raise MeridinaError(f"{path}: is a folder; give the record files one by one")
        yield from _games(lambda: iter_games(path), str(path), path.parent, defaults, boards)
        return
    name = str(getattr(source, "name", "<stream>"))
    yield from _games(lambda: _stream_games(source, name), name, Path.cwd(), defaults, boards)


def read_text(
    text: str,
    *,
    rulings: str | None = None,
    boards: Mapping[str, str | os.PathLike[str]] | None = None,
    folder: str | os.PathLike[str] | None = None,
) -> Iterator[Game]:
    """The games of a record held in a string (see ``read_games``); board files named in
    it are found from ``folder``, as if the text were a file there (default: the current
    folder)."""
    if folder is None:
        yield from read_games(io.StringIO(text), rulings=rulings, boards=boards)
        return
    base = Path(folder)
    if not base.is_dir():
        raise MeridinaError(f"{base}: is not a folder")
    stream = io.StringIO(text)
    name = "<stream>"  # as read_games names a stream without a name
    yield from _games(lambda: _stream_games(stream, name), name, base, _rulings(rulings), boards)


def _rulings(rulings: str | None) -> RulingDefaults | None:
    if rulings is None:
        return None
    chosen, faults = rulings_by_game(rulings)
    if faults:
        raise MeridinaError(f"rulings: {faults[0]}")
    return chosen


def _games(
    parsed: Callable[[], Iterator[ParsedGame]],
    name: str,
    base: Path,
    rulings: RulingDefaults | None,
    boards: Mapping[str, str | os.PathLike[str]] | None,
) -> Iterator[Game]:
    try:
        for game in parsed():
            report = check_game(_with_board(game, boards), base, rulings)
            yield Game(report, name, base, rulings)
    except UnreadableInput as error:
        raise MeridinaError(str(error)) from None


def _stream_games(stream: IO[str] | IO[bytes], name: str) -> Iterator[ParsedGame]:
    """The games of an open file: one open for bytes is read as the file reader reads a
    file; one open for text, line by line, with the same line ends."""
    if isinstance(stream, io.TextIOBase) or isinstance(stream.read(0), str):
        yield from _text_games(cast(IO[str], stream), name)
    else:
        yield from iter_stream_games(cast(BinaryIO, stream), name)


def _text_games(stream: IO[str], name: str) -> Iterator[ParsedGame]:
    lines = (line[:-2] + "\n" if line.endswith("\r\n") else line for line in stream)
    first = next(lines, "").removeprefix("\ufeff")  # as the file reader drops it
    try:
        chunks = split_games(itertools.chain((first,), lines) if first else lines)
        for index, chunk in enumerate(chunks, start=1):
            yield parse_chunk(index, chunk)
    except GameTooLong as error:
        raise MeridinaError(
            f"{name}:{error.first_line}: the game starting here is longer than "
            f"{LARGEST_GAME} characters; a game is far shorter"
        ) from None


def _with_board(
    parsed: ParsedGame, boards: Mapping[str, str | os.PathLike[str]] | None
) -> ParsedGame:
    """The game with the board given for its game when it names none."""
    text = parsed.text
    if not boards or text is None:
        return parsed
    game = text.tag("Game")
    board = next(
        (path for title, path in boards.items() if game and game.value.strip() == title), None
    )
    if board is None or text.tag("Board") is not None:
        return parsed
    tag = Tag("Board", os.fspath(board), text.at, text.at)
    return replace(parsed, text=replace(text, tags=(*text.tags, tag)))
