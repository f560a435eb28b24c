"""The docstrings the API reference shows (each ``::: module`` block of a page under docs/)
are Markdown the site can render, and every code example in them runs, from the top of a
checkout as the page says, printing what the docstring says it prints."""

from __future__ import annotations

import contextlib
import importlib
import inspect
import io
import re
from pathlib import Path
from types import ModuleType

import pytest

TOP = Path(__file__).resolve().parent.parent
# a ``::: module`` block of a page, with its indented options
REFERENCE = re.compile(r"^::: ([\w.]+)[ \t]*\n((?:[ \t]+\S.*\n|[ \t]*\n)*)", re.MULTILINE)
FENCE = re.compile(r"^```(\w*)[ \t]*\n(.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)
EXAMPLE = re.compile(
    r"^```python[ \t]*\n(?P<code>.*?)^```[ \t]*\n"
    r"(?:\n(?:[^`\n][^\n]*\n)+)?"  # a paragraph may come between the code and what it prints
    r"(?:\n```text[ \t]*\n(?P<shown>.*?)^```[ \t]*$)?",
    re.MULTILINE | re.DOTALL,
)


def references() -> list[tuple[str, str, list[str] | None]]:
    """Each ``::: module`` block of the site's own pages: its page, the module, and the
    members it lists (None: the module's public names)."""
    found: list[tuple[str, str, list[str] | None]] = []
    for page in sorted((TOP / "docs").glob("*.md")):
        for match in REFERENCE.finditer(page.read_text("utf-8")):
            if not match.group(1).startswith("meridina"):
                continue  # a block of another plugin, as mkdocs-click's
            listed = re.findall(r"^\s+- (\w+)\s*$", match.group(2), re.MULTILINE)
            found.append((page.name, match.group(1), listed or None))
    return found


def shown_docstrings(module: ModuleType, members: list[str] | None) -> dict[str, str]:
    """The docstrings a reference block shows: the module's, each member's, and for a class
    those of its own methods and properties (mkdocstrings leaves out _private names)."""
    names = members if members is not None else getattr(module, "__all__", [])
    found = {module.__name__: inspect.getdoc(module) or ""}
    for name in names:
        value = getattr(module, name)
        found[f"{module.__name__}.{name}"] = inspect.getdoc(value) or ""
        if inspect.isclass(value):
            for member, attribute in vars(value).items():
                if re.match(r"_[^_]", member):
                    continue
                inner = attribute.__func__ if isinstance(attribute, classmethod) else attribute
                written = getattr(inner, "__doc__", None)
                shown = callable(inner) or isinstance(inner, property)
                if shown and isinstance(written, str) and written.strip():
                    found[f"{module.__name__}.{name}.{member}"] = inspect.cleandoc(written)
    return found


def every_docstring() -> dict[str, str]:
    found: dict[str, str] = {}
    for _page, name, members in references():
        found.update(shown_docstrings(importlib.import_module(name), members))
    return found


def test_the_pages_show_the_api_modules() -> None:
    shown = {name for _page, name, _members in references()}
    assert {"meridina.api", "meridina.recording"} <= shown


@pytest.mark.parametrize("name", sorted(every_docstring()))
def test_a_docstring_is_markdown_the_site_renders(name: str) -> None:
    """The site renders docstrings as Markdown: a reST literal block (``text::``) would show
    its colons and a ``>>>`` prompt would show as nested quotes, so code is fenced, and every
    code block says its language (python, which runs below, or text, what it prints)."""
    docstring = every_docstring()[name]
    outside_fences = FENCE.sub("", docstring)
    assert not re.search(r"::\s*$", outside_fences, re.MULTILINE), name
    assert ">>>" not in outside_fences, name
    assert not re.search(r"\n\n(?: {4}|\t)\S", outside_fences), f"{name}: an unfenced code block"
    languages = [language for language, _ in FENCE.findall(docstring)]
    assert [language for language in languages if language not in {"python", "text"}] == []


def examples() -> list[tuple[str, str, str | None]]:
    return [
        (name, found.group("code"), found.group("shown"))
        for name, docstring in sorted(every_docstring().items())
        for found in EXAMPLE.finditer(docstring)
    ]


def test_the_reference_has_examples() -> None:
    assert examples()


@pytest.mark.parametrize(
    ("name", "code", "shown"), examples(), ids=[name for name, _, _ in examples()]
)
def test_a_docstring_example_runs_from_the_top_of_a_checkout(
    name: str, code: str, shown: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Run where a reader runs it, so that a file name it gives must exist there; a block
    followed by a text block must print exactly that text."""
    monkeypatch.chdir(TOP)
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(code, name, "exec"), {"__name__": "__main__"})
    if shown is not None:
        assert printed.getvalue() == shown
