"""Recording from a pipe: one turn (or command) a line, no prompts, problems as ``-:LINE:COL``."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import BinaryIO

from meridina.recording.session import Outcome, Session
from meridina.rules.codes import REC_0
from meridina.rules.common import Place, Problem
from meridina.shown import problem_line

from ..formats.exits import EXIT_INVALID, EXIT_VALID
from .typed_commands import turn_lines

MAX_INPUT_LINE = 64 * 1024  # bytes; a longer line is refused whole, never held
SOURCE = "-"

Echo = Callable[[str], None]


def input_lines(stream: BinaryIO) -> Iterator[str | Problem]:
    """Each line of ``stream`` as text, or the problem that makes it unreadable."""
    number = 0
    while True:
        raw = stream.readline(MAX_INPUT_LINE + 1)
        if not raw:
            return
        number += 1
        if len(raw) > MAX_INPUT_LINE and not raw.endswith(b"\n"):
            while raw and not raw.endswith(b"\n"):  # skip the rest of the long line
                raw = stream.readline(MAX_INPUT_LINE + 1)
            yield Problem(REC_0, "the line is too long to be a turn", Place(number, 1))
            continue
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            yield Problem(REC_0, "the line is not valid UTF-8 text", Place(number, error.start + 1))
            continue
        yield text.removeprefix("\ufeff") if number == 1 else text


def record_lines(session: Session, lines: Iterable[str | Problem], echo: Echo, note: Echo) -> int:
    """Play every line; ``echo`` gets problems and command output, ``note`` the advice.

    Returns the exit status: 1 when any line was refused, else 0.
    """
    refusals = Refusals()
    if said := session.stand_in_note():
        note(said)
    turns = turn_lines(session, lines, echo, refusals.mark)
    for number, line in piped_lines(turns, echo, refusals):
        outcome = session.play(line, number)
        report(outcome, echo, note)
        if outcome.refused:
            refusals.mark()
        if outcome.ended:
            echo(final_table(session))
    return refusals.status()


class Refusals:
    """Whether any line from a pipe was refused, which sets the exit status."""

    def __init__(self) -> None:
        self.any = False

    def mark(self) -> None:
        self.any = True

    def status(self) -> int:
        return EXIT_INVALID if self.any else EXIT_VALID


def piped_lines(
    lines: Iterable[tuple[int, str | Problem]], echo: Echo, refusals: Refusals
) -> Iterator[tuple[int, str]]:
    """The numbered lines that can be read; each unreadable one is shown and refused."""
    for number, line in lines:
        if isinstance(line, Problem):
            echo(problem_line(SOURCE, line))
            refusals.mark()
            continue
        yield number, line


def report(outcome: Outcome, echo: Echo, note: Echo) -> None:
    for problem in outcome.problems:
        echo(problem_line(SOURCE, problem))
    if outcome.suggestions:
        note("  nearest legal turns: " + "; ".join(outcome.suggestions))


def final_table(session: Session) -> str:
    view = session.game.view
    sheet = session.game.score(session.state)
    result = session.game.result_value(session.state)
    table = f"Game over. Result: {result}\n{view.score_text(sheet, session.state, False)}"
    note = session.stand_in_note()
    return f"{table}\n{note}" if note else table
