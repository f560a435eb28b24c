"""Boardspace's Medina game files converted into meridina records.

``sgf`` reads the file's nodes, ``header`` its root (variation, revision, seats), ``moves``
each move's text, ``turns`` replays the moves into turns, ``draws`` finds a 2nd-edition
game's well and first merchant from its random key (with ``java_random``), and ``record``
writes the result. Anything that cannot be converted is a ``ConversionFault`` with its
line and column in the file; a slip read as meant, or a move filed under a seat whose turn
it is not, is a ``ConversionSlip``, a warning.
"""

from __future__ import annotations

from dataclasses import dataclass

from .fault import ConversionFault, ConversionSlip
from .header import is_move, moves, read_header
from .record import write
from .sgf import read_nodes
from .turns import replay

__all__ = ["Conversion", "ConversionFault", "ConversionSlip", "conversion", "convert"]


@dataclass(frozen=True, slots=True)
class Conversion:
    """A converted game: its record, and the slips of its file that were read as meant."""

    record: str
    slips: tuple[ConversionSlip, ...]


def conversion(text: str, source: str) -> Conversion:
    """The Boardspace game ``text`` converted; ``source`` names its file."""
    slips: list[ConversionSlip] = []
    nodes = read_nodes(text, slips, keep=is_move)  # only moves are needed past the root
    header = read_header(nodes[0])
    converted = replay(header, moves(nodes), slips)
    in_file_order = sorted(slips, key=lambda slip: (slip.line, slip.column))
    return Conversion(write(header, converted, source), tuple(in_file_order))


def convert(text: str, source: str) -> str:
    """The meridina record of the Boardspace game ``text``; ``source`` names its file."""
    return conversion(text, source).record
