"""Find the record files a command was given: files, folders, quoted globs, excludes.

A folder walk skips the usual tool folders and whatever ``.gitignore`` files say;
a path that cannot be a record (a FIFO, a broken link, an empty folder) becomes an
``InputError`` in the stream of paths, so that the others are still checked.
"""

from __future__ import annotations

import glob
import io
import os
import stat
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import BinaryIO, NamedTuple

import click
from meridina.notation.driver import GameReport, RulingDefaults, check_game
from meridina.notation.reader import LARGEST_RECORD, UnreadableInput, iter_chunks, parse_chunk
from meridina.notation.splitter import GameChunk
from meridina.rules.common import Place
from meridina.rules.datafile import file_kind
from meridina.rules.games import GAMES
from meridina.rules.wording import counted
from meridina.shown import shown

from ..formats.exits import EXIT_UNREADABLE
from ..formats.output import InputError, input_error
from .gitignores import GitIgnores
from .ignore_patterns import IgnoreSpec, PatternError
from .links import folder_link_leaving, leaves_home
from .tracked import Tracked, tracked_records

RECORD_SUFFIX = ".mrec"
DEFAULT_EXCLUDES = (".git", ".hg", ".venv", "venv", "node_modules", "__pycache__", "build", "dist")
GLOB_CHARACTERS = frozenset("*?[")
LINK_OUT = (
    "is a symbolic link to a folder outside the folder checked; meridina reads nothing through it"
)


class InputFault(click.ClickException):
    """A file that cannot be checked; ``at`` is the place in it where one is known."""

    exit_code = EXIT_UNREADABLE

    def __init__(self, message: str, at: Place | None = None) -> None:
        super().__init__(message)
        self.at = at

    def show(self, file: object = None) -> None:
        click.echo(f"meridina: {shown(self.message)}", err=True)


class StandardInput(str):
    """Standard input (``-``) under the name ``--stdin-filename`` gives it: its problems name
    that file, the exclude patterns match that name, and its Board files are found beside it.

    ``data`` is the input already read whole (to compare it with its annotated text), or
    None while it is still to be read from standard input as it comes.
    """

    data: bytes | None

    def __new__(cls, name: str, data: bytes | None = None) -> StandardInput:
        made = super().__new__(cls, name)
        made.data = data
        return made

    def __reduce__(self) -> tuple[type[str], tuple[str]]:  # a worker gets the name alone
        return (str, (str(self),))


def reads_stdin(path: str) -> bool:
    """Whether ``path`` stands for standard input: ``-``, or ``-`` given a name."""
    return path == "-" or isinstance(path, StandardInput)


def named_stdin(
    paths: Sequence[str], name: str | None, data: bytes | None = None
) -> tuple[str, ...]:
    """``paths`` with ``-`` given the name of ``--stdin-filename`` (and, read whole, ``data``)."""
    if name is None:
        return tuple(paths)
    if "-" not in paths:
        raise click.UsageError("--stdin-filename names standard input: give '-' as a path")
    if not name or "\0" in name:
        raise click.BadParameter("give a file name", param_hint="'--stdin-filename'")
    return tuple(StandardInput(name, data) if path == "-" else path for path in paths)


def read_stdin_whole() -> bytes:
    """Standard input, read whole; no more than a record file may hold."""
    data = sys.stdin.buffer.read(LARGEST_RECORD + 1)
    if len(data) > LARGEST_RECORD:
        raise InputFault(f"-: REC-0 is over {LARGEST_RECORD} bytes; a record is at most that")
    return data


class Selection(NamedTuple):
    """Which files a folder walk keeps: exclude patterns (gitignore style) and .gitignore."""

    exclude: tuple[str, ...] = DEFAULT_EXCLUDES
    extend_exclude: tuple[str, ...] = ()
    respect_gitignore: bool = True
    force_exclude: bool = False  # the patterns also skip files named one by one

    @classmethod
    def from_options(
        cls,
        exclude: tuple[str, ...],
        extend_exclude: tuple[str, ...],
        respect_gitignore: bool,
        force_exclude: bool = False,
    ) -> Selection:
        """The selection the batch options give: ``--exclude`` replaces the defaults."""
        return cls(exclude or DEFAULT_EXCLUDES, extend_exclude, respect_gitignore, force_exclude)

    def spec(self) -> IgnoreSpec:
        try:
            return IgnoreSpec.from_lines([*self.exclude, *self.extend_exclude])
        except PatternError as error:
            raise InputFault(f"--exclude: {error.reason}") from None


