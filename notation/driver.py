"""Check records game by game: the one place where notation and rules cores meet.

As python-chess's ``pgn.read_game`` drives its core, this module reads each game with its
notation bridge and plays it through its rules core, so a record can be checked without the
command line.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import replace
from functools import cached_property
from pathlib import Path
from typing import Any, Generic, Protocol

from meridina.rules.common import Fix, Place, Problem
from meridina.rules.game import (
    GameRun,
    RulesCore,
    SetupT,
    SheetT,
    StateT,
    StepT,
    TurnT,
    Unreadable,
    play,
    told_problems,
)
from meridina.rules.games import Listed, rules_game, titles

from .games import GAMES as NOTATION_GAMES
from .games import notation_game
from .other_game import other_game_hint
from .reader import ParsedGame, iter_games, parse_text
from .rulings import RulingValue
from .slips import syntax_fault, tag_fault
from .suggest import TAG_CUTOFF, nearest, sure_match
from .text import GameText
from .turns import GameRecord

# Rulings set outside the record (config file, then command line, merged), per game
# (by its key), as the keyword arguments of that game's Rulings; the record's own
# Rulings tag wins over them (see ``rulings.merged``).
RulingDefaults = Mapping[str, Mapping[str, RulingValue]]


class RecordReader(Protocol[SetupT, TurnT]):
    """A game's notation bridge: its text read into a record, under rulings from outside it."""

    def __call__(
        self, game: GameText, rulings: Mapping[str, RulingValue] | None = None, /
    ) -> GameRecord[SetupT, TurnT]: ...


class GameReport:
    """One game of a file, checked: its problems in file order, and what was played.

    ``record`` and ``run`` are the game's own notation record and played game;
    ``game`` (its title) says which.
    """

    __slots__ = ("first_line", "game", "index", "problems", "record", "run", "source")

    def __init__(
        self,
        index: int,
        first_line: int,
        game: str | None,
        problems: list[Problem] | None = None,
        # the game's own record and run, typed by whichever game a file names (the
        # registries' boundary: see ``rules.games.rules_game``)
        record: Any = None,
        run: Any = None,
        source: str = "",  # the game's text as it stands in the file
    ) -> None:
        self.index = index
        self.first_line = first_line
        self.game = game
        self.problems: list[Problem] = [] if problems is None else problems
        self.record = record
        self.run = run
        self.source = source

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if not p.warning]

    @property
    def valid(self) -> bool:
        return not self.errors


class GameSpec(Generic[SetupT, StateT, TurnT, StepT, SheetT]):
    """One game as the checker sees it: its name, its notation bridge and its rules core.

    ``load`` gives the bridge and the core on first use, so a run loads only the games
    its records are of.
    """

    def __init__(
        self,
        name: str,
        load: Callable[
            [],
            tuple[
                RecordReader[SetupT, TurnT],
                RulesCore[SetupT, StateT, TurnT, StepT, SheetT],
            ],
        ],
    ) -> None:
        self.name = name
        self.load = load

    @cached_property
    def _parts(
        self,
    ) -> tuple[
        RecordReader[SetupT, TurnT],
        RulesCore[SetupT, StateT, TurnT, StepT, SheetT],
    ]:
        return self.load()

    @property
    def read_record(self) -> RecordReader[SetupT, TurnT]:
        return self._parts[0]

    @property
    def rules(self) -> RulesCore[SetupT, StateT, TurnT, StepT, SheetT]:
        return self._parts[1]

    def play(
        self,
        text: GameText,
        base: Path | None,
        rulings: Mapping[str, RulingValue] | None = None,
        keep_steps: bool = True,
    ) -> tuple[GameRecord[SetupT, TurnT], GameRun[StateT, StepT, SheetT] | None, list[Problem]]:
        """Read a game with the bridge, then play it through the rules core.

        ``rulings`` (config file, command line) apply where the record's own Rulings tag is
        silent: the bridge merges them as it reads the header.
        Without ``keep_steps`` a clean game keeps no state for each turn (see ``play``).
        """
        record = self.read_record(text, rulings)
        problems = list(record.problems)
        turns = []
        for entry in record.entries:  # one pass over the turns, the longest part of a game
            if entry.problems:
                problems.extend(entry.problems)
            turns.append(entry.turn or Unreadable(entry.colour))
        if record.setup is None:
            return record, None, problems
        return record, play(self.rules, record.setup, turns, base, keep_steps), problems


# Whichever game a record names: its types are the registries' (see ``rules_game``), known
# only once the record is read.
SomeGameSpec = GameSpec[Any, Any, Any, Any, Any]


def _spec(game: Listed) -> SomeGameSpec:
    return GameSpec(
        game.title, lambda: (notation_game(game.key).read_record, rules_game(game.key).core)
    )


GAMES: dict[str, SomeGameSpec] = {game.key: _spec(game) for game in NOTATION_GAMES}


