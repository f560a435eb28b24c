"""The .gitignore files of a folder walk, matched as git matches them.

A folder's cursor (where each pattern stands after the folder's names) is carried down to
its entries, so each name of a path is matched once per pattern: deciding an entry costs
the same at any depth, and a walk costs the number of its entries times the patterns.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import NamedTuple

from meridina.files.small_file import Unreadable, read_small

from ..formats.output import InputError, input_error
from .ignore_patterns import Cursor, IgnoreSpec, PatternError

MOST_GITIGNORE_BYTES = 64 * 1024  # far above any real one; a larger one is not read


class Place(NamedTuple):
    """What applies in one folder: the cursors of the .gitignore files above, deepest first."""

    cursors: tuple[Cursor, ...]
    ignored: bool = False  # the folder itself is ignored (entered for a tracked file below it)


class GitIgnores:
    """The .gitignore files that apply below a folder: its repository's, then each folder's own.

    ``enter`` a folder of the walk before asking about its entries with ``ignored``.
    """

    def __init__(self, top: Path) -> None:
        self._faults: list[InputError] = []
        self.in_repository = False
        start = top.resolve()
        cursors: list[Cursor] = []  # shallowest first
        ignored = False
        folders = list(reversed([start, *start.parents]))
        for number, folder in enumerate(folders):
            if (folder / ".git").exists():
                cursors, ignored = [], False  # only the innermost repository's files count
                self._faults.clear()
                self.in_repository = True
            if folder != start:
                spec = self._load(folder)
                if spec is not None:
                    cursors.append(spec.start())
                cursors = [cursor.step(folders[number + 1].name) for cursor in cursors]
                ignored = ignored or _verdict(cursors[::-1], True) is True
        self._places: dict[Path, Place] = {top: Place(tuple(reversed(cursors)), ignored)}
        self._here = self._places[top]

    def take_faults(self) -> list[InputError]:
        """The .gitignore files that could not be read since the last call (REC-0 each)."""
        faults, self._faults = self._faults, []
        return faults

    def enter(self, folder: Path) -> None:
        """Stand in ``folder`` (the walk's top, or a folder ``ignored`` was asked about)."""
        place = self._places.pop(folder)
        spec = self._load(folder)
        if spec is not None:
            place = place._replace(cursors=(spec.start(), *place.cursors))
        self._here = place

    def ignored(self, folder: Path, name: str, is_folder: bool) -> bool:
        """Whether the entry ``name`` of the folder entered is ignored: the deepest .gitignore
        with a pattern for it decides, and what is inside an ignored folder is ignored."""
        cursors = tuple(cursor.step(name) for cursor in self._here.cursors)
        ignored = self._here.ignored or _verdict(cursors, is_folder) is True
        if is_folder:
            self._places[folder / name] = Place(cursors, ignored)
        return ignored

    def _load(self, folder: Path) -> IgnoreSpec | None:
        """Read a folder's .gitignore as a board file is read: a small regular file, no link."""
        path = folder / ".gitignore"
        if not os.path.lexists(path):
            return None
        try:
            if path.is_symlink():
                raise Unreadable("is a symbolic link; meridina reads no .gitignore through a link")
            raw = read_small(
                path,
                MOST_GITIGNORE_BYTES,
                lambda size: f"is {size} bytes; a .gitignore is read up to {MOST_GITIGNORE_BYTES}",
            )
            return IgnoreSpec.from_lines(raw.decode("utf-8", errors="replace").splitlines())
        except Unreadable as fault:
            self._faults.append(input_error(str(path), f"{path}: REC-0 {fault}"))
        except PatternError as error:
            message = f"{path}:{error.line}: REC-0 {error.reason}"
            self._faults.append(InputError(str(path), message, error.line))
        return None


def _verdict(cursors: tuple[Cursor, ...] | list[Cursor], is_folder: bool) -> bool | None:
    """The first verdict of ``cursors``, deepest first."""
    for cursor in cursors:
        verdict = cursor.verdict(is_folder)
        if verdict is not None:
            return verdict
    return None
