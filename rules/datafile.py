"""Load the TOML data files (boards, editions) that the rules cores are built on.

A record may name a board file by path, so the path and the file are hostile
input: only a regular file of at most ``LARGEST_FILE`` bytes is read, and every
value is checked for its type and range before a rules core sees it.
"""

from __future__ import annotations

import errno
import os
import re
import stat
import sys
from importlib.resources import files
from pathlib import Path
from typing import NamedTuple

from meridina.rules.codes import DATA_1

from .common import Problem, RecordError
from .numbers import read_number
from .rule_home import gives, words
from .toml_values import TomlTable, TomlValue

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib


LARGEST_FILE = 64 * 1024  # a board or edition file is a few KB
LONGEST_PATH = 1024  # characters in a data file's path as a record gives it

_TOML_PLACE = re.compile(r"\(at line (\d+), column (\d+)\)")


@gives(DATA_1)
def unreadable_data(what: str, where: str, reason: str) -> RecordError:
    """The stop of a data file that cannot be read (DATA-1): ``what`` names the file's kind
    (data, or the tag that gave its path), ``where`` the file and ``reason`` says why."""
    return RecordError(Problem(DATA_1, DataFileUnread(what, where, reason)))


class DataFileUnread(NamedTuple):
    """Why a data file cannot be read, worded when shown."""

    what: str
    where: str
    reason: str

    @words(DATA_1)
    def words(self) -> str:
        return f"{self.what} file {self.where}: {self.reason}"


class DataFile:
    """A parsed TOML file that still knows its text, to point at its lines."""

    def __init__(self, name: str, text: str) -> None:
        self.name = name
        self.text = text
        try:
            self.data: TomlTable = tomllib.loads(text)
        except tomllib.TOMLDecodeError as error:
            found = _TOML_PLACE.search(str(error))
            where = f"{name}:{found.group(1)}:{found.group(2)}" if found else name
            message = _TOML_PLACE.sub("", str(error)).strip()
            raise unreadable_data("data", where, f"not valid TOML: {message}") from None
        except RecursionError:
            raise unreadable_data("data", name, "not valid TOML: nested too deeply") from None

    def line_of_key(self, key: str) -> int:
        """The line on which ``key = ...`` or the table ``[key]`` starts (1 when not found).

        A dotted key (``supply.3.walls``) is looked for below its table's heading.
        """
        start = 0
        table, dot, last = key.rpartition(".")
        if dot:
            heading = re.compile(rf"^[ \t]*\[\s*{re.escape(table)}\s*\]", re.MULTILINE)
            found_table = heading.search(self.text)
            if found_table is not None:
                start, key = found_table.end(), last
        name = re.escape(key)
        pattern = re.compile(rf"^[ \t]*(?:\"?{name}\"?\s*=|\[{name}[\].])", re.MULTILINE)
        found = pattern.search(self.text, start)
        if found is None and start:
            return self.text.count("\n", 0, start) + 1
        return self.text.count("\n", 0, found.start()) + 1 if found else 1


