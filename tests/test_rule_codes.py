"""The registry of rule codes equals the numbered rules of the digests and notation guide."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from meridina.rules import codes
from meridina.rules.codes import CODES, TITLES, title
from meridina.rules.games import GAMES, rules_game

TOP = Path(__file__).resolve().parent.parent
DESCRIPTORS = [rules_game(game.key) for game in GAMES]  # each game's code prefix and digest
PREFIXES = tuple(f"{descriptor.code_prefix}-" for descriptor in DESCRIPTORS)
LEADS = "|".join(re.escape(prefix) for prefix in PREFIXES)
RULE_HEADING = re.compile(
    rf"^\*\*((?:{LEADS})[A-Z]+\d+) \N{{EN DASH}} ([^*]*?)\.?\*\*", re.MULTILINE
)
REC_ROW = re.compile(r"^\| `((?:REC|DATA)-\d+)` \|", re.MULTILINE)


def _headings() -> dict[str, str]:
    found: dict[str, str] = {}
    for name in (descriptor.digest for descriptor in DESCRIPTORS):
        for match in RULE_HEADING.finditer((TOP / "seeds" / name).read_text("utf-8")):
            assert match.group(1) not in found, f"{match.group(1)} is defined twice"
            found[match.group(1)] = match.group(2).replace("`", "")
    return found


def test_registry_equals_the_digest_headings_both_ways() -> None:
    headings = _headings()
    in_registry = {code for code in CODES if code.startswith(PREFIXES)}
    assert in_registry == set(headings)
    for code, heading in headings.items():
        assert title(code) == heading


def test_registry_holds_every_notation_fault_of_the_guide() -> None:
    guide = REC_ROW.findall((TOP / "notation" / "README.md").read_text("utf-8"))
    assert {code for code in CODES if code.startswith(("REC-", "DATA-"))} == set(guide)


def test_every_code_has_a_title_and_unknown_codes_have_none() -> None:
    assert set(TITLES) == set(CODES)
    assert all(TITLES[code] for code in CODES)
    assert title("MER-R99") is None


NOTATION_CODE = re.compile(r"^(?:REC|DATA)-\d+$")
CODE_HOME = "rules/codes.py"
# Modules of the command line and the API that still write a notation code as a literal, by
# file name (their folders may move); the test fails when one of them no longer does, so the
# list only shrinks. rules/ and notation/ write none.
STILL_LITERAL: set[str] = set()


def _notation_code_literals() -> dict[str, list[int]]:
    """Where product code writes a notation or data-file code (REC-3, DATA-1) as a string."""
    found: dict[str, list[int]] = {}
    for top in ("rules", "notation", "cli", "seeds"):
        for path in sorted((TOP / top).rglob("*.py")):
            relative = path.relative_to(TOP).as_posix()
            for node in ast.walk(ast.parse(path.read_text("utf-8"))):
                if (
                    isinstance(node, ast.Constant)
                    and isinstance(node.value, str)
                    and NOTATION_CODE.match(node.value)
                ):
                    found.setdefault(relative, []).append(node.lineno)
    return found


def test_each_notation_code_is_written_once_and_imported_elsewhere() -> None:
    found = _notation_code_literals()
    home = found.pop(CODE_HOME)
    # at home, each is written three times: in RuleCode, as a title's key, as its constant
    assert len(home) == 3 * len([code for code in CODES if NOTATION_CODE.match(code)])
    inside = {path for path in found if path.startswith(("rules/", "notation/"))}
    assert not inside, "import the code's constant from rules/codes.py"
    assert {Path(path).name for path in found} == STILL_LITERAL


def test_the_code_constants_name_their_codes() -> None:
    for code in (code for code in CODES if NOTATION_CODE.match(code)):
        assert getattr(codes, code.replace("-", "_")) == code
