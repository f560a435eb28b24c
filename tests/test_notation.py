"""The record notation: cutting files into games, syntax faults, comments, unreadable files."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from conftest import FOUR, spot
from meridina.notation.driver import check_text
from meridina.notation.parser import parse_game
from meridina.notation.reader import ParsedGame, UnreadableInput, iter_games, parse_text
from meridina.notation.splitter import GameChunk, split_games
from meridina.notation.text import GameText
from meridina.rules.common import Place, RecordError

HEADER = f'[Game "Meridian"]\n[Players "{FOUR}"]\n'

SEVERAL = (
    "; a file of three games\n"  # 1
    '[Game "Meridian"]\n'  # 2
    '[Event "Club {night"]\n'  # 3: a brace inside a tag string opens no comment
    f'[Players "{FOUR}"]\n'  # 4
    "1. orange 7: 3@2 { a note that runs on\n"  # 5
    "[not a tag] and ends here }\n"  # 6: inside the comment, '[' starts no game
    "2. black 8: 2@1\n"  # 7
    "; [not a tag either\n"  # 8
    "3. grey 9: 2@1\n"  # 9
    "\n"  # 10
    '[Game "Meridian"]\n'  # 11
    f'[Players "{FOUR}"]\n'  # 12
    "1. orange 7: 3@2\n"  # 13
    '[Game "Meridian"]\n'  # 14: a tag line after turns starts the next game
    '[Event "{"]\n'  # 15
    f'[Players "{FOUR}"]\n'  # 16
    "position\n"  # 17
    "7: orange 3@2\n"  # 18
)


def chunks(text: str) -> list[GameChunk]:
    return list(split_games(io.StringIO(text)))


def parsed(text: str) -> GameText:
    games = parse_text(text)
    assert len(games) == 1
    game = games[0]
    assert game.problem is None, game.problem
    assert game.text is not None
    return game.text


def syntax_fault(text: str) -> Place | None:
    games = parse_text(text)
    assert len(games) == 1
    problem = games[0].problem
    assert problem is not None and problem.rule == "REC-1"
    assert games[0].text is None
    return problem.at


def recovered_fault(text: str) -> Place | None:
    """The one syntax error of a game that is still read: on a turn or between items."""
    game = parsed(text)
    errors = [p for p in game.problems if not p.warning]
    errors += [p for turn in game.turns for p in turn.problems if not p.warning]
    assert [p.rule for p in errors] == ["REC-1"]
    return errors[0].at


def recovered_message(text: str) -> str:
    game = parsed(text)
    problems = [*game.problems, *(p for turn in game.turns for p in turn.problems)]
    return " ".join(p.message for p in problems)


# ---------------------------------------------------------------- splitting


def test_splitter_cuts_at_tag_lines_after_a_body() -> None:
    found = chunks(SEVERAL)
    assert [chunk.first_line for chunk in found] == [1, 11, 14]
    lines = SEVERAL.splitlines(keepends=True)
    assert found[0].text == "".join(lines[0:10])
    assert found[1].text == "".join(lines[10:13])
    assert found[2].text == "".join(lines[13:])


def test_games_of_a_file_parse_with_file_lines() -> None:
    games = parse_text(SEVERAL)
    assert [(game.index, game.first_line, game.problem) for game in games] == [
        (1, 1, None),
        (2, 11, None),
        (3, 14, None),
    ]
    texts = [game.text for game in games]
    assert all(text is not None for text in texts)
    first, second, third = (text for text in texts if text is not None)
    assert [(tag.name, tag.value) for tag in first.tags][1] == ("Event", "Club {night")
    assert [turn.number for turn in first.turns] == [1, 2, 3]
    assert [turn.at for turn in first.turns] == [Place(5, 1), Place(7, 1), Place(9, 1)]
    assert second.at == Place(11, 1)
    assert [turn.at for turn in second.turns] == [Place(13, 1)]
    assert [(tag.name, tag.value) for tag in third.tags][1] == ("Event", "{")
    assert third.position is not None and third.position.at == Place(17, 1)
    assert third.turns == ()


def test_games_of_a_file_are_checked_one_by_one() -> None:
    reports = check_text(SEVERAL)
    assert [report.first_line for report in reports] == [1, 11, 14]
    assert [report.valid for report in reports] == [True, True, True]


def test_header_comments_do_not_split_a_game() -> None:
    text = (
        "{ a note before the tags\n"
        "[with a bracket] }\n"
        '[Game "Meridian"]\n'
        "; between tags\n"
        f'[Players "{FOUR}"]\n'
        "1. orange 7: 3@2\n"
    )
    assert [chunk.first_line for chunk in chunks(text)] == [1]
    assert len(parsed(text).tags) == 2


def test_tag_after_a_comment_only_line_stays_in_the_header() -> None:
    text = '[Game "Meridian"]\n{ just a note }\n' + f'[Players "{FOUR}"]\n1. orange 7: 3@2\n'
    assert len(chunks(text)) == 1


def test_escaped_quote_in_a_tag_string_is_read() -> None:
    text = '[Game "Meridian"]\n[Event "say \\"hi\\""]\n' + f'[Players "{FOUR}"]\n'
    assert [(tag.name, tag.value) for tag in parsed(text).tags][1] == ("Event", 'say "hi"')


def test_escaped_quote_then_brace_in_a_tag_string_does_not_join_games() -> None:
    game = HEADER + "1. orange 7: 3@2\n"
    text = '[Event "say \\"{hi\\""]\n' + game + game
    assert [chunk.first_line for chunk in chunks(text)] == [1, 5]
    assert [parsed_game.problem for parsed_game in parse_text(text)] == [None, None]


@pytest.mark.parametrize("text", ["", "\n", "  \n\t\n"], ids=["empty", "newline", "blank"])
def test_empty_text_gives_no_games(text: str) -> None:
    assert chunks(text) == []
    assert parse_text(text) == []
    assert check_text(text) == []


# ---------------------------------------------------------------- syntax faults (REC-1)


def test_unclosed_comment() -> None:
    text = HEADER + "1. orange 7: 3@2 { oops\n2. black 8: 2@1\n"
    assert syntax_fault(text) == spot(text, "1. orange", "{")
    problem = parse_text(text)[0].problem
    assert problem is not None and "never closed" in problem.message


def test_stray_character() -> None:
    text = HEADER + "1. orange 7: 3@2\n2. black 8: #2@1\n"
    assert recovered_fault(text) == spot(text, "2. black", "#")
    assert "'#'" in recovered_message(text)


def test_tag_after_turns_on_a_turn_line() -> None:
    text = HEADER + '1. orange 7: 3@2 [Result "Ann 3"]\n'
    assert recovered_fault(text) == spot(text, "1. orange", "[")
    assert "before the turns" in recovered_message(text)


def test_tag_after_turns_behind_a_comment() -> None:
    text = HEADER + '1. orange 7: 3@2\n{ late } [Result "Ann 3"]\n'
    assert recovered_fault(text) == spot(text, "{ late }", "[")


def test_tag_line_after_turns_starts_another_game() -> None:
    text = HEADER + '1. orange 7: 3@2\n[Result "Ann 3"]\n'
    reports = check_text(text)
    assert [report.first_line for report in reports] == [1, 4]
    assert reports[0].valid
    assert [(p.rule, p.at) for p in reports[1].problems] == [("REC-2", Place(4, 1))]


def test_unclosed_quote() -> None:
    text = '[Game "Meridian"]\n[Players "Ann orange; Ben black]\n'
    assert syntax_fault(text) == spot(text, "[Players", '"')


def test_game_ending_inside_a_tag() -> None:
    text = '[Game "Meridian"]\n[Players "Ann orange; Ben black"\n'
    assert syntax_fault(text) == Place(2, len('[Players "Ann orange; Ben black"') + 1)


def test_syntax_fault_in_a_later_game_has_file_lines() -> None:
    text = HEADER + "1. orange 7: 3@2\n" + HEADER + '1. orange 7: 3@2 "\n'
    games = parse_text(text)
    assert [game.problem is None for game in games] == [True, False]
    problem = games[1].problem
    assert problem is not None and problem.rule == "REC-1"
    assert problem.at == Place(6, len("1. orange 7: 3@2 ") + 1)


def test_syntax_fault_does_not_stop_the_next_game() -> None:
    text = HEADER + '1. orange 7: 3@2 "\n' + HEADER + "1. orange 7: 3@2\n"
    reports = check_text(text)
    assert [[(p.rule, p.at) for p in report.problems] for report in reports] == [
        [("REC-1", Place(3, len("1. orange 7: 3@2 ") + 1))],
        [],
    ]
    assert reports[1].valid


def test_parse_game_raises_record_error() -> None:
    with pytest.raises(RecordError) as caught:
        parse_game(GameChunk(HEADER + '1. orange 7: 3@2 "\n', 10))
    assert caught.value.problem.rule == "REC-1"
    assert caught.value.problem.at == Place(12, len("1. orange 7: 3@2 ") + 1)


def test_tag_place_with_a_space_after_the_bracket() -> None:
    text = '[ Game "Meridian"]\n1. orange 7: 3@2\n'
    tags = parsed(text).tags
    assert tags[0].at == Place(1, 1)


# ---------------------------------------------------------------- comments


COMMENTED = (
    HEADER  # lines 1-2
    + "{ before the turns }\n"  # 3
    + "1. orange 7: 3@2 {after one}  ; and   a line comment\n"  # 4
    + "{ on its own\n  two lines }\n"  # 5-6
    + "2. black 8: 2@1\n"  # 7
    + "3. grey 9: 2@1 { last }\n"  # 8
)


def test_comments_belong_to_the_turn_they_follow() -> None:
    game = parsed(COMMENTED)
    first, second, third = game.turns
    assert [(c.text, c.at) for c in first.comments] == [
        ("after one", spot(COMMENTED, "1. orange", "{after")),
        ("and a line comment", spot(COMMENTED, "1. orange", "; and")),
        ("on its own two lines", spot(COMMENTED, "{ on its own")),
    ]
    assert second.comments == ()
    assert [(c.text, c.at) for c in third.comments] == [("last", spot(COMMENTED, "{ last"))]


def test_comments_before_the_turns_belong_to_the_game() -> None:
    game = parsed(COMMENTED)
    assert [(c.text, c.at) for c in game.comments] == [
        ("before the turns", spot(COMMENTED, "{ before"))
    ]


def test_comments_do_not_change_the_words_of_a_turn() -> None:
    first = parsed(COMMENTED).turns[0]
    assert [(w.kind, w.text, w.at) for w in first.words] == [
        ("word", "orange", Place(4, 4)),
        ("key", "7", Place(4, 11)),
        ("place", "3@2", Place(4, 14)),
    ]


def test_comments_of_one_game_stay_with_it() -> None:
    text = HEADER + "1. orange 7: 3@2 {first game}\n" + HEADER + "1. orange 7: 3@2\n"
    games = parse_text(text)
    turns = [game.text.turns[0] for game in games if game.text is not None]
    assert [[c.text for c in turn.comments] for turn in turns] == [["first game"], []]


# ---------------------------------------------------------------- reading files


def write(tmp_path: Path, data: bytes) -> Path:
    path = tmp_path / "games.txt"
    path.write_bytes(data)
    return path


GOOD_LINES = [
    b'[Game "Meridian"]\n',
    b'[Players "Ann orange; Ben black; Cy grey; Di brown"]\n',
    b"1. orange 7: 3@2\n",
]


def test_iter_games_reads_a_file_game_by_game(tmp_path: Path) -> None:
    path = write(tmp_path, SEVERAL.encode("utf-8"))
    games = list(iter_games(path))
    assert [(g.index, g.first_line, g.problem) for g in games] == [
        (1, 1, None),
        (2, 11, None),
        (3, 14, None),
    ]
    assert [g.text for g in games] == [g.text for g in parse_text(SEVERAL)]


def test_iter_games_skips_a_byte_order_mark(tmp_path: Path) -> None:
    path = write(tmp_path, b"\xef\xbb\xbf" + b"".join(GOOD_LINES))
    games: list[ParsedGame] = list(iter_games(path))
    assert len(games) == 1 and games[0].text is not None
    assert games[0].text.tags[0].at == Place(1, 1)


@pytest.mark.parametrize("line", [1, 4, 401])
def test_invalid_utf8_is_unreadable_at_its_line(tmp_path: Path, line: int) -> None:
    before = b"".join(GOOD_LINES) + b"2. black 8: 2@1\n" * (line - 4) if line > 1 else b""
    path = write(tmp_path, before + b"{ caf\xe9 }\n")
    with pytest.raises(UnreadableInput) as caught:
        list(iter_games(path))
    message = str(caught.value)
    assert message.startswith(f"{path}:{line}:6: REC-0 ")
    assert "UTF-8" in message
    assert "0xe9" in message


def test_nul_byte_is_unreadable_and_names_its_place(tmp_path: Path) -> None:
    path = write(tmp_path, b"".join(GOOD_LINES) + b"2. black\x00 8: 2@1\n")
    with pytest.raises(UnreadableInput) as caught:
        list(iter_games(path))
    message = str(caught.value)
    assert message.startswith(f"{path}:4:9: REC-0 ")
    assert "NUL" in message


def test_missing_file_is_unreadable(tmp_path: Path) -> None:
    with pytest.raises(UnreadableInput, match="no such file"):
        list(iter_games(tmp_path / "absent.txt"))


def test_folder_is_unreadable(tmp_path: Path) -> None:
    with pytest.raises(UnreadableInput, match="folder"):
        list(iter_games(tmp_path))
