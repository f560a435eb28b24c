"""Boardspace's Medina game files as records, for the API and ``meridina import boardspace``:
the file read (small, regular, UTF-8), then converted by the notation's converter."""

from __future__ import annotations

import sys
from pathlib import Path

from meridina.notation.medina.boardspace import ConversionFault, conversion
from meridina.rules.codes import TITLES

from ..files.small_file import Unreadable, read_small
from ..game_parts import MeridinaError, Problem
from ..shown import shown

MOST_BYTES = 4 << 20  # a Boardspace game file is a few KB; a long game some 30 KB


def read_file(name: str) -> str:
    """The text of a file (``-``: standard input), refused with ``Unreadable`` if not small,
    regular UTF-8."""
    if name == "-":
        raw = sys.stdin.buffer.read(MOST_BYTES + 1)
        if len(raw) > MOST_BYTES:
            raise Unreadable(_too_large(len(raw)))
    else:
        raw = read_small(Path(name), MOST_BYTES, _too_large)
    if b"\0" in raw:
        raise Unreadable("is binary (holds a NUL byte), not a game file")
    try:
        return raw.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError:
        raise Unreadable("is not UTF-8 text") from None


def _too_large(size: int) -> str:
    return f"is larger than {MOST_BYTES >> 20} MB ({size} bytes), not a game file"


def origin_of(name: str) -> str:
    """What a converted record says it was converted from."""
    return "(standard input)" if name == "-" else shown(Path(name).name)


def converted(name: str) -> tuple[str, tuple[Problem, ...]]:
    """The record of the game file ``name`` and the slips read as meant, as warnings; a file
    that cannot be read or converted raises ``MeridinaError`` with its place."""
    try:
        text = read_file(name)
    except Unreadable as why:
        raise MeridinaError(f"{name}: {why}") from None
    try:
        done = conversion(text, origin_of(name))
    except ConversionFault as fault:
        raise MeridinaError(f"{name}:{fault.line}:{fault.column}: {fault.message}") from None
    warnings = tuple(
        Problem(
            slip.rule,
            TITLES.get(slip.rule, slip.rule),
            slip.message,
            slip.line,
            slip.column,
            "warning",
        )
        for slip in done.slips
    )
    return done.record, warnings