class DataFault(Exception):
    """A value of a data file that does not fit: the sentence that says why, and its key
    (None for the whole file). The rule of the file's kind reports it at the key's line."""

    def __init__(self, message: str, key: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.key = key


class Values:
    """Typed reading of one table of a data file; a wrong value raises ``DataFault``."""

    def __init__(self, data: DataFile, table: TomlTable, prefix: str = "") -> None:
        self.data = data
        self.table = table
        self.prefix = prefix

    def _where(self, key: str) -> str:
        return f"{self.prefix}{key}"

    def integer(self, key: str, low: int, high: int, default: int | None = None) -> int:
        value = self.table.get(key, default)
        if value is None:
            raise DataFault(
                f"'{self._where(key)}' is missing: a whole number from {low} to {high}",
                self._where(key),
            )
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise DataFault(
                f"'{self._where(key)}' must be a whole number from {low} to {high}",
                self._where(key),
            )
        return value

    def boolean(self, key: str, default: bool) -> bool:
        value = self.table.get(key, default)
        if not isinstance(value, bool):
            raise DataFault(f"'{self._where(key)}' must be true or false", self._where(key))
        return value

    def text(self, key: str, default: str) -> str:
        value = self.table.get(key, default)
        if not isinstance(value, str):
            raise DataFault(f"'{self._where(key)}' must be a quoted text", self._where(key))
        return value

    def texts(self, key: str) -> tuple[str, ...]:
        value = self.table.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise DataFault(
                f"'{self._where(key)}' must be a list of quoted texts", self._where(key)
            )
        return tuple(value)

    def integers(self, key: str, low: int, high: int) -> tuple[int, ...]:
        value = self.table.get(key, [])
        if not isinstance(value, list) or not all(
            isinstance(v, int) and not isinstance(v, bool) and low <= v <= high for v in value
        ):
            raise DataFault(
                f"'{self._where(key)}' must be a list of whole numbers from {low} to {high}",
                self._where(key),
            )
        return tuple(value)

    def sub(self, key: str) -> Values:
        value = self.table.get(key, {})
        if not isinstance(value, dict):
            raise DataFault(f"'{self._where(key)}' must be a table", self._where(key))
        return Values(self.data, value, f"{self._where(key)}.")

    def numbered(self, key: str, high: int) -> dict[int, TomlValue]:
        """A table whose keys are numbers (player counts, towers): keys read as numbers."""
        table = self.sub(key).table
        numbered: dict[int, TomlValue] = {}
        for name, value in table.items():
            number = read_number(name, high)
            if number is None:
                raise DataFault(
                    f"'{self._where(key)}': {name[:20]!r} is not a whole number up to {high}",
                    self._where(key),
                )
            numbered[number] = value
        return numbered


def bundled(package: str, folder: str, name: str) -> DataFile | None:
    """A data file shipped with meridina, or None when there is none of that name."""
    text = bundled_text(package, folder, name)
    return DataFile(name, text) if text is not None else None


def bundled_text(package: str, folder: str, name: str) -> str | None:
    """The text of a data file shipped with meridina, or None when there is none of that name."""
    if name not in bundled_names(package, folder):
        return None
    return files(package).joinpath(folder).joinpath(f"{name}.toml").read_text("utf-8")


def bundled_names(package: str, folder: str) -> list[str]:
    return sorted(
        entry.name[: -len(".toml")]
        for entry in files(package).joinpath(folder).iterdir()
        if entry.name.endswith(".toml")
    )


def from_path(path: Path, what: str = "data") -> DataFile:
    """Read a data file: only a regular file of at most ``LARGEST_FILE`` bytes.

    ``what`` names the file in problems: the tag that gave its path, such as Board.
    """

    def refuse(reason: str) -> RecordError:
        return unreadable_data(what, str(path), reason)

    try:
        found = os.stat(path)
        if not stat.S_ISREG(found.st_mode):
            raise refuse(f"{file_kind(found.st_mode)}, not a regular file")
        if found.st_size > LARGEST_FILE:
            raise refuse(f"is {found.st_size} bytes; a data file is at most {LARGEST_FILE}")
        # Non-blocking, so that a file swapped for a FIFO since the check cannot hang us.
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        try:
            opened = os.fstat(handle)
            if not stat.S_ISREG(opened.st_mode):
                raise refuse(f"{file_kind(opened.st_mode)}, not a regular file")
            with os.fdopen(handle, "rb", closefd=False) as stream:
                raw = stream.read(LARGEST_FILE + 1)
        finally:
            os.close(handle)
    except FileNotFoundError:
        raise refuse("no such file") from None
    except (OSError, ValueError) as error:
        reason = error.strerror if isinstance(error, OSError) else str(error)
        raise refuse(f"cannot be read ({reason})") from None
    if len(raw) > LARGEST_FILE:
        raise refuse(f"is larger than {LARGEST_FILE} bytes, the most a data file may hold")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise refuse("is not UTF-8 text") from None
    return DataFile(str(path), text)


def file_kind(mode: int) -> str:
    """What a path that is not a regular file is, in words: 'is a folder', 'is a device'..."""
    if stat.S_ISDIR(mode):
        return "is a folder"
    if stat.S_ISFIFO(mode):
        return "is a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "is a device"
    if stat.S_ISSOCK(mode):
        return "is a socket"
    return "is a special file"


class Unfound(NamedTuple):
    """A data file a record names that is neither bundled nor a file that can be found: the
    sentence that says so, for the rule of the file's kind to report."""

    sentence: str


def user_file(
    reference: str, base: Path | None, package: str, folder: str, what: str
) -> DataFile | Unfound:
    """A data file a record names by path (relative to ``base`` first), read and parsed; or,
    when there is no such file, why not, for the rule of the file's kind to report."""
    tag = what.capitalize()
    names = ", ".join(bundled_names(package, folder))
    if not reference or "\x00" in reference or len(reference) > LONGEST_PATH:
        shown = reference if len(reference) <= 40 else f"{reference[:30]}... ({len(reference)})"
        return Unfound(f"{tag} {shown!r} is not a {what} name ({names}) nor a usable file path")
    path = Path(reference)
    candidates = [path]
    if base is not None and not path.is_absolute():
        candidates.insert(0, base / path)
    for candidate in candidates:
        try:
            os.lstat(candidate)
        except OSError as error:
            if error.errno == errno.ENAMETOOLONG:
                return Unfound(f"{tag}: the file name is too long for this system")
            continue
        return from_path(candidate, tag)
    return Unfound(
        f"unknown {what} {reference!r}: give a bundled {what} ({names}) "
        f"or the path of a {what} file"
    )
