"""Each game is registered once per layer, and no module outside its folders names it.

A game lives in its own folders (``rules/<game>/``, ``notation/<game>/``, ``seeds/<game>/``,
``cli/<game>/``) and in one line of each layer's registry (``rules/games.py``,
``notation/games.py``, ``seeds/games.py``, ``cli/games.py``). Every other module asks a
registry, so a third game adds its folders and four lines, and no other module changes.
"""

from __future__ import annotations

import ast
import importlib
import re
import subprocess
import sys
from pathlib import Path

import pytest
from meridina import games as shown_registry
from meridina.cli import games as cli_registry
from meridina.notation import games as notation_registry
from meridina.rules import games as rules_registry

TOP = Path(__file__).resolve().parent.parent
LAYERS = ("rules", "notation", "seeds", "cli")
REGISTRIES = {f"{layer}/games.py" for layer in LAYERS}
GAMES = rules_registry.GAMES
GAME_FOLDERS = tuple(f"{layer}/{game.key}/" for layer in LAYERS for game in GAMES)

# Where a module outside the game folders and registries may still name a game, and why.
ALLOWED = {
    ("rules/codes.py", "The meridian must be on the card"): (
        "a rule title in the one registry of every rule code, which lists each code for the "
        "type checker; 'meridian' here is the board's column, a word of the title"
    ),
    (
        "seeds/api.py",
        '``"Meridian"`` or ``"Medina"``; None when the game could not be read so far.',
    ): (
        "the API reference's words for the values of ``Game.title`` (an attribute's docstring, "
        "which the check cannot tell from a string)"
    ),
}


def game_words() -> re.Pattern[str]:
    """A game's title anywhere, or its key as a word of its own."""
    titles = "|".join(re.escape(game.title) for game in GAMES)
    keys = "|".join(re.escape(game.key) for game in GAMES)
    return re.compile(rf"{titles}|\b(?:{keys})\b")


def docstring_nodes(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def names_of(node: ast.AST) -> list[str]:
    """The identifiers and module paths a node writes."""
    if isinstance(node, ast.Name):
        return [node.id]
    if isinstance(node, ast.Attribute):
        return [node.attr]
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return [node.name]
    if isinstance(node, ast.arg):
        return [node.arg]
    if isinstance(node, ast.alias):
        return [node.name, node.asname or ""]
    if isinstance(node, ast.ImportFrom):
        return [node.module or ""]
    if isinstance(node, ast.keyword):
        return [node.arg or ""]
    return []


def namings(source: str) -> list[tuple[int, str]]:
    """Where a source names a game in code: an identifier or import holding a game's key,
    or a string (not a docstring) holding a game's title or key. Comments are not code."""
    tree = ast.parse(source)
    docstrings = docstring_nodes(tree)
    keys = [game.key for game in GAMES]
    words = game_words()
    found = []
    for node in ast.walk(tree):
        for name in names_of(node):
            if any(key in name.lower() for key in keys):
                found.append((getattr(node, "lineno", 0), name))
        text = node.value if isinstance(node, ast.Constant) else None
        if isinstance(text, str) and id(node) not in docstrings and words.search(text):
            found.append((getattr(node, "lineno", 0), text))
    return found


def shared_modules() -> list[Path]:
    return [
        path
        for layer in LAYERS
        for path in sorted((TOP / layer).rglob("*.py"))
        if not str(path.relative_to(TOP)).startswith(GAME_FOLDERS)
        and str(path.relative_to(TOP)) not in REGISTRIES
    ]


def test_no_module_outside_the_game_folders_and_registries_names_a_game() -> None:
    found = [
        f"{path.relative_to(TOP)}:{line}: {text!r}"
        for path in shared_modules()
        for line, text in namings(path.read_text("utf-8"))
        if (str(path.relative_to(TOP)), text) not in ALLOWED
    ]
    assert found == []


def test_every_allowed_naming_is_still_there() -> None:
    """An allowance that no longer stands is taken out of the list, not kept for later."""
    for path, text in ALLOWED:
        assert (TOP / path).is_file()
        assert text in [said for _, said in namings((TOP / path).read_text("utf-8"))]


@pytest.mark.parametrize(
    ("source", "named"),
    [
        ("from .meridian import svg\n", True),
        ("import meridina.rules.medina.board\n", True),
        ("svg_meridian = 1\n", True),
        ("def f(medina_view): pass\n", True),
        ("x = 'Meridian'\n", True),
        ("x = f'[Game \"{title}\"] or Medina'\n", True),
        ("choices = ('meridian', 'other')\n", True),
        ('"""Meridian and Medina: a docstring."""\n', False),
        ("# Meridian in a comment\nx = 1\n", False),
        ("meridina = 'meridina.rules'\n", False),
    ],
)
def test_the_check_finds_a_game_named_in_code(source: str, named: bool) -> None:
    assert bool(namings(source)) is named


def test_the_four_registries_list_the_same_games_in_the_same_order() -> None:
    titles = [game.title for game in GAMES]
    assert [game.title for game in notation_registry.GAMES] == titles
    assert [game.title for game in shown_registry.GAMES] == titles
    assert [game.title for game in cli_registry.GAMES] == titles
    assert len(set(titles)) == len(titles)


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.key)
def test_each_descriptor_lives_in_its_game_s_folder_and_bears_its_title(
    game: rules_registry.Listed,
) -> None:
    rules = rules_registry.rules_game(game.key)
    notation = notation_registry.notation_game(game.key)
    shown = shown_registry.shown_game(game.key)
    cli = cli_registry.cli_game(game.key)
    assert (rules.title, notation.title, shown.title, cli.title) == (game.title,) * 4
    for registry in (rules_registry, notation_registry, shown_registry, cli_registry):
        listed = next(entry for entry in registry.GAMES if entry.key == game.key)
        assert listed.package.endswith(f".{game.key}")
    assert rules.code_prefix and (TOP / "seeds" / rules.digest).is_file()
    assert f"**{rules.code_prefix}-" in (TOP / "seeds" / rules.digest).read_text("utf-8")
    assert game.title == shown.view().TITLE


