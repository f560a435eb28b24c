"""Ctrl-C and a closed output pipe end the program the way command-line users expect."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).parent.parent / "examples" / "meridian" / "four-players.mrec"
PROGRAM = [sys.executable, "-c", "from meridina.cli.launch import main; main()"]

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGPIPE"), reason="POSIX signals")


def test_ctrl_c_exits_130_with_one_short_line() -> None:
    process = subprocess.Popen(
        [*PROGRAM, "validate", "-"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdin is not None and process.stdout is not None
    # A first game with a fault, then the start of a second: once the fault is
    # printed, the program is running and waiting for more input.
    process.stdin.write(b'[Game "Nothing"]\n[Players "a; b"]\n1. a 1: 1@1\n[Game "Meridian"]\n')
    process.stdin.flush()
    assert b"REC-2" in process.stdout.readline()
    process.send_signal(signal.SIGINT)
    _, stderr = process.communicate(timeout=30)
    assert process.returncode == 130
    assert stderr == b"meridina: interrupted\n"


def test_a_closed_pipe_ends_quietly(tmp_path: Path) -> None:
    big = tmp_path / "big.mrec"
    big.write_text("\n".join([EXAMPLE.read_text("utf-8")] * 20), "utf-8")
    process = subprocess.Popen(
        [*PROGRAM, "replay", str(big)], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert process.stdout is not None and process.stderr is not None
    assert process.stdout.readline().startswith(b"Game 1")
    process.stdout.close()
    stderr = process.stderr.read()
    process.wait(timeout=60)
    assert stderr == b""
    assert process.returncode in (-signal.SIGPIPE, 128 + signal.SIGPIPE)
