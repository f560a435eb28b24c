"""A syntax problem on a turn's line costs only that turn; two slips are read as meant."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from meridina.cli.main import cli
from meridina.notation.driver import GameReport, check_text
from meridina.notation.recovery import resync
from meridina.rules.common import Place

HEADER = '[Game "Meridian"]\n[Players "Ann orange; Ben black; Cy grey; Di brown"]\n\n'
OPENING = (
    "1. orange 7: 3@2\n"  # line 4
    "2. black 7: 2@2\n"  # 5
    "3. grey 4-5-6-7/5: 2@3\n"  # 6
    "4. brown 5: 4@4\n"  # 7
)


def only_game(text: str) -> GameReport:
    reports = check_text(text)
    assert len(reports) == 1
    return reports[0]


def found(report: GameReport) -> list[tuple[str, bool, Place | None]]:
    return [(p.rule, p.warning, p.at) for p in report.problems]


def column(line: str, part: str) -> int:
    return line.index(part) + 1


def test_a_space_before_the_colon_is_read_with_a_warning() -> None:
    line = "5. orange 3 : pass"
    report = only_game(HEADER + OPENING + line + "\n6. black 8-9-10/9: 5@5\n")
    assert found(report) == [("REC-1", True, Place(8, column(line, ":")))]
    assert "'3:'" in report.problems[0].message
    assert report.valid
    fifth = report.record.entries[4]
    assert fifth.turn is not None and fifth.turn.card.label == "3"
    assert report.run.steps[4] is not None


def test_round_brackets_around_a_comment_are_read_with_a_warning() -> None:
    line = "2. black 7: 2@2 (pushes)"
    report = only_game(HEADER + "1. orange 7: 3@2\n" + line + "\n3. grey 9: 2@1\n")
    assert found(report) == [("REC-1", True, Place(5, column(line, "(")))]
    assert "round brackets" in report.problems[0].message
    second = report.record.entries[1]
    assert second.turn is not None
    assert [c.text for c in second.text.comments] == ["pushes"]


def test_round_bracket_comment_on_its_own_line() -> None:
    report = only_game(HEADER + "1. orange 7: 3@2\n(Ann thinks long)\n2. black 7: 2@2\n")
    assert found(report) == [("REC-1", True, Place(5, 1))]
    assert [c.text for c in report.record.entries[0].text.comments] == ["Ann thinks long"]


def test_a_syntax_fault_costs_only_its_turn_and_the_rules_are_still_checked() -> None:
    # Turn 2 is unreadable; black still takes its place in the order, so grey is next
    # and brown playing turn 3 breaks the turn order (MER-T1).
    text = HEADER + "1. orange 7: 3@2\n2. black 8: #2@1\n3. brown 9: 2@1\n4. orange 9: 1@1\n"
    report = only_game(text)
    assert [(p.rule, p.at) for p in report.problems] == [
        ("REC-1", Place(5, column("2. black 8: #2@1", "#"))),
        ("MER-T1", Place(6, 4)),
    ]
    assert [e.turn is None for e in report.record.entries] == [False, True, False, False]


def test_the_other_commands_still_show_the_game(tmp_path: Path) -> None:
    path = tmp_path / "game.mrec"
    path.write_text(HEADER + "1. orange 7: 3@2\n2. black 8: #2@1\n3. grey 9: 2@1\n", "utf-8")
    runner = CliRunner()
    annotated = runner.invoke(cli, ["annotate", str(path)])
    replayed = runner.invoke(cli, ["replay", str(path)])
    scored = runner.invoke(cli, ["score", str(path)])
    assert annotated.exit_code == replayed.exit_code == scored.exit_code == 1
    # The faulty turn is written back as it stands; the turns around it are annotated.
    assert "2. black 8: #2@1" in annotated.stdout
    assert "3. grey 9: 2@1 {" in annotated.stdout
    assert "3. grey" in replayed.stdout
    assert "Cy" in scored.stdout


def test_a_turn_number_without_its_dot_stands_for_that_turn() -> None:
    text = HEADER + "1. orange 7: 3@2\n2 black 7: 2@2\n3. grey 9: 2@1\n"
    report = only_game(text)
    assert [(p.rule, p.at) for p in report.problems] == [("REC-1", Place(5, 1))]
    assert "'2. black 7: 2@2'" in report.problems[0].message
    assert [e.text.number for e in report.record.entries] == [1, 2, 3]


def test_a_turn_without_its_number_stands_for_the_turn_left_out() -> None:
    text = HEADER + "1. orange 7: 3@2\nblack 7: 2@2\n3. grey 9: 2@1\n"
    report = only_game(text)
    assert [(p.rule, p.at) for p in report.problems] == [("REC-1", Place(5, 1))]
    assert "'2. black 7: 2@2'" in report.problems[0].message
    assert [e.text.number for e in report.record.entries] == [1, 2, 3]


def test_a_stray_line_that_is_not_a_turn_takes_no_turn_number() -> None:
    text = HEADER + "1. orange 7: 3@2\n--- half time ---\n2. black 7: 2@2\n"
    report = only_game(text)
    assert [(p.rule, p.at) for p in report.problems] == [("REC-1", Place(5, 1))]
    assert [e.text.number for e in report.record.entries] == [1, 2]


def test_text_after_a_turn_costs_that_turn() -> None:
    line = '2. black 7: 2@2 "nice"'
    report = only_game(HEADER + "1. orange 7: 3@2\n" + line + "\n3. grey 9: 2@1\n")
    assert [(p.rule, p.at) for p in report.problems] == [("REC-1", Place(5, column(line, '"')))]
    assert report.record.entries[1].turn is None
    assert report.record.entries[1].text.written == 'black 7: 2@2 "nice"'


def test_a_turn_without_its_number_keeps_a_dot_after_a_comment_as_written() -> None:
    """Only a numbered turn's text starts after its number's dot: a turn written without
    one keeps the dotted text that follows a comment (it was cut at the first dot)."""
    for after in ("\u0661.", "x.y", "zz."):
        line = f"orange 7: 3@2 {{ a }} {after}"
        report = only_game(HEADER + line + "\n")
        assert report.record is not None
        assert report.record.entries[0].text.written == line
    numbered = only_game(HEADER + "1. orange { a } x.\n")
    assert numbered.record is not None
    assert numbered.record.entries[0].text.written == "orange { a } x."


def test_medina_turn_with_a_syntax_fault_keeps_the_rest() -> None:
    header = '[Game "Medina"]\n[Players "Ann red; Ben blue; Cy green"]\n[Setup "merchant H7"]\n\n'
    text = header + "1. red orange@E5 orange@E6 !\n2. blue wall@B1 merchant@H8\n"
    report = only_game(text)
    assert [(p.rule, p.at) for p in report.problems] == [
        ("REC-1", Place(5, column("1. red orange@E5 orange@E6 !", "!")))
    ]
    assert report.run.steps[1] is not None and not report.run.steps[1].problems


def resync_char_by_char(text: str, pos: int) -> int:
    """Where reading goes on after skipped text, worked out one character at a time."""
    index = pos
    while index < len(text):
        char = text[index]
        if char in "\n{;":
            return index
        if char == '"':
            close = text.find('"', index + 1)
            end_of_line = text.find("\n", index + 1)
            if close < 0 or (0 <= end_of_line < close):
                return index
            index = close + 1
            continue
        if char in " \t," and re.match(r"[0-9]+\.(?![0-9])", text[index + 1 :]):
            return index
        index += 1
    return len(text)


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet=' \t,\n{;"0123456789.a\u0661', max_size=40), st.integers(0, 45))
def test_reading_goes_on_where_a_character_by_character_search_would(text: str, pos: int) -> None:
    assert resync(text, pos) == resync_char_by_char(text, pos)