def test_a_board_is_told_to_be_of_its_game_by_its_class() -> None:
    from meridina.rules.medina.board import load_board as medina_board
    from meridina.rules.meridian.board import load_board as meridian_board

    meridian, medina = GAMES
    assert rules_registry.game_of(meridian_board("five-city")) == meridian
    assert rules_registry.game_of(medina_board("standard")) == medina
    assert rules_registry.game_of("a string") is None


def loaded_after(args: list[str]) -> list[str]:
    """The modules of meridina that running the command ``args`` loads."""
    probe = (
        "import sys\n"
        "from meridina.cli.main import cli\n"
        "try:\n"
        f"    cli.main({args!r}, prog_name='meridina')\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(' '.join(sorted(sys.modules)), file=sys.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=300
    )
    return [m for m in done.stderr.split() if m.startswith("meridina")]


@pytest.mark.parametrize("command", ["validate", "score", "replay"])
@pytest.mark.parametrize(("game", "other"), [GAMES, GAMES[::-1]], ids=lambda g: g.key)
def test_a_run_over_one_game_s_records_loads_none_of_another_s_modules(
    command: str, game: rules_registry.Listed, other: rules_registry.Listed
) -> None:
    """A command whose help is built from every game's help words loads each game's cli
    descriptor (words only, see the next test), and nothing else of another game."""
    record = next((TOP / "examples" / game.key).glob("*.mrec"))
    loaded = loaded_after([command, str(record)])
    assert [m for m in loaded if f".{game.key}" in m]
    descriptor = f"meridina.cli.{other.key}"
    assert [m for m in loaded if f".{other.key}" in m and m != descriptor] == []


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.key)
def test_a_cli_descriptor_loads_nothing_of_its_game(game: rules_registry.Listed) -> None:
    probe = f"import sys\nimport meridina.cli.{game.key}\nprint(' '.join(sorted(sys.modules)))\n"
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=300
    )
    loaded = [m for m in done.stdout.split() if m.startswith("meridina")]
    assert [m for m in loaded if any(f".{g.key}" in m for g in GAMES)] == [
        f"meridina.cli.{game.key}"
    ]


def test_help_loads_only_the_games_help_words() -> None:
    loaded = loaded_after(["--help"])
    descriptors = {f"meridina.cli.{game.key}" for game in GAMES}
    of_games = [m for m in loaded if any(f".{game.key}" in m for game in GAMES)]
    assert [m for m in of_games if m not in descriptors] == []


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.key)
def test_the_stand_in_boards_the_help_names_are_those_marked_so(
    game: rules_registry.Listed,
) -> None:
    from meridina.stand_in import is_stand_in

    board_module = importlib.import_module(f"meridina.rules.{game.key}.board")
    marked = [
        name for name in board_module.board_names() if is_stand_in(board_module.load_board(name))
    ]
    assert sorted(cli_registry.cli_game(game.key).stand_in_boards) == sorted(marked)
