"""The Python API: what ``import meridina`` gives, checked against the commands' own answers."""

from __future__ import annotations

import contextlib
import inspect
import io
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import meridina
import pytest
from checkout_copy import copy_of_checkout
from click.testing import CliRunner
from meridina.cli.main import cli

TOP = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((TOP / "examples").rglob("*.mrec"))
API_PAGE = TOP / "docs" / "api.md"
MEDINA_OK = """[Game "Medina"]
[Edition "1"]
[Players "Ann red; Ben blue; Cy green"]
[Setup "merchant H7"]

1. red orange@E5 roof@E5
"""


def test_every_public_name_is_exported_documented_and_in_the_reference() -> None:
    page = API_PAGE.read_text("utf-8")
    assert sorted(dir(meridina)) == sorted(meridina.__all__)
    for name in meridina.__all__:
        if name == "__version__":
            assert re.fullmatch(r"\d+\.\d+\.\d+\S*", meridina.__version__)
            continue
        found = getattr(meridina, name)
        assert inspect.getdoc(found), f"{name} has no docstring"
        assert f"`{name}" in page, f"{name} is not on the API page"
        assert f"- {name}\n" in page, f"{name} is not in the page's reference"
        if inspect.isclass(found):
            for member, value in vars(found).items():
                if member.startswith("_"):
                    continue
                if callable(value) or isinstance(value, property):
                    assert inspect.getdoc(value), f"{name}.{member} has no docstring"


def test_the_api_page_examples_print_what_the_page_says(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(TOP)
    page = API_PAGE.read_text("utf-8")
    examples = re.findall(r"```python\n(.*?)```\n\n```text\n(.*?)```", page, re.S)
    assert len(examples) >= 4
    for code, shown in examples:
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(compile(code, str(API_PAGE), "exec"), {})
        assert printed.getvalue() == shown, code


def run_json(*args: str) -> Any:
    result = CliRunner().invoke(cli, [*args, "--format", "json"])
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.stdout)


@pytest.mark.parametrize("example", EXAMPLES, ids=[path.name for path in EXAMPLES])
def test_each_game_says_what_validate_and_score_say(example: Path) -> None:
    checked = run_json("validate", str(example))
    scored = run_json("score", str(example))
    (checked_file,) = checked["files"]
    (scored_file,) = scored["files"]
    games = list(meridina.read_games(example))
    assert len(games) == len(checked_file["games"])
    for game, said, score in zip(games, checked_file["games"], scored_file["games"], strict=True):
        assert game.title == said["name"]
        assert game.valid == said["valid"]
        assert [
            {"line": p.line, "col": p.col, "rule": p.rule, "title": p.title}
            | {"severity": p.severity, "message": p.message}
            for p in game.problems
        ] == said["problems"]
        if score["score"] is None:
            with pytest.raises(meridina.MeridinaError, match="could not be set up"):
                game.score()
            continue
        ours = game.score()
        assert ours.finished == score["score"]["finished"]
        assert ours.complete == score["score"]["complete"]
        rows = score["score"]["players"]
        assert [(r.name, list(r.colours), r.rank, r.points) for r in ours.players] == [
            (row["name"], row["colours"], row["rank"], row["points"]) for row in rows
        ]
        for row, json_row in zip(ours.players, rows, strict=True):
            assert set(row.breakdown) < set(json_row)


def test_one_score_row_shape_in_both_games() -> None:
    titles = set()
    for example in EXAMPLES:
        for game in meridina.read_games(example):
            if game.title is None or not game.valid:
                continue
            titles.add(game.title)
            for row in game.score().players:
                assert isinstance(row.name, str) and isinstance(row.points, int)
                assert row.colours and all(isinstance(c, str) for c in row.colours)
                assert "total" not in row.breakdown and "colour" not in row.breakdown
    assert titles == {"Meridian", "Medina"}


def test_the_turn_played_next_is_among_the_legal_turns_of_each_position() -> None:
    for name in ("meridian/three-players.mrec", "medina/second-edition-3p.mrec"):
        (game,) = meridina.read_games(TOP / "examples" / name)
        assert game.valid
        for played, turn in enumerate(game.turns[:12]):
            text = turn.split(". ", 1)[1]
            if name.startswith("meridian"):
                assert text in game.legal_turns(played), (name, played, turn)
            elif played not in (2, 3):
                # Medina's legal turns found one at a time, the search stopped at the one
                # played (after the opening's single pieces a position has up to some 10^5;
                # the turns played after 2 and 3 come near the end of theirs: seconds each)
                found = game.position(played).legal_turns()
                assert any(legal.text == text for legal in found), (name, played, turn)
        assert game.position(0).turns_played == 0
        assert game.position().turns_played == len(game.turns)


