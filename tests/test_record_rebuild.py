"""Every bundled example, fed turn by turn to ``meridina record``, rebuilds the same game."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from conftest import run_cli as run
from meridina.games import shown_game
from meridina.notation.driver import GameReport, check_file
from meridina.views import view_for

TOP = Path(__file__).resolve().parent.parent
EXAMPLES = sorted(
    p for p in (TOP / "examples").rglob("*.mrec") if p.name not in ("errors.mrec", "typos.mrec")
)  # errors.mrec and typos.mrec hold broken games on purpose
GAMES_OF_EXAMPLES = [
    (example, report.index) for example in EXAMPLES for report in check_file(example)
]
OPTIONS = {
    "Players": "--players",
    "Board": "--board",
    "Rulings": "--rulings",
    "Decks": "--decks",
    "Edition": "--edition",
    "Options": "--options",
    "Setup": "--setup",
}


def only_game(path: Path) -> GameReport:
    reports = list(check_file(path))
    assert len(reports) == 1
    return reports[0]


def game_of(path: Path, index: int) -> GameReport:
    return next(report for report in check_file(path) if report.index == index)


def typed_lines(report: GameReport) -> list[str]:
    """The example's turns as a player would type them, numbered or not, with comments."""
    game = shown_game(str(report.game).lower()).recorded()
    lines = []
    for index, entry in enumerate(report.record.entries):
        body = game.format_turn(entry.turn)
        if index % 2:
            body = f"{entry.text.number}. {body}"
        comments = " ".join("{ " + c.text + " }" for c in entry.text.comments)
        lines.append(f"{body} {comments}".rstrip())
    return lines


def start_record(example: Path, report: GameReport, target: Path) -> list[str]:
    """The command line that starts the rebuilt record; a position is written out first."""
    game_text = report.record.game
    if game_text.position is None:
        args = ["record", "-o", str(target), "--game", str(report.game).lower()]
        for tag in game_text.tags:
            if tag.name in OPTIONS:
                args += [OPTIONS[tag.name], tag.value]
            elif tag.name in ("Event", "Site", "Date", "Round"):
                args += ["--tag", f"{tag.name}={tag.value}"]
        return args
    # A game that starts from a position: its header and position, no turns; the result
    # stays only when there are no turns to come, since a result says the game is over.
    tags = tuple(t for t in game_text.tags if t.name != "Result" or not report.record.entries)
    bare = replace(report.record, game=replace(game_text, tags=tags), entries=())
    target.write_text(shown_game(str(report.game).lower()).recorded().write(bare), "utf-8")
    return ["record", str(target)]


def score_json(path: Path, index: int = 1) -> dict[str, Any]:
    """The game's score as ``meridina score --format json`` gives it."""
    report = game_of(path, index)
    run = report.run
    return view_for(str(report.game)).sheet_json(run.sheet, run.final)


@pytest.mark.parametrize(
    ("example", "index"),
    GAMES_OF_EXAMPLES,
    ids=[f"{p.parent.name}/{p.name}#{i}" for p, i in GAMES_OF_EXAMPLES],
)
def test_example_rebuilt_turn_by_turn(example: Path, index: int, tmp_path: Path) -> None:
    report = game_of(example, index)
    assert report.valid
    target = tmp_path / example.name
    lines = typed_lines(report)
    result = run(*start_record(example, report, target), input_text="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    assert not [line for line in result.output.splitlines() if line.startswith("-:")]
    rebuilt = only_game(target)
    assert rebuilt.valid, rebuilt.problems
    game = shown_game(str(report.game).lower()).recorded()
    assert [game.format_turn(e.turn) for e in rebuilt.record.entries] == [
        game.format_turn(e.turn) for e in report.record.entries
    ]
    assert [[c.text for c in e.text.comments] for e in rebuilt.record.entries] == [
        [c.text for c in e.text.comments] for e in report.record.entries
    ]
    assert score_json(target) == score_json(example, index)
    stated = report.record.game.tag("Result")
    written = rebuilt.record.game.tag("Result")
    if stated is not None and stated.value.strip() not in ("", "*"):
        assert written is not None and written.value == stated.value


@pytest.mark.parametrize(
    "example",
    [TOP / "examples/meridian/four-players.mrec", TOP / "examples/medina/second-edition-2p.mrec"],
)
def test_illegal_turn_in_the_middle_is_refused_and_not_written(
    example: Path, tmp_path: Path
) -> None:
    report = only_game(example)
    lines = typed_lines(report)
    middle = len(lines) // 2
    # The turn after the middle one, typed out of turn: the wrong player moves.
    wrong = typed_lines(report)[middle + 1].split("{")[0].split(". ")[-1]
    fed = [*lines[:middle], wrong, *lines[middle:]]
    target = tmp_path / example.name
    result = run(*start_record(example, report, target), input_text="\n".join(fed) + "\n")
    assert result.exit_code == 1
    problems = [line for line in result.output.splitlines() if line.startswith("-:")]
    assert problems and all(p.startswith(f"-:{middle + 1}:") for p in problems)
    assert "T1 it is" in problems[0]  # MER-T1 or MED-T1: turn order
    assert "nearest legal turns: " in result.output
    rebuilt = only_game(target)
    assert rebuilt.valid
    assert len(rebuilt.record.entries) == len(lines)
    assert score_json(target) == score_json(example)
