"""Boardspace's Medina game files converted into meridina records.

``sgf`` reads the file's nodes, ``header`` its root (variation, revision, seats), ``moves``
each move's text, ``turns`` replays the moves into turns, ``draws`` finds a 2nd-edition
game's well and first merchant from its random key (with ``java_random``), and ``record``
writes the result. Anything that cannot be converted is a ``ConversionFault`` with its
line and column in the file.
"""

from __future__ import annotations

from .fault import ConversionFault
from .header import moves, read_header
from .record import write
from .sgf import read_nodes
from .turns import replay

__all__ = ["ConversionFault", "convert"]


def convert(text: str, source: str) -> str:
    """The meridina record of the Boardspace game ``text``; ``source`` names its file."""
    nodes = read_nodes(text)
    header = read_header(nodes[0])
    converted = replay(header, moves(nodes))
    return write(header, converted, source)