def test_positions_are_the_ones_replay_shows() -> None:
    example = TOP / "examples" / "meridian" / "three-players.mrec"
    replayed = run_json("replay", str(example))
    (game,) = meridina.read_games(example)
    turns = replayed["files"][0]["games"][0]["turns"]
    for number in (1, 5, len(turns)):
        assert game.position(number).data() == turns[number - 1]["state"]


def test_a_game_written_back_reads_back_the_same() -> None:
    for example in EXAMPLES:
        for game in meridina.read_games(example):
            written = game.write()
            (again,) = meridina.read_text(written)
            assert again.turns == game.turns
            assert [(p.rule, p.message) for p in again.problems] == [
                (p.rule, p.message) for p in game.problems
            ]


def test_an_open_file_in_text_or_bytes_gives_the_games_its_path_gives() -> None:
    example = TOP / "examples" / "medina" / "errors.mrec"
    by_path = [(g.title, g.problems, g.turns) for g in meridina.read_games(example)]
    with example.open("rb") as raw:
        assert [(g.title, g.problems, g.turns) for g in meridina.read_games(raw)] == by_path
    with example.open(encoding="utf-8") as text:
        assert [(g.title, g.problems, g.turns) for g in meridina.read_games(text)] == by_path
    crlf = io.StringIO("\ufeff" + example.read_text("utf-8").replace("\n", "\r\n"))
    assert [(g.title, g.problems, g.turns) for g in meridina.read_games(crlf)] == by_path


