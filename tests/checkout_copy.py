"""A copy of the checkout as a fresh clone holds it, for a test that builds from it.

A build writes into the tree it builds (``build/``, ``*.egg-info``): two tests building the
checkout itself at once, on two workers, share ``build/bdist.*/wheel`` and one fails; and a
left-over egg-info would add its own file list to what is built.
"""

from __future__ import annotations

import shutil
from pathlib import Path

TOP = Path(__file__).resolve().parent.parent
NOT_SOURCE = (
    ".git",
    ".venv",
    "*.egg-info",
    "build",
    "dist",
    "__pycache__",
    ".*_cache",
    ".hypothesis",
)


def copy_of_checkout(folder: Path) -> Path:
    """The checkout's source copied into ``folder``/meridina."""
    source = folder / "meridina"
    shutil.copytree(TOP, source, ignore=shutil.ignore_patterns(*NOT_SOURCE))
    return source
