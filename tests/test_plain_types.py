"""The product's code is plainly typed and in modules small enough to take in at once.

``Any`` is for JSON values (``meridina.json_values``), TOML values (``rules/toml_values.py``)
and the registries' untyped boundaries; every other value has a type that says what it is.
A line that names ``Any`` is counted as ``grep -rn "\\bAny\\b" | grep -v "import.*Any"``
counts it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

TOP = Path(__file__).resolve().parent.parent
PRODUCT = ("rules", "notation", "seeds", "cli")
MOST_ANY_LINES = 60  # in the whole product
LONGEST_MODULE = 500  # lines

NAMES_ANY = re.compile(r"\bAny\b")
IMPORTS_ANY = re.compile(r"import.*Any")


def any_lines(text: str) -> list[str]:
    """The lines of a module's text that name ``Any``, its imports aside."""
    return [
        line
        for line in text.splitlines()
        if NAMES_ANY.search(line) and not IMPORTS_ANY.search(line)
    ]


def product_modules() -> list[Path]:
    """Every module of the product."""
    return sorted(path for layer in PRODUCT for path in (TOP / layer).rglob("*.py"))


def any_counts(modules: Iterable[Path]) -> dict[str, int]:
    """Each module that names ``Any``, with the count of its lines that do."""
    counts = {}
    for path in modules:
        found = len(any_lines(path.read_text(encoding="utf-8")))
        if found:
            counts[path.relative_to(TOP).as_posix()] = found
    return counts


def test_a_line_naming_any_is_counted_and_its_import_is_not() -> None:
    text = (
        "from typing import Any, TypeVar\n"
        "JsonValue: TypeAlias = Any\n"
        "def f(x: Anything, y: AnyStr) -> None: ...\n"
        "def g(*args: Any, **kwargs: Any) -> None: ...\n"
    )
    assert any_lines(text) == [
        "JsonValue: TypeAlias = Any",
        "def g(*args: Any, **kwargs: Any) -> None: ...",
    ]


def test_the_product_names_any_on_sixty_lines_at_most() -> None:
    counts = any_counts(product_modules())
    assert sum(counts.values()) <= MOST_ANY_LINES, sorted(counts.items(), key=lambda c: -c[1])


def test_no_product_module_is_over_five_hundred_lines() -> None:
    long = {
        path.relative_to(TOP).as_posix(): lines
        for path in product_modules()
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > LONGEST_MODULE
    }
    assert not long