class CountingStream(io.StringIO):
    """A text stream that counts the lines taken from it."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.lines_read = 0

    def __next__(self) -> str:  # type: ignore[override]  # a text stream gives str
        self.lines_read += 1
        return super().__next__()


def test_games_are_read_one_at_a_time() -> None:
    stream = CountingStream((MEDINA_OK + "\n") * 1000)
    games = meridina.read_games(stream)
    first = next(games)
    assert first.number == 1 and first.valid
    assert stream.lines_read < 20  # of 8,000: the first game, and the line that ends it
    assert sum(1 for _ in games) == 999


def test_rulings_and_boards_can_be_given(tmp_path: Path) -> None:
    (default,) = meridina.read_text(MEDINA_OK)
    (stricter,) = meridina.read_text(MEDINA_OK, rulings="min-roof-size=2")
    assert default.valid and not stricter.valid
    assert stricter.errors
    with_tag = MEDINA_OK.replace("[Setup", '[Rulings "min-roof-size=1"]\n[Setup')
    (tag_wins,) = meridina.read_text(with_tag, rulings="min-roof-size=2")
    assert tag_wins.valid
    # the well on a border field: only Board Game Arena's rule set allows it
    second = (
        '[Game "Medina"]\n[Edition "2"]\n[Players "Ann red; Ben blue; Cy green"]\n'
        '[Setup "well B5; merchant H7"]\n\n1. red orange@E5\n'
    )
    (border,) = meridina.read_text(second)
    (on_bga,) = meridina.read_text(second, rulings="set=bga")
    assert [p.rule for p in border.errors] == ["MED-S3"] and on_bga.valid
    with pytest.raises(meridina.MeridinaError, match="unknown rule set 'nowhere'"):
        list(meridina.read_text(MEDINA_OK, rulings="set=nowhere"))
    meridian = '[Game "Meridian"]\n[Players "Ann orange grey; Ben black brown"]\n'
    bundled = TOP / "rules" / "meridian" / "boards" / "five-city.toml"
    own = tmp_path / "club.toml"
    own.write_text(bundled.read_text("utf-8").replace('name = "five-city"', 'name = "club"'))
    (on_default,) = meridina.read_text(meridian)
    (on_given,) = meridina.read_games(io.StringIO(meridian), boards={"Meridian": own})
    assert on_default.position().state.board.name == "five-city"
    assert on_given.position().state.board.name == "club"
    named = meridian + '[Board "five-city"]\n'
    (kept,) = meridina.read_text(named, boards={"Meridian": own})
    assert kept.position().state.board.name == "five-city"


def test_board_files_named_in_text_are_found_from_the_folder_given(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bundled = TOP / "rules" / "meridian" / "boards" / "five-city.toml"
    club = tmp_path / "club"
    club.mkdir()
    (club / "own.toml").write_text(
        bundled.read_text("utf-8").replace('name = "five-city"', 'name = "own"')
    )
    named = '[Game "Meridian"]\n[Board "own.toml"]\n[Players "Ann orange grey; Ben black brown"]\n'
    monkeypatch.chdir(tmp_path)
    (elsewhere,) = meridina.read_text(named)
    assert not elsewhere.valid and elsewhere.errors[0].rule == "MER-B1"
    (found,) = meridina.read_text(named, folder=club)
    assert found.valid and found.position().state.board.name == "own"
    with pytest.raises(meridina.MeridinaError, match="is not a folder"):
        list(meridina.read_text(named, folder=club / "own.toml"))


def test_misuse_raises_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(meridina.MeridinaError, match="is a folder"):
        list(meridina.read_games(tmp_path))
    with pytest.raises(meridina.MeridinaError, match="REC-0 no such file"):
        list(meridina.read_games(tmp_path / "missing.mrec"))
    binary = tmp_path / "binary.mrec"
    binary.write_bytes(b"[Game \x00]")
    with pytest.raises(meridina.MeridinaError, match="NUL"):
        list(meridina.read_games(binary))
    with pytest.raises(meridina.MeridinaError, match="rulings: "):
        list(meridina.read_text(MEDINA_OK, rulings="min-roof-size=many"))
    (game,) = meridina.read_text(MEDINA_OK)
    with pytest.raises(meridina.MeridinaError, match="has 1 turn: there is no position after 2"):
        game.position(2)
    with pytest.raises(meridina.MeridinaError, match="no position after -1"):
        game.legal_turns(-1)
    (unreadable,) = meridina.read_text('[Game "Medina"\n1. x\n')
    assert not unreadable.valid and unreadable.problems[0].rule.startswith("REC-")
    with pytest.raises(meridina.MeridinaError, match="could not be set up: REC-"):
        unreadable.position()
    assert unreadable.write() == unreadable.text


def test_importing_meridina_loads_nothing_until_the_api_is_used() -> None:
    code = (
        "import sys, meridina\n"
        "print(sorted(m for m in sys.modules if m.startswith('meridina.')))\n"
        "meridina.read_text\n"
        "print('meridina.api' in sys.modules)\n"
    )
    ran = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert ran.stdout.splitlines() == ["[]", "True"]


@pytest.mark.build
@pytest.mark.tool
@pytest.mark.skipif(shutil.which("git") is None, reason="builds a wheel from the checkout")
def test_a_program_using_the_api_passes_mypy_strict_against_the_installed_package(
    tmp_path: Path,
) -> None:
    wheels, target = tmp_path / "wheels", tmp_path / "site"
    build = [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(wheels)]
    source = copy_of_checkout(tmp_path)  # not in the checkout, which others build too
    built = subprocess.run([*build, str(source)], capture_output=True, text=True, check=False)
    assert built.returncode == 0, built.stdout + built.stderr
    (wheel,) = wheels.glob("*.whl")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "-q",
            "--no-deps",
            "--target",
            str(target),
            *[str(wheel)],
        ],
        check=True,
    )
    program = (
        "import meridina\n\n\n"
        "def ranking(path: str) -> list[tuple[str, int]]:\n"
        "    rows: list[tuple[str, int]] = []\n"
        "    for game in meridina.read_games(path):\n"
        "        rows.extend((row.name, row.points) for row in game.score().players)\n"
        "    return rows\n\n\n"
        "version: str = meridina.__version__\n"
        "problems: list[meridina.Problem] = []\n"
    )
    (tmp_path / "ranking.py").write_text(program, "utf-8")
    wrong = program + "points: str = meridina.ScoreRow('a', (), 1, 2).points\n"
    (tmp_path / "wrong.py").write_text(wrong, "utf-8")
    # both programs in one run (mypy's start and its reading of the package paid once);
    # each one's errors are told on lines that start with its name
    checked = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "ranking.py", "wrong.py"],
        capture_output=True,
        text=True,
        check=False,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(target)},  # as an installed package is found
    )
    said = checked.stdout + checked.stderr
    errors = [line for line in checked.stdout.splitlines() if ": error:" in line]
    assert checked.returncode == 1 and errors, said
    # the right program passes: every error is the wrong one's, which is refused
    assert all(line.startswith("wrong.py:") for line in errors), said
    assert any("Incompatible types" in line for line in errors), said
