"""Why a Boardspace game file cannot be converted, and where in the file."""

from __future__ import annotations


class ConversionFault(Exception):
    """What cannot be converted, at a line and column of the file (both from 1)."""

    def __init__(self, message: str, line: int, column: int) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column
