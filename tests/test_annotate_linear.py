"""annotate's work grows linearly with a game's tags: twice the tags, about twice the work."""

from __future__ import annotations

from pathlib import Path

import pytest
from hostile import run
from meridina.notation.text import Tag

HEADER = '[Game "Meridian"]\n[Players "Ann orange; Ben black; Cy grey; Di brown"]\n'


def tag_comparisons(path: Path, tags: int, monkeypatch: pytest.MonkeyPatch) -> int:
    """How often annotate compares two tags, on a game with ``tags`` free tags."""
    path.write_text(
        HEADER + "".join(f'[T{i} "v"]\n' for i in range(tags)) + "\n1. orange 7: 3@2\n", "utf-8"
    )
    count = 0
    compare = Tag.__eq__

    def counted(self: Tag, other: object) -> bool:
        nonlocal count
        count += 1
        return compare(self, other)

    with monkeypatch.context() as patched:
        patched.setattr(Tag, "__eq__", counted)
        assert run("annotate", "--no-notes", str(path)).exit_code == 0
    return count


def test_annotate_compares_tags_linearly_in_their_number(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    small = tag_comparisons(tmp_path / "small.mrec", 300, monkeypatch)
    large = tag_comparisons(tmp_path / "large.mrec", 600, monkeypatch)
    assert large <= 2 * small + 50, (small, large)


def test_turns_that_change_nothing_are_scored_once_for_their_notes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from meridina.rules.meridian.scoring import ScoreSheet, score
    from meridina.rules.meridian.state import State

    path = tmp_path / "game.mrec"
    # one turn played, then turns that cannot be read: each noted, none changes the position
    path.write_text(HEADER + "\n1. orange 7: 3@2\n" + "2. " * 200 + "\n", "utf-8")
    scored = 0

    def counted(state: State) -> ScoreSheet:
        nonlocal scored
        scored += 1
        return score(state)

    monkeypatch.setattr("meridina.meridian.view.score", counted)
    ran = run("annotate", str(path))
    assert ran.exit_code == 1
    assert ran.stdout.count("score Ann 5, Ben 0, Cy 0, Di 0") == 201, ran.stdout[:2000]
    assert scored == 1
