"""The four commands on Medina records through Click's CliRunner: output, JSON, exit codes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result
from conftest import Write
from conftest import run_cli as run

GAME = """\
[Game "Medina"]
[Event "Club night"]
[Edition "1"]
[Players "Ann red; Ben blue; Cy green"]
[Setup "merchant H7"]

1. red orange@E5 roof@E5 { a quick roof }
2. blue orange@K5 roof@K5
3. green stable@K6 merchant@H8 ; blue's palace grows
4. red wall@B1 wall@C1
5. blue grey@C2 roof@C2
"""

# Ann: orange E5 (1). Ben: orange K5 with the stable K6 (2), grey C2 next to the wall C1 (2),
# the orange and grey palace tiles (4 + 1) and tower tile 4.
GAME_POINTS = {"Ann": 1, "Ben": 13, "Cy": 0}

# Two faults: a building onto red's roofed palace, and a pass while pieces fit.
ILLEGAL = GAME + "6. green orange@E6 wall@D1\n7. red merchant@H9 wall@B13\n8. blue pass\n"

# A final position typed in from the table: the well on O9 adds 4 for M9 and for O7.
POSITION = """\
[Game "Medina"]
[Edition "2"]
[Players "Ann red; Ben blue; Cy green"]
[Setup "well O9"]
[Result "Ann 11; Ben 7; Cy 0"]

position
  orange: M9 M10
  grey: O6
  stables: L9 O7
  merchants: H7
  roofs: red@M9 blue@O6
"""

HEAD = """\
[Game "Medina"]
[Players "Ann red; Ben blue; Cy green"]
[Setup "merchant H7"]

"""

MERIDIAN = """\
[Game "Meridian"]
[Players "Ann orange; Ben black; Cy grey; Di brown"]

