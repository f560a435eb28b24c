"""The terminals read cheaply from ``record.lark`` are the patterns Lark builds from it."""

from __future__ import annotations

import subprocess
import sys

import pytest
from lark import Lark
from meridina.notation.grammar import GRAMMAR_FILE, GrammarShapeError, _pattern, terminal, terminals
from meridina.notation.splitter import _tag_line


def lark_terminals() -> dict[str, str]:
    lark = Lark(
        GRAMMAR_FILE.read_text("utf-8"),
        parser="lalr",
        lexer="contextual",
        maybe_placeholders=False,
    )
    found = {}
    for definition in lark.terminals:
        name = definition.name
        if name.startswith("__IGNORE"):
            name = "%ignore0"
        found[name] = definition.pattern.to_regexp()
    return found


def test_every_terminal_reads_as_lark_builds_it() -> None:
    lark = lark_terminals()
    ours = terminals()
    assert ours == {name: lark[name] for name in ours}
    # Only the tag's closing bracket, a literal in the tag rule, is not a named terminal.
    assert set(lark) - set(ours) == {"RSQB"}


@pytest.mark.parametrize(
    ("literals", "expected"),
    [
        ('"["', r"\["),
        ("/a\\tb/", "a\tb"),
        ("/x/i", "(?i:x)"),
        ('/a/ | "b"', "(?:a|b)"),
        ("/a\\/b/", "a\\/b"),
    ],
)
def test_literals_are_read_as_lark_reads_them(literals: str, expected: str) -> None:
    assert _pattern(literals) == expected


@pytest.mark.parametrize("literals", ["OTHER", '/a/ "b"', "/\\x41/"])
def test_a_terminal_in_another_form_is_refused(literals: str) -> None:
    with pytest.raises(GrammarShapeError):
        _pattern(literals)


def test_checking_a_plain_record_does_not_load_lark(tmp_path: object) -> None:
    code = (
        "import sys\n"
        "from meridina.notation.driver import check_text\n"
        'reports = check_text(\'[Game "Meridian"]\\n[Players "Ann orange; Ben black"]\\n'
        "1. orange 7: 3@2 { first }\\n2. black 8: 2@1\\n')\n"
        "assert [r.game for r in reports] == ['Meridian'], reports\n"
        "print('lark' in sys.modules)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert done.stdout.strip() == "False"


def test_the_splitter_knows_a_tag_by_the_grammar_terminals() -> None:
    pattern = _tag_line().pattern
    assert all(terminal(name) in pattern for name in ("TAG_OPEN", "WORD", "STRING"))
    assert _tag_line().match(' [Event "a \\" b"] ; more') is not None
    assert _tag_line().match('[Event "a" ') is None
