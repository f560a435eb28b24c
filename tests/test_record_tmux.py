"""End to end at a real terminal: ``meridina record`` inside tmux, typed at with send-keys."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from meridina.notation.driver import check_text

FOUR = "Ann orange; Ben black; Cy grey; Di brown"

# CI installs tmux (see .ci/run), so there the test always runs.
pytestmark = [
    pytest.mark.tmux,
    pytest.mark.skipif(
        shutil.which("tmux") is None and not os.environ.get("CI"),
        reason="tmux is not installed",
    ),
]


class Terminal:
    """One tmux server of our own, with one window running the recorder."""

    def __init__(self, socket: str) -> None:
        self.socket = socket

    def tmux(self, *args: str) -> str:
        done = subprocess.run(
            ["tmux", "-L", self.socket, *args], capture_output=True, text=True, timeout=30
        )
        return done.stdout

    def keys(self, *keys: str) -> None:
        self.tmux("send-keys", "-t", "rec", *keys)

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", "rec")

    def wait_for(self, ready: Callable[[], bool], what: str) -> None:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if ready():
                return
            time.sleep(0.1)
        raise AssertionError(f"waited in vain for {what}; the screen:\n{self.screen()}")


@pytest.fixture
def terminal(tmp_path: Path) -> Iterator[Terminal]:
    term = Terminal(f"meridina-test-{os.getpid()}-{tmp_path.name}")
    yield term
    term.tmux("kill-server")


def turns_in(path: Path) -> int:
    if not path.exists():
        return -1
    reports = check_text(path.read_text("utf-8"))
    assert reports and reports[0].valid, reports
    return len(reports[0].record.entries)


def test_recording_at_a_terminal(terminal: Terminal, tmp_path: Path) -> None:
    target = tmp_path / "game.mrec"
    command = [
        sys.executable, "-c", "from meridina.cli.launch import main; main()",
        "record", "-o", str(target), "--game", "meridian", "--players", FOUR,
    ]  # fmt: skip
    terminal.tmux(
        "new-session", "-d", "-s", "rec", "-x", "120", "-y", "40", "-c", str(tmp_path),
        shlex.join(command),
    )  # fmt: skip
    terminal.wait_for(lambda: "1. Ann (orange)" in terminal.screen(), "the first prompt")
    # Tab completes the colour, the only legal first word.
    terminal.keys("ora")
    terminal.wait_for(lambda: "left> ora\n" in terminal.screen(), "the typed word")
    time.sleep(0.5)  # the completions as typed are worked out
    terminal.keys("Tab")
    terminal.wait_for(lambda: "cards left> orange" in terminal.screen(), "the completion")
    terminal.keys(" 7: 3@2", "Enter")  # had Tab not completed 'ora', this turn would be refused
    terminal.wait_for(lambda: turns_in(target) == 1, "turn 1 in the file")
    # An illegal turn: explained on screen, not written.
    terminal.keys("black 7: 3@4", "Enter")
    terminal.wait_for(lambda: "not written." in terminal.screen(), "the refusal")
    screen = terminal.screen()
    assert "MER-R2 a tower 3 high already stands on this meridian" in screen
    assert "nearest legal turns: black 7:" in screen
    assert turns_in(target) == 1
    terminal.keys("black 4-5-6-7/7: 2@1", "Enter")
    terminal.wait_for(lambda: turns_in(target) == 2, "turn 2 in the file")
    terminal.keys("C-d")
    terminal.wait_for(
        lambda: (
            "meridina" not in terminal.tmux("list-panes", "-a", "-F", "#{pane_current_command}")
            or not terminal.tmux("list-sessions")
        ),
        "the recorder to stop",
    )
    text = target.read_text("utf-8")
    assert text.endswith("1. orange 7: 3@2\n2. black 4-5-6-7/7: 2@1\n")


def test_the_terminal_says_what_each_turn_did_and_what_is_no_command(
    terminal: Terminal, tmp_path: Path
) -> None:
    target = tmp_path / "game.mrec"
    command = [
        sys.executable, "-c", "from meridina.cli.launch import main; main()",
        "record", "-o", str(target), "--game", "meridian", "--players", FOUR,
    ]  # fmt: skip
    terminal.tmux(
        "new-session", "-d", "-s", "rec", "-x", "160", "-y", "50", "-c", str(tmp_path),
        shlex.join(command),
    )  # fmt: skip
    terminal.wait_for(lambda: "1. Ann (orange)" in terminal.screen(), "the first prompt")
    stand_in = "Board five-city is a stand-in layout, not the printed board"
    assert stand_in in terminal.screen()
    # The prompt names the mover: the turn may leave the colour out.
    terminal.keys("7: 3@2", "Enter")
    terminal.wait_for(lambda: turns_in(target) == 1, "turn 1 in the file")
    terminal.wait_for(
        lambda: "1. orange 7: 3@2: builds or3 on city 2 of meridian 7" in terminal.screen(),
        "what the turn did",
    )
    # Another session on the same file is refused while this one runs.
    second = subprocess.run(
        [*command[:3], "record", str(target)], input="black 7: 2@1\n", capture_output=True,
        text=True, timeout=60,
    )  # fmt: skip
    assert second.returncode == 2 and "is being recorded by another" in second.stderr
    terminal.keys("clear", "Enter")
    terminal.wait_for(lambda: "'clear' is not a command." in terminal.screen(), "the answer")
    assert "REC-3" not in terminal.screen()
    terminal.keys("score", "Enter")
    terminal.wait_for(lambda: terminal.screen().count(stand_in) == 2, "the score's stand-in line")
    terminal.keys("C-d")
    terminal.wait_for(lambda: not terminal.tmux("list-sessions"), "the recorder to stop")
    assert target.read_text("utf-8").endswith("\n1. orange 7: 3@2\n")
