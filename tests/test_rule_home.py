"""Each rule has one home: one function decides it, one words it, and no other names it.

The rule IDs found in product code are read from its syntax trees, with the function each
appears in; the homes come from the ``@decides``/``@gives``/``@words`` marks of
``rules/rule_home.py``. Every code of ``rules/codes.py`` has one decider, and every code a
record can break one wording.
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
from collections import defaultdict
from pathlib import Path

import meridina.cli
import meridina.notation
import meridina.rules
import pytest
from meridina.rules import rule_home
from meridina.rules.codes import CODES

TOP = Path(__file__).resolve().parent.parent
PACKAGES = {"rules": meridina.rules, "notation": meridina.notation, "cli": meridina.cli}
RULE_ID = re.compile(r"^(MER|MED)-[A-Z]+\d+$")
# Where rule IDs are listed as data, not decided: the code list and the rule texts.
LISTS = {"rules/codes.py", "rules/rule_home.py"}
# Rules that say how a game is scored or what a roof or a tile brings, which no record can
# break: each has a decider and no fault to word. What they bring about is shown by the
# views (score tables, replay events); a stated result that disagrees is MER-E5 or MED-E6.
NEVER_BROKEN = {"MER-E2", "MER-E3", "MER-E4", "MED-E2", "MED-E3", "MED-E4", "MED-TEA1", "MED-TT2"}


def _import_everything() -> None:
    for package in PACKAGES.values():
        for module in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            importlib.import_module(module.name)


def rule_ids_in_code() -> dict[str, set[str]]:
    """Every rule ID written in product code, with the functions (module.qualname) it is in."""
    found: dict[str, set[str]] = defaultdict(set)
    for top in PACKAGES:
        for path in sorted((TOP / top).rglob("*.py")):
            relative = path.relative_to(TOP).as_posix()
            if relative in LISTS:
                continue
            module = "meridina." + relative.removesuffix(".py").replace("/", ".")
            module = module.removesuffix(".__init__")

            def visit(node: ast.AST, scope: list[str], module: str = module) -> None:
                for child in ast.iter_child_nodes(node):
                    if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                        visit(child, [*scope, child.name])
                        continue
                    if (
                        isinstance(child, ast.Constant)
                        and isinstance(child.value, str)
                        and RULE_ID.match(child.value)
                    ):
                        found[child.value].add(".".join([module, *scope]))
                    visit(child, scope)

            visit(ast.parse(path.read_text("utf-8")), [])
    return found


@pytest.fixture(scope="module")
def homes() -> dict[str, set[str]]:
    _import_everything()
    return rule_ids_in_code()


def test_every_code_has_one_decider() -> None:
    _import_everything()
    assert set(rule_home.DECIDERS) == set(CODES)  # a second one is refused when marked


def test_every_code_a_record_can_break_has_one_wording() -> None:
    _import_everything()
    assert set(rule_home.WORDINGS) == set(CODES) - NEVER_BROKEN


def test_a_rule_no_record_breaks_is_named_by_its_decider_alone(
    homes: dict[str, set[str]],
) -> None:
    for rule in NEVER_BROKEN:
        assert homes[rule] == {rule_home.DECIDERS[rule]}, f"{rule} is made a fault somewhere"


def test_every_rule_in_the_code_has_one_home(homes: dict[str, set[str]]) -> None:
    homed = set(rule_home.DECIDERS)
    assert set(homes) - homed == set(), "these are named in code but decided by no function"
    worded = set(rule_home.WORDINGS) | NEVER_BROKEN
    assert set(homes) - worded == set(), "these are worded by no function"


def test_a_homed_rule_is_named_only_where_it_is_decided_and_worded(
    homes: dict[str, set[str]],
) -> None:
    for rule, decider in rule_home.DECIDERS.items():
        assert rule in rule_home.WORDINGS or rule in NEVER_BROKEN, f"{rule} is worded nowhere"
        allowed = (decider, rule_home.WORDINGS.get(rule, decider))
        strays = {
            place
            for place in homes.get(rule, set())
            if not any(place == home or place.startswith(home + ".") for home in allowed)
        }
        assert not strays, f"{rule} is named outside its home: {sorted(strays)}"


def test_a_rule_cannot_get_a_second_home() -> None:
    def first() -> None: ...

    def second() -> None: ...

    mark = rule_home.decides("MER-R3")
    saved = dict(rule_home.DECIDERS)
    try:
        rule_home.DECIDERS.pop("MER-R3", None)
        mark(first)
        with pytest.raises(RuntimeError, match="MER-R3 would be decided twice"):
            mark(second)
    finally:
        rule_home.DECIDERS.clear()
        rule_home.DECIDERS.update(saved)


def test_a_mark_names_only_real_rules() -> None:
    with pytest.raises(ValueError, match="not a rule code"):
        rule_home.decides("MER-R99")  # type: ignore[arg-type]
