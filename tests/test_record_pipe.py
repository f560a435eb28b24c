"""``meridina record`` fed from a pipe: turns and commands a line, problems as -:LINE:COL."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from meridina.cli.main import cli
from meridina.cli.recording.new_record import new_session
from meridina.cli.recording.options import RecordingFault
from meridina.games import shown_game
from meridina.notation.driver import GameReport, check_file, check_text
from meridina.recording.session import WriteFault

TOP = Path(__file__).resolve().parent.parent
FOUR = "Ann orange; Ben black; Cy grey; Di brown"
START = ["--game", "meridian", "--players", FOUR]
OPENING = ["orange 7: 3@2", "black 4-5-6-7/7: 2@1", "grey 7: 4@3", "brown 7: 1@1"]


def run(*args: str, lines: list[str] | None = None, raw: bytes | None = None) -> Result:
    text = raw if raw is not None else "".join(f"{line}\n" for line in lines or [])
    result = CliRunner().invoke(cli, ["record", *args], input=text)
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def one_game(path: Path) -> GameReport:
    reports = list(check_file(path))
    assert len(reports) == 1
    return reports[0]


def turns_of(path: Path) -> list[str]:
    report = one_game(path)
    assert report.valid, report.problems
    return [shown_game("meridian").recorded().format_turn(e.turn) for e in report.record.entries]


def problems(result: Result) -> list[str]:
    return [line for line in result.output.splitlines() if line.startswith("-:")]


def test_legal_turns_are_written_and_an_illegal_one_is_not(tmp_path: Path) -> None:
    target = tmp_path / "game.mrec"
    typed = [OPENING[0], "black 7: 3@4", *OPENING[1:]]
    result = run("-o", str(target), *START, lines=typed)
    assert result.exit_code == 1
    assert problems(result) == [
        "-:2:10: MER-R2 a tower 3 high already stands on this meridian (orange)"
    ]
    assert "nearest legal turns: black 7: " in result.output
    assert turns_of(target) == OPENING


def test_a_line_with_a_nul_character_is_refused_so_the_record_stays_readable(
    tmp_path: Path,
) -> None:
    target = tmp_path / "game.mrec"
    typed = [OPENING[0], OPENING[1] + " { pushes \x00 nothing }", *OPENING[1:]]
    result = run("-o", str(target), *START, lines=typed)
    assert result.exit_code == 1
    assert problems(result) == [
        "-:2:31: REC-0 the line holds a NUL character, which a record cannot hold"
    ]
    assert turns_of(target) == OPENING


def test_a_comment_holding_a_nul_character_is_refused_and_the_record_stays_readable(
    tmp_path: Path,
) -> None:
    target = tmp_path / "game.mrec"
    typed = [OPENING[0], "comment pushes \x00 nothing", *OPENING[1:], "comment fine"]
    result = run("-o", str(target), *START, lines=typed)
    assert "REC-0 the comment holds a NUL character, which a record cannot hold" in result.output
    assert turns_of(target) == OPENING
    comments = [[c.text for c in e.text.comments] for e in one_game(target).record.entries]
    assert comments == [[], [], [], ["fine"]]


def test_problem_columns_count_in_the_typed_line(tmp_path: Path) -> None:
    target = tmp_path / "game.mrec"
    result = run("-o", str(target), *START, lines=["  1. orange 7: 3@9", "orange 7 3@2"])
    found = problems(result)
    assert found[0] == "-:1:16: MER-R5 there is no city 9 on a meridian of 5 cities"
    assert found[1] == "-:2:8: REC-3 write a colon after the card: 'orange 7:'"
    assert turns_of(target) == []


def test_a_wrong_turn_number_is_refused(tmp_path: Path) -> None:
    target = tmp_path / "game.mrec"
    result = run("-o", str(target), *START, lines=[OPENING[0], "5. black 4-5-6-7/7: 2@1"])
    assert problems(result) == ["-:2:1: REC-4 this is turn 2, not turn 5"]
    assert turns_of(target) == OPENING[:1]


def test_commands_undo_comment_and_show(tmp_path: Path) -> None:
    target = tmp_path / "game.mrec"
    typed = [*OPENING[:2], "undo", "comment a fine opening", "board", "score", "rule MER-R3"]
    result = run("-o", str(target), *START, lines=typed)
    assert result.exit_code == 0, result.output
    assert "took back turn 2. black 4-5-6-7/7: 2@1" in result.output
    assert "MER-R3 \N{EN DASH} Taller towers stand higher" in result.output
    assert "taller than every tower below it" in result.output  # the rule's own text
    assert "pieces in hand: orange 17, black 20" in result.output  # the board after undo
    report = one_game(target)
    assert turns_of(target) == OPENING[:1]
    assert [c.text for c in report.record.entries[0].text.comments] == ["a fine opening"]


def test_legal_lists_turns_that_the_rules_accept(tmp_path: Path) -> None:
    target = tmp_path / "game.mrec"
    result = run("-o", str(target), *START, lines=["legal --all orange 7:"])
    listed = [line for line in result.output.splitlines() if line.startswith("orange 7:")]
    assert listed
    ends = listed[0].removeprefix("orange 7: ").split(" | ")
    assert "pass" in ends and "3@2" in ends
    session = new_session(tmp_path / "check.mrec", "meridian", [("Players", FOUR, "--players")])
    for end in ends[:12]:
        assert not session.play(f"orange 7: {end}").refused
        session.undo()


def test_quit_stops_reading(tmp_path: Path) -> None:
    target = tmp_path / "game.mrec"
    run("-o", str(target), *START, lines=[OPENING[0], "quit", OPENING[1]])
    assert turns_of(target) == OPENING[:1]


def test_unreadable_input_lines_are_problems_not_crashes(tmp_path: Path) -> None:
    target = tmp_path / "game.mrec"
    raw = b"orange 7: 3@2\n\xff\xfe\n" + b"x" * 70000 + b"\nblack 4-5-6-7/7: 2@1\n"
    result = run("-o", str(target), *START, raw=raw)
    assert result.exit_code == 1
    found = problems(result)
    assert found[0].startswith("-:2:1: REC-0") and found[1].startswith("-:3:1: REC-0")
    assert turns_of(target) == OPENING[:2]


def test_the_end_of_the_game_fills_in_the_result(tmp_path: Path) -> None:
    example = TOP / "examples/meridian/three-players.mrec"
    report = one_game(example)
    game = shown_game("meridian").recorded()
    lines = [game.format_turn(e.turn) for e in report.record.entries]
    target = tmp_path / "game.mrec"
    players = report.record.game.tag("Players")
    assert players is not None
    result = run("-o", str(target), "--game", "meridian", "--players", players.value, lines=lines)
    assert "Game over. Result: " in result.output
    stated = report.record.game.tag("Result")
    written = one_game(target).record.game.tag("Result")
    assert stated is not None and written is not None and written.value == stated.value
    # Taking the last turn back reopens the game: the result goes.
    run(str(target), lines=["undo"])
    assert one_game(target).record.game.tag("Result") is None
    assert len(turns_of(target)) == len(lines) - 1


def test_a_result_names_by_colour_a_player_whose_name_would_not_read_back(
    tmp_path: Path,
) -> None:
    """A name holding the Result tag's separator is written as the colour: the file validates."""
    example = TOP / "examples/meridian/three-players.mrec"
    report = one_game(example)
    game = shown_game("meridian").recorded()
    lines = [game.format_turn(e.turn) for e in report.record.entries]
    players = report.record.game.tag("Players")
    assert players is not None
    first, rest = players.value.split(";", 1)
    name, colours = first.split(" ", 1)
    renamed = f"{name}, the elder {colours};{rest}"
    target = tmp_path / "game.mrec"
    result = run("-o", str(target), "--game", "meridian", "--players", renamed, lines=lines)
    assert "Game over. Result: " in result.output
    written = one_game(target)
    stated = written.record.game.tag("Result")
    assert stated is not None and "the elder" not in stated.value
    assert colours.split()[0] in stated.value
    assert not written.problems


