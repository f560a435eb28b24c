"""One game as ``annotate`` writes it: in canonical layout only when that says the same.

The canonical text is read and checked again before it is given out. Unless it has the
same problems as the game as written (the same rules, warnings and messages; places
aside) and writing it again gives it back unchanged, the game is given back as it stands:
a formatter must never mend a slip silently, nor make a refused turn readable.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from meridina.notation.driver import GameReport, RulingDefaults, check_game
from meridina.notation.reader import parse_chunk
from meridina.notation.splitter import LARGEST_GAME, GameChunk, split_games
from meridina.notation.writing import unreadable_game
from meridina.rules.games import GAMES

from .stand_in import AnyBoard
from .views import view_for

KEPT_AS_WRITTEN = "meridina leaves this game as written: in canonical layout"
NOT_THE_SAME = f"{KEPT_AS_WRITTEN} it would not say the same"
TOO_LONG = (
    f"{KEPT_AS_WRITTEN} with its notes it would be longer than a game may be "
    f"({LARGEST_GAME} characters)"
)


FILE_LINE = re.compile(r"\bline ([0-9]{1,12})\b")
NEXT_GAME = f'[Game "{GAMES[0].title}"]\n'


@dataclass
class Annotated:
    """One game as annotate writes it, with the notes it added to each turn."""

    report: GameReport
    text: str
    notes: list[list[str]]
    board: AnyBoard | None = None


def annotate_game(
    report: GameReport, base: Path, with_notes: bool, rulings: RulingDefaults | None = None
) -> Annotated:
    """``report``'s game in canonical layout, with notes when asked; else as it stands."""
    if report.record is None or report.game is None:
        return Annotated(report, _unreadable(report, base, with_notes, rulings), [])
    start = report.run.start if report.run is not None else None
    board = start.board if start is not None else None
    text, notes = _written(report, with_notes)
    if _already_canonical(report, text, notes):
        return Annotated(report, text, notes, board)
    if len(text) > LARGEST_GAME:  # it could not be read back: the reader refuses such a game
        why = TOO_LONG if with_notes else None
        return Annotated(report, unreadable_game(report.source, why), [], board)
    again = _checked_again(report, text, base, rulings)
    if again is None or _says(again) != _says(report) or _rewritten(again, notes) != text:
        why = _not_the_same(report, again) if with_notes else None
        return Annotated(report, unreadable_game(report.source, why), [], board)
    return Annotated(report, text, notes, board)


def _already_canonical(report: GameReport, text: str, notes: list[list[str]]) -> bool:
    """The game stands in canonical layout already, its notes aside, and every word of it was
    read: notes are comments at the ends of turns, so they change nothing that it says."""
    if any(problem.rule.startswith("REC-") for problem in report.problems):
        return False
    source = report.source.rstrip("\n")
    if text.rstrip("\n") == source:
        return True
    plain = _rewritten(report, []) if notes else None
    return plain is not None and plain.rstrip("\n") == source


def _not_the_same(report: GameReport, again: GameReport | None) -> str:
    """Why a game is kept as written: the first problem its canonical layout would lose or add."""
    if again is not None:
        before, after = _says(report), _says(again)
        for (rule, warning, message), change in (
            *((found, "would be lost") for found in sorted(before - after)),
            *((found, "would be added") for found in sorted(after - before)),
        ):
            kind = "warning" if warning else "problem"
            return f"{KEPT_AS_WRITTEN} its {rule} {kind} ({message}) {change}"
    return NOT_THE_SAME


def _unreadable(
    report: GameReport, base: Path, with_notes: bool, rulings: RulingDefaults | None
) -> str:
    """A game that cannot be read, as it stands, with a line saying why when notes are asked.

    The reason is found in the game without the line an earlier run wrote, so that a fault
    placed at the end of the game is placed the same on every run.
    """
    body = unreadable_game(report.source, None)
    if with_notes and body != report.source:
        chunk = GameChunk(body, report.first_line)
        again = check_game(parse_chunk(report.index, chunk), base, rulings)
        if again.record is None or again.game is None:
            report = again
    return unreadable_game(report.source, _why(report, with_notes))


def _written(report: GameReport, with_notes: bool) -> tuple[str, list[list[str]]]:
    if report.record is None or report.game is None:
        return report.source, []
    view = view_for(report.game)
    notes = view.notes(report) if with_notes else []
    return view.write(report.record, notes), notes


def _rewritten(again: GameReport, notes: list[list[str]]) -> str | None:
    """``again``'s game written with the same notes: the notes come from the game read, which
    is the same when the text reads back as written, so they are not worked out twice."""
    if again.record is None or again.game is None:
        return None
    return view_for(again.game).write(again.record, notes)


def _checked_again(
    report: GameReport, text: str, base: Path, rulings: RulingDefaults | None
) -> GameReport | None:
    """``text`` read and checked as the game it stands for; None unless it is one game.

    It must also end where it ends now when another game follows it: a game written
    without a body would run into the tags of the next.
    """
    chunks = list(split_games((text + NEXT_GAME,)))
    if len(chunks) != 2 or chunks[0].text.rstrip("\n") != text.rstrip("\n"):
        return None
    chunk = GameChunk(chunks[0].text, report.first_line)
    return check_game(parse_chunk(report.index, chunk), base, rulings, keep_steps=False)


def _says(report: GameReport) -> Counter[tuple[str, bool, str]]:
    """What a game says, as far as a formatter must keep it: its problems, places aside."""
    return Counter((p.rule, p.warning, p.message) for p in report.problems)


def _why(report: GameReport, with_notes: bool) -> str | None:
    if not with_notes or not report.errors:
        return None
    problem = report.errors[0]
    # placed within the game: the file lines of a game move as the games above it are written
    line = problem.at.line - report.first_line + 1 if problem.at else 0
    where = f" (line {line} of this game, column {problem.at.col})" if problem.at else ""
    message = FILE_LINE.sub(lambda found: _in_game(found, report.first_line), problem.message)
    return f"meridina cannot read this game: {problem.rule}{where}: {message}"


def _in_game(found: re.Match[str], first_line: int) -> str:
    line = int(found.group(1))
    return f"line {line - first_line + 1} of this game" if line >= first_line else found.group(0)
