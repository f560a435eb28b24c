"""The record reader opens only regular files and refuses what would hang or flood it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from meridina.notation.reader import LONGEST_LINE, UnreadableInput, iter_games

HEADER = '[Game "Meridian"]\n[Players "Ann orange; Ben black; Cy grey; Di brown"]\n'


def refusal(path: str | Path) -> str:
    with pytest.raises(UnreadableInput) as caught:
        list(iter_games(path))
    return str(caught.value)


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "game.mrec"
    os.mkfifo(fifo)
    assert refusal(fifo) == f"{fifo}: REC-0 is a FIFO (named pipe), not a record file"


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/null"])
def test_a_device_is_refused(device: str) -> None:
    assert refusal(device) == f"{device}: REC-0 is a device, not a record file"


def test_a_folder_is_refused(tmp_path: Path) -> None:
    assert "REC-0 is a folder" in refusal(tmp_path)


def test_an_over_long_name_is_refused(tmp_path: Path) -> None:
    assert "REC-0 cannot be read" in refusal(tmp_path / ("n" * 5000))


def test_a_line_of_more_than_a_megabyte_is_refused_at_its_line(tmp_path: Path) -> None:
    path = tmp_path / "long.mrec"
    path.write_text(HEADER + "1. orange 7: " + "x" * LONGEST_LINE + "\n", "utf-8")
    assert refusal(path).startswith(f"{path}:3:1: REC-0 the line is longer than")
