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
from dataclasses import replace

import click
from meridina.notation.games import notation_game
from meridina.notation.suggest import TAG_CUTOFF, did_you_mean
from meridina.recording.session import Line
from meridina.rules.codes import title
from meridina.rules.common import Problem
from meridina.shown import problem_line

from ..formats.exits import EXIT_INVALID
from ..games import every_game
from ..recording.position_session import Echo, EntryOutcome, PositionSession
from .pipe import SOURCE, Refusals, piped_lines

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
