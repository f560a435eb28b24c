"""A position record being typed or clicked in, entry by entry: each entry checked with the
whole position so far, the file rewritten atomically after each and held against a second
session, and at the end the position scored (``record --position`` and the table page's
position mode both play through it).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

from meridina.notation.driver import GameReport, RulingDefaults, check_text
from meridina.notation.text import GameText
from meridina.notation.writing import write_game
from meridina.recording.games import SomeRecordedGame
from meridina.recording.locked_file import RecordFile
from meridina.recording.session import WriteFault, board_tags
from meridina.rules.codes import REC_5
from meridina.rules.common import Place, Problem
from meridina.shown import problem_line
from meridina.stand_in import AnyBoard, OnBoard, stand_in_line

from ..formats.exits import EXIT_INVALID, EXIT_VALID
from ..games import cli_game

Echo = Callable[[str], None]
INDENT = "  "  # before each entry of the position section


@dataclass(frozen=True, slots=True)
class EntryOutcome:
    accepted: bool
    refusals: tuple[Problem, ...] = ()  # in the typed line's columns
    open: tuple[Problem, ...] = ()  # the position's other faults, in the file's places


@dataclass(frozen=True, slots=True)
class Conclusion:
    """What a valid position is saved with, and whether the standings will count it."""

    entries: list[str]  # with ``added``, when it is there
    result: str | None  # the Result tag's value; None when none can be stated
    left_out: str | None  # why the standings will leave the game out; None: it counts
    added: str | None  # the entry saying the game is over, added to those typed
    final: (
        object  # the game's own state: the position as the rules read it, entries and Result saved
    )


def _key(entry: str) -> str:
    return entry.partition(":")[0].strip().lower()


@dataclass
class PositionSession:
    game: SomeRecordedGame  # whichever game is recorded
    path: Path
    header: GameText
    entries: list[str] = field(default_factory=list)
    report: GameReport | None = None
    board: AnyBoard | None = None  # the board the header names (or the default one)
    rulings: RulingDefaults | None = None  # from outside the record, under its Rulings tag
    file: RecordFile = field(init=False)  # held from the first save until ``close``

    def __post_init__(self) -> None:
        self.file = RecordFile(self.path)

    def close(self) -> None:
        self.file.close()

    def stand_in_note(self) -> str | None:
        board = self.board_in_use()
        return stand_in_line(board) if board is not None else None

    def board_in_use(self) -> AnyBoard | None:
        if self.board is None and self.report is not None and self.report.run is not None:
            start: OnBoard = self.report.run.start
            self.board = start.board
        return self.board

    def text(self, result: str | None = None) -> str:
        tags = board_tags(self.header, self.board_in_use(), result)
        position = ["position", *(INDENT + entry for entry in self.entries)]
        return write_game(replace(self.header, tags=tuple(tags)), position, [], [])

    def check(self, entries: list[str], result: str | None = None) -> tuple[GameReport, int]:
        """The checked record with ``entries``, and the file line of the first entry."""
        trial = replace(self, entries=entries)
        text = trial.text(result)
        reports = check_text(text, self.path.parent, self.rulings)
        first = text.split("\n").index("position") + 2
        return reports[0], first

    def add(self, line: str, line_no: int = 1) -> EntryOutcome:
        entry = line.strip()
        lead = len(line) - len(line.lstrip())
        report, first = self.check([*self.entries, entry])
        own = first + len(self.entries)

        def typed(problem: Problem) -> Problem:
            assert problem.at is not None
            col = max(1, problem.at.col - len(INDENT) + lead)
            return replace(problem, at=Place(line_no, col))

        refusals = [
            typed(p)
            for p in report.problems
            if not p.warning and p.at is not None and p.at.line >= own
        ]
        text = report.record.game if report.record is not None else None
        if not refusals and text is not None and text.turns:
            refusals.append(
                Problem(REC_5, "type position entries here, not turns", Place(line_no, 1))
            )
        if refusals:
            return EntryOutcome(False, tuple(refusals))
        self.entries.append(entry)
        self.report = report
        self.save()
        return EntryOutcome(True, (), tuple(p for p in report.problems if not p.warning))

    def undo(self) -> str | None:
        if not self.entries:
            return None
        taken = self.entries.pop()
        self.report = self.check(self.entries)[0]
        self.save()
        return taken

    def save(self, result: str | None = None) -> None:
        try:
            self.file.rewrite(self.text(result))
        except OSError as error:  # UnsafeTarget too
            reason = error.strerror or error
            raise WriteFault(f"{self.path}: cannot be written ({reason})") from None

    def conclude(self, entries: list[str]) -> Conclusion | None:
        """What ``entries`` are saved with: the entry saying the game is over when none is
        there and it fits, the Result, and why the standings would leave the game out.
        None for a position that is not valid."""
        report = self.check(entries)[0]
        if not report.valid or report.run is None or report.run.final is None:
            return None
        ending = self.game.ending_entry(report.run.final)
        added, not_over = None, None
        if all(_key(entry) != _key(ending) for entry in entries):
            trial = self.check([*entries, ending])[0]
            sheet = trial.run.sheet if trial.run is not None else None
            if trial.valid and sheet is not None and sheet.finished:
                entries, report, added = [*entries, ending], trial, ending
            else:
                not_over = next((p for p in trial.errors), None)
        assert report.run is not None and report.run.final is not None
        result: str | None = self.game.result_value(report.run.final)
        with_result = self.check(entries, result)[0]
        if with_result.valid:
            report = with_result
        else:
            result = None
        sheet = report.run.sheet if report.run is not None else None
        reasons = cli_game(self.game.name.lower()).unfinished(sheet) if sheet else []
        if not_over is not None:  # what keeps the typed position from being over
            said = f"'{_key(ending)}: ...' breaks {not_over.rule}: {not_over.message}"
            reasons = [f"it cannot be written as over ({said})"]
        elif result is None:
            reasons.append("no Result can be stated for it")
        return Conclusion(entries, result, "; ".join(reasons) or None, added, report.run.final)

    def finish(self, echo: Echo) -> int:
        """Score the position; a valid one gets its Result tag, and the entry saying the
        game is over when it fits."""
        ending = self.conclude(self.entries)
        if ending is None:
            for problem in self.check(self.entries)[0].problems:
                echo(problem_line(str(self.path), problem))
            echo(f"{self.path}: the position is not valid yet; no result written")
            return EXIT_INVALID
        self.entries = ending.entries
        self.save(ending.result)
        if ending.added is not None:
            echo(f"the game is over: wrote '{ending.added}'")
        if ending.result is not None:
            echo(f"Result: {ending.result}")
        else:
            echo("no Result tag written")
        if ending.left_out is not None:
            echo(f"the standings will leave this game out: {ending.left_out}")
        sheet = self.game.score(ending.final)
        echo(self.game.view.score_text(sheet, ending.final, True))
        if note := self.stand_in_note():
            echo(note)
        return EXIT_VALID
