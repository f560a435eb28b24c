"""Refuse to write an output over a file the command reads: compared by identity, not spelling.

``draw g.mrec -o g.mrec`` or ``validate records -o records/x.mrec`` would replace a record
with a report. Two names are the same file when they lead to the same device and inode,
whatever their spelling (``./g.mrec``, a hard link, a link to it). The config file a command
read (``meridina.toml``, ``pyproject.toml``) is one of its inputs too.
"""

from __future__ import annotations

import glob
import os
from collections.abc import Iterable
from pathlib import Path

import click

from ..formats.exits import OutputFault
from .config import config_of

RECORD_SUFFIX = ".mrec"
GLOB_CHARACTERS = frozenset("*?[")


def same_file(one: str | Path, other: str | Path) -> bool:
    try:
        first, second = os.stat(one), os.stat(other)
    except (OSError, ValueError):
        return False
    return (first.st_dev, first.st_ino) == (second.st_dev, second.st_ino)


def replaced_input(output: str | Path, inputs: Iterable[str | Path]) -> str | None:
    """The input that writing ``output`` would replace (a record below a folder counts)."""
    if str(output) == "-" or not os.path.exists(output):
        return None
    for name in inputs:
        if str(name) == "-":
            continue
        spelled = str(name)
        is_glob = not os.path.lexists(spelled) and GLOB_CHARACTERS & set(spelled)
        for candidate in sorted(glob.glob(spelled, recursive=True)) if is_glob else [spelled]:
            if os.path.isdir(candidate):
                if str(output).endswith(RECORD_SUFFIX) and _below(output, candidate):
                    return str(output)
            elif same_file(output, candidate):
                return candidate
    return None


def refuse_replacing_input(output: str | Path | None, inputs: Iterable[str | Path]) -> None:
    """Exit 2 with a sentence when ``output`` is one of the files read, or the config file."""
    if output is None:
        return
    context = click.get_current_context(silent=True)
    config = None if context is None else config_of(context).path
    found = replaced_input(output, [*inputs, *([] if config is None else [config])])
    if found is not None:
        raise OutputFault(
            f"{output}: this is {found}, which is read; the output would replace it "
            "(write it to another file)"
        )


def _below(path: str | Path, folder: str) -> bool:
    try:
        Path(path).resolve().relative_to(Path(folder).resolve())
    except (OSError, ValueError):
        return False
    return True
