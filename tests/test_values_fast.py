"""Values are what their types say: a ``value`` is frozen at run time, and a ``fast_value``
(not frozen, and typed so) compares, hashes and prints as its frozen twin would."""

from __future__ import annotations

import ast
import importlib
import random
from collections.abc import Callable
from dataclasses import FrozenInstanceError, field, fields, is_dataclass, make_dataclass
from functools import lru_cache
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from medina_games import random_game as random_medina
from meridian_games import random_game as random_meridian
from meridina.notation import medina, meridian
from meridina.notation.plain_game import read_plain_game
from meridina.notation.splitter import GameChunk
from meridina.notation.text import GameText
from meridina.notation.turns import GameRecord, TurnEntry
from meridina.rules.medina.engine import apply

TOP = Path(__file__).resolve().parent.parent


def decorated(name: str) -> list[type[Any]]:
    """Every class of rules/ and notation/ whose decorator is ``name`` (with or without
    arguments), imported from its module."""
    return [
        getattr(importlib.import_module(module), cls)
        for module, cls, names in decorated_classes()
        if name in names
    ]


@lru_cache(maxsize=1)  # the modules are read once for every decorator asked about
def decorated_classes() -> list[tuple[str, str, frozenset[str]]]:
    """Each class of rules/ and notation/ with its module and the names of its decorators
    (with or without arguments)."""
    found = []
    for package in ("rules", "notation"):
        for path in sorted((TOP / package).rglob("*.py")):
            tree = ast.parse(path.read_text("utf-8"))
            module = ".".join(("meridina", *path.relative_to(TOP).with_suffix("").parts))
            for node in ast.walk(tree):
                if isinstance(node, ast.ClassDef):
                    called = [d.func if isinstance(d, ast.Call) else d for d in node.decorator_list]
                    names = frozenset(d.id for d in called if isinstance(d, ast.Name))
                    found.append((module, node.name, names))
    return found


VALUES = decorated("value")
FAST_VALUES = decorated("fast_value")


def test_the_classes_were_found() -> None:
    names = {cls.__name__ for cls in VALUES}
    assert {"Comment", "GameText", "Problem", "Setup", "ScoreSheet"} <= names
    assert {"Place", "Word", "Tag", "TurnText", "TurnEntry", "Placement", "Turn"} <= {
        cls.__name__ for cls in FAST_VALUES
    }


@pytest.mark.parametrize("cls", VALUES, ids=lambda cls: f"{cls.__module__}.{cls.__name__}")
def test_a_value_is_frozen(cls: type[Any]) -> None:
    assert is_dataclass(cls) and "__slots__" in vars(cls)
    assert vars(cls)["__dataclass_params__"].frozen
    instance = object.__new__(cls)
    for each in fields(cls):
        with pytest.raises(FrozenInstanceError):
            setattr(instance, each.name, None)


def twin(cls: type[Any]) -> type[Any]:
    """A frozen dataclass with ``cls``'s fields, as ``value`` would make it."""
    return make_dataclass(
        cls.__name__,
        [
            (f.name, Any, field(default=f.default, compare=f.compare, repr=f.repr))
            for f in fields(cls)
        ],
        frozen=True,
        slots=True,
        order=vars(cls)["__dataclass_params__"].order,
    )


@lru_cache(maxsize=1)
def gathered() -> dict[type[Any], list[Any]]:
    """The values held in whole games, read plainly and played: tags, places, words,
    turns, entries, Medina's events and score rows."""
    found: dict[type[Any], list[Any]] = {}

    def gather(item: Any) -> None:
        if is_dataclass(item) and not isinstance(item, type):
            found.setdefault(type(item), []).append(item)
            for cls in type(item).__mro__[1:]:
                found.setdefault(cls, []).append(item)
            for each in fields(item):
                gather(getattr(item, each.name))
        elif isinstance(item, (tuple, list)):
            for part in item:
                gather(part)

    medina_games = [
        random_medina(seed, edition, players=3 + seed % 2, comments=1)
        for seed in range(3)
        for edition in ("1", "2")
    ]
    texts: list[tuple[str, Callable[[GameText], GameRecord[Any, Any]]]] = [
        (random_meridian(seed, 2 + seed % 3).text, meridian.read_record) for seed in range(2)
    ]
    texts += [(played.text, medina.read_record) for played in medina_games]
    for text, bridge in texts:
        game = read_plain_game(GameChunk(text, 1))
        assert game is not None
        gather(game)
        entries: tuple[TurnEntry[Any], ...] = bridge(game).entries
        gather(entries)
    for played in medina_games:
        for state, turn in zip(played.before, played.turns, strict=True):
            gather(apply(state, turn).events)
        gather(played.sheet.players)
    return found


def hashed(item: object) -> int | str:
    """The item's hash, or the error hashing it raises (a value that holds a set)."""
    try:
        return hash(item)
    except TypeError as error:
        return str(error)


@pytest.mark.parametrize("cls", FAST_VALUES, ids=lambda cls: f"{cls.__module__}.{cls.__name__}")
def test_a_fast_value_is_its_frozen_twin_but_for_freezing(cls: type[Any]) -> None:
    assert is_dataclass(cls)
    params = vars(cls)["__dataclass_params__"]
    assert not params.frozen and params.eq and "__slots__" in vars(cls)
    made = twin(cls)
    items = list(gathered().get(cls, []))
    assert items
    random.Random(7).shuffle(items)
    twins = [made(*(getattr(item, f.name) for f in fields(cls))) for item in items]
    for item, other in zip(items, twins, strict=True):
        assert hashed(item) == hashed(other)
        if "__repr__" not in vars(cls) or not vars(cls)["__repr__"].__qualname__.startswith(
            cls.__qualname__ + ".__repr__"
        ):
            assert repr(item).split("(", 1)[1] == repr(other).split("(", 1)[1]
    for (a, b), (ta, tb) in zip(pairwise(items), pairwise(twins), strict=True):
        assert (a == b) == (ta == tb)
        if params.order:
            assert (a < b, a <= b) == (ta < tb, ta <= tb)
