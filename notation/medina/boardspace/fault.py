"""Why a Boardspace game file cannot be converted, or what was read past in it, and where."""

from __future__ import annotations

from dataclasses import dataclass

from meridina.rules.codes import REC_1


class ConversionFault(Exception):
    """What cannot be converted, at a line and column of the file (both from 1)."""

    def __init__(self, message: str, line: int, column: int) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column


@dataclass(frozen=True, slots=True)
class ConversionSlip:
    """A slip in the file that the converter read as meant: a warning at a line and column."""

    message: str
    line: int
    column: int
    rule: str = REC_1  # a syntax slip read as meant, as in a record
