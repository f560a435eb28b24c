"""Numbers in records are ASCII digits and bounded: no number crashes a command."""

from __future__ import annotations

from pathlib import Path

import pytest
from hostile import run, run_every_command
from hypothesis import given
from hypothesis import strategies as st
from meridina.rules.numbers import LARGEST, read_number

HUGE = "1" * 5000

MERIDIAN = '[Game "Meridian"]\n[Players "Ann orange; Ben black; Cy grey; Di brown"]\n'
MEDINA = '[Game "Medina"]\n[Players "Ann red; Ben blue; Cy green"]\n'

# (name, record, line, column, rule) with the huge number at that place
CASES = [
    ("turn number", MERIDIAN + f"{HUGE}. orange 7: 3@2\n", 3, 1, "REC-4"),
    ("height", MERIDIAN + f"1. orange 7: {HUGE}@2\n", 3, 14, "REC-3"),
    ("city", MERIDIAN + f"1. orange 7: 3@{HUGE}\n", 3, 14, "REC-3"),
    ("take-off city", MERIDIAN + f"1. orange 7: x@{HUGE}\n", 3, 14, "REC-3"),
    ("chosen meridian", MERIDIAN + f"1. orange 4-5-6-7/{HUGE}: 3@2\n", 3, 11, "REC-3"),
    ("position key", MERIDIAN + f"position\n  m{HUGE}: orange 3@2\n", 4, 3, "REC-5"),
    ("position tower", MERIDIAN + f"position\n  7: orange 3@{HUGE}\n", 4, 13, "REC-5"),
    ("hand", MERIDIAN + f"position\n  hand: orange {HUGE}\n", 4, 16, "REC-5"),
    ("result", MERIDIAN.replace("]\n", f']\n[Result "Ann {HUGE}"]\n', 1), 2, 10, "REC-2"),
    ("medina cell", MEDINA + f'[Setup "merchant H7"]\n1. red orange@E{HUGE}\n', 4, 8, "REC-3"),
    ("medina tea", MEDINA + f"position\n  tea: red {HUGE}\n", 4, 12, "REC-5"),
    (
        "medina tower tile",
        MEDINA + f"position\n  tower-tiles: {HUGE} red\n",
        4,
        16,
        "REC-5",
    ),
    (
        "medina ruling",
        MEDINA + f'[Setup "merchant H7"]\n[Rulings "min-roof-size={HUGE}"]\n',
        4,
        11,
        "REC-2",
    ),
]


@pytest.mark.parametrize(
    ("record", "line", "col", "rule"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_a_huge_number_is_a_notation_problem_at_its_place(
    tmp_path: Path, record: str, line: int, col: int, rule: str
) -> None:
    path = tmp_path / "huge.mrec"
    path.write_text(record, "utf-8")
    ran = run_every_command(path)
    assert ran["validate"].exit_code == 1
    assert f"{path}:{line}:{col}: {rule} " in ran["validate"].stdout


UNICODE_CASES = [
    ("result", MERIDIAN.replace("]\n", ']\n[Result "Ann ²"]\n', 1), 2, 10, "REC-2"),
    ("setup", MEDINA + '[Setup "merchant H²"]\n', 3, 9, "REC-2"),
    ("circled", MEDINA + '[Setup "merchant H①"]\n', 3, 9, "REC-2"),
    ("ruling", MEDINA + '[Setup "merchant H7"]\n[Rulings "min-roof-size=²"]\n', 4, 11, "REC-2"),
    ("arabic turn", MERIDIAN + "\u0661. orange 7: 3@2\n", 3, 1, "REC-1"),
]


@pytest.mark.parametrize(
    ("record", "line", "col", "rule"),
    [c[1:] for c in UNICODE_CASES],
    ids=[c[0] for c in UNICODE_CASES],
)
def test_only_ascii_digits_are_digits(
    tmp_path: Path, record: str, line: int, col: int, rule: str
) -> None:
    path = tmp_path / "digits.mrec"
    path.write_text(record, "utf-8")
    ran = run_every_command(path)
    assert ran["validate"].exit_code == 1
    assert f"{path}:{line}:{col}: {rule} " in ran["validate"].stdout


def test_a_medina_board_file_with_a_unicode_tower_name_is_a_data_problem(tmp_path: Path) -> None:
    board = tmp_path / "board.toml"
    board.write_text(
        'columns = 18\nrows = 13\n[towers]\n"A1" = 1\n"R1" = 2\n"A1²" = 3\n"R13" = 4\n', "utf-8"
    )
    record = tmp_path / "game.mrec"
    record.write_text(MEDINA + '[Setup "merchant H7"]\n[Board "board.toml"]\n', "utf-8")
    ran = run("validate", str(record))
    assert ran.exit_code == 1
    assert f"{record}:4:8: MED-D1 board file" in ran.stdout
    assert "board.toml:6:" in ran.stdout


@given(st.text(max_size=30))
def test_read_number_takes_ascii_digits_within_the_bound_only(text: str) -> None:
    value = read_number(text)
    if value is not None:
        assert text.isascii() and text.isdigit() and 0 <= value <= LARGEST
        assert value == int(text)
    elif text.isascii() and text.isdigit():
        assert int(text) > LARGEST
