"""Imports go one way: cli -> the API (``meridina``, seeds/) -> notation -> rules; the rules
cores know no parser or CLI, and the API knows no command line."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

TOP = Path(__file__).resolve().parent.parent

FORBIDDEN = {
    "rules": ("meridina.notation", "meridina.cli", "lark", "click"),
    "notation": ("meridina.cli", "click"),
    "seeds": ("meridina.cli", "click"),
}
# What each folder is installed as (pyproject.toml's package-dir).
PACKAGES = {"rules": "meridina.rules", "notation": "meridina.notation", "seeds": "meridina"}
# ``python -m meridina`` runs the command line: the one module of the top package that may.
ENTRY_POINTS = {"seeds/__main__.py"}


def imported_modules(source: str, package: list[str]) -> list[tuple[int, str]]:
    """Every module a source imports, relative imports resolved against ``package``."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            found.append((node.lineno, ".".join([*base, node.module] if node.module else base)))
    return found


def offending_imports(layer: str) -> list[str]:
    offending = []
    for path in sorted((TOP / layer).rglob("*.py")):
        if str(path.relative_to(TOP)) in ENTRY_POINTS:
            continue
        package = [*PACKAGES[layer].split("."), *path.relative_to(TOP / layer).parent.parts]
        for line, module in imported_modules(path.read_text("utf-8"), package):
            if any(module == ban or module.startswith(ban + ".") for ban in FORBIDDEN[layer]):
                offending.append(f"{path.relative_to(TOP)}:{line}: imports {module}")
    return offending


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_layer_imports_nothing_above_it(layer: str) -> None:
    assert offending_imports(layer) == []


def test_relative_imports_are_resolved_against_the_package() -> None:
    source = "from ..cli import main\nimport lark.lexer\nfrom . import board\n"
    assert imported_modules(source, ["meridina", "rules", "meridian"]) == [
        (1, "meridina.rules.cli"),
        (2, "lark.lexer"),
        (3, "meridina.rules.meridian"),
    ]
    assert imported_modules("from ..cli import views\n", ["meridina", "notation"]) == [
        (1, "meridina.cli")
    ]
