"""The API and the command line stay in folders that say what is in them, none too large to
take in at once."""

from __future__ import annotations

from pathlib import Path

import pytest

TOP = Path(__file__).resolve().parent.parent
LARGEST_FOLDER = 15  # modules, its __init__ aside
# The command line's own top: the program's entry, the command group and its lazy loading,
# and the registry of games; everything else is in a folder.
CLI_ROOT = {"__init__.py", "games.py", "launch.py", "lazy_group.py", "main.py"}


def package_folders() -> list[Path]:
    return sorted(
        {path.parent for layer in ("seeds", "cli") for path in (TOP / layer).rglob("__init__.py")}
    )  # fmt: skip


def modules_in(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.glob("*.py") if path.name != "__init__.py")


@pytest.mark.parametrize("folder", package_folders(), ids=lambda f: str(f.relative_to(TOP)))
def test_no_package_folder_holds_more_than_fifteen_modules(folder: Path) -> None:
    assert len(modules_in(folder)) <= LARGEST_FOLDER, modules_in(folder)


def test_the_cli_root_holds_only_the_entry_the_group_and_the_registry() -> None:
    assert {path.name for path in (TOP / "cli").glob("*.py")} == CLI_ROOT


def test_every_folder_of_python_modules_is_a_package() -> None:
    """A folder of modules without an ``__init__`` would be left out of the installed
    packages; the counts above would miss it too."""
    folders = {path.parent for layer in ("seeds", "cli") for path in (TOP / layer).rglob("*.py")}
    assert (
        sorted(str(f.relative_to(TOP)) for f in folders if not (f / "__init__.py").is_file()) == []
    )