def check_game(
    parsed: ParsedGame,
    base: Path | None = None,
    rulings: RulingDefaults | None = None,
    keep_steps: bool = True,
) -> GameReport:
    """Read one parsed game with its game's bridge and play it through its rules core.

    ``keep_steps``: keep the state after each turn (replay and annotate show them; a
    check that only needs the problems and the end does without, and is quicker).
    """
    report = GameReport(parsed.index, parsed.first_line, None, source=parsed.source)
    if parsed.problem is not None or parsed.text is None:
        report.problems.append(parsed.problem or syntax_fault("unreadable game"))
        return report
    text = parsed.text
    report.problems.extend(text.problems)
    report.problems.extend(duplicate_tags(text))
    text = _misspelt_game_tag(text, report.problems)
    tag = text.tag("Game")
    if tag is None:
        report.problems.append(tag_fault(_no_game_tag(parsed), text.at))
        return report
    key = tag.value.strip().lower()
    known = GAMES.get(key)
    if known is None:
        name = tag.value.strip()
        guess = nearest(name, [spec.name for spec in GAMES.values()])
        if guess is None:
            report.problems.append(
                tag_fault(
                    f"unknown game {name!r}: meridina reads {titles('and')} records",
                    tag.value_at,
                )
            )
            return report
        report.problems.append(
            tag_fault(
                f"unknown game {name!r}; did you mean {guess!r}? (checked as {guess})",
                tag.value_at,
                fix=_game_fix(name, guess, tag.value_at),
            )
        )
        key = guess.lower()
        known = GAMES[key]
    report.game = known.name
    defaults = (rulings or {}).get(known.name.lower())
    report.record, report.run, problems = known.play(text, base, defaults, keep_steps)
    hint = other_game_hint(key, known.name, report.record.entries, tag.value_at)
    if hint is not None:  # the turns read as another game's: one hint for their faults
        problem, told = hint
        problems = [p for p in problems if id(p) not in told]
        problems.append(problem)
    if report.run is not None:
        problems.extend(report.run.start_problems)
        turns = [entry.turn for entry in report.record.entries]
        problems.extend(told_problems(known.rules, report.run, turns))
        problems.extend(report.run.result_problems)
    report.problems.extend(problems)
    if len(report.problems) > 1:
        report.problems.sort(key=_order)
    return report


def _game_fix(name: str, guess: str, at: Place | None) -> Fix | None:
    """The game's name mended to the one it was checked as, when that is the only game near
    it (the games' names are near each other: "Median" is left for the player), and the
    name is written as it reads (no escaped quote)."""
    sure = sure_match(name, [spec.name for spec in GAMES.values()], TAG_CUTOFF)
    if sure != guess or at is None or '"' in name or "\\" in name:
        return None
    return Fix(at, name, guess)


def _misspelt_game_tag(text: GameText, problems: list[Problem]) -> GameText:
    """Without a Game tag, a tag close to ``Game`` stands for it, with a warning."""
    if text.tag("Game") is not None:
        return text
    for index, tag in enumerate(text.tags):
        if nearest(tag.name, ["Game"], TAG_CUTOFF) is not None:
            problems.append(
                tag_fault(
                    f"unknown tag [{tag.name}]: read as [Game], which it probably means",
                    tag.at,
                    warning=True,
                )
            )
            tags = (*text.tags[:index], replace(tag, name="Game"), *text.tags[index + 1 :])
            return replace(text, tags=tags)
    return text


def _no_game_tag(parsed: ParsedGame) -> str:
    if parsed.index > 1:
        # The splitter starts a game at a tag line that follows turns or a position.
        return (
            f"a tag after the turns starts a new game: this game, from line {parsed.first_line}, "
            'has no [Game "..."] tag; put tags above the turns of their game'
        )
    return f'the game has no [Game "..."] tag naming {titles("or")}'


def duplicate_tags(text: GameText) -> list[Problem]:
    """A tag given twice would be read only once: say so rather than drop one."""
    seen: set[str] = set()
    problems = []
    for tag in text.tags:
        name = tag.name.lower()
        if name in seen:
            problems.append(tag_fault(f"the {tag.name} tag is given twice in this game", tag.at))
        seen.add(name)
    return problems


def _order(problem: Problem) -> tuple[int, int]:
    return (problem.at.line, problem.at.col) if problem.at else (0, 0)


def play_problems(report: GameReport) -> int:
    """How many errors the game has besides its Result tag's: each may leave the score wrong.

    A Result tag that disagrees is a fault of the tag, not of the points computed.
    """
    errors = len(report.errors)
    if errors and report.run is not None:
        errors -= sum(not p.warning for p in report.run.result_problems)
    return errors


def check_file(path: str | Path, rulings: RulingDefaults | None = None) -> Iterator[GameReport]:
    """Check every game of a file; raises ``UnreadableInput`` for a file that is not text."""
    base = Path(path).parent if str(path) != "-" else Path.cwd()
    for parsed in iter_games(path):
        yield check_game(parsed, base, rulings)


def check_text(
    text: str, base: Path | None = None, rulings: RulingDefaults | None = None
) -> list[GameReport]:
    return [check_game(parsed, base, rulings) for parsed in parse_text(text)]
