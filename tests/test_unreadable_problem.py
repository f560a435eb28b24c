"""Unreadable input is a REC-0 problem with a place, like every other fault of a record."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from meridina.notation.reader import UnreadableInput, iter_games
from meridina.rules.codes import REC_0
from meridina.rules.common import Place, Problem

GOOD = b'[Game "Meridian"]\n[Players "Ann orange; Ben black"]\n1. orange 7: 3@2\n'


def refused(path: Path) -> UnreadableInput:
    with pytest.raises(UnreadableInput) as caught:
        list(iter_games(path))
    return caught.value


def written(tmp_path: Path, data: bytes) -> Path:
    path = tmp_path / "game.mrec"
    path.write_bytes(data)
    return path


def test_a_nul_byte_is_a_problem_at_its_byte(tmp_path: Path) -> None:
    path = written(tmp_path, GOOD + b"2. black\x00 8: 2@1\n")
    error = refused(path)
    assert error.problem == Problem(
        "REC-0", "holds binary data (a NUL byte); a record must be UTF-8 text", Place(4, 9)
    )
    assert error.source == str(path)


def test_a_bad_utf8_sequence_is_a_problem_at_its_first_byte(tmp_path: Path) -> None:
    error = refused(written(tmp_path, GOOD + b"{ caf\xc3\x28 }\n"))
    assert error.problem.rule == REC_0 == "REC-0"
    assert error.problem.at == Place(4, 6)
    assert error.problem.message == "is not valid UTF-8 text (byte 0xc3 cannot be decoded)"
    assert "REC-0" not in error.problem.message


def test_a_missing_file_is_a_problem_without_a_place(tmp_path: Path) -> None:
    error = refused(tmp_path / "absent.mrec")
    assert error.problem == Problem("REC-0", "no such file")


@given(
    before=st.lists(st.sampled_from([b"; a note\n", b"\n", b"2. black 8: 2@1\n"]), max_size=5),
    prefix=st.text(alphabet="abc xyz;{}", max_size=12).map(str.encode),
    bad=st.sampled_from([b"\x00", b"\xff", b"\xc3(", b"\xe9", b"\x80"]),
)
def test_the_message_line_is_the_problem_in_the_usual_form(
    tmp_path_factory: pytest.TempPathFactory, before: list[bytes], prefix: bytes, bad: bytes
) -> None:
    path = tmp_path_factory.mktemp("bad") / "game.mrec"
    path.write_bytes(GOOD + b"".join(before) + prefix + bad + b"\n")
    error = refused(path)
    place = Place(4 + len(before), len(prefix) + 1)
    assert error.problem.rule == "REC-0" and error.problem.at == place
    assert str(error) == f"{path}:{place.line}:{place.col}: REC-0 {error.problem.message}"
