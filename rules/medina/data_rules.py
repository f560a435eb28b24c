"""The rule of Medina's data files (MED-D1): decided by one function, its faults
the classes of ``D1DataFile``, which word themselves.

A board or edition file is read by its reader (``board.py``), which raises a ``DataFault``
at the first value that does not fit; the decider turns it, or a board a record names that
cannot be found, into the rule's fault.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar, TypeVar

from meridina.rules.codes import RuleCode
from meridina.rules.common import RecordError
from meridina.rules.datafile import DataFault, DataFile, Unfound
from meridina.rules.rule_home import decides, words

from .faults import Fault

Read = TypeVar("Read")


@decides("MED-D1")
def d1_data_file(
    data: DataFile | Unfound, kind: str, read: Callable[[DataFile], Read]
) -> Read | Fault:
    """What ``read`` (the reader of a ``kind`` of file: "board", "edition") makes of ``data``,
    or the fault of a file not found or of its first value that does not fit."""
    if isinstance(data, Unfound):
        return D1DataFile.NotFound(data.sentence)
    try:
        return read(data)
    except DataFault as fault:
        line = data.line_of_key(fault.key) if fault.key else None
        return D1DataFile.Value(kind, data.name, line, fault.message)


@words("MED-D1")
class D1DataFile:
    """MED-D1's faults: a data file not found, or a value in it that does not fit."""

    @dataclass(slots=True)
    class NotFound(Fault):
        rule: ClassVar[RuleCode] = "MED-D1"
        sentence: str

        def words(self) -> str:
            return self.sentence

    @dataclass(slots=True)
    class Value(Fault):
        """In the ``kind`` of file ``name``, on ``line`` if known: what ``sentence`` says."""

        rule: ClassVar[RuleCode] = "MED-D1"
        kind: str
        name: str
        line: int | None
        sentence: str

        def words(self) -> str:
            where = f"{self.name}:{self.line}:1" if self.line else self.name
            return f"{self.kind} file {where}: {self.sentence}"


def read_data(data: DataFile | Unfound, kind: str, read: Callable[[DataFile], Read]) -> Read:
    """``d1_data_file``'s answer, its fault raised: a broken data file stops the game."""
    found = d1_data_file(data, kind, read)
    if isinstance(found, Fault):
        raise RecordError(found.at(None))
    return found