def test_going_on_with_a_file_keeps_its_earlier_games(tmp_path: Path) -> None:
    first = f'[Game "Meridian"]\n[Players "{FOUR}"]\n\n; kept as typed\n1.   orange 7: 3@2\n'
    second = f'[Game "Meridian"]\n[Players "{FOUR}"]\n\n1. orange 7: 3@2\n'
    target = tmp_path / "games.mrec"
    target.write_text(first + "\n" + second, "utf-8")
    result = run(str(target), lines=OPENING[1:3])
    assert result.exit_code == 0, result.output
    text = target.read_text("utf-8")
    assert text.startswith(first)
    reports = check_text(text)
    assert [len(r.record.entries) for r in reports] == [1, 3]
    assert all(r.valid for r in reports)


def test_an_invalid_file_is_not_gone_on_with(tmp_path: Path) -> None:
    target = tmp_path / "bad.mrec"
    bad = f'[Game "Meridian"]\n[Players "{FOUR}"]\n\n1. orange 7: 3@2\n2. black 7: 3@4\n'
    target.write_text(bad, "utf-8")
    result = run(str(target), lines=["grey 7: 4@3"])
    assert result.exit_code == 1
    assert f"{target}:5:13: MER-R2" in result.output
    assert target.read_text("utf-8") == bad


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([], "give a record to go on with"),
        (["--game", "meridian"], "start a new one with -o FILE"),
        (["-o", "{dir}/x.mrec", "--game", "meridian"], "needs --game and --players"),
        (["-o", "{dir}/x.mrec", *START, "--edition", "2"], "--edition is not a Meridian option"),
        (["-o", "{dir}/x.mrec", "--game", "meridian", "--players", "Ann"], "--players: "),
        (["-o", "{dir}/x.mrec", *START, "--board", "nowhere.toml"], "--board: "),
        (["-o", "{dir}/x.mrec", *START, "--tag", "Colour=red"], "--tag 'Colour=red'"),
        (["-o", "{dir}/no/x.mrec", *START], "does not exist"),
        (["{dir}/missing.mrec"], "no such file"),
    ],
)
def test_usage_and_file_faults_exit_2(tmp_path: Path, args: list[str], message: str) -> None:
    result = run(*(a.replace("{dir}", str(tmp_path)) for a in args))
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert not (tmp_path / "x.mrec").exists()


