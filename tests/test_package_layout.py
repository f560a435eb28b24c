"""The API and the command line stay in folders that say what is in them, none too large to
take in at once."""

from __future__ import annotations

import sys
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


def test_every_package_is_installed() -> None:
    """A package missing from pyproject.toml's list works from a checkout and is left out
    of the wheel."""
    if sys.version_info >= (3, 11):
        import tomllib
    else:
        import tomli as tomllib
    settings = tomllib.loads((TOP / "pyproject.toml").read_text("utf-8"))["tool"]["setuptools"]
    folders = {folder: name for name, folder in settings["package-dir"].items()}
    found = {
        ".".join([folders[init.relative_to(TOP).parts[0]], *init.relative_to(TOP).parts[1:-1]])
        for layer in folders
        for init in (TOP / layer).rglob("__init__.py")
    }
    assert sorted(found - set(settings["packages"])) == []
