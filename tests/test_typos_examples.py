"""The typo examples: one clear problem per typo, and no other turn lost.

Each ``examples/*/typos.mrec`` is a clean example game typed in again with typos. The
typos are found by comparing the two files line by line (comments aside); each must
give exactly one problem on its own line, and every other turn must be read and played
without a problem.
"""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest
from meridina.notation.driver import GameReport, check_file

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

# Each typo example and the clean games it was typed from, in order.
SOURCES = {
    "meridian/typos.mrec": ["meridian/four-players.mrec"],
    "medina/typos.mrec": ["medina/first-edition-3p.mrec", "medina/second-edition-3p.mrec"],
}


def _is_record_line(line: str) -> bool:
    """Tags and turns; comments (and the Result tags left out of the typed copy) aside."""
    stripped = line.strip()
    return bool(stripped) and not line.startswith(("{", "  ", "[Result"))


def typo_lines(typos: Path, sources: list[Path]) -> list[int]:
    """File lines of ``typos`` that differ from the clean games."""
    typed = typos.read_text("utf-8").splitlines()
    clean = [line for source in sources for line in source.read_text("utf-8").splitlines()]
    wanted = [n for n, line in enumerate(typed, start=1) if _is_record_line(line)]
    matcher = difflib.SequenceMatcher(
        None, [typed[n - 1] for n in wanted], [line for line in clean if _is_record_line(line)]
    )
    changed: list[int] = []
    for tag, first, last, _, _ in matcher.get_opcodes():
        if tag in ("replace", "delete"):
            changed.extend(wanted[first:last])
    return changed


def reports(path: Path) -> list[GameReport]:
    return list(check_file(path))


@pytest.mark.parametrize("name", sorted(SOURCES))
def test_twenty_typos_give_one_problem_each_at_their_line(name: str) -> None:
    typos = EXAMPLES / name
    expected = typo_lines(typos, [EXAMPLES / source for source in SOURCES[name]])
    assert len(expected) == 20
    found = [p for report in reports(typos) for p in report.problems]
    assert sorted(p.at.line for p in found if p.at) == expected
    assert all(p.message for p in found)


@pytest.mark.parametrize("name", sorted(SOURCES))
def test_no_other_turn_is_lost(name: str) -> None:
    typos = EXAMPLES / name
    lines = set(typo_lines(typos, [EXAMPLES / source for source in SOURCES[name]]))
    typed = reports(typos)
    clean = [r for source in SOURCES[name] for r in reports(EXAMPLES / source)]
    assert len(typed) == len(clean)
    for report, original in zip(typed, clean, strict=True):
        assert report.game == original.game
        assert len(report.record.entries) == len(original.record.entries)
        for entry, step in zip(report.record.entries, report.run.steps, strict=True):
            if entry.text.at.line in lines:
                continue
            assert entry.turn is not None, entry.text
            assert step is not None and not step.problems, entry.text