# told of each path a selection leaves out, with why (``-v``)
Skipped = Callable[[str, str], None]
EXCLUDED = "excluded"
GITIGNORED = "ignored by .gitignore"


def _unsaid(path: str, why: str) -> None:
    """What a skipped path is told to when nobody asked."""


def record_files(
    paths: Sequence[str], selection: Selection | None = None, skipped: Skipped | None = None
) -> Iterator[str | InputError]:
    """Files as given; a folder stands for every record file below it; globs are expanded.
    Each path the excludes or a .gitignore leave out is told to ``skipped``."""
    selection = selection or Selection()
    skipped = skipped or _unsaid
    for name in paths:
        if isinstance(name, StandardInput):
            if not (selection.force_exclude and _excluded_by_name(Path(name), selection.spec())):
                yield name
            continue
        if name == "-":
            yield name
            continue
        if not os.path.lexists(name) and GLOB_CHARACTERS & set(name):
            matches = sorted(glob.glob(name, recursive=True))
            if not matches:
                yield input_error(name, f"{name}: REC-0 no file matches this pattern")
            for match in matches:
                yield from _one_path(match, selection, skipped)
            continue
        yield from _one_path(name, selection, skipped)


def _one_path(name: str, selection: Selection, skipped: Skipped) -> Iterator[str | InputError]:
    path = Path(name)
    if selection.force_exclude and _excluded_by_name(path, selection.spec()):
        skipped(name, EXCLUDED)
        return
    leaving = leaves_home(name)
    if leaving is not None:
        yield input_error(name, f"{name}: REC-0 {leaving}")
        return
    if path.is_dir():
        found = list(_walk(path, selection, skipped))
        if not found:
            yield input_error(
                name, f"{name}: REC-0 no record files (*{RECORD_SUFFIX}) in this folder"
            )
        yield from found
        return
    fault = _not_a_regular_file(path)
    yield input_error(name, f"{name}: REC-0 {fault}") if fault else name


def _excluded_by_name(path: Path, excluded: IgnoreSpec) -> bool:
    """Whether an exclude pattern skips ``path`` or a folder on the way to it, read from the
    current folder (where a hook or a script names files from)."""
    if path.is_absolute() and path.is_relative_to(Path.cwd()):
        path = path.relative_to(Path.cwd())  # outside the current folder: read as given
    parts = [part for part in Path(os.path.normpath(path)).parts if part not in ("/", ".")]
    folders = ("/".join(parts[: end + 1]) + "/" for end in range(len(parts) - 1))
    return any(excluded.match_file(folder) for folder in folders) or excluded.match_file(
        "/".join(parts)
    )


def _not_a_regular_file(path: Path) -> str | None:
    """Why ``path`` cannot be opened as a record without risk (None: it can, or is missing).

    A record that is a symbolic link is refused, wherever it points: a link committed to
    a repository could otherwise show a file outside it (a key, a token) in the output.
    """
    try:
        mode = path.lstat().st_mode
    except FileNotFoundError:
        return None
    except OSError:
        return None  # the reader says what is wrong when it tries to open it
    if stat.S_ISLNK(mode):
        broken = " to nothing (broken link)" if not path.exists() else ""
        return f"is a symbolic link{broken}; meridina reads no record through a link"
    if stat.S_ISREG(mode):
        return None
    return f"{file_kind(mode)}, not a record file"


