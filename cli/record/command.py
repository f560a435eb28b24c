"""``meridina record``: write a game's record at the table, checking each turn as it is typed."""

from __future__ import annotations

import sys
from pathlib import Path

import click
from meridina.games import shown_game
from meridina.notation.driver import RulingDefaults
from meridina.recording.session import Session
from meridina.rules.wording import counted
from meridina.shown import shown_lines

from ..commands.rulings_option import rulings_of
from ..recording.new_record import new_header
from ..recording.options import (
    RecordingCommand,
    UsageFault,
    header_values,
    open_session,
    record_file_options,
)
from ..recording.position_session import PositionSession
from .pipe import input_lines, record_lines
from .position import record_position


@click.command(cls=RecordingCommand)
@record_file_options
@click.option(
    "--position", "position", is_flag=True,
    help="Enter a final position entry by entry instead of turns, and score it.",
)  # fmt: skip
@click.pass_context
def record(
    context: click.Context,
    /,
    record: Path | None,
    output: Path | None,
    game: str | None,
    tags: tuple[str, ...],
    position: bool,
    **header: str | None,
) -> None:
    """Record a game turn by turn, checking each turn as it is typed.

    Start a new record with -o FILE --game GAME --players "...", or go on with
    an existing FILE from its last turn. A legal turn is written to the file at
    once (through a temporary file and a rename, so the file is always whole); an
    illegal turn is explained with its rule ID and the nearest legal turns, and
    not written. When the game ends, the Result tag is filled in from the score.

    At a terminal, Tab completes the legal turns; type 'help' for the commands
    (board, score, legal, undo, rule ID, comment TEXT, quit). When standard
    input is not a terminal, one turn or command is read a line, without
    prompts; problems are printed as -:LINE:COL: RULE message. Exit status: 0
    every line was taken, 1 a line was refused, 2 a usage or file problem.

    Turns are checked under the rulings validate uses here: the config file's
    (meridina.toml or [tool.meridina]), under the record's own Rulings tag.
    """
    rulings = rulings_of(context)
    if position:
        if record is not None:
            raise UsageFault("--position starts a new record: use -o FILE")
        raise SystemExit(_position(*header_values(output, game, header, tags), rulings))
    session = open_session(record, output, game, header, tags, rulings)
    try:
        raise SystemExit(_record(session))
    finally:
        session.close()


def _record(session: Session) -> int:
    if sys.stdin.isatty() and sys.stdout.isatty():
        from .prompt import record_at_prompt

        return record_at_prompt(session)
    status = record_lines(
        session,
        input_lines(sys.stdin.buffer),
        lambda text: click.echo(shown_lines(text)),
        lambda text: click.echo(shown_lines(text), err=True),
    )
    click.echo(shown_lines(_summary(session)), err=True)
    return status


def _position(
    output: Path, game: str, values: list[tuple[str, str, str]], rulings: RulingDefaults
) -> int:
    report = new_header(output, game, values, rulings, position=True)
    board = report.run.start.board if report.run is not None else None
    recorded = shown_game(game).recorded()
    session = PositionSession(recorded, output, report.record.game, board=board, rulings=rulings)
    try:
        session.save()
        return record_position(session)
    finally:
        session.close()


def _summary(session: Session) -> str:
    count = len(session.entries)
    state = "the game is over" if session.over else f"turn {session.number} is next"
    return f"{session.path}: {counted(count, 'turn')} recorded; {state}"
