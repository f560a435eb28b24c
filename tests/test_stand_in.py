"""Every command says when a game is played on a bundled stand-in board, in text and JSON."""

from __future__ import annotations

import html
import json
from collections.abc import Callable
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest
from conftest import record
from conftest import run_cli as run
from meridina.games import shown_game
from meridina.notation.driver import check_file
from meridina.notation.meridian.setup import TAGS
from meridina.stand_in import RESULT_BOARD
from test_html_replay import data_of

TOP = Path(__file__).resolve().parent.parent
MERIDIAN = TOP / "examples/meridian/three-players.mrec"
MEDINA = TOP / "examples/medina/second-edition-3p.mrec"
FIVE_CITY = (files("meridina.rules.meridian") / "boards" / "five-city.toml").read_text("utf-8")
SAID = "is a stand-in layout, not the printed board"


def boards(command: str, path: Path) -> list[Any]:
    data = json.loads(run(command, str(path), "--format", "json").stdout)
    if "files" in data:
        return [game["board"] for f in data["files"] for game in f["games"]]
    return [game["board"] for game in data["games"]]


@pytest.mark.parametrize("command", ["replay", "score", "annotate", "validate"])
def test_json_flags_the_stand_in_board(command: str) -> None:
    assert boards(command, MERIDIAN) == [{"name": "four-city", "stand_in": True}]
    assert boards(command, MEDINA) == [{"name": "standard", "stand_in": False}]


@pytest.mark.parametrize("command", ["replay", "score", "annotate", "validate"])
def test_text_says_so_once_per_game(command: str) -> None:
    meridian = run(command, str(MERIDIAN))
    assert (meridian.stdout + meridian.stderr).count(f"Board four-city {SAID}") == 1
    medina = run(command, str(MEDINA))
    assert SAID not in medina.stdout + medina.stderr


def _game_on(tmp_path: Path, board_text: str) -> Path:
    (tmp_path / "mine.toml").write_text(board_text, "utf-8")
    path = tmp_path / "game.mrec"
    path.write_text(record('[Board "mine.toml"]', "1. orange 7: 3@2"), "utf-8")
    return path


def test_a_transcribed_board_is_not_a_stand_in(tmp_path: Path) -> None:
    changed = FIVE_CITY.replace("k k k l l L l m m m", "k k k l l L l l m m")
    changed = changed.replace('name = "five-city"', 'name = "club-board"')
    path = _game_on(tmp_path, changed)
    assert boards("score", path) == [{"name": "club-board", "stand_in": False}]
    assert SAID not in run("score", str(path)).stdout


def test_an_unchanged_copy_of_a_stand_in_is_still_one(tmp_path: Path) -> None:
    path = _game_on(tmp_path, FIVE_CITY)
    assert boards("score", path) == [{"name": "five-city", "stand_in": True}]


def test_a_copy_renamed_but_unchanged_is_still_a_stand_in(tmp_path: Path) -> None:
    renamed = FIVE_CITY.replace('name = "five-city"', 'name = "club-board"')
    path = _game_on(tmp_path, renamed)
    assert boards("score", path) == [{"name": "club-board", "stand_in": True}]
    assert f"Board club-board {SAID}" in run("score", str(path)).stdout


def test_a_layout_edited_under_the_bundled_name_is_not_a_stand_in(tmp_path: Path) -> None:
    edited = FIVE_CITY.replace("k k k l l L l m m m", "k k k l l L l l m m")
    path = _game_on(tmp_path, edited)
    assert boards("score", path) == [{"name": "five-city", "stand_in": False}]


# ---------------------------------------------------------------- every command and mode


def _turn_lines(example: Path) -> list[str]:
    report = one(check_file(example))
    game = shown_game(str(report.game).lower()).recorded()
    return [game.format_turn(entry.turn) for entry in report.record.entries]


def _header(example: Path) -> list[str]:
    report = one(check_file(example))
    args = ["--game", str(report.game).lower()]
    options = {"Players": "--players", "Edition": "--edition", "Options": "--options"}
    options["Setup"] = "--setup"
    for tag in report.record.game.tags:
        if tag.name in options:
            args += [options[tag.name], tag.value]
    return args


def _position_lines(example: Path) -> list[str]:
    lines = example.read_text("utf-8").split("\n")
    return [line for line in lines[lines.index("position") + 1 :] if line.strip()]


def one(reports: Any) -> Any:
    found = list(reports)
    assert len(found) == 1
    return found[0]


def _record(example: Path, tmp_path: Path) -> str:
    """``record`` fed a whole game from a pipe, asking for the score before the last turn."""
    turns = _turn_lines(example)
    typed = [*turns[:-1], "score", turns[-1]]
    target = tmp_path / "rec.mrec"
    result = run(
        "record", "-o", str(target), *_header(example), input_text="".join(f"{t}\n" for t in typed)
    )
    assert result.exit_code == 0, result.output
    return result.stdout + result.stderr


