"""Reading a file in blocks hands on the same text and finds the same faults, at the same
places, as reading it line by line; a fault or a character cut by a block's edge changes
nothing."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from meridina.notation import reader
from meridina.notation.reader import (
    BLOCK,
    LONGEST_LINE,
    UnreadableInput,
    _checked_blocks,
    _checked_lines,
    iter_chunks,
)
from meridina.notation.splitter import split_games

LINE = b"1. orange 7: 3@2\n"
FILLER = LINE * (2 * BLOCK // len(LINE) + 2)

Reading = tuple[list[str], str | None]


def by_lines(data: bytes) -> tuple[str, str | None]:
    """The text handed on before any fault, and the fault, reading line by line."""
    lines: list[str] = []
    try:
        lines.extend(_checked_lines(io.BytesIO(data), "f.mrec"))
    except UnreadableInput as error:
        return "".join(lines), str(error)
    return "".join(lines), None


def by_blocks(stream: io.BufferedIOBase) -> tuple[str, str | None]:
    """The same, reading in blocks; every block but the last ends a line."""
    blocks: list[str] = []
    fault = None
    try:
        for block in _checked_blocks(stream, "f.mrec"):  # type: ignore[arg-type]
            blocks.append(block)
    except UnreadableInput as error:
        fault = str(error)
    assert all(block.endswith("\n") for block in blocks[:-1])
    return "".join(blocks), fault


class Trickle(io.RawIOBase):
    """A pipe that gives a few bytes at a time."""

    def __init__(self, data: bytes, step: int) -> None:
        self.data, self.at, self.step = data, 0, step

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        piece = self.data[self.at : self.at + min(self.step, len(buffer))]
        buffer[: len(piece)] = piece
        self.at += len(piece)
        return len(piece)


def same_reading(data: bytes) -> str | None:
    expected = by_lines(data)
    assert by_blocks(io.BytesIO(data)) == expected
    assert by_blocks(io.BufferedReader(Trickle(data, 5000))) == expected
    return expected[1]


FAULTS = {
    b"\x00": "holds binary data (a NUL byte)",
    b"\xff": "is not valid UTF-8 text (byte 0xff",
    b"\xe2\x82": "is not valid UTF-8 text (byte 0xe2",
    b"\x80": "is not valid UTF-8 text (byte 0x80",
}
GOOD = [b"\xc3\xa9", b"\xe2\x82\xac", b"\xf0\x9f\x98\x80", b"\r\n", b"\r", b"\n"]


@pytest.mark.parametrize("shift", range(-4, 5))
@pytest.mark.parametrize("edge", [BLOCK, 2 * BLOCK])
@pytest.mark.parametrize("fault", list(FAULTS))
def test_a_fault_at_a_blocks_edge_is_placed_as_line_by_line(
    fault: bytes, edge: int, shift: int
) -> None:
    at = edge + shift
    found = same_reading(FILLER[:at] + fault + FILLER[at:])
    line, col = at // len(LINE) + 1, at % len(LINE) + 1
    assert found is not None
    assert found.startswith(f"f.mrec:{line}:{col}: REC-0 {FAULTS[fault]}")


@pytest.mark.parametrize("shift", range(-4, 5))
@pytest.mark.parametrize("edge", [BLOCK, 2 * BLOCK])
@pytest.mark.parametrize("good", GOOD)
def test_a_character_cut_by_a_blocks_edge_is_read_whole(good: bytes, edge: int, shift: int) -> None:
    at = edge + shift
    data = FILLER[:at] + good + FILLER[at:]
    assert same_reading(data) is None
    assert by_blocks(io.BytesIO(data))[0] == data.decode("utf-8").replace("\r\n", "\n")


@pytest.mark.parametrize("ending", [b"\n", b"\r\n", b""])
@pytest.mark.parametrize("fault", [b"", *FAULTS])
def test_a_line_longer_than_a_block_is_read_as_line_by_line(fault: bytes, ending: bytes) -> None:
    # a three-byte character across each block edge, a fault near the line's end
    long_line = b"\xe2\x82\xac" * BLOCK + fault + b" end" + ending
    found = same_reading(LINE * 3 + long_line + LINE)
    assert (found is None) == (fault == b"")
    if found is not None:
        assert found.startswith(f"f.mrec:4:{3 * BLOCK + 1}: REC-0 {FAULTS[fault]}")


@pytest.mark.parametrize("fault", [b"", b"\x00"])
def test_a_line_over_the_longest_is_refused_at_its_line(fault: bytes) -> None:
    found = same_reading(LINE * 2 + fault + b"x" * LONGEST_LINE + b"\n" + LINE)
    assert found is not None
    assert found.startswith("f.mrec:3:1: REC-0 the line is longer than")


def test_a_bom_is_dropped_on_the_first_line_only() -> None:
    data = b"\xef\xbb\xbf" + LINE + b"\xef\xbb\xbf" + LINE
    assert same_reading(data) is None
    assert by_blocks(io.BytesIO(data))[0] == (LINE + b"\xef\xbb\xbf" + LINE).decode("utf-8")


PIECES = [
    b"a",
    b"[x] ",
    b"\n",
    b"\r\n",
    b"\r",
    b"\x00",
    b"\xff",
    b"\x80",
    b"\xe2\x82",
    b"\xc3\xa9",
    b"\xe2\x82\xac",
    b"\xf0\x9f\x98\x80",
    b"\xef\xbb\xbf",
    b"y" * 9,
]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=60), st.integers(1, 5))
def test_small_blocks_read_any_bytes_as_line_by_line(pieces: list[bytes], step: int) -> None:
    data = b"".join(pieces)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(reader, "BLOCK", 8)
        patch.setattr(reader, "LONGEST_LINE", 24)
        patch.setattr(reader, "LARGEST_RECORD", 120)
        expected = by_lines(data)
        assert by_blocks(io.BytesIO(data)) == expected
        assert by_blocks(io.BufferedReader(Trickle(data, step))) == expected


GAME = (
    '[Game "Meridian"]\n[Players "Ann orange; Ben black; Cy grey; Di brown"]\n\n'
    "1. orange 7: 3@2 {a note} ; and a remark \u00e9\n2. black 7: 2@2\r\n"
)


def test_games_across_block_edges_are_cut_as_from_the_whole_text(tmp_path: Path) -> None:
    text = "".join(GAME.replace("7: 2@2", f"7: 2@2 {'x' * (n % 97)}") for n in range(900))
    path = tmp_path / "many.mrec"
    path.write_bytes(text.encode("utf-8"))
    assert path.stat().st_size > 2 * BLOCK
    whole = [(c.text, c.first_line) for c in split_games(io.StringIO(text.replace("\r\n", "\n")))]
    assert len(whole) == 900
    assert [(c.text, c.first_line) for _, c in iter_chunks(path)] == whole


def test_standard_input_is_read_in_blocks(monkeypatch: pytest.MonkeyPatch) -> None:
    text = GAME * (3 * BLOCK // len(GAME))
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode("utf-8"))))
    games = [c for _, c in iter_chunks("-")]
    assert [c.first_line for c in games] == [1 + 5 * n for n in range(len(games))]
    assert "".join(c.text for c in games) == text.replace("\r\n", "\n")
