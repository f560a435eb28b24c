"""``docs/adding-a-game.md`` stays true: every file and name it gives exists, and each
registry line it shows has the form of the registries' own lines."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from meridina.rules.games import GAMES

TOP = Path(__file__).resolve().parent.parent
DOC = TOP / "docs" / "adding-a-game.md"
NEW_GAME = re.compile("oasis|OAS", re.IGNORECASE)  # what the page asks the reader to create
INLINE = re.compile(r"(?<!`)`([^`\n]+)`(?!`)")
IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
SOURCES = [
    *(
        path
        for layer in ("cli", "notation", "rules", "seeds")
        for path in (TOP / layer).rglob("*.py")
    ),
    TOP / "pyproject.toml",
]


def inline_code() -> list[str]:
    text = re.sub(r"```.*?```", "", DOC.read_text("utf-8"), flags=re.DOTALL)
    return INLINE.findall(text)


def is_path(token: str) -> bool:
    return "/" in token and " " not in token and not token.startswith("*")


def words_of_the_code() -> set[str]:
    words: set[str] = set()
    for path in SOURCES:
        words.update(IDENTIFIER.findall(path.read_text("utf-8")))
    return words


def test_the_page_names_files_and_names() -> None:
    tokens = inline_code()
    assert sum(is_path(token) for token in tokens) >= 20
    assert sum(bool(IDENTIFIER.fullmatch(token)) for token in tokens) >= 20


@pytest.mark.parametrize("path", sorted({t for t in inline_code() if is_path(t)}))
def test_every_file_the_page_names_exists(path: str) -> None:
    if NEW_GAME.search(path):
        shown = path.replace("oasis", GAMES[0].key).replace("OASIS", GAMES[0].key.upper())
        assert (TOP / shown).exists(), f"{path} stands for {shown}, which should exist"
    else:
        assert (TOP / path).exists()


def test_every_name_the_page_gives_is_in_the_code() -> None:
    known = words_of_the_code()
    names = {t for t in inline_code() if IDENTIFIER.fullmatch(t) and not NEW_GAME.search(t)}
    assert sorted(names - known) == []


@pytest.mark.parametrize("layer", ["rules", "notation", "cli"])
def test_the_registry_line_shown_is_the_form_of_the_registry_s_lines(layer: str) -> None:
    registry = (TOP / layer / "games.py").read_text("utf-8")
    for game in GAMES:
        assert f'Listed("{game.title}", "meridina.{layer}.{game.key}"),' in registry
    assert f'Listed("Oasis", "meridina.{layer}.oasis"),' in DOC.read_text("utf-8")


def test_each_descriptor_is_where_the_page_says() -> None:
    for layer in ("rules", "notation", "cli"):
        for game in GAMES:
            source = (TOP / layer / game.key / "__init__.py").read_text("utf-8")
            assert re.search(r"^GAME: \w+\[", source, re.MULTILINE), (layer, game.key)
