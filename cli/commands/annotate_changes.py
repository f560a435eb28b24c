"""The annotated text against the file it came from, for ``annotate``'s ``--in-place``,
``--check`` and ``--diff``: read along with the text as it is made, never whole, and a
file replaced only when its text changes (so an unchanged file keeps its time)."""

from __future__ import annotations

import difflib
import io
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

import click
from meridina.files.atomic_file import replacing
from meridina.shown import shown

from ..files.loading import StandardInput


def rewrite_if_changed(path: Path, pieces: Iterator[str]) -> bool:
    """Replace the file only when its text changes, so an unchanged file keeps its time;
    True when it was replaced."""
    with open(path, encoding="utf-8", newline="") as original:
        compare = _Comparison(original)
        try:
            with replacing(path) as stream:
                for piece in pieces:
                    compare.feed(piece)
                    stream.write(piece)
                if compare.finished_equal():
                    raise _Unchanged
        except _Unchanged:
            return False
    return True


class _Unchanged(Exception):
    """Raised inside ``replacing`` to drop the temporary file of an unchanged record."""


class _Comparison:
    """Compares streamed text with a file, reading the file along, never whole."""

    def __init__(self, original: TextIO) -> None:
        self.original = original
        self.equal = True

    def feed(self, piece: str) -> None:
        if self.equal and self._read(len(piece)) != piece:
            self.equal = False

    def finished_equal(self) -> bool:
        return self.equal and self._read(1) == ""

    def _read(self, size: int) -> str | None:
        """The file's next text; None past a byte that is not UTF-8 (the reader reports it,
        with its place, when it gets there)."""
        try:
            return self.original.read(size)
        except UnicodeDecodeError:
            return None


def _original(record: str) -> TextIO:
    """The record's text as it stands: its file, or standard input read whole."""
    if isinstance(record, StandardInput) and record.data is not None:
        return io.TextIOWrapper(io.BytesIO(record.data), encoding="utf-8", newline="")
    return open(record, encoding="utf-8", newline="")


def same_text(record: str, pieces: Iterator[str]) -> bool:
    with _original(record) as original:
        compare = _Comparison(original)
        for piece in pieces:
            compare.feed(piece)
        return compare.finished_equal()


def print_diff(record: str, pieces: Iterator[str], colour: bool | None = False) -> bool:
    """A unified diff of the file and its annotated text; True when they differ. In colour
    (``colour``, as ``use_colour`` gives it) as git shows one: the file names in bold, each
    hunk's heading in cyan, lines taken out in red and lines put in in green."""
    new = "".join(pieces).splitlines(keepends=True)
    with _original(record) as original:
        old = original.read().splitlines(keepends=True)
    lines = list(difflib.unified_diff(old, new, fromfile=record, tofile=record))
    for line in lines:
        # a diff is read, not applied: its record text is shown as text output shows it
        text = shown(line.removesuffix("\n"))
        if colour is not False:
            text = _coloured(text)
        said = text if line.endswith("\n") else text + "\n\\ No newline at end of file"
        click.echo(said, color=colour)
    return bool(lines)


def _coloured(line: str) -> str:
    if line.startswith(("--- ", "+++ ")):
        return click.style(line, bold=True)
    if line.startswith("@@"):
        return click.style(line, fg="cyan")
    if line.startswith("-"):
        return click.style(line, fg="red")
    if line.startswith("+"):
        return click.style(line, fg="green")
    return line