def _walk(top: Path, selection: Selection, skipped: Skipped) -> Iterator[str | InputError]:
    """Every record file below ``top`` in path order, with faults for the unreadable ones.

    Each folder's exclude cursor is carried to its entries (see ``ignore_patterns``); a
    record git tracks is kept whatever a .gitignore says, as git keeps it.
    """
    excluded = selection.spec()
    ignores = GitIgnores(top) if selection.respect_gitignore else None
    tracked = (
        tracked_records(top, RECORD_SUFFIX)
        if ignores is not None and ignores.in_repository
        else None
    )
    cursors = {top: excluded.start()}
    found: list[tuple[str, str | InputError]] = []
    for folder, subfolders, files in os.walk(top):
        here = Path(folder)
        cursor = cursors.pop(here)
        relative = here.relative_to(top).as_posix()
        prefix = "" if relative == "." else relative + "/"
        if ignores is not None:
            ignores.enter(here)
            found.extend((fault.source, fault) for fault in ignores.take_faults())
        kept = []
        for sub in subfolders:
            inside = cursor.step(sub)
            if inside.verdict(True):
                skipped(f"{here / sub}{os.sep}", EXCLUDED)
                continue
            if ignores is not None and _skipped(ignores, tracked, here, sub, prefix, True):
                skipped(f"{here / sub}{os.sep}", GITIGNORED)
                continue
            if (here / sub).is_symlink():
                # not followed, as os.walk does not: one leading out of the walk is told once
                if folder_link_leaving(here / sub, top):
                    link = str(here / sub)
                    found.append((link, input_error(link, f"{link}: REC-0 {LINK_OUT}")))
                continue
            cursors[here / sub] = inside
            kept.append(sub)
        subfolders[:] = sorted(kept)
        for file in files:
            if not file.endswith(RECORD_SUFFIX):
                continue
            if cursor.step(file).verdict(False):
                skipped(str(here / file), EXCLUDED)
                continue
            if ignores is not None and _skipped(ignores, tracked, here, file, prefix, False):
                skipped(str(here / file), GITIGNORED)
                continue
            path = here / file
            if path.is_symlink() and path.is_dir():
                continue  # a link to a folder: os.walk does not follow it either
            fault = _not_a_regular_file(path)
            found.append(
                (
                    str(path),
                    input_error(str(path), f"{path}: REC-0 {fault}") if fault else str(path),
                )
            )
    for _, item in sorted(found, key=lambda pair: pair[0]):
        yield item


def _skipped(
    ignores: GitIgnores, tracked: Tracked | None, here: Path, name: str, prefix: str, folder: bool
) -> bool:
    """Whether .gitignore skips an entry: an ignored one, unless it is (or holds) a tracked
    record, which git keeps."""
    if not ignores.ignored(here, name, folder):
        return False
    if tracked is None:
        return True
    return not (tracked.holds_folder if folder else tracked.holds_file)(prefix + name)


def reports(
    path: str, game_number: int | None = None, rulings: RulingDefaults | None = None
) -> Iterator[GameReport]:
    """The checked games of one file (only game N when asked); faults raise InputFault."""
    base = record_base(path)
    for index, chunk in game_chunks(path, game_number):
        yield check_game(parse_chunk(index, chunk), base, rulings)


def record_base(path: str) -> Path:
    """Where a record's relative file names (a Board file) are looked for."""
    return Path(path).parent if path != "-" else Path.cwd()  # named standard input: its folder


def game_chunks(path: str, game_number: int | None = None) -> Iterator[tuple[int, GameChunk]]:
    """The numbered, unparsed games of one file (only game N when asked).

    A file that cannot be read, holds no game or lacks game N raises InputFault,
    after the games before the fault.
    """
    fault = _not_a_regular_file(Path(path)) or leaves_home(path) if not reads_stdin(path) else None
    if fault:
        raise InputFault(f"{path}: REC-0 {fault}")
    seen = 0
    source: str | BinaryIO = path
    if isinstance(path, StandardInput):
        source = io.BytesIO(path.data) if path.data is not None else "-"
    try:
        for index, chunk in iter_chunks(source, str(path)):
            seen = index
            if game_number is None or index == game_number:
                yield index, chunk
    except UnreadableInput as error:
        raise InputFault(str(error), error.problem.at) from None
    if seen == 0:
        raise InputFault(
            f"{path}: REC-0 holds no game (a game starts with tags such as "
            f'[Game "{GAMES[0].title}"])'
        )
    if game_number is not None and game_number > seen:
        raise InputFault(f"{path}: has {counted(seen, 'game')}; there is no game {game_number}")
