"""The pages that describe the code name only what exists: every file, folder, module and
function they quote in code spans is found in the tree."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

TOP = Path(__file__).resolve().parent.parent
PAGES = ("docs/architecture.md", "docs/adding-a-game.md")
PRODUCT = ("rules", "notation", "seeds", "cli")
SPAN = re.compile(r"`([^`\n]+)`")
PATH = re.compile(r"[\w.-]+(?:/[\w.-]+)*/?")
IDENTIFIER = re.compile(r"[A-Za-z_]\w*")
SYSTEM_CALLS = {"OpenProcess"}  # Windows' own, called through ctypes


@cache
def tree() -> tuple[frozenset[str], frozenset[str]]:
    """Every file and folder of the repository, as paths from its top."""
    files: set[str] = set()
    folders: set[str] = set()
    for path in TOP.rglob("*"):
        relative = path.relative_to(TOP)
        if relative.parts[0].startswith(".") or "__pycache__" in relative.parts:
            continue
        if relative.parts[0] in ("build", "site", "dist") or relative.parts[0].endswith(
            ".egg-info"
        ):
            continue
        (folders if path.is_dir() else files).add(relative.as_posix())
    return frozenset(files), frozenset(folders)


@cache
def product_source() -> str:
    return "\n".join(
        path.read_text("utf-8") for folder in PRODUCT for path in (TOP / folder).rglob("*.py")
    )


def defined(name: str, source: str) -> bool:
    pattern = rf"^\s*(?:async\s+def|def|class)\s+{re.escape(name)}\b|^\s*{re.escape(name)}\s*[:=]"
    return re.search(pattern, source, re.MULTILINE) is not None


def exists(span: str) -> bool:
    files, folders = tree()
    if span.endswith("/"):
        name = span.rstrip("/")
        return any(f == name or f.endswith("/" + name) for f in folders)
    return any(f == span or f.endswith("/" + span) for f in files | folders)


def quoted_names(page: str) -> list[str]:
    """The spans that name code: a path (with a slash or a file suffix), a module's member
    (``module.Name``), or an identifier with an underscore or in CamelCase."""
    text = (TOP / page).read_text("utf-8")
    names = []
    for span in SPAN.findall(text):
        if span.startswith(("-", "meridina ", "python", "pip ")) or " " in span:
            continue
        if "oasis" in span.lower():  # the game the page walks through adding
            continue
        if span in SYSTEM_CALLS:
            continue
        names.append(span)
    return names


def problem_with(span: str) -> str | None:
    suffixes = (".py", ".lark", ".md", ".toml", ".json", ".html", ".js", ".css")
    if "/" in span or span.endswith(suffixes):
        if not PATH.fullmatch(span):
            return None
        return None if exists(span) else "no such file or folder"
    module, dot, member = span.rpartition(".")
    if (
        dot
        and IDENTIFIER.fullmatch(member)
        and module[:1].isupper()
        and IDENTIFIER.fullmatch(module)
    ):
        # a class and its member
        source = product_source()
        if not defined(module, source):
            return "defined nowhere in the product"
        return None if defined(member, source) else f"no {member} is defined"
    if dot and IDENTIFIER.fullmatch(member) and IDENTIFIER.fullmatch(module):
        files, _ = tree()
        sources = [f for f in files if f.endswith(f"/{module}.py")]
        if not sources:
            return None if module in ("meridina", "os", "msvcrt", "chess") else "no such module"
        found = any(defined(member, (TOP / f).read_text("utf-8")) for f in sources)
        return None if found else f"{module}.py defines no {member}"
    if IDENTIFIER.fullmatch(span) and (
        "_" in span.strip("_") or re.fullmatch(r"[A-Z][a-z]+[A-Z]\w*", span)
    ):
        return None if defined(span, product_source()) else "defined nowhere in the product"
    return None


@pytest.mark.parametrize("page", PAGES)
def test_every_name_a_page_gives_is_in_the_tree(page: str) -> None:
    wrong = {span: why for span in quoted_names(page) if (why := problem_with(span))}
    assert not wrong, "\n".join(f"{s}: {w}" for s, w in wrong.items())


def test_a_name_that_is_not_there_is_caught() -> None:
    assert problem_with("meridian/no_such_module.py") == "no such file or folder"
    assert problem_with("text_fast.NoSuchReader") is not None
    assert problem_with("play_a_turn_twice") == "defined nowhere in the product"
    assert problem_with("rules/common.py") is None
