"""Check records game by game: the one place where notation and rules cores meet."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from meridina.notation.meridian import MeridianRecord, read_record
from meridina.notation.reader import ParsedGame, iter_games, parse_text
from meridina.notation.text import GameText
from meridina.rules.common import Problem
from meridina.rules.meridian.game import GameRun, Unreadable, play

GAME_RULE = "REC-2"
GAMES = ("Meridian",)


@dataclass
class GameReport:
    """One game of a file, checked: its problems in file order, and what was played."""

    index: int
    first_line: int
    game: str | None
    problems: list[Problem] = field(default_factory=list)
    record: MeridianRecord | None = None
    run: GameRun | None = None

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if not p.warning]

    @property
    def valid(self) -> bool:
        return not self.errors


def check_game(parsed: ParsedGame, base: Path | None = None) -> GameReport:
    """Read one parsed game with its game's bridge and play it through its rules core."""
    report = GameReport(parsed.index, parsed.first_line, None)
    if parsed.problem is not None or parsed.text is None:
        report.problems.append(parsed.problem or Problem("REC-1", "unreadable game"))
        return report
    text = parsed.text
    report.problems.extend(duplicate_tags(text))
    tag = text.tag("Game")
    if tag is None:
        report.problems.append(
            Problem(
                GAME_RULE, 'the game has no [Game "..."] tag naming Meridian or Medina', text.at
            )
        )
        return report
    name = tag.value.strip()
    if name.lower() != "meridian":
        report.problems.append(
            Problem(
                GAME_RULE, f"unknown game {name!r}: meridina reads Meridian records", tag.value_at
            )
        )
        return report
    report.game = "Meridian"
    record = read_record(text)
    report.record = record
    problems = [*report.problems, *record.problems]
    for entry in record.entries:
        problems.extend(entry.problems)
    if record.setup is not None:
        turns = [entry.turn or Unreadable(entry.colour) for entry in record.entries]
        run = play(record.setup, turns, base)
        report.run = run
        problems.extend(run.start_problems)
        for step in run.steps:
            if step is not None:
                problems.extend(step.problems)
        problems.extend(run.result_problems)
    report.problems = sorted(problems, key=_order)
    return report


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
