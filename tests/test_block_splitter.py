"""Cutting games out of blocks of lines gives the same games, first lines and refusals as
following the file one line at a time (the way of cutting kept below as the yardstick)."""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from meridina.notation import splitter
from meridina.notation.splitter import GameChunk, GameTooLong, _scan, _tag_line, split_games


def line_by_line(lines: Iterable[str]) -> Iterator[GameChunk]:
    """The splitter as it was, one line at a time."""
    buffer: list[str] = []
    size = 0
    first_line = 1
    in_comment = False
    seen_body = False
    for number, line in enumerate(lines, start=1):
        stripped = line.lstrip()
        starts_tag = not in_comment and stripped.startswith("[")
        resync = in_comment and _tag_line().match(line) is not None
        if (starts_tag and seen_body) or resync:
            if any(part.strip() for part in buffer):
                yield GameChunk("".join(buffer), first_line)
            buffer, size, first_line = [], 0, number
            seen_body = in_comment = False
            starts_tag = True
        buffer.append(line)
        size += len(line)
        if size > splitter.LARGEST_GAME:
            raise GameTooLong(first_line)
        if in_comment and "}" not in line:
            continue
        if not in_comment and "{" not in line and "}" not in line:
            if stripped and not starts_tag and not stripped.startswith(";"):
                seen_body = True
            continue
        in_comment, has_body = _scan(line, in_comment)
        if has_body and not starts_tag:
            seen_body = True
    if any(part.strip() for part in buffer):
        yield GameChunk("".join(buffer), first_line)


Cut = tuple[list[tuple[str, int]], int | None]


def cut(pieces: Iterable[str], how: object = split_games) -> Cut:
    """The games handed on, and the first line of a game refused as too long."""
    games: list[tuple[str, int]] = []
    try:
        for game in how(pieces):  # type: ignore[operator]
            games.append((game.text, game.first_line))
    except GameTooLong as error:
        return games, error.first_line
    return games, None


def blocks(text: str, cuts: list[int]) -> list[str]:
    """``text`` cut at the ends of some of its lines."""
    ends = [i + 1 for i, char in enumerate(text) if char == "\n"]
    chosen = sorted({ends[c % len(ends)] for c in cuts} if ends else set())
    edges = [0, *chosen, len(text)]
    return [text[a:b] for a, b in pairwise(edges) if b > a]


PIECES = [
    '[Game "Meridian"]',
    '[Round "{"]',
    "[",
    "]",
    "{",
    "}",
    ";",
    '"',
    "\\",
    " ",
    "\t",
    "\r",
    "\x0c",
    "\u2028",
    "\x85",
    "1. orange 7: 3@2",
    "x",
    "\n",
    "\n",
    "\n",
    '\n[Game "Medina"]\n',
]


@settings(max_examples=500, deadline=None)
@given(
    st.lists(st.sampled_from(PIECES), max_size=80),
    st.lists(st.integers(0, 1000), max_size=8),
    st.sampled_from([1 << 20, 40, 9]),
)
def test_blocks_are_cut_as_line_by_line(pieces: list[str], cuts: list[int], largest: int) -> None:
    text = "".join(pieces)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(splitter, "LARGEST_GAME", largest)
        expected = cut(io.StringIO(text), line_by_line)
        assert cut(io.StringIO(text)) == expected
        assert cut([text]) == expected
        assert cut(blocks(text, cuts)) == expected


def test_pieces_of_one_line_each_are_cut_as_lines_ending_anywhere() -> None:
    # ``str.splitlines`` ends lines at "\r" too: each piece is still one line
    text = '[Game "Meridian"]\n1. orange 7: 3@2\r[Game "Meridian"]\r1. orange 7: 3@2\n'
    lines = text.splitlines(keepends=True)
    assert cut(lines) == cut(lines, line_by_line)
    assert [first for _, first in cut(lines)[0]] == [1, 3]


GAME = '[Game "Meridian"]\n[Players "Ann orange; Ben black"]\n\n1. orange 7: 3@2\n'


@pytest.mark.parametrize(
    "text",
    [
        GAME * 50,
        (GAME + "{ a comment\n over lines }\n; a remark\n") * 30,
        "{ never closed\n" + GAME * 20,
        ("  " + GAME.replace("\n[", "\n \t[")) * 20,
        GAME.replace("3@2", '3@2 "}" } {x}') * 20,
        GAME.replace("1.", '[Note "{"]\n"quoted"\n1.') * 20,
    ],
)
def test_common_layouts_are_cut_alike_in_blocks_of_any_size(text: str) -> None:
    expected = cut(io.StringIO(text), line_by_line)
    assert len(expected[0]) >= 20
    for size in (1, 2, 7, 64):
        lines = text.splitlines(keepends=True)
        assert cut("".join(lines[i : i + size]) for i in range(0, len(lines), size)) == expected
