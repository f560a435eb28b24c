"""``record --position``: a finished table typed in entry by entry, checked, then scored.

Each entry (``3: orange 1@1 brown 2@2``, ``walls: B1 C1``) is checked at once with
the whole position so far: one that breaks a rule on its own line is refused and
not written; faults that later entries may still put right are listed as open.
The file is rewritten atomically after every entry, and held against a second session;
at the end the position is scored and, when it is valid, the Result tag is filled in.
A final position says nothing of what is left in hand, so the game's entry that says it is
over (Meridian's ``played:`` with every card, Medina's ``supplies: spent``) is added when
none was typed and the position then reads as a finished game; the standings count it then,
and otherwise the user is told why they will not.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import click
from meridina.notation.driver import GameReport, RulingDefaults, check_text
from meridina.notation.games import notation_game
from meridina.notation.suggest import TAG_CUTOFF, did_you_mean
from meridina.notation.text import GameText
from meridina.notation.writing import write_game
from meridina.recording.games import RecordedGame
from meridina.recording.locked_file import RecordFile
from meridina.recording.session import Line, WriteFault, board_tags
from meridina.rules.codes import title
from meridina.rules.common import Place, Problem
from meridina.shown import problem_line
from meridina.stand_in import stand_in_line

from ..formats.exits import EXIT_INVALID, EXIT_VALID
from ..games import cli_game, every_game
from .pipe import SOURCE, Refusals, piped_lines

Echo = Callable[[str], None]
INDENT = "  "

HELP_LEAD = "Type the position one entry a line, as in a record's position section:"
HELP_COMMANDS = (
    "Commands: board, score, undo (drop the last entry), rule ID, help, done (or Ctrl-D)."
)
EXAMPLES_AT = 12  # the column where each game's examples start


def position_help() -> str:
    """How to type a position: each game's example entries under its title, then the commands."""
    lines = [HELP_LEAD]
    for game in every_game():
        lead = f"  {game.title}:".ljust(EXAMPLES_AT)
        lines += [lead + example if n == 0 else " " * EXAMPLES_AT + example
                  for n, example in enumerate(game.position_help)]  # fmt: skip
    return "\n".join([*lines, HELP_COMMANDS])


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
    final: Any  # the position as the rules read it, entries and Result saved


def _key(entry: str) -> str:
    return entry.partition(":")[0].strip().lower()


@dataclass
class PositionSession:
    game: RecordedGame[Any, Any, Any, Any, Any]  # whichever game is recorded
    path: Path
    header: GameText
    entries: list[str] = field(default_factory=list)
    report: GameReport | None = None
    board: Any = None  # the board the header names (or the default one)
    rulings: RulingDefaults | None = None  # from outside the record, under its Rulings tag
    file: RecordFile = field(init=False)  # held from the first save until ``close``

    def __post_init__(self) -> None:
        self.file = RecordFile(self.path)

    def close(self) -> None:
        self.file.close()

    def stand_in_note(self) -> str | None:
        board = self.board_in_use()
        return stand_in_line(board) if board is not None else None

    def board_in_use(self) -> Any:
        if self.board is None and self.report is not None and self.report.run is not None:
            self.board = self.report.run.start.board
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
                Problem("REC-5", "type position entries here, not turns", Place(line_no, 1))
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


