"""Other programs' game files as records, from Python (``meridina import``)."""

from __future__ import annotations

import importlib
import os
from dataclasses import dataclass
from typing import Protocol

from ..api import Game, read_text
from ..game_parts import MeridinaError, Problem
from ..games import IMPORTERS

__all__ = ["Imported", "import_boardspace"]


class Converter(Protocol):
    def converted(self, name: str) -> tuple[str, tuple[Problem, ...]]: ...


@dataclass(frozen=True)
class Imported:
    """A game file converted: ``record`` as ``meridina import`` writes it, and
    ``warnings``, the slips of the file read as meant, each at its place in the file."""

    record: str
    warnings: tuple[Problem, ...]

    def game(self) -> Game:
        """The record read and checked, as ``read_text`` reads it."""
        (game,) = read_text(self.record)
        return game


def import_boardspace(path: str | os.PathLike[str]) -> Imported:
    """A game file saved by Boardspace (Medina, both editions) as a record, exactly as
    ``meridina import boardspace`` converts it. A file that cannot be read or converted
    raises ``MeridinaError`` with its place (``FILE:LINE:COL: why``)."""
    name = os.fspath(path)
    if name == "-":
        raise MeridinaError("give a game file's path; '-' is standard input")
    converter: Converter = importlib.import_module(IMPORTERS["boardspace"])
    record, warnings = converter.converted(name)
    return Imported(record, warnings)
