"""Values are what their types say: a ``value`` is frozen at run time, and a ``fast_value``
(not frozen, and typed so) compares, hashes and prints as its frozen twin would."""

from __future__ import annotations

import ast
import importlib
import random
from dataclasses import FrozenInstanceError, field, fields, is_dataclass, make_dataclass
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from medina_games import random_game as random_medina
from meridian_games import random_game as random_meridian
from meridina.notation import medina, meridian
from meridina.notation.plain_game import read_plain_game
from meridina.notation.splitter import GameChunk
from meridina.notation.turns import TurnEntry

TOP = Path(__file__).resolve().parent.parent


def decorated(name: str) -> list[type[Any]]:
    """Every class of rules/ and notation/ whose decorator is ``name`` (with or without
    arguments), imported from its module."""
    found = []
    for package in ("rules", "notation"):
        for path in sorted((TOP / package).rglob("*.py")):
            tree = ast.parse(path.read_text("utf-8"))
            module = ".".join(("meridina", *path.relative_to(TOP).with_suffix("").parts))
            for node in ast.walk(tree):
                if isinstance(node, ast.ClassDef) and any(
                    (isinstance(d, ast.Name) and d.id == name)
                    or (isinstance(d, ast.Call) and getattr(d.func, "id", None) == name)
                    for d in node.decorator_list
                ):
                    found.append(getattr(importlib.import_module(module), node.name))
    return found


VALUES = decorated("value")
FAST_VALUES = decorated("fast_value")


def test_the_classes_were_found() -> None:
    names = {cls.__name__ for cls in VALUES}
    assert {"Word", "Tag", "GameText", "Problem", "Setup", "ScoreSheet"} <= names
    assert {"Place", "TurnText", "TurnEntry", "Placement", "Turn"} <= {
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


def gathered() -> dict[type[Any], list[Any]]:
    """fast_value objects from whole games, read plainly: places, turns, entries."""
    found: dict[type[Any], list[Any]] = {cls: [] for cls in FAST_VALUES}

    def gather(item: Any) -> None:
        for cls in type(item).__mro__:
            if cls in found:
                found[cls].append(item)
                for each in fields(item):
                    gather(getattr(item, each.name))
                return
        if isinstance(item, tuple):
            for part in item:
                gather(part)

    for text, bridge in (
        (random_meridian(1, 3).text, meridian.read_record),
        (random_medina(2, players=3, comments=1).text, medina.read_record),
    ):
        game = read_plain_game(GameChunk(text, 1))
        assert game is not None
        entries: tuple[TurnEntry[Any], ...] = bridge(game).entries
        for entry in entries:
            gather(entry)
    return found


@pytest.mark.parametrize("cls", FAST_VALUES, ids=lambda cls: f"{cls.__module__}.{cls.__name__}")
def test_a_fast_value_is_its_frozen_twin_but_for_freezing(cls: type[Any]) -> None:
    assert is_dataclass(cls)
    params = vars(cls)["__dataclass_params__"]
    assert not params.frozen and params.eq and "__slots__" in vars(cls)
    made = twin(cls)
    items = gathered()[cls]
    assert len(items) > 5
    random.Random(7).shuffle(items)
    twins = [made(*(getattr(item, f.name) for f in fields(cls))) for item in items]
    for item, other in zip(items, twins, strict=True):
        assert hash(item) == hash(other)
        assert repr(item).split("(", 1)[1] == repr(other).split("(", 1)[1]
    for (a, b), (ta, tb) in zip(pairwise(items), pairwise(twins), strict=True):
        assert (a == b) == (ta == tb)
        if params.order:
            assert (a < b, a <= b) == (ta < tb, ta <= tb)