1. orange 7: 3@2
"""


def data_of(result: Result) -> Any:
    return json.loads(result.stdout)


def lines_of(result: Result, path: str) -> list[str]:
    return [line for line in result.output.splitlines() if line.startswith(f"{path}:")]


# ---------------------------------------------------------------- validate


def test_validate_valid_medina_record(write: Write) -> None:
    path = write("ok.mrec", GAME)
    result = run("validate", path)
    assert result.exit_code == 0, result.output
    assert lines_of(result, path) == []
    assert "1 game in 1 file: 1 valid, 0 invalid" in result.output


def test_validate_reports_medina_problems_with_place_and_rule(write: Write) -> None:
    path = write("bad.mrec", ILLEGAL)
    result = run("validate", path)
    assert result.exit_code == 1
    first, second = lines_of(result, path)
    assert first == (
        f"{path}:12:10: MED-B4 the orange palace at E5 is roofed or finished: it takes no more "
        "buildings"
    )
    # The message names one placement that was open; which one is the checker's choice.
    assert second.startswith(f"{path}:14:1: MED-T3 blue may not pass: a ")
    assert second.endswith(" can still be placed")
    assert "1 game in 1 file: 0 valid, 1 invalid" in result.output


def test_validate_json_shape(write: Write) -> None:
    path = write("bad.mrec", GAME + "6. green grey@E6 merchant@H9\n")
    result = run("validate", path, "--format", "json")
    assert result.exit_code == 1
    data = data_of(result)
    assert data["valid"] is False and data["games"] == 1 and data["invalid"] == 1
    (entry,) = data["files"]
    assert entry["file"] == path and entry["error"] is None
    (game,) = entry["games"]
    assert (game["game"], game["line"], game["name"], game["valid"]) == (1, 1, "Medina", False)
    assert game["problems"] == [
        {
            "line": 12,
            "col": 10,
            "rule": "MED-B3",
            "title": "Spacing",
            "severity": "error",
            "message": "a building on E6 would touch the orange palace at E5; palaces keep "
            "one free field between them",
        }
    ]


def test_validate_folder_with_both_games(tmp_path: Path) -> None:
    (tmp_path / "medina.mrec").write_text(GAME, "utf-8")
    (tmp_path / "meridian.mrec").write_text(MERIDIAN, "utf-8")
    result = run("validate", str(tmp_path), "--format", "json")
    assert result.exit_code == 0, result.output
    data = data_of(result)
    names = sorted(game["name"] for entry in data["files"] for game in entry["games"])
    assert names == ["Medina", "Meridian"]


def test_validate_both_games_in_one_file(write: Write) -> None:
    path = write("both.mrec", MERIDIAN + "\n" + GAME)
    result = run("validate", path, "--format", "json")
    assert result.exit_code == 0, result.output
    games = data_of(result)["files"][0]["games"]
    assert [(g["name"], g["line"], g["valid"]) for g in games] == [
        ("Meridian", 1, True),
        ("Medina", 6, True),
    ]


# ---------------------------------------------------------------- replay


def test_replay_draws_the_city_after_each_turn(write: Write) -> None:
    path = write("ok.mrec", GAME)
    result = run("replay", path)
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.startswith("Game 1: Medina on board standard\n")
    assert "\nStart\n" in out
    assert (
        "\n1. red orange@E5 roof@E5: orange building on E5; roof on E5; orange palace tile: red\n"
        in out
    )
    assert (
        "\n3. green stable@K6 merchant@H8: stable on K6; merchant on H8; orange palace tile: blue\n"
    ) in out
    assert "\n4. red wall@B1 wall@C1: wall on B1; wall on C1\n" in out
    assert (
        "\n5. blue grey@C2 roof@C2: grey building on C2; roof on C2; grey palace tile: blue; "
        "tower tile 4: blue\n"
    ) in out
    # The board after the last turn: row 5 holds both roofed orange palaces, row 1 the walls.
    assert "\n   5 : . . . O . . . . . O . . . . . . :\n" in out
    assert "\n   1 4 # # : : : : : : : : : : : : : : 2\n" in out
    assert "  orange palace at K5: 1 building + 1 stable, blue\n" in out
    assert "  tiles: grey palace blue, orange palace blue, tower 4 blue" in out


def test_replay_one_turn(write: Write) -> None:
    path = write("ok.mrec", GAME)
    result = run("replay", path, "--turn", "2")
    assert result.exit_code == 0, result.output
    assert "\n2. blue orange@K5 roof@K5: orange building on K5; roof on K5\n" in result.output
    assert "\nStart\n" not in result.output
    assert "\n1. " not in result.output and "\n3. " not in result.output
    assert run("replay", path, "--turn", "9").exit_code == 2


def test_replay_marks_illegal_turns(write: Write) -> None:
    path = write("bad.mrec", ILLEGAL)
    result = run("replay", path, "--turn", "6")
    assert result.exit_code == 1
    assert (
        "\n6. green orange@E6 wall@D1: wall on D1; ILLEGAL: MED-B4 the orange palace at E5 is "
        "roofed or "
        "finished: it takes no more buildings (not placed)\n"
    ) in result.output
    assert f"{path}:12:10: MED-B4 " in result.output


def test_replay_json_shape(write: Write) -> None:
    path = write("bad.mrec", ILLEGAL)
    result = run("replay", path, "--format", "json")
    assert result.exit_code == 1
    (entry,) = data_of(result)["files"]
    assert entry["file"] == path
    (game,) = entry["games"]
    assert set(game) == {"game", "name", "board", "start", "turns", "problems"}
    assert (game["game"], game["name"], game["board"]["name"]) == (1, "Medina", "standard")
    assert game["board"]["stand_in"] is False
    assert game["start"]["pieces"] == [{"field": "H7", "piece": "merchant"}]
    turns = game["turns"]
    assert [t["number"] for t in turns] == [1, 2, 3, 4, 5, 6, 7, 8]
    assert all(set(t) == {"number", "turn", "legal", "events", "state"} for t in turns)
    assert turns[0]["turn"] == "red orange@E5 roof@E5"
    assert turns[0]["events"] == [
        "orange building on E5",
        "roof on E5",
        "orange palace tile: red",
    ]
    assert turns[4]["events"] == [
        "grey building on C2",
        "roof on C2",
        "grey palace tile: blue",
        "tower tile 4: blue",
    ]
    assert [t["legal"] for t in turns] == [True] * 5 + [False, True, False]
    assert turns[5]["events"][0] == "wall on D1"
    assert turns[5]["events"][1].startswith("ILLEGAL: MED-B4 ")
    state = turns[4]["state"]
    assert set(state) == {"pieces", "palaces", "tiles"}
    assert {"field": "C2", "piece": "building", "colour": "grey"} in state["pieces"]
    assert {"field": "K6", "piece": "stable"} in state["pieces"]
    assert {"field": "C1", "piece": "wall"} in state["pieces"]
    assert {
        "colour": "orange",
        "buildings": ["K5"],
        "stables": ["K6"],
        "owner": "blue",
    } in state["palaces"]
    assert state["tiles"] == {
        "palace": {"grey": "blue", "black": None, "brown": None, "orange": "blue"},
        "tower": {"4": "blue"},
    }
    assert [(p["line"], p["col"], p["rule"]) for p in game["problems"]] == [
        (12, 10, "MED-B4"),
        (14, 1, "MED-T3"),
    ]


def test_replay_of_a_position_shows_the_well(write: Write) -> None:
    path = write("pos.mrec", POSITION)
    result = run("replay", path)
    assert result.exit_code == 0, result.output
    assert "\n   9 : . . . . . . . . . . s O . W . . :\n" in result.output
    start = data_of(run("replay", path, "--format", "json"))["files"][0]["games"][0]["start"]
    assert {"field": "O9", "piece": "well"} in start["pieces"]


# ---------------------------------------------------------------- annotate


def turn_lines(text: str) -> dict[int, str]:
    lines = {}
    for line in text.splitlines():
        number, dot, _ = line.partition(". ")
        if dot and number.isdigit():
            lines[int(number)] = line
    return lines


def test_annotate_keeps_comments_and_notes_tiles_and_palace_values(
    write: Write, tmp_path: Path
) -> None:
    path = write("ok.mrec", GAME)
    out = tmp_path / "annotated.mrec"
    result = run("annotate", path, "-o", str(out))
    assert result.exit_code == 0, result.output
    text = out.read_text("utf-8")
    assert text.startswith('[Game "Medina"]\n')
    assert '\n[Event "Club night"]\n' in text
    turns = turn_lines(text)
    assert turns[1] == (
        "1. red orange@E5 roof@E5 { a quick roof } "
        "{= orange palace tile: red; orange palace at E5 (red) worth 1 }"
    )
    assert turns[3].startswith("3. green stable@K6 merchant@H8 { blue's palace grows }")
    assert "orange palace tile: blue" in turns[3]
    assert "orange palace at K5 (blue) worth 2" in turns[3]
    assert turns[4] == "4. red wall@B1 wall@C1"
    assert turns[5] == (
        "5. blue grey@C2 roof@C2 {= grey palace tile: blue; tower tile 4: blue; "
        "grey palace at C2 (blue) worth 2 }"
    )


def test_annotate_notes_a_palace_whose_value_changes(write: Write) -> None:
    path = write("ok.mrec", GAME + "6. green merchant@H6 merchant@H5\n7. red wall@D1 stable@F5\n")
    result = run("annotate", path)
    assert result.exit_code == 0, result.output
    turns = turn_lines(result.stdout)
    assert turns[6] == "6. green merchant@H6 merchant@H5"
    assert turns[7] == "7. red wall@D1 stable@F5 {= orange palace at E5 (red) worth 2 }"


def test_annotate_marks_illegal_turns(write: Write) -> None:
    path = write("bad.mrec", ILLEGAL.replace("8. blue pass", "8. blue pass { tired }"))
    result = run("annotate", path)
    assert result.exit_code == 1
    turns = turn_lines(result.stdout)
    assert turns[6].startswith("6. green orange@E6 wall@D1 {= ILLEGAL: MED-B4 the orange palace")
    assert turns[8].startswith("8. blue pass { tired } {= ILLEGAL: MED-T3 blue may not pass")
    assert f"{path}:12:10: MED-B4 " in result.output


def test_annotated_record_reads_back_the_same(write: Write, tmp_path: Path) -> None:
    for name, record in (("ok.mrec", GAME), ("pos.mrec", POSITION), ("bad.mrec", ILLEGAL)):
        path = write(name, record)
        out = tmp_path / f"annotated-{name}"
        first = run("annotate", path, "-o", str(out))
        again = run("validate", str(out), "--format", "json")
        assert again.exit_code == first.exit_code
        before = data_of(run("validate", path, "--format", "json"))["files"][0]["games"][0]
        after = data_of(again)["files"][0]["games"][0]
        assert [p["rule"] for p in after["problems"]] == [p["rule"] for p in before["problems"]]
        # The score table (problems go to standard error) is the same for both.
        assert run("score", str(out)).stdout == run("score", path).stdout


def test_annotate_json_has_notes_per_turn(write: Write) -> None:
    path = write("ok.mrec", GAME)
    result = run("annotate", path, "--format", "json")
    assert result.exit_code == 0
    (game,) = data_of(result)["games"]
    assert set(game) == {"game", "name", "board", "text", "turns", "problems"}
    assert game["board"] == {"name": "standard", "stand_in": False}
    assert game["name"] == "Medina" and game["problems"] == []
    assert [t["number"] for t in game["turns"]] == [1, 2, 3, 4, 5]
    assert game["turns"][0]["notes"] == [
        "orange palace tile: red",
        "orange palace at E5 (red) worth 1",
    ]
    assert game["turns"][3]["notes"] == []
    assert "{ a quick roof }" in game["text"]


def test_annotate_position_record_keeps_the_position(write: Write) -> None:
    path = write("pos.mrec", POSITION)
    result = run("annotate", path)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "\nposition\n" in out
    for entry in ("orange: M9 M10", "stables: L9 O7", "roofs: red@M9 blue@O6"):
        assert f"  {entry}\n" in out


# ---------------------------------------------------------------- score


def table_rows(output: str) -> dict[str, list[str]]:
    rows = {}
    for line in output.splitlines():
        words = line.split()
        if len(words) >= 3 and words[0].isdigit() and words[1] in GAME_POINTS:
            rows[words[1]] = words
    return rows


def test_score_table(write: Write) -> None:
    path = write("ok.mrec", GAME)
    result = run("score", path)
    assert result.exit_code == 0, result.output
    assert result.output.startswith(
        "Game 1: Medina on board standard (not finished; scored as it stands)\n"
    )
    rows = table_rows(result.output)
    # rank, name, roof colour, palace points, tile points, total, largest palace
    assert rows["Ben"] == ["1", "Ben", "blue", "4", "9", "13", "2"]
    assert rows["Ann"] == ["2", "Ann", "red", "1", "0", "1", "1"]
    assert rows["Cy"] == ["3", "Cy", "green", "0", "0", "0", "0"]
    assert "Result: the record states none" in result.output
    assert "Buildings" not in result.output


def test_score_palaces_breakdown(write: Write) -> None:
    path = write("pos.mrec", POSITION)
    result = run("score", path, "--palaces")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "(from a position; scored as it stands)" in out
    header = next(line for line in out.splitlines() if line.startswith("Player "))
    assert header.split() == [
        "Player", "Palace", "Buildings", "Stables", "Walls", "Merchants", "Well", "Total",
    ]  # fmt: skip
    rows = [line.split() for line in out.splitlines() if " palace at " in line]
    assert rows == [
        ["Ann", "orange", "palace", "at", "M9", "2", "1", "0", "0", "4", "7"],
        ["Ben", "grey", "palace", "at", "O6", "1", "1", "0", "0", "4", "6"],
    ]
    assert "\nTiles: grey palace blue, orange palace red\n" in out
    assert "Result: agrees with the record's Result tag" in out


def test_score_flags_a_wrong_result(write: Write) -> None:
    path = write("pos.mrec", POSITION.replace("Ben 7", "Ben 8"))
    result = run("score", path)
    assert result.exit_code == 1
    assert "Result: DISAGREES with the record's Result tag" in result.output
    assert f"{path}:5:18: MED-E6 the result gives Ben 8 points; they score 7" in result.output


def test_score_json_shape(write: Write) -> None:
    path = write("ok.mrec", GAME)
    result = run("score", path, "--format", "json")
    assert result.exit_code == 0
    (game,) = data_of(result)["files"][0]["games"]
    assert (game["game"], game["name"], game["board"]["name"]) == (1, "Medina", "standard")
    assert game["board"]["stand_in"] is False
    assert game["result_agrees"] is None and game["problems"] == []
    sheet = game["score"]
    assert sheet["finished"] is False
    players = {p["name"]: p for p in sheet["players"]}
    assert {name: p["total"] for name, p in players.items()} == GAME_POINTS
    assert {name: p["rank"] for name, p in players.items()} == {"Ben": 1, "Ann": 2, "Cy": 3}
    ben = players["Ben"]
    assert ben["colour"] == "blue"
    assert (ben["tiles"], ben["palace_tiles"], ben["tower_tiles"]) == (9, ["grey", "orange"], [4])
    assert ben["largest_palace"] == 2
    assert ben["palaces"] == [
        {
            "palace": "orange palace at K5",
            "buildings": 1,
            "stables": 1,
            "walls": 0,
            "merchants": 0,
            "well": 0,
            "total": 2,
        },
        {
            "palace": "grey palace at C2",
            "buildings": 1,
            "stables": 0,
            "walls": 1,
            "merchants": 0,
            "well": 0,
            "total": 2,
        },
    ]
    assert players["Cy"]["palaces"] == []


def test_score_json_result_agreement(write: Write) -> None:
    good = write("good.mrec", POSITION)
    bad = write("bad.mrec", POSITION.replace("Ann 11", "Ann 12"))
    good_data = data_of(run("score", good, "--format", "json"))
    assert good_data["files"][0]["games"][0]["result_agrees"] is True
    result = run("score", bad, "--format", "json")
    assert result.exit_code == 1
    game = data_of(result)["files"][0]["games"][0]
    assert game["result_agrees"] is False
    assert [(p["line"], p["col"], p["rule"]) for p in game["problems"]] == [(5, 10, "MED-E6")]


def test_score_picks_one_game_of_two(write: Write) -> None:
    path = write("both.mrec", MERIDIAN + "\n" + GAME)
    result = run("score", path, "--game-number", "2")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Game 2: Medina on board standard")


# ---------------------------------------------------------------- broken Medina records

BROKEN = {
    "bad-cell": (HEAD + "1. red orange@5E orange@E6\n", [(5, 8, "REC-3")]),
    "cell-off-the-board": (HEAD + "1. red orange@E55 orange@E6\n", [(5, 8, "MED-B1")]),
    "unknown-piece": (HEAD + "1. red tower@E5 orange@E6\n", [(5, 8, "REC-3")]),
    "missing-setup": (
        HEAD.replace('[Setup "merchant H7"]\n', "") + "1. red orange@E5 orange@E6\n",
        [(1, 1, "MED-S3")],
    ),
    "unknown-edition": (HEAD.replace("[Players", '[Edition "9"]\n[Players'), [(2, 10, "MED-S2")]),
    "unknown-board": (HEAD.replace("[Players", '[Board "moon"]\n[Players'), [(2, 8, "MED-D1")]),
    "no-players": (
        HEAD.replace('[Players "Ann red; Ben blue; Cy green"]\n', ""),
        [(1, 1, "REC-2")],
    ),
    "bad-position": (HEAD + "position\n  towers: A1\n", [(6, 3, "REC-5")]),
    "truncated-turn": (HEAD + "1. red orange@", [(5, 14, "REC-1")]),
}


@pytest.mark.parametrize("command", ["validate", "replay", "annotate", "score"])
@pytest.mark.parametrize("kind", sorted(BROKEN))
def test_broken_medina_records_give_placed_problems_and_exit_1(
    write: Write, command: str, kind: str
) -> None:
    record, faults = BROKEN[kind]
    path = write(f"{kind}.mrec", record)
    result = run(command, path)
    assert result.exit_code == 1, result.output
    for line, col, rule in faults:
        assert f"{path}:{line}:{col}: {rule} " in result.output
    json_result = run(command, path, "--format", "json")
    assert json_result.exit_code == 1
    data_of(json_result)


def test_broken_medina_record_json_problems(write: Write) -> None:
    record, _ = BROKEN["unknown-piece"]
    path = write("piece.mrec", record)
    data = data_of(run("validate", path, "--format", "json"))
    (problem,) = data["files"][0]["games"][0]["problems"]
    assert problem == {
        "line": 5,
        "col": 8,
        "rule": "REC-3",
        "title": "A turn written wrongly",
        "severity": "error",
        "message": "'tower' is not a piece: write a building colour, roof, neutral, stable, "
        "merchant or wall, then @FIELD",
    }


def test_medina_record_on_standard_input() -> None:
    result = run("validate", "-", input_text=GAME)
    assert result.exit_code == 0, result.output


def test_annotate_writes_a_tile_holder_as_it_was_typed(write: Write) -> None:
    path = write(
        "tiles.mrec",
        '[Game "Medina"]\n[Edition "1"]\n[Players "Ann red; Ben blue; Cy green"]\n\nposition\n'
        "  orange: C2 K5 K6\n  walls: B1 C1\n  roofs: red@C2 blue@K5\n"
        "  palace-tiles: orange Ben\n  tower-tiles: 4 Ann\n",
    )
    result = run("annotate", path, "--no-notes")
    assert result.exit_code == 0, result.output
    assert "  palace-tiles: orange Ben\n  tower-tiles: 4 Ann\n" in result.stdout
