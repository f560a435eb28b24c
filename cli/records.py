"""Check records game by game: the one place where notation and rules cores meet."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from meridina.notation import medina as medina_notation
from meridina.notation import meridian as meridian_notation
from meridina.notation.reader import ParsedGame, iter_games, parse_text
from meridina.notation.suggest import TAG_CUTOFF, nearest
from meridina.notation.text import GameText
from meridina.rules.common import Problem
from meridina.rules.medina import game as medina_game
from meridina.rules.meridian import game as meridian_game

GAME_RULE = "REC-2"


@dataclass
class GameReport:
    """One game of a file, checked: its problems in file order, and what was played.

    ``record`` and ``run`` are the game's own notation record and played game
    (Meridian's or Medina's); ``game`` says which.
    """

    index: int
    first_line: int
    game: str | None
    problems: list[Problem] = field(default_factory=list)
    record: Any = None
    run: Any = None

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if not p.warning]

    @property
    def valid(self) -> bool:
        return not self.errors


Player = Callable[[GameText, Path | None], tuple[Any, Any, list[Problem]]]


def _player(bridge: Any, rules: Any) -> Player:
    """Read a game with its notation bridge, then play it through its rules core."""

    def play(text: GameText, base: Path | None) -> tuple[Any, Any, list[Problem]]:
        record = bridge.read_record(text)
        problems = [*record.problems, *(p for e in record.entries for p in e.problems)]
        if record.setup is None:
            return record, None, problems
        turns = [e.turn or rules.Unreadable(e.colour) for e in record.entries]
        return record, rules.play(record.setup, turns, base), problems

    return play


GAMES: dict[str, tuple[str, Player]] = {
    "meridian": ("Meridian", _player(meridian_notation, meridian_game)),
    "medina": ("Medina", _player(medina_notation, medina_game)),
}


def check_game(parsed: ParsedGame, base: Path | None = None) -> GameReport:
    """Read one parsed game with its game's bridge and play it through its rules core."""
    report = GameReport(parsed.index, parsed.first_line, None)
    if parsed.problem is not None or parsed.text is None:
        report.problems.append(parsed.problem or Problem("REC-1", "unreadable game"))
        return report
    text = parsed.text
    report.problems.extend(text.problems)
    report.problems.extend(duplicate_tags(text))
    text = _misspelt_game_tag(text, report.problems)
    tag = text.tag("Game")
    if tag is None:
        report.problems.append(Problem(GAME_RULE, _no_game_tag(parsed), text.at))
        return report
    known = GAMES.get(tag.value.strip().lower())
    if known is None:
        name = tag.value.strip()
        guess = nearest(name, [title for title, _ in GAMES.values()])
        if guess is None:
            report.problems.append(
                Problem(
                    GAME_RULE,
                    f"unknown game {name!r}: meridina reads Meridian and Medina records",
                    tag.value_at,
                )
            )
            return report
        report.problems.append(
            Problem(
                GAME_RULE,
                f"unknown game {name!r}; did you mean {guess!r}? (checked as {guess})",
                tag.value_at,
            )
        )
        known = GAMES[guess.lower()]
    report.game, play = known
    report.record, report.run, problems = play(text, base)
    if report.run is not None:
        problems.extend(report.run.start_problems)
        problems.extend(p for step in report.run.steps if step is not None for p in step.problems)
        problems.extend(report.run.result_problems)
    report.problems = sorted([*report.problems, *problems], key=_order)
    return report


def _misspelt_game_tag(text: GameText, problems: list[Problem]) -> GameText:
    """Without a Game tag, a tag close to ``Game`` stands for it, with a warning."""
    if text.tag("Game") is not None:
        return text
    for index, tag in enumerate(text.tags):
        if nearest(tag.name, ["Game"], TAG_CUTOFF) is not None:
            problems.append(
                Problem(
                    GAME_RULE,
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
    return 'the game has no [Game "..."] tag naming Meridian or Medina'


def duplicate_tags(text: GameText) -> list[Problem]:
    """A tag given twice would be read only once: say so rather than drop one."""
    seen: set[str] = set()
    problems = []
    for tag in text.tags:
        name = tag.name.lower()
        if name in seen:
            problems.append(
                Problem(GAME_RULE, f"the {tag.name} tag is given twice in this game", tag.at)
            )
        seen.add(name)
    return problems


def _order(problem: Problem) -> tuple[int, int]:
    return (problem.at.line, problem.at.col) if problem.at else (0, 0)


def check_file(path: str | Path) -> Iterator[GameReport]:
    """Check every game of a file; raises ``UnreadableInput`` for a file that is not text."""
    base = Path(path).parent if str(path) != "-" else Path.cwd()
    for parsed in iter_games(path):
        yield check_game(parsed, base)


def check_text(text: str, base: Path | None = None) -> list[GameReport]:
    return [check_game(parsed, base) for parsed in parse_text(text)]
