"""Symbolic links on the way to a record: none may lead out of where the command was pointed.

A pull request can replace ``records/`` with a link out of the checkout (``records ->
../outside``): read through, the link would quote files outside in the output, and
``annotate --in-place`` would write into them. A path named on the command line that
lies in the repository of the working folder (or, outside any repository, in the working
folder) must stay in it once its links are followed; a folder that is a link met in a walk
must stay in the folder walked. A path named outside both is the user's own to name.
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path


@lru_cache(maxsize=4)
def _home(working: Path) -> tuple[Path, str]:
    """The repository holding the working folder, else the working folder; and its name."""
    for folder in [working, *working.parents]:
        if (folder / ".git").exists():
            return folder, "the repository"
    return working, "the working folder"


def leaves_home(name: str) -> str | None:
    """Why ``name`` may not be read or written through the links on its way (None: it may)."""
    working = Path(os.getcwd())  # the physical folder: its own links are resolved
    home, called = _home(working)
    spelled = Path(os.path.abspath(name))
    if not spelled.is_relative_to(home):
        return None
    try:
        followed = spelled.resolve()
    except (OSError, RuntimeError):  # a loop of links: the reader says what is wrong
        return None
    if followed == spelled or followed.is_relative_to(home.resolve()):
        return None
    return (
        f"is reached through a symbolic link that leads out of {called}; "
        "meridina reads and writes nothing there"
    )


def folder_link_leaving(link: Path, top: Path) -> bool:
    """Whether ``link`` (a folder that is a link, met walking ``top``) leads out of ``top``."""
    try:
        return not link.resolve().is_relative_to(top.resolve())
    except (OSError, RuntimeError):
        return True