def test_an_existing_file_is_not_overwritten(tmp_path: Path) -> None:
    target = tmp_path / "game.mrec"
    target.write_text("mine\n", "utf-8")
    result = run("-o", str(target), *START, lines=OPENING)
    assert result.exit_code == 2 and "already exists" in result.output
    assert target.read_text("utf-8") == "mine\n"


def test_medina_new_record_with_its_tags(tmp_path: Path) -> None:
    target = tmp_path / "medina.mrec"
    args = ["--game", "medina", "--edition", "2", "--players", "Cy green; Finn red"]
    args += ["--options", "well, tea, tower-merchants, neutral-roofs"]
    args += ["--setup", "well H7; merchant K4", "--tag", "Event=Weekend game"]
    result = run("-o", str(target), *args, lines=["green merchant@L4", "red merchant@Z99"])
    assert result.exit_code == 1
    assert problems(result)[0].startswith("-:2:5: MED-")
    report = one_game(target)
    assert report.valid and len(report.record.entries) == 1
    assert report.record.game.tag("Event") is not None


def test_every_turn_leaves_a_valid_file(tmp_path: Path) -> None:
    example = TOP / "examples/medina/second-edition-2p.mrec"
    report = one_game(example)
    setup = report.record.game
    tags = [(t.name, t.value, t.name) for t in setup.tags if t.name not in ("Game", "Result")]
    target = tmp_path / "game.mrec"
    session = new_session(target, "medina", tags)
    game = shown_game("medina").recorded()
    for count, entry in enumerate(report.record.entries[:30], start=1):
        assert session.play(game.format_turn(entry.turn)).written is not None
        on_disk = check_text(target.read_text("utf-8"))
        assert on_disk[0].valid and len(on_disk[0].record.entries) == count


def _recorder(target: Path) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-c", "from meridina.cli.launch import main; main()"]
    return subprocess.Popen(
        [*command, "record", "-o", str(target), *START],
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def _wait_for_turns(target: Path, count: int) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if target.exists():
            reports = check_text(target.read_text("utf-8"))
            if reports and reports[0].record and len(reports[0].record.entries) == count:
                return
        time.sleep(0.05)
    raise AssertionError(f"the recorder did not write turn {count}")


@pytest.mark.parametrize("kill_after", [0, 2, 4])
def test_killing_the_recorder_after_a_turn_leaves_a_valid_file(
    tmp_path: Path, kill_after: int
) -> None:
    target = tmp_path / "game.mrec"
    process = _recorder(target)
    assert process.stdin is not None
    try:
        _wait_for_turns(target, 0)
        for count, line in enumerate(OPENING[:kill_after], start=1):
            process.stdin.write(f"{line}\n".encode())
            process.stdin.flush()
            _wait_for_turns(target, count)
        os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == -signal.SIGKILL
    assert turns_of(target) == OPENING[:kill_after]
    assert [p.name for p in tmp_path.iterdir()] == ["game.mrec"]


def test_a_file_that_cannot_be_written_stops_with_exit_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "game.mrec"
    session = new_session(target, "meridian", [("Players", FOUR, "--players")])
    assert session.play(OPENING[0]).written is not None

    def full(self: object, text: str) -> bool:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("meridina.recording.locked_file.RecordFile.rewrite", full)
    monkeypatch.setattr("meridina.recording.locked_file.RecordFile.append", full)
    with pytest.raises(WriteFault) as raised:
        session.play(OPENING[1])
    assert RecordingFault(raised.value).exit_code == 2  # as the commands end on it
    assert "No space left on device" in str(raised.value)
    assert len(session.entries) == 1  # the turn that could not be written is not kept
    assert turns_of(target) == OPENING[:1]


def test_board_svg_draws_the_position_now(tmp_path: Path) -> None:
    target = tmp_path / "game.mrec"
    picture = tmp_path / "now.svg"
    result = run("-o", str(target), *START, lines=[*OPENING[:2], f"board svg {picture}"])
    assert result.exit_code == 0, result.output
    assert f"wrote the board after turn 2 to {picture}" in result.output
    title = ET.parse(picture).getroot().find("{http://www.w3.org/2000/svg}title")
    assert title is not None and title.text is not None
    assert title.text.endswith(f"after 2. {OPENING[1]}")


def test_an_unknown_command_in_a_pipe_is_answered_and_counts_as_refused(tmp_path: Path) -> None:
    target = tmp_path / "game.mrec"
    result = run("-o", str(target), *START, lines=[OPENING[0], "clear", OPENING[1]])
    assert result.exit_code == 1
    assert "'clear' is not a command. The commands: board, score," in result.output
    assert problems(result) == []
    assert turns_of(target) == OPENING[:2]