def _command(
    session: PositionSession, line: str, echo: Echo, unknown: Callable[[], None]
) -> bool | None:
    """Carry out a command: True to finish, False to go on, None when not a command.
    A bare word that is no command is answered, and ``unknown`` called."""
    word, _, argument = line.strip().partition(" ")
    word = word.lower()
    state = session.report.run.final if session.report and session.report.run else None
    if word in ("done", "quit", "exit"):
        return True
    if word == "help":
        echo(position_help())
    elif word == "undo":
        taken = session.undo()
        echo(f"dropped '{taken}'" if taken is not None else "there is no entry to drop")
    elif word in ("board", "score"):
        if state is None:
            echo("nothing to show yet: type an entry")
        elif word == "board":
            echo(session.game.view.diagram(state))
        else:
            sheet = session.game.score(state)
            echo(session.game.view.score_text(sheet, state, True))
            if note := session.stand_in_note():
                echo(note)
    elif word == "rule":
        code = argument.strip().upper()
        echo(f"{code}: {title(code)}" if title(code) else f"there is no rule {code!r}")
    elif word.isascii() and word.isalpha() and not argument.strip():
        # a bare word is never an entry, which starts with a label such as '3:'
        meant = did_you_mean(word, COMMANDS, TAG_CUTOFF) or "."
        echo(
            f"{word!r} is not a command{meant} The commands: {', '.join(COMMANDS)}; "
            "or type an entry such as '3: orange 1@1' ('help' shows how)."
        )
        unknown()
    else:
        return None
    return False


COMMANDS = ("board", "score", "undo", "rule", "help", "done")


def _show(outcome: EntryOutcome, source: str, echo: Echo, note: Echo) -> None:
    for problem in outcome.refusals:
        echo(problem_line(source, problem))
    if outcome.open:
        note("  still to put right: " + "; ".join(f"{p.rule} {p.message}" for p in outcome.open))


def _entry_lines(
    session: PositionSession,
    lines: Iterable[Line],
    echo: Echo,
    unknown: Callable[[], None] = lambda: None,
) -> Iterator[tuple[int, Line]]:
    """The lines that are entries, each with its number; blank lines are skipped and
    commands carried out on the way, until one of them says to finish."""
    for number, line in enumerate(lines, start=1):
        if isinstance(line, str):
            if not line.strip():
                continue
            command = _command(session, line, echo, unknown)
            if command is True:
                return
            if command is False:
                continue
        yield number, line


def position_lines(
    session: PositionSession, lines: Iterable[str | Problem], echo: Echo, note: Echo
) -> int:
    """Entries from a pipe, one a line; the position is scored at the end."""
    refusals = Refusals()
    if said := session.stand_in_note():
        note(said)
    entries = _entry_lines(session, lines, echo, refusals.mark)
    for number, line in piped_lines(entries, echo, refusals):
        outcome = session.add(line, number)
        _show(outcome, SOURCE, echo, note)
        if not outcome.accepted:
            refusals.mark()
    status = session.finish(echo)
    return EXIT_INVALID if refusals.any else status


def position_at_prompt(session: PositionSession, echo: Echo = click.echo) -> int:
    from prompt_toolkit import PromptSession
    from prompt_toolkit.completion import WordCompleter
    from prompt_toolkit.history import InMemoryHistory

    from .prompt import typed_lines

    keys = notation_game(session.game.name.lower()).position_keys
    words = [*keys, "board", "score", "undo", "rule", "help", "done"]
    prompt: PromptSession[str] = PromptSession(
        history=InMemoryHistory(),
        completer=WordCompleter(words, sentence=True),
        bottom_toolbar=" Tab: entry names   help   undo   done or Ctrl-D: score it ",
    )
    echo(f"Recording a {session.game.name} position in {session.path}; 'help' shows how.")
    if note := session.stand_in_note():
        echo(note)
    typed = typed_lines(prompt, lambda: f"entry {len(session.entries) + 1}> ")
    for _, line in _entry_lines(session, typed, echo):
        outcome = session.add(line)
        lead = len(line) - len(line.lstrip())
        for problem in outcome.refusals:
            assert problem.at is not None
            echo(f"  {line.strip()}")
            echo(" " * (1 + problem.at.col - lead) + f"^ {problem.rule} {problem.message}")
        if outcome.refusals:
            echo("  not written.")
        _show(replace(outcome, refusals=()), "", echo, echo)
    return session.finish(echo)


def record_position(session: PositionSession) -> int:
    if sys.stdin.isatty() and sys.stdout.isatty():
        return position_at_prompt(session)
    from .pipe import input_lines

    return position_lines(
        session, input_lines(sys.stdin.buffer), click.echo, lambda t: click.echo(t, err=True)
    )