def _record_position(example: Path, tmp_path: Path) -> str:
    entries = [*_position_lines(example), "score"]
    target = tmp_path / "pos.mrec"
    result = run(
        "record", "--position", "-o", str(target), *_header(example),
        input_text="".join(f"{e}\n" for e in entries),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    return result.stdout + result.stderr


def _html(example: Path, tmp_path: Path) -> str:
    """The page and its games' data, unpacked as the page's script unpacks it."""
    page = tmp_path / "page.html"
    assert run("replay", str(example), "--html", str(page)).exit_code == 0
    text = page.read_text("utf-8")
    return text + json.dumps(data_of(text), ensure_ascii=False)


def _plain(*args: str) -> Callable[[Path, Path], str]:
    def said(example: Path, tmp_path: Path) -> str:
        result = run(args[0], str(example), *args[1:])
        return result.stdout + result.stderr

    return said


# (what it is, how to run it on an example, how often a stand-in is said in a whole game;
# 0: at least once)
TEXT_OUTPUTS: list[tuple[str, Callable[[Path, Path], str], int]] = [
    ("validate", _plain("validate"), 1),
    ("score", _plain("score"), 1),
    ("score --standings", _plain("score", "--standings"), 1),
    ("replay", _plain("replay"), 1),
    ("draw", _plain("draw"), 0),  # in the picture and on standard error
    ("replay --html", _html, 0),
    ("record", _record, 3),  # at the start, at 'score', at the game's end
    ("record --position", _record_position, 3),  # at the start, at 'score', when scored
]
POSITION = TOP / "examples/meridian/final-position.mrec"
MEDINA_POSITION = TOP / "examples/medina/scoring-example.mrec"


@pytest.mark.parametrize(
    ("name", "said", "times"), TEXT_OUTPUTS, ids=[n for n, _, _ in TEXT_OUTPUTS]
)
def test_every_command_that_scores_a_meridian_game_says_its_board_is_a_stand_in(
    name: str, said: Callable[[Path, Path], str], times: int, tmp_path: Path
) -> None:
    positional = name == "record --position"
    meridian, board = (POSITION, "five-city") if positional else (MERIDIAN, "four-city")
    text = said(meridian, tmp_path)
    if name == "replay --html":
        text = html.unescape(text)
    count = text.count(f"Board {board} {SAID}")
    assert count == times if times else count >= 1
    (tmp_path / "medina").mkdir()
    medina = said(MEDINA_POSITION if positional else MEDINA, tmp_path / "medina")
    assert SAID not in medina


@pytest.mark.parametrize("command", [["score", "--standings"]])
def test_json_standings_name_the_stand_in_boards(command: list[str]) -> None:
    meridian = json.loads(run(*command, str(MERIDIAN), "--format", "json").stdout)
    assert meridian["stand_in_boards"] == ["four-city"]
    medina = json.loads(run(*command, str(MEDINA), "--format", "json").stdout)
    assert medina["stand_in_boards"] == []


# ---------------------------------------------------------------- what record writes


def test_a_recorded_result_on_a_stand_in_board_says_so_in_the_file(tmp_path: Path) -> None:
    _record(MERIDIAN, tmp_path)
    written = one(check_file(tmp_path / "rec.mrec"))
    assert written.valid and not written.problems  # validate knows the tags it finds
    tags = {tag.name: tag.value for tag in written.record.game.tags}
    assert tags["Board"] == "four-city"
    assert tags["Result"] == one(check_file(MERIDIAN)).record.game.tag("Result").value
    assert tags[RESULT_BOARD] == "four-city: a stand-in layout, not the printed board"
    assert RESULT_BOARD in TAGS
    # Taking the last turn back takes the result and its mark out again.
    run("record", str(tmp_path / "rec.mrec"), input_text="undo\n")
    reopened = {tag.name for tag in one(check_file(tmp_path / "rec.mrec")).record.game.tags}
    assert "Board" in reopened and "Result" not in reopened and RESULT_BOARD not in reopened


def test_a_recorded_position_on_a_stand_in_board_says_so_in_the_file(tmp_path: Path) -> None:
    _record_position(POSITION, tmp_path)
    tags = {tag.name: tag.value for tag in one(check_file(tmp_path / "pos.mrec")).record.game.tags}
    assert tags[RESULT_BOARD] == "five-city: a stand-in layout, not the printed board"


def test_a_result_recorded_on_the_users_own_board_is_not_marked(tmp_path: Path) -> None:
    board = FIVE_CITY.replace("k k k l l L l m m m", "k k k l l L l l m m")
    (tmp_path / "mine.toml").write_text(board.replace('"five-city"', '"club"'), "utf-8")
    example = TOP / "examples/meridian/four-players.mrec"
    turns = _turn_lines(example)
    target = tmp_path / "game.mrec"
    result = run(
        "record", "-o", str(target), *_header(example), "--board", "mine.toml",
        input_text="".join(f"{t}\n" for t in [*turns, "score"]),
    )  # fmt: skip
    assert SAID not in result.stdout + result.stderr
    tags = {tag.name: tag.value for tag in one(check_file(target)).record.game.tags}
    assert tags["Board"] == "mine.toml" and "Result" in tags and RESULT_BOARD not in tags


def test_medina_records_get_no_board_tag(tmp_path: Path) -> None:
    _record(MEDINA, tmp_path)
    tags = {tag.name for tag in one(check_file(tmp_path / "rec.mrec")).record.game.tags}
    assert "Board" not in tags and RESULT_BOARD not in tags and "Result" in tags


def test_validate_knows_the_result_board_tag(tmp_path: Path) -> None:
    path = tmp_path / "game.mrec"
    path.write_text(record('[ResultBord "five-city"]', "1. orange 7: 3@2"), "utf-8")
    said = run("validate", str(path)).stdout
    assert "unknown tag [ResultBord]: read as [ResultBoard], which it probably means" in said
