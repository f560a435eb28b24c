"""The line a problem is on, with a caret under its column (as ruff and mypy show it)."""

from __future__ import annotations

from typing import BinaryIO

from meridina.shown import display_width, visible

WIDTH = 100  # a longer line is shown as a window around the column


class SourceLines:
    """Reads the lines problems point at, going forward through one file at a time.

    Problems come in file order, so a file is read once; only the current line is kept.
    """

    def __init__(self) -> None:
        self._source: str | None = None
        self._stream: BinaryIO | None = None
        self._number = 0
        self._line = ""

    def line(self, source: str, number: int) -> str | None:
        if source == "-":
            return None  # standard input cannot be read twice
        if source != self._source or number < self._number:
            self.close()
            try:
                self._stream = open(source, "rb")  # noqa: SIM115 (kept open across calls)
            except OSError:
                return None
            self._source, self._number, self._line = source, 0, ""
        assert self._stream is not None
        while self._number < number:
            raw = self._stream.readline()
            if not raw:
                return None
            self._number += 1
            if self._number == number:
                self._line = raw.decode("utf-8", errors="replace").rstrip("\r\n")
        return self._line

    def close(self) -> None:
        if self._stream is not None:
            self._stream.close()
        self._stream, self._source = None, None


def caret_lines(number: int, col: int, text: str) -> list[str]:
    """Two rows: the numbered source line (tabs as spaces), and a caret under ``col``.

    Control characters are shown as their visible escapes; the caret is placed by the
    columns the text before it takes on screen (a wide character takes two).
    """
    text = text.replace("\t", " ").removeprefix("\ufeff")
    start = max(0, min(col - 1 - WIDTH // 2, len(text) - WIDTH))
    shown = visible(text[start : start + WIDTH])
    offset = display_width(visible(text[start : max(start, col - 1)]))
    if start > 0:
        shown, offset = "…" + shown, offset + 1
    if start + WIDTH < len(text):
        shown += "…"
    gutter = f"{number:>5} | "
    return [gutter + shown, " " * (len(gutter) - 2) + "| " + " " * offset + "^"]
