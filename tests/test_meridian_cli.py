"""The four commands through Click's CliRunner: output, JSON shapes, exit codes, bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import Write
from conftest import run_cli as run

SHORT_GAME = """\
[Game "Meridian"]
[Event "Club night"]
[Players "Ann orange; Ben black; Cy grey; Di brown"]

1. orange 7: 3@2 { opening }
2. black 4-5-6-7/7: 2@1
3. grey 7: 4@3
4. brown 7: 1@1
"""

BAD_TURN = """\
[Game "Meridian"]
[Players "Ann orange; Ben black; Cy grey; Di brown"]

1. orange 7: 3@2
2. black 7: 3@4
3. grey 7: 4@5
4. brown 7: 9@1
"""

POSITION = """\
[Game "Meridian"]
[Players "Ann orange; Ben black; Cy grey; Di brown"]
[Result "Ann 9; Ben 0; Cy 4; Di 0"]

position
  6: orange 2@2
  7: orange 3@1 grey 4@5
"""


def test_validate_valid_record_exits_0_and_counts_games(write: Write) -> None:
    path = write("ok.mrec", SHORT_GAME)
    result = run("validate", path)
    assert result.exit_code == 0
    assert "1 game in 1 file: 1 valid, 0 invalid" in result.output


def test_validate_reports_problem_with_place_and_rule(write: Write) -> None:
    path = write("bad.mrec", BAD_TURN)
    result = run("validate", path)
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if line.startswith(path)]
    assert lines == [
        f"{path}:5:13: MER-R2 a tower 3 high already stands on this meridian (orange)",
        f"{path}:7:13: MER-R3 a tower 9 high cannot stand below the orange tower 3 high on city 2",
    ]


def test_validate_goes_on_to_later_games_and_files(write: Write) -> None:
    first = write("two.mrec", BAD_TURN + "\n" + SHORT_GAME)
    second = write("one.mrec", SHORT_GAME)
    result = run("validate", first, second, "--format", "json")
    assert result.exit_code == 1
    data = json.loads(result.output)
    assert data["games"] == 3 and data["invalid"] == 1 and data["valid"] is False
    validity = [game["valid"] for entry in data["files"] for game in entry["games"]]
    assert validity == [False, True, True]
    problem = data["files"][0]["games"][0]["problems"][0]
    assert problem == {
        "line": 5,
        "col": 13,
        "rule": "MER-R2",
        "title": "Different heights",
        "severity": "error",
        "message": "a tower 3 high already stands on this meridian (orange)",
    }


def test_validate_folder_checks_every_record(tmp_path: Path) -> None:
    (tmp_path / "a.mrec").write_text(SHORT_GAME, "utf-8")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "b.mrec").write_text(BAD_TURN, "utf-8")
    (tmp_path / "notes.txt").write_text("not a record", "utf-8")
    result = run("validate", str(tmp_path), "--format", "json")
    data = json.loads(result.output)
    assert sorted(Path(entry["file"]).name for entry in data["files"]) == ["a.mrec", "b.mrec"]
    assert result.exit_code == 1


def test_score_position_table_and_result_agreement(write: Write) -> None:
    path = write("pos.mrec", POSITION)
    result = run("score", path, "--islands")
    assert result.exit_code == 0, result.output
    assert "Result: agrees" in result.output
    rows = [line.split() for line in result.output.splitlines()]
    ann = next(row for row in rows if row[:2] == ["1", "Ann"])
    assert ann[-2:] == ["9", "15"]  # points, pieces left (20 - 5 on the board)


def test_score_json_shape(write: Write) -> None:
    path = write("pos.mrec", POSITION)
    data = json.loads(run("score", path, "--format", "json").output)
    game = data["files"][0]["games"][0]
    assert game["result_agrees"] is True
    players = {p["name"]: p for p in game["score"]["players"]}
    assert players["Ann"]["points"] == 9 and players["Ann"]["rank"] == 1
    assert players["Ann"]["islands"] == ["j", "l"]
    assert players["Cy"]["points"] == 4 and players["Cy"]["islands"] == ["c"]
    assert players["Ben"]["rank"] == players["Di"]["rank"] == 3  # equal points and pieces
    held = {i["island"]: i["holder"] for i in game["score"]["islands"] if i["holder"]}
    assert held == {"c": "Cy", "j": "Ann", "l": "Ann"}


def test_score_flags_a_wrong_result(write: Write) -> None:
    path = write("pos.mrec", POSITION.replace("Ann 9", "Ann 7"))
    result = run("score", path)
    assert result.exit_code == 1
    assert "DISAGREES" in result.output
    assert "MER-E5 the result gives Ann 7 points; they score 9" in result.output


def test_replay_shows_pushes_and_board(write: Write) -> None:
    record = SHORT_GAME + "5. orange 1-2-3/1: 2@1\n6. black 1: 5@1\n"
    path = write("push.mrec", record)
    result = run("replay", path, "--turn", "6")
    assert result.exit_code == 1
    assert "6. black 1: 5@1: ILLEGAL: MER-R6 pushing the orange tower down from city 1" in (
        result.output
    )
    data = json.loads(run("replay", path, "--format", "json").output)
    turns = data["files"][0]["games"][0]["turns"]
    assert [t["number"] for t in turns] == [1, 2, 3, 4, 5, 6]
    last = turns[-1]
    assert last["legal"] is False  # the orange tower would be pushed off the bottom
    assert any("MER-R6" in event for event in last["events"])
    assert turns[3]["events"] == [
        "builds br1 on city 1 of meridian 7",
        "pushes bk2 up from city 1 to 2",
        "pushes or3 up from city 2 to 3",
        "pushes gy4 up from city 3 to 4",
    ]


def test_replay_push_down_is_described(write: Write) -> None:
    record = SHORT_GAME + "5. orange 1-2-3/1: 2@2\n6. black 1: 5@2\n"
    path = write("push.mrec", record)
    result = run("replay", path, "--turn", "6")
    assert result.exit_code == 0, result.output
    assert "pushes or2 down from city 2 to 1" in result.output
    assert "\n   1  k or2" in result.output and "\n   2  i bk5" in result.output


def test_replay_unknown_turn_is_a_usage_error(write: Write) -> None:
    path = write("ok.mrec", SHORT_GAME)
    result = run("replay", path, "--turn", "99")
    assert result.exit_code == 2
    assert "has no turn 99" in result.output


def test_annotate_keeps_comments_and_marks_illegal_turns(write: Write, tmp_path: Path) -> None:
    path = write("bad.mrec", BAD_TURN.replace("3@2\n", "3@2 { my note }\n"))
    out = tmp_path / "annotated.mrec"
    result = run("annotate", path, "-o", str(out))
    assert result.exit_code == 1
    text = out.read_text("utf-8")
    first = next(line for line in text.splitlines() if line.startswith("1. "))
    assert first.startswith("1. orange 7: 3@2 { my note } {= builds or3 on city 2 of meridian 7")
    second = next(line for line in text.splitlines() if line.startswith("2. "))
    assert "ILLEGAL: MER-R2" in second


def test_annotated_record_reads_back_the_same(write: Write, tmp_path: Path) -> None:
    path = write("ok.mrec", SHORT_GAME)
    out = tmp_path / "annotated.mrec"
    assert run("annotate", path, "-o", str(out)).exit_code == 0
    again = run("validate", str(out), "--format", "json")
    assert again.exit_code == 0
    assert json.loads(again.output)["games"] == 1


def test_annotate_json_has_notes_per_turn(write: Write) -> None:
    path = write("ok.mrec", SHORT_GAME)
    data = json.loads(run("annotate", path, "--format", "json").output)
    turns = data["games"][0]["turns"]
    assert len(turns) == 4
    assert turns[0]["notes"][-1] == "score Ann 5, Ben 0, Cy 0, Di 0"


BAD_INPUTS = {
    "empty": b"",
    "binary": bytes(range(256)) * 4,
    "invalid-utf8": b'[Game "Meridian"]\n[Players "Ann \xff orange"]\n',
    "nul": b'[Game "Meridian"]\x00\n',
}


@pytest.mark.parametrize("command", ["validate", "replay", "annotate", "score"])
@pytest.mark.parametrize("kind", sorted(BAD_INPUTS))
def test_unreadable_input_is_exit_2_with_a_message(write: Write, command: str, kind: str) -> None:
    path = write(f"{kind}.mrec", BAD_INPUTS[kind])
    result = run(command, path)
    assert result.exit_code == 2
    assert f"meridina: {path}" in result.output
    assert "REC-0" in result.output


BROKEN_RECORDS = {
    "truncated-tag": '[Game "Meridian"]\n[Players "Ann orange; Ben',
    "truncated-turn": SHORT_GAME + "5. orange 1-2-3/",
    "unknown-board": SHORT_GAME.replace('[Event "Club night"]', '[Board "moon"]'),
    "unknown-game": SHORT_GAME.replace("Meridian", "Chess"),
    "no-game-tag": SHORT_GAME.replace('[Game "Meridian"]\n', ""),
    "no-players": SHORT_GAME.replace('[Players "Ann orange; Ben black; Cy grey; Di brown"]\n', ""),
    "garbage": "%%% this is not a record %%%\n",
    "unclosed-comment": SHORT_GAME + "5. orange 1: 2@1 { never closed\n",
}


@pytest.mark.parametrize("command", ["validate", "replay", "annotate", "score"])
@pytest.mark.parametrize("kind", sorted(BROKEN_RECORDS))
def test_broken_records_give_a_placed_problem_and_exit_1(
    write: Write, command: str, kind: str
) -> None:
    path = write(f"{kind}.mrec", BROKEN_RECORDS[kind])
    result = run(command, path)
    assert result.exit_code == 1, result.output
    assert f"{path}:" in result.output


def test_unknown_board_message_lists_bundled_boards(write: Write) -> None:
    path = write("moon.mrec", BROKEN_RECORDS["unknown-board"])
    result = run("validate", path)
    assert "unknown board 'moon'" in result.output
    assert "five-city" in result.output and "four-city" in result.output


def test_invalid_utf8_is_reported_on_its_own_line(write: Write) -> None:
    path = write(
        "latin1.mrec", SHORT_GAME.encode() + "5. orange 1: 2@1 { café }\n".encode("latin-1")
    )
    result = run("validate", path)
    assert result.exit_code == 2
    assert f"{path}:9:23: REC-0 is not valid UTF-8 text (byte 0xe9 cannot be decoded)" in (
        result.output
    )


def test_duplicate_tag_is_reported(write: Write) -> None:
    path = write("dup.mrec", SHORT_GAME.replace("[Event", '[Event "Again"]\n[Event'))
    result = run("validate", path)
    assert result.exit_code == 1
    assert f"{path}:3:1: REC-2 the Event tag is given twice in this game" in result.output


def test_missing_file_is_exit_2(tmp_path: Path) -> None:
    result = run("score", str(tmp_path / "nope.mrec"))
    assert result.exit_code == 2
    assert "no such file" in result.output


def test_standard_input_is_read_with_dash() -> None:
    result = run("validate", "-", input_text=SHORT_GAME)
    assert result.exit_code == 0


def test_game_option_picks_one_game(write: Write) -> None:
    path = write("two.mrec", BAD_TURN + "\n" + SHORT_GAME)
    result = run("score", path, "--game-number", "2")
    assert result.exit_code == 0
    assert result.output.startswith("Game 2:")
    assert run("score", path, "--game-number", "3").exit_code == 2


def test_help_says_boards_are_stand_ins() -> None:
    text = " ".join(run("--help").output.split())
    assert "stand-in layouts, not transcriptions of the printed board" in text
