"""Data files named by a record are hostile input: only small regular files are read."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hostile import run, run_every_command
from meridina.rules.common import RecordError
from meridina.rules.datafile import LARGEST_FILE, DataFile
from meridina.rules.meridian.board import board_from_data

MERIDIAN = '[Game "Meridian"]\n[Players "Ann orange; Ben black; Cy grey; Di brown"]\n'
MEDINA = '[Game "Medina"]\n[Players "Ann red; Ben blue; Cy green"]\n[Setup "merchant H7"]\n'

FOUR_CITY = Path(__file__).parent.parent / "rules" / "meridian" / "boards" / "four-city.toml"


def board_record(tmp_path: Path, value: str) -> Path:
    path = tmp_path / "game.mrec"
    path.write_text(MERIDIAN + f'[Board "{value}"]\n1. orange 7: 3@2\n', "utf-8")
    return path


# ---------------------------------------------------------------- item 3: long names


@pytest.mark.parametrize("length", [300, 5000])
def test_an_over_long_board_value_is_a_problem_at_the_tag(tmp_path: Path, length: int) -> None:
    path = board_record(tmp_path, "b" * length)
    ran = run_every_command(path)
    assert ran["validate"].exit_code == 1
    assert f"{path}:3:8: MER-B1 Board" in ran["validate"].stdout


def test_an_over_long_path_part_is_a_problem_at_the_tag(tmp_path: Path) -> None:
    path = board_record(tmp_path, "dir/" + "b" * 400 + ".toml")
    ran = run_every_command(path)
    assert f"{path}:3:8: MER-B1 " in ran["validate"].stdout


@pytest.mark.parametrize("value", ["e" * 5000, "../boards/standard", "/etc/passwd"])
def test_an_edition_is_a_bundled_name_only(tmp_path: Path, value: str) -> None:
    path = tmp_path / "game.mrec"
    path.write_text(MEDINA + f'[Edition "{value}"]\n', "utf-8")
    ran = run_every_command(path)
    assert ran["validate"].exit_code == 1
    assert f"{path}:4:10: MED-S2 unknown edition" in ran["validate"].stdout


def test_an_edition_file_next_to_the_record_is_not_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "mine.toml").write_text('name = "mine"\n', "utf-8")
    path = tmp_path / "game.mrec"
    path.write_text(MEDINA + '[Edition "mine"]\n', "utf-8")
    monkeypatch.chdir(tmp_path)
    ran = run("validate", str(path))
    assert "MED-S2 unknown edition 'mine'" in ran.stdout


# ---------------------------------------------------------------- item 5: what is opened


def test_a_fifo_board_is_refused_without_hanging(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "board.toml")
    path = board_record(tmp_path, "board.toml")
    ran = run_every_command(path)
    assert f"{path}:3:8: DATA-1 Board file" in ran["validate"].stdout
    assert "FIFO" in ran["validate"].stdout


def test_a_device_board_is_refused(tmp_path: Path) -> None:
    path = board_record(tmp_path, "/dev/zero")
    ran = run_every_command(path)
    assert f"{path}:3:8: DATA-1 Board file /dev/zero: is a device" in ran["validate"].stdout


def test_a_folder_board_is_refused(tmp_path: Path) -> None:
    (tmp_path / "boards").mkdir()
    path = board_record(tmp_path, "boards")
    ran = run_every_command(path)
    assert "is a folder" in ran["validate"].stdout


def test_a_large_sparse_board_is_refused_by_its_size(tmp_path: Path) -> None:
    board = tmp_path / "big.toml"
    with open(board, "wb") as stream:
        stream.truncate(1 << 30)
    path = board_record(tmp_path, "big.toml")
    ran = run_every_command(path)
    assert f"{path}:3:8: DATA-1 Board file" in ran["validate"].stdout
    assert f"at most {LARGEST_FILE}" in ran["validate"].stdout


def test_deeply_nested_toml_is_a_data_problem(tmp_path: Path) -> None:
    (tmp_path / "deep.toml").write_text("a = " + "[" * 20000 + "]" * 20000 + "\n", "utf-8")
    path = board_record(tmp_path, "deep.toml")
    ran = run_every_command(path)
    assert f"{path}:3:8: DATA-1 " in ran["validate"].stdout


def four_city(old: str, new: str) -> DataFile:
    text = FOUR_CITY.read_text("utf-8")
    assert old in text
    return DataFile("mine.toml", text.replace(old, new))


@pytest.mark.parametrize(
    ("old", "new", "key"),
    [
        ("cities-per-meridian = 4", "cities-per-meridian = 4.0", "cities-per-meridian"),
        ("cities-per-meridian = 4", "cities-per-meridian = true", "cities-per-meridian"),
        ("players = [3]", "players = [true]", "players"),
        ("players = [3]", "players = [3.0]", "players"),
        ('name = "four-city"', "name = 4", "name"),
        ('name = "four-city"', "name = [1]", "name"),
    ],
)
def test_a_wrong_type_in_a_meridian_board_is_a_problem_at_its_line(
    old: str, new: str, key: str
) -> None:
    data = four_city(old, new)
    with pytest.raises(RecordError) as caught:
        board_from_data(data)
    assert f"mine.toml:{data.line_of_key(key)}:" in caught.value.problem.message


MEDINA_BOARD = "columns = 18\nrows = 13\n[towers]\nA1 = 1\nR1 = 2\nA13 = 3\nR13 = 4\n"


@pytest.mark.parametrize(
    ("old", "new", "line"),
    [
        ("columns = 18", "columns = 18.0", 1),
        ("rows = 13", 'rows = "13"', 2),
        ("rows = 13", "rows = true", 2),
        ("R1 = 2", "R1 = 2.0", 5),
        ("R1 = 2", "R1 = true", 5),
        ("A13 = 3", '"A1\u00b2" = 3', 6),
        ("\nrows = 13", '\nrows = 13\nname = ["x"]', 3),
    ],
)
def test_a_wrong_type_in_a_medina_board_is_a_problem_at_its_line(
    tmp_path: Path, old: str, new: str, line: int
) -> None:
    (tmp_path / "board.toml").write_text(MEDINA_BOARD.replace(old, new), "utf-8")
    path = tmp_path / "game.mrec"
    path.write_text(MEDINA + '[Board "board.toml"]\n', "utf-8")
    ran = run_every_command(path)
    assert f"{path}:4:8: MED-D1 board file {tmp_path / 'board.toml'}:{line}:" in (
        ran["validate"].stdout
    )
