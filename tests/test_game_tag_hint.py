"""A game whose turns read as the other game's: one REC-2 hint at its Game tag in place
of a REC-3 for every turn; turns that read as neither game are still reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import record
from medina_records import medina
from meridina.notation.driver import check_text
from meridina.rules.common import Place

EXAMPLES = Path(__file__).parent.parent / "examples"
MERIDIAN_TURNS = ("1. orange 5: 2@1", "2. black 8-9-10/10: 2@1", "3. grey 4-5-6-7/5: 3@5")
MEDINA_TURNS = ("1. red orange@E5 black@K9", "2. blue grey@E9 brown@L4", "3. green wall@A2 wall@Q1")


def retagged(path: Path, tagged: str, as_tag: str) -> str:
    text = path.read_text("utf-8")
    assert f'[Game "{tagged}"]' in text
    return text.replace(f'[Game "{tagged}"]', f'[Game "{as_tag}"]', 1)


@pytest.mark.parametrize(
    ("path", "tagged", "as_tag", "read_as"),
    [
        (EXAMPLES / "meridian" / "two-players.mrec", "Meridian", "Medina", "Meridian"),
        (EXAMPLES / "medina" / "second-edition-3p.mrec", "Medina", "Meridian", "Medina"),
    ],
)
def test_a_game_under_the_other_game_s_tag_is_told_once_at_the_tag(
    path: Path, tagged: str, as_tag: str, read_as: str
) -> None:
    (report,) = check_text(retagged(path, tagged, as_tag))
    assert not report.valid
    assert not [p for p in report.problems if p.rule == "REC-3"], report.problems
    (hint,) = [p for p in report.problems if p.rule == "REC-2"]
    assert hint.at == Place(1, 7)  # the Game tag's value
    assert f"turns read as {read_as} turns, not as {as_tag} ones" in hint.message
    assert "is the Game tag right?" in hint.message
    assert len(report.problems) < 5  # the header's own faults, not one a turn


def test_turns_that_read_as_neither_game_are_still_reported() -> None:
    text = medina(*MERIDIAN_TURNS, "4. brown 1-2-3/2: tower@2", "5. orange 7: 2@4")
    (report,) = check_text(text)
    turn_faults = [p for p in report.problems if p.rule == "REC-3"]
    assert [p.at.line for p in turn_faults if p.at] == [8]  # only "tower@2"
    (hint,) = [p for p in report.problems if p.rule == "REC-2"]
    assert hint.message.startswith("4 of the 5 turns read as Meridian turns")


def test_a_medina_game_tagged_meridian_gets_the_hint() -> None:
    text = record(*MEDINA_TURNS, players="Ann red; Ben blue; Cy green")
    (report,) = check_text(text)
    assert not [p for p in report.problems if p.rule == "REC-3"]
    assert any("3 of the 3 turns read as Medina" in p.message for p in report.problems)


def test_a_few_of_the_other_game_s_turns_among_its_own_keep_their_faults() -> None:
    # Two Meridian turns among three good Medina ones: the record is a Medina one with slips.
    text = medina(
        "1. red orange@E5 black@K9",
        "2. blue 5: 2@1",
        "3. green grey@E9 brown@L4",
        "4. red 8: 2@1",
        "5. blue orange@F5 black@K10",
    )
    (report,) = check_text(text)
    assert [p.rule for p in report.problems if p.rule.startswith("REC")] == ["REC-3", "REC-3"]
    assert not any("Game tag" in p.message for p in report.problems)


def test_one_turn_alone_is_not_enough_to_doubt_the_tag() -> None:
    (report,) = check_text(medina("1. orange 5: 2@1"))
    assert [p.rule for p in report.problems] == ["REC-3"]
