"""Start a new record from the command's options."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

import click
from meridina.notation.driver import GameReport, RulingDefaults, check_game
from meridina.notation.reader import parse_text
from meridina.notation.text import GameText, Tag
from meridina.notation.writing import format_tags
from meridina.recording.opening import OpenFault, game_session
from meridina.recording.session import Session
from meridina.rules.common import Place
from meridina.shown import shown

from ..games import cli_game

# a tag as a message suggests one: [Setup "well F6; merchant H7"]
_SUGGESTED_TAG = re.compile(r'\[([A-Z][A-Za-z]*) "([^"\n]*)"\]')


def new_session(
    path: Path,
    game: str,
    tags: Sequence[tuple[str, str, str]],
    rulings: RulingDefaults | None = None,
) -> Session:
    """A new record at ``path``; ``tags`` are (tag name, value, option that gave it);
    ``rulings`` from outside it apply where its Rulings tag is silent."""
    session = game_session(path, new_header(path, game, tags, rulings), "", rulings)
    try:
        session.file.create(session.text())
    except FileExistsError:
        raise OpenFault(_exists(path)) from None
    except OSError as error:
        raise OpenFault(f"{path}: cannot be written ({error.strerror or error})") from None
    return session


def new_header(
    path: Path,
    game: str,
    tags: Sequence[tuple[str, str, str]],
    rulings: RulingDefaults | None = None,
    position: bool = False,
) -> GameReport:
    """The checked header of a new record; a fault names the option that caused it.

    With ``position`` the header is checked as that of a position still to be typed.
    """
    if path.exists() or path.is_symlink():
        raise OpenFault(_exists(path))
    if not path.parent.is_dir():
        raise OpenFault(f"{path}: the folder {path.parent} does not exist")
    for _name, value, option in tags:
        if any(ord(char) < 32 or char == "\x7f" for char in value) or len(value) > 1000:
            raise OpenFault(f"{option}: a tag value is one line of plain text")
    given = [("Game", cli_game(game).title, "--game"), *((n, v, o) for n, v, o in tags if v)]
    header = GameText(
        tuple(Tag(name, value, Place(1, 1), Place(1, 1)) for name, value, _ in given),
        None,
        (),
        Place(1, 1),
    )
    lines = format_tags(header)
    parsed = parse_text("\n".join(lines) + ("\n\nposition\n" if position else "\n"))
    if len(parsed) != 1:
        raise OpenFault("the header options do not make one game")
    report = check_game(parsed[0], path.parent, rulings)
    options = {name.lower(): option for name, _, option in given if name != "Game"}
    spelt = {
        **{tag: option for option, tag, _ in cli_game(game).header_options},
        **{name: option for name, _, option in given if option != "--tag"},
    }
    faults = []
    for problem in report.problems:
        option = "the options"
        if problem.at is not None and 1 <= problem.at.line <= len(lines):
            tag = lines[problem.at.line - 1][1:].split(" ", 1)[0]
            option = options.get(tag.lower(), option)
        message = as_options(problem.message, spelt)
        if problem.warning:
            said = f"meridina: {option}: {problem.rule} warning: {message}"
            click.echo(shown(said), err=True)
        else:
            faults.append(f"{option}: {problem.rule} {message}")
    if faults:
        raise OpenFault("\n".join(faults))
    return report


def as_options(message: str, spelt: dict[str, str]) -> str:
    """``message`` as said to someone who gives the header as options: a tag it suggests
    (``[Setup "merchant H7"]``) is written as the option that sets it (``--setup "merchant
    H7"``). ``spelt`` holds each tag's option by tag name."""

    def option(found: re.Match[str]) -> str:
        name, value = found.group(1), found.group(2)
        return f'{spelt[name]} "{value}"' if name in spelt else found.group(0)

    return _SUGGESTED_TAG.sub(option, message)


def _exists(path: Path) -> str:
    return f"{path} already exists; to go on with it, run: meridina record {path}"
