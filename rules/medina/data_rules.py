"""The rule of Medina's data files (MED-D1): decided by one function and worded by one.

A board or edition file is read by its reader (``board.py``), which raises a ``DataFault``
at the first value that does not fit; the decider turns it, or a board a record names that
cannot be found, into the rule's fault.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from meridina.rules.common import RecordError
from meridina.rules.datafile import DataFault, DataFile, Unfound
from meridina.rules.rule_home import decides

from .faults import Fault, wording

Read = TypeVar("Read")


@decides("MED-D1")
def d1_data_file(
    data: DataFile | Unfound, kind: str, read: Callable[[DataFile], Read]
) -> Read | Fault:
    """What ``read`` (the reader of a ``kind`` of file: "board", "edition") makes of ``data``,
    or the fault of a file not found or of its first value that does not fit."""
    if isinstance(data, Unfound):
        return Fault("MED-D1", ("unfound", data.sentence))
    try:
        return read(data)
    except DataFault as fault:
        line = data.line_of_key(fault.key) if fault.key else None
        return Fault("MED-D1", ("value", kind, data.name, line, fault.message))


@wording("MED-D1")
def d1_words(fault: Fault) -> str:
    if fault.case == "unfound":
        return str(fault.facts[1])
    _, kind, name, line, sentence = fault.facts
    where = f"{name}:{line}:1" if line else name
    return f"{kind} file {where}: {sentence}"


def read_data(data: DataFile | Unfound, kind: str, read: Callable[[DataFile], Read]) -> Read:
    """``d1_data_file``'s answer, its fault raised: a broken data file stops the game."""
    found = d1_data_file(data, kind, read)
    if isinstance(found, Fault):
        raise RecordError(found.at(None))
    return found
