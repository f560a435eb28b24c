"""Which problems a command lists: ``--select``, ``--ignore`` and the config's per-file ignores.

One filter serves every command that lists problems, so that a rule ignored for validate is
ignored for score, replay and annotate alike, in every output format and in the exit status.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from meridina.rules.codes import CODES
from meridina.rules.common import Problem

from ..files.ignore_patterns import IgnoreSpec


def known_rule_prefix(text: str) -> bool:
    """Whether ``text`` starts at least one rule ID (``MER-R3``, ``MED-``, ``REC-0``)."""
    return bool(text) and any(code.startswith(text) for code in CODES)


@dataclass(frozen=True)
class FileIgnore:
    """One ``per-file-ignores`` entry: a gitignore-style pattern and the rules it ignores.

    The pattern travels as text (to worker processes too) and is compiled where it is used:
    a compiled pattern's wildcards are compared by identity, which a copy would not keep.
    """

    pattern: str
    rules: tuple[str, ...]

    @property
    def spec(self) -> IgnoreSpec:
        return compiled(self.pattern)


@lru_cache(maxsize=256)
def compiled(pattern: str) -> IgnoreSpec:
    return IgnoreSpec.from_lines([pattern])


@dataclass(frozen=True)
class ProblemFilter:
    """The problems kept: those whose rule starts with a selected prefix (all when none is)
    and with no ignored one, nor one ignored for their file. Per-file patterns are read from
    ``root``, the folder of the config file that gave them, as ruff reads them."""

    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    per_file: tuple[FileIgnore, ...] = ()
    root: Path | None = None

    def keep(self, source: str, problems: Sequence[Problem]) -> tuple[Problem, ...]:
        """Decided on each problem's rule alone: a problem dropped here is never worded."""
        ignore = self.ignore + self.ignored_in(source)
        return tuple(
            p
            for p in problems
            if (not self.select or p.rule.startswith(self.select))
            and not (ignore and p.rule.startswith(ignore))
        )

    def ignored_in(self, source: str) -> tuple[str, ...]:
        """The rules the per-file ignores drop from ``source``'s problems."""
        if not self.per_file or source == "-":
            return ()
        parts = relative_parts(source, self.root)
        return tuple(
            rule
            for entry in self.per_file
            if path_matches(entry.spec, parts)
            for rule in entry.rules
        )


NO_FILTER = ProblemFilter()


def relative_parts(source: str, root: Path | None) -> list[str]:
    """``source``'s path segments from ``root`` (as given when it lies elsewhere)."""
    path = Path(os.path.abspath(source))
    base = Path(os.path.abspath(root if root is not None else Path.cwd()))
    path = path.relative_to(base) if path.is_relative_to(base) else Path(os.path.normpath(source))
    return [part for part in path.parts if part not in ("/", ".", "")]


def path_matches(spec: IgnoreSpec, parts: list[str]) -> bool:
    """Whether ``spec`` matches the file or a folder on the way to it, as excludes do."""
    folders = ("/".join(parts[: end + 1]) + "/" for end in range(len(parts) - 1))
    return any(spec.match_file(folder) for folder in folders) or spec.match_file("/".join(parts))
