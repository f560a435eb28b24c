"""``meridina record --position``: a finished table typed in entry by entry, then scored."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from meridina.cli.main import cli
from meridina.cli.record.position import position_at_prompt
from meridina.cli.recording.new_record import new_header
from meridina.cli.recording.position_session import PositionSession
from meridina.games import shown_game
from meridina.notation.driver import GameReport, check_file
from meridina.views import view_for
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

TOP = Path(__file__).resolve().parent.parent
POSITIONS = [
    TOP / "examples/meridian/final-position.mrec",
    TOP / "examples/medina/scoring-example.mrec",
]
OPTIONS = {
    "Players": "--players",
    "Board": "--board",
    "Edition": "--edition",
    "Options": "--options",
}


def run(*args: str, lines: list[str]) -> Result:
    result = CliRunner().invoke(cli, ["record", *args], input="".join(f"{x}\n" for x in lines))
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def only_game(path: Path) -> GameReport:
    reports = list(check_file(path))
    assert len(reports) == 1
    return reports[0]


def header_args(report: GameReport) -> list[str]:
    args = ["--game", str(report.game).lower()]
    for tag in report.record.game.tags:
        if tag.name in OPTIONS:
            args += [OPTIONS[tag.name], tag.value]
    return args


def entry_lines(example: Path) -> list[str]:
    lines = example.read_text("utf-8").split("\n")
    start = lines.index("position") + 1
    return [line for line in lines[start:] if line.strip()]


def score_of(path: Path) -> object:
    """The game's score as ``meridina score --format json`` gives it."""
    report = only_game(path)
    return view_for(str(report.game)).sheet_json(report.run.sheet, report.run.final)


@pytest.mark.parametrize("example", POSITIONS, ids=lambda p: p.name)
def test_a_position_typed_entry_by_entry_scores_as_the_example(
    example: Path, tmp_path: Path
) -> None:
    report = only_game(example)
    target = tmp_path / "table.mrec"
    result = run("--position", "-o", str(target), *header_args(report), lines=entry_lines(example))
    assert result.exit_code == 0, result.output
    rebuilt = only_game(target)
    assert rebuilt.valid, rebuilt.problems
    assert score_of(target) == score_of(example)
    stated, written = report.record.game.tag("Result"), rebuilt.record.game.tag("Result")
    assert stated is not None and written is not None and written.value == stated.value
    assert f"Result: {stated.value}" in result.output


def test_a_faulty_entry_is_refused_and_undo_drops_the_last(tmp_path: Path) -> None:
    example = POSITIONS[0]
    report = only_game(example)
    entries = entry_lines(example)
    typed = [entries[0], "  11: orange 1@1", "1. orange 7: 3@2", entries[1], "undo", *entries[1:]]
    target = tmp_path / "table.mrec"
    result = run("--position", "-o", str(target), *header_args(report), lines=typed)
    assert result.exit_code == 1  # two lines were refused
    refused = [line for line in result.output.splitlines() if line.startswith("-:")]
    assert refused[0] == "-:2:3: MER-R5 there is no meridian 11"
    assert refused[1].startswith("-:3:")
    assert "dropped '2: brown 1@3 orange 3@4 black 4@5'" in result.output
    rebuilt = only_game(target)
    assert rebuilt.valid
    assert score_of(target) == score_of(example)


def test_an_unfinished_position_is_scored_without_a_result(tmp_path: Path) -> None:
    target = tmp_path / "table.mrec"
    args = ["--game", "meridian", "--players", "Ann orange; Ben black; Cy grey; Di brown"]
    result = run(
        "--position",
        "-o",
        str(target),
        *args,
        lines=[
            "6: orange 2@2",
            "7: orange 3@1 grey 4@5",
            "played: orange 6 7 black 1 grey 7 brown 2",
        ],
    )
    assert result.exit_code == 0, result.output
    assert "no Result tag written" in result.output
    rebuilt = only_game(target)
    assert rebuilt.valid and rebuilt.record.game.tag("Result") is None


def test_a_position_typed_at_the_prompt_is_checked_and_scored(tmp_path: Path) -> None:
    example = POSITIONS[0]
    report = only_game(example)
    entries = entry_lines(example)
    target = tmp_path / "table.mrec"
    tags = [
        (t.name, t.value, OPTIONS[t.name]) for t in report.record.game.tags if t.name in OPTIONS
    ]
    header = new_header(target, "meridian", tags, position=True)
    session = PositionSession(shown_game("meridian").recorded(), target, header.record.game)
    typed = [entries[0], "", "  11: orange 1@1", "help", *entries[1:], "done", entries[0]]
    said: list[str] = []
    with create_pipe_input() as keys, create_app_session(input=keys, output=DummyOutput()):
        keys.send_text("".join(f"{line}\r" for line in typed))
        status = position_at_prompt(session, said.append)
    text = "\n".join(said)
    assert status == 0, text
    assert "\n  11: orange 1@1\n  ^ MER-R5 there is no meridian 11\n  not written.\n" in text
    assert "Commands: board, score, undo" in text
    assert session.entries == [e.strip() for e in entries]  # nothing after 'done' was read
    assert score_of(target) == score_of(example)


def test_a_bare_word_that_is_no_command_is_answered_as_one(tmp_path: Path) -> None:
    example = POSITIONS[0]
    target = tmp_path / "table.mrec"
    lines = ["clear", *entry_lines(example), "scor"]
    result = run("--position", "-o", str(target), *header_args(only_game(example)), lines=lines)
    assert result.exit_code == 1  # a line was not taken
    assert "'clear' is not a command. The commands: board, score, undo, rule, help, done" in (
        result.output
    )
    assert "'scor' is not a command; did you mean 'score'?" in result.output
    assert "REC-" not in result.output
    assert score_of(target) == score_of(example)
