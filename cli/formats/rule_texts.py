"""The text of each rule, read from the rules digests and the notation guide as installed.

Each game's digest (its rules descriptor's ``digest``) is package data of ``meridina`` itself,
the notation guide (``README.md``) of ``meridina.notation``. A rule is the paragraph that starts
``**ID, an en dash, Title.**`` and runs to the next rule or heading; its rulings are the entries of
the digest's Rulings section that name the rule, or name a ruling its text mentions.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from importlib.resources import files

from meridina.rules.codes import CODES, title
from meridina.rules.games import GAMES, rules_game

DIGESTS = "meridina"  # the package whose data the games' digests are
NOTATION = ("meridina.notation", "README.md")

_RULE_START = re.compile(r"\*\*([A-Z]+-[A-Z]+\d+) \N{EN DASH} [^*]*\*\*")
_TABLE_ROW = re.compile(r"\| `((?:REC|DATA)-\d+)` \| (.*) \|\s*$")
_RULING_ROW = re.compile(r"\| `([a-z][a-z0-9-]*)` \|")
_LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")
_NUMBERED = re.compile(r"(.*?)([0-9]+)")
_CELLS = re.compile(r"\|([^|]+)\|([^|]+)\|([^|]+)\|(.+)\|\s*$")


@dataclass(frozen=True)
class RuleText:
    code: str
    title: str
    text: str
    rulings: tuple[str, ...]
    source: str


def read_doc(package: str, name: str) -> str:
    return files(package).joinpath(name).read_text("utf-8")


def rule_text(code: str) -> RuleText | None:
    """The rule's text and rulings, or None when meridina has no such rule."""
    heading = title(code)
    if heading is None:
        return None
    name = _digests().get(code.split("-")[0])
    if name is None:  # REC- and DATA-: the notation guide
        row = _notation_rows().get(code, "")
        return RuleText(code, heading, row, (), f"{NOTATION[0]}/{NOTATION[1]}")
    rules, rulings = _digest(DIGESTS, name)
    body = rules.get(code, "")
    related = tuple(item for item in rulings if _relates(item, code, body))
    return RuleText(code, heading, body, related, name)


@lru_cache(maxsize=1)
def _digests() -> dict[str, str]:
    """Each game's rule-code prefix and the digest that numbers its rules."""
    return {
        descriptor.code_prefix: descriptor.digest
        for descriptor in (rules_game(game.key) for game in GAMES)
    }


def rule_body(found: RuleText) -> str:
    """The rule's text as plain words, without its heading."""
    body = plain(found.text)
    for lead in (f"{found.code} \N{EN DASH} {found.title}.", f"{found.title}:"):
        body = body.removeprefix(lead).strip()
    return body


def rule_page(code: str) -> str | None:
    """A rule as the ``rules`` command and the recorder print it: heading, text, rulings."""
    found = rule_text(code)
    if found is None:
        return None
    lines = [
        f"{found.code} \N{EN DASH} {found.title}  ({found.source})",
        "",
        rule_body(found) or "(no text found in the installed digest)",
    ]
    if found.rulings:
        lines += ["", "Rulings:", *(f"- {plain(ruling)}" for ruling in found.rulings)]
    return "\n".join(lines)


def matching(prefix: str) -> list[str]:
    """Every rule code in the group ``prefix`` names, groups in the registry's order and the
    rules of a group by number (MER-R9 before MER-R10).

    ``MER`` and ``MER-`` name all the rules of the game whose codes start so, ``MED-T``
    names MED-T1 to MED-T6 (not MED-TT1), and an empty prefix names every rule.
    """
    wanted = prefix.upper()
    found = [
        code
        for code in CODES
        if code.startswith(wanted)
        and (
            not wanted
            or wanted.endswith("-")
            or code[len(wanted) : len(wanted) + 1] in "-0123456789"
        )
    ]
    return sorted(found, key=_natural_order())


def _natural_order() -> Callable[[str], tuple[int, int]]:
    """Sort key of a rule code: its group's first place in the registry, then its number."""
    groups: dict[str, int] = {}
    for code in CODES:
        groups.setdefault(_group(code)[0], len(groups))

    def key(code: str) -> tuple[int, int]:
        group, number = _group(code)
        return groups[group], number

    return key


def _group(code: str) -> tuple[str, int]:
    """``MER-R11`` as ``("MER-R", 11)``."""
    found = _NUMBERED.fullmatch(code)
    assert found is not None  # every registered code ends in its number
    return found.group(1), int(found.group(2))


def plain(markdown: str) -> str:
    """Markdown as a terminal shows it: no bold marks, links as their words."""
    text = _LINK.sub(r"\1", markdown).replace("**", "")
    row = _CELLS.match(text)
    if row is None:
        return text.removeprefix("- ")
    name, values, default, meaning = (cell.strip() for cell in row.groups())
    return f"{name}: {values} (default {default}). {meaning}".replace("`", "")


def _relates(ruling: str, code: str, body: str) -> bool:
    if re.search(rf"\b{re.escape(code)}\b", ruling):
        return True
    named = _RULING_ROW.match(ruling)
    return named is not None and f"`{named.group(1)}" in body


@lru_cache(maxsize=4)
def _digest(package: str, name: str) -> tuple[dict[str, str], tuple[str, ...]]:
    """The rules of one digest by code, and the entries of its Rulings section."""
    rules: dict[str, list[str]] = {}
    rulings: list[list[str]] = []
    current: list[str] | None = None
    in_rulings = False
    for line in read_doc(package, name).splitlines():
        if line.startswith("## "):
            in_rulings = line.strip() == "## Rulings"
            current = None
            continue
        if in_rulings:
            if line.startswith("| `") or line.startswith("- "):
                current = [line]
                rulings.append(current)
            elif line.startswith("  ") and current is not None:
                current.append(line)
            else:
                current = None
            continue
        started = _RULE_START.match(line)
        if started:
            current = [line]
            rules[started.group(1)] = current
        elif line.startswith("#"):
            current = None
        elif current is not None:
            current.append(line)
    texts = {code: "\n".join(lines).strip() for code, lines in rules.items()}
    return texts, tuple("\n".join(lines).strip() for lines in rulings)


@lru_cache(maxsize=1)
def _notation_rows() -> dict[str, str]:
    rows = {}
    for line in read_doc(*NOTATION).splitlines():
        found = _TABLE_ROW.match(line)
        if found:
            rows[found.group(1)] = found.group(2).strip()
    return rows
