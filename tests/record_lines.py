"""What a generated record of either game offers: its text, and the text with a line changed."""

from __future__ import annotations


class RecordLines:
    """Mixed into a generated game that holds its record as ``lines`` (no line ends)."""

    lines: tuple[str, ...]

    @property
    def text(self) -> str:
        return "\n".join(self.lines) + "\n"

    def with_line(self, line: int, text: str) -> str:
        """The record text with one line (1-based) replaced."""
        lines = list(self.lines)
        lines[line - 1] = text
        return "\n".join(lines) + "\n"
