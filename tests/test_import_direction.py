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


# Circles between modules of meridina, each with the reason it still stands. A circle not
# listed fails the check; one that no longer stands is taken out of the list.
ALLOWED_CIRCLES: dict[frozenset[str], str] = {}


def module_name(path: Path) -> str:
    """The name ``path`` is imported by once installed (pyproject.toml's package-dir)."""
    folder, *rest = path.relative_to(TOP).with_suffix("").parts
    if rest[-1] == "__init__":
        rest.pop()
    return ".".join([*INSTALLED[folder].split("."), *rest])


INSTALLED = {**PACKAGES, "cli": "meridina.cli"}


def run_time_imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement, those inside functions included, but not those under
    ``if TYPE_CHECKING:``, which only the type checker reads."""
    found: list[ast.Import | ast.ImportFrom] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _names_type_checking(node.test):
            for branch in node.orelse:
                visit(branch)
            return
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def _names_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imports_of(source: str, name: str, is_package: bool, known: set[str]) -> set[str]:
    """The modules among ``known`` that the module ``name`` imports when it runs: a name
    imported from a package that is a module of its own counts as that module."""
    package = name.split(".") if is_package else name.split(".")[:-1]
    found: set[str] = set()
    for node in run_time_imports(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
            continue
        base = package[: len(package) - node.level + 1] if node.level else []
        module = ".".join([*base, node.module] if node.module else base)
        for alias in node.names:
            submodule = f"{module}.{alias.name}"
            found.add(submodule if submodule in known else module)
    return (found & known) - {name}


def import_graph() -> dict[str, set[str]]:
    paths = {
        module_name(path): path for folder in INSTALLED for path in (TOP / folder).rglob("*.py")
    }
    known = set(paths)
    return {
        name: imports_of(path.read_text("utf-8"), name, path.name == "__init__.py", known)
        for name, path in paths.items()
    }


def circles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm,
    without recursion so that a long chain of imports cannot overflow the stack)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, edges = work[-1]
            step = next(edges, None)
            if step is not None:
                if step not in index:
                    index[step] = low[step] = len(index)
                    stack.append(step)
                    on_stack.add(step)
                    work.append((step, iter(sorted(graph.get(step, ())))))
                elif step in on_stack:
                    low[node] = min(low[node], index[step])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component: set[str] = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(frozenset(component))
    return found


def test_no_module_of_meridina_imports_itself_back_through_others() -> None:
    found = sorted(sorted(circle) for circle in circles(import_graph()))
    assert [circle for circle in found if frozenset(circle) not in ALLOWED_CIRCLES] == []


def test_every_allowed_circle_still_stands() -> None:
    """A circle that is gone is taken out of the list, not kept for later."""
    found = circles(import_graph())
    assert [sorted(circle) for circle in ALLOWED_CIRCLES if circle not in found] == []


def test_the_graph_covers_every_layer() -> None:
    graph = import_graph()
    assert "meridina.api" in graph["meridina.recording"]
    assert "meridina.cli.main" in graph and "meridina.rules.common" in graph
    assert "meridina.notation.driver" in graph["meridina.api"]


def test_a_circle_through_an_import_inside_a_function_is_found() -> None:
    known = {"meridina.a", "meridina.b", "meridina.c"}
    graph = {
        "meridina.a": imports_of("from . import b\n", "meridina.a", False, known),
        "meridina.b": imports_of("def f():\n    from .c import x\n", "meridina.b", False, known),
        "meridina.c": imports_of("import meridina.a\n", "meridina.c", False, known),
    }
    assert circles(graph) == [frozenset(known)]


def test_an_import_for_the_type_checker_only_makes_no_circle() -> None:
    known = {"meridina.a", "meridina.b"}
    source = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import A\n"
    graph = {
        "meridina.a": imports_of("from .b import B\n", "meridina.a", False, known),
        "meridina.b": imports_of(source, "meridina.b", False, known),
    }
    assert graph["meridina.b"] == set()
    assert circles(graph) == []


def test_a_package_s_relative_import_resolves_inside_the_package() -> None:
    known = {"meridina.p", "meridina.p.writer", "meridina.q"}
    assert imports_of("from .writer import w\nfrom ..q import z\n", "meridina.p", True, known) == {
        "meridina.p.writer",
        "meridina.q",
    }
