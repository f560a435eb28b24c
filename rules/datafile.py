"""Load the TOML data files (boards, editions) that the rules cores are built on."""

from __future__ import annotations

import re
import sys
from importlib.resources import files
from pathlib import Path
from typing import Any, Final

from .codes import RuleCode
from .common import Problem, RecordError

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib

DATA_RULE: Final = "DATA-1"

_TOML_PLACE = re.compile(r"\(at line (\d+), column (\d+)\)")


class DataFile:
    """A parsed TOML file that still knows its text, to point at its lines."""

    def __init__(self, name: str, text: str) -> None:
        self.name = name
        self.text = text
        try:
            self.data: dict[str, Any] = tomllib.loads(text)
        except tomllib.TOMLDecodeError as error:
            found = _TOML_PLACE.search(str(error))
            where = f"{name}:{found.group(1)}:{found.group(2)}" if found else name
            message = _TOML_PLACE.sub("", str(error)).strip()
            raise RecordError(
                Problem(DATA_RULE, f"data file {where}: not valid TOML: {message}")
            ) from None

    def line_of_key(self, key: str) -> int:
        """The line on which ``key = ...`` or the table ``[key]`` starts (1 when not found)."""
        name = re.escape(key)
        pattern = re.compile(rf"^\s*(?:\"?{name}\"?\s*=|\[{name}[\].])", re.MULTILINE)
        found = pattern.search(self.text)
        return self.text.count("\n", 0, found.start()) + 1 if found else 1


def bundled(package: str, folder: str, name: str) -> DataFile | None:
    """A data file shipped with meridina, or None when there is none of that name."""
    resource = files(package).joinpath(folder).joinpath(f"{name}.toml")
    if not resource.is_file():
        return None
    return DataFile(name, resource.read_text("utf-8"))


def bundled_names(package: str, folder: str) -> list[str]:
    return sorted(
        entry.name[: -len(".toml")]
        for entry in files(package).joinpath(folder).iterdir()
        if entry.name.endswith(".toml")
    )


def from_path(path: Path) -> DataFile:
    try:
        text = path.read_text("utf-8")
    except FileNotFoundError:
        raise RecordError(Problem(DATA_RULE, f"{path}: no such file")) from None
    except UnicodeDecodeError:
        raise RecordError(Problem(DATA_RULE, f"{path}: is not UTF-8 text")) from None
    except OSError as error:
        raise RecordError(
            Problem(DATA_RULE, f"{path}: cannot be read ({error.strerror})")
        ) from None
    return DataFile(str(path), text)


def user_file(
    reference: str, base: Path | None, package: str, folder: str, rule: RuleCode, what: str
) -> DataFile:
    """A data file a record names by path (relative to ``base`` first), read and parsed."""
    path = Path(reference)
    if base is not None and not path.is_absolute() and (base / path).exists():
        path = base / path
    if not path.exists():
        names = ", ".join(bundled_names(package, folder))
        raise RecordError(
            Problem(
                rule,
                f"unknown {what} {reference!r}: give a bundled {what} ({names}) "
                f"or the path of a {what} file",
            )
        )
    return from_path(path)
