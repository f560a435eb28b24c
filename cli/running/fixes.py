"""``annotate --fix``: the mends meridina is sure of, each applied only once checked again.

A problem carries a fix when one mend needs no choosing: a misspelt game name, colour, tag,
piece or word with exactly one near match, a turn number out of order. A fix is applied to the game
as written, the game is read and checked again, and the fix is kept only when the game then
says exactly what it said before less the problems fixed: a fix that would change any
other problem (a refused turn that, now read, breaks a rule, or turns after it that now
read otherwise) is left for the player, so that no turn changes its meaning silently.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import click
from meridina.notation.driver import GameReport, RulingDefaults, check_game
from meridina.notation.reader import parse_chunk
from meridina.notation.splitter import GameChunk
from meridina.rules.common import Fix, Problem
from meridina.shown import shown

from .problem_filter import ProblemFilter


def applied(text: str, first_line: int, fixes: Iterable[Fix]) -> str | None:
    """``text`` (a game whose first line is the file's ``first_line``) with ``fixes`` made;
    None when one does not find its ``old`` text at or after its place."""
    lines = text.split("\n")  # the reader's lines: other line breaks are text within them
    # from the end, so that a fix does not move the columns of those before it on its line
    for fix in sorted(set(fixes), key=lambda fix: (fix.at.line, fix.at.col), reverse=True):
        index = fix.at.line - first_line
        if not 0 <= index < len(lines) or not fix.old:
            return None
        line = lines[index]
        start = line.find(fix.old, max(fix.at.col - 1, 0))
        if start < 0:
            return None
        lines[index] = line[:start] + fix.new + line[start + len(fix.old) :]
    return "\n".join(lines)


def says(problems: Iterable[Problem]) -> Counter[tuple[str, bool, str]]:
    """What problems say, places aside (a fix moves the columns after it)."""
    return Counter((p.rule, p.warning, p.message) for p in problems)


@dataclass
class Mender:
    """Applies the sure fixes of each game of one file and tells them on standard error
    (``would fix`` when nothing is written)."""

    source: str
    problems: ProblemFilter
    base: Path
    rulings: RulingDefaults | None
    writes: bool = True

    def mend(self, report: GameReport) -> GameReport:
        """``report``'s game with every fix that checks out applied, checked again."""
        if report.record is None or report.game is None:
            return report
        candidates = [p for p in self.problems.keep(self.source, report.problems) if p.fix]
        done: list[Problem] = []
        mended = report
        for problem in candidates:
            trial = self._tried(report, [*done, problem])
            if trial is not None:
                done.append(problem)
                mended = trial
        for problem in done:
            self._tell(problem)
        return mended

    def _tried(self, report: GameReport, fixing: Sequence[Problem]) -> GameReport | None:
        fixes = [p.fix for p in fixing if p.fix is not None]
        text = applied(report.source, report.first_line, fixes)
        if text is None:
            return None
        again = check_game(
            parse_chunk(report.index, GameChunk(text, report.first_line)), self.base, self.rulings
        )
        if again.record is None or again.game != report.game:
            return None
        if says(again.problems) != says(report.problems) - says(fixing):
            return None
        return again

    def _tell(self, problem: Problem) -> None:
        fix = problem.fix
        if fix is None:
            return
        verb = "fixed" if self.writes else "would fix"
        where = f"{self.source}:{fix.at.line}:{fix.at.col}"
        click.echo(shown(f"{where}: {problem.rule} {verb}: {fix.old!r} -> {fix.new!r}"), err=True)
