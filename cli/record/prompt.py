"""Recording at a terminal: a prompt that says who moves, completes legal turns, keeps history.

The line editing, history and completion menus are prompt_toolkit's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import click
from meridina.recording.session import Outcome, Session
from meridina.rules.wording import counted
from prompt_toolkit import PromptSession
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import Input
from prompt_toolkit.output import Output

from ..formats.exits import EXIT_VALID
from .completion import TurnCompleter
from .pipe import final_table
from .typed_commands import turn_lines

Echo = Callable[[str], None]

TOOLBAR = " Tab: legal turns   help: commands   undo: take back   Ctrl-D or quit: stop "


def prompt_text(session: Session) -> str:
    if session.over:
        return "game over (undo, score, board, quit)> "
    return f"{session.number}. {session.game.mover(session.state)}> "


def typed_lines(prompt: PromptSession[str], message: Callable[[], str]) -> Iterator[str]:
    """Each line typed at the prompt, asked with the message of the moment, until Ctrl-D."""
    while True:
        try:
            yield prompt.prompt(message())
        except EOFError:
            return


def record_at_prompt(
    session: Session,
    input: Input | None = None,
    output: Output | None = None,
    echo: Echo = click.echo,
) -> int:
    """Ask for turns until Ctrl-D or quit; every legal turn is in the file as it is typed."""
    prompt: PromptSession[str] = PromptSession(
        history=InMemoryHistory(),
        completer=TurnCompleter(session),
        complete_while_typing=True,
        bottom_toolbar=TOOLBAR,
        input=input,
        output=output,
    )
    echo(f"Recording {session.game.name} in {session.path}; type 'help' for the commands.")
    if note := session.stand_in_note():
        echo(note)
    if session.entries:
        echo(f"Going on after turn {session.game.view.turn_heading(session.entries[-1])}")
    for _, line in turn_lines(session, typed_lines(prompt, lambda: prompt_text(session)), echo):
        outcome = session.play(line)
        show(line, outcome, echo)
        if outcome.ended:
            echo(final_table(session))
    count = len(session.entries)
    echo(f"{session.path}: {counted(count, 'turn')} recorded")
    return EXIT_VALID


def show(line: str, outcome: Outcome, echo: Echo) -> None:
    """A turn written: what it did. A refused turn: the line again, a mark under each fault,
    the nearest legal turns."""
    if outcome.written is not None:
        if outcome.said:
            heading, *did = outcome.said
            echo(f"  {heading}: {'; '.join(did)}")
        for problem in outcome.problems:
            echo(f"  warning: {problem.rule} {problem.message}")
        return
    if outcome.problems:
        echo(f"  {line.strip()}")
        lead = len(line) - len(line.lstrip())
        for problem in outcome.problems:
            column = problem.at.col - lead if problem.at is not None else 0
            mark = " " * (1 + max(column, 1)) + "^ " if problem.at is not None else "  "
            echo(f"{mark}{problem.rule} {problem.message}")
        echo("  not written.")
    if outcome.suggestions:
        echo("  nearest legal turns: " + "; ".join(outcome.suggestions))
