"""Reading one typed turn, and the legal turns offered word by word."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from meridina.cli.recording.new_record import new_session
from meridina.notation.driver import check_text
from meridina.notation.legal_words import TrieSpace, completions, legal_start, nearest_turns
from meridina.notation.typed_turn import TypedLine, read_typed_turn
from meridina.rules.common import Place, Problem

FOUR = "Ann orange; Ben black; Cy grey; Di brown"


def test_a_typed_turn_keeps_the_columns_of_its_line() -> None:
    read = read_typed_turn("   7. orange 7: 3@2 { well played }", 7, line_no=4)
    assert isinstance(read, TypedLine) and read.turn is not None
    assert read.turn.number == 7
    assert [(w.text, w.at) for w in read.turn.words] == [
        ("orange", Place(4, 7)),
        ("7", Place(4, 14)),
        ("3@2", Place(4, 17)),
    ]
    assert [c.text for c in read.turn.comments] == ["well played"]


def test_a_typed_line_that_is_not_one_turn() -> None:
    assert read_typed_turn("", 3) == TypedLine(None)
    only = read_typed_turn("{ a note }", 3)
    assert isinstance(only, TypedLine) and only.turn is None
    assert [c.text for c in only.comments] == ["a note"]
    two = read_typed_turn("orange 7: 3@2 4. black 8: 1@1", 3)
    assert isinstance(two, Problem) and two.rule == "REC-3" and two.at == Place(1, 15)
    wrong = read_typed_turn("9. orange 7: 3@2", 3)
    assert isinstance(wrong, Problem) and wrong.rule == "REC-4"
    first = read_typed_turn("9. orange 7: 3@2", 3, renumber=True)
    assert isinstance(first, TypedLine) and first.turn is not None and first.turn.number == 9
    assert isinstance(read_typed_turn("x" * 5000, 1), Problem)


SPACE = TrieSpace(
    ["orange 7: 3@2", "orange 7: 4@2", "orange 7: x", "orange 7: x 2@1", "orange 8: pass"]
)


def test_trie_space_follows_and_completes() -> None:
    assert SPACE.next_words([]) == ["orange"]
    assert SPACE.next_words(["orange", "7:"]) == ["3@2", "4@2", "x"]
    assert SPACE.complete(["orange", "7:", "x"]) and SPACE.next_words(["orange", "7:", "x"])
    assert not SPACE.complete(["orange", "7:"])
    assert legal_start(["ORANGE", "7:", "9@9"], SPACE) == ["orange", "7:"]
    assert completions(["orange"], "", SPACE) == ["7:", "8:"]
    assert completions(["orange", "7:"], "X", SPACE) == ["x"]
    assert completions(["black"], "", SPACE) == []


def test_nearest_turns_keep_the_legal_start_and_change_the_first_wrong_word() -> None:
    assert nearest_turns(["orange", "7:", "3@3"], SPACE, 2) == ["orange 7: 3@2", "orange 7: 4@2"]
    assert nearest_turns(["orange", "8:", "3@2"], SPACE) == ["orange 8: pass"]
    assert nearest_turns(["orange"], SPACE, 1) == ["orange 7: 3@2"]
    assert "orange 7: 3@2" not in nearest_turns(["orange", "7:", "3@2"], SPACE)


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.text(alphabet=st.characters(codec="utf-8", exclude_characters="\n\r"), max_size=40)
        | st.sampled_from(["orange 7: 3@2", "undo", "black 4-5-6-7/7: 2@1", "{ note", "1. x"]),
        max_size=6,
    )
)
def test_any_typed_line_leaves_a_valid_record(
    tmp_path_factory: pytest.TempPathFactory, lines: list[str]
) -> None:
    target = tmp_path_factory.mktemp("fuzz") / "g.mrec"
    session = new_session(target, "meridian", [("Players", FOUR, "--players")])
    for number, line in enumerate(lines, start=1):
        outcome = session.play(line, number)
        for problem in outcome.problems:
            assert problem.at is None or problem.at.line == number
    reports = check_text(target.read_text("utf-8"))
    assert len(reports) == 1 and reports[0].valid
    assert len(reports[0].record.entries) == len(session.entries)


def test_completions_follow_the_state_after_undo_and_a_different_turn(tmp_path: Path) -> None:
    session = new_session(tmp_path / "g.mrec", "meridian", [("Players", FOUR, "--players")])
    assert session.play("orange 7: 3@2").written is not None
    session.space()
    session.undo()
    assert session.play("orange 8: 3@2").written is not None
    # Black may now build 3 high on meridian 7, which the first turn had taken.
    assert "3@2" in completions(["black", "7:"], "", session.space())
