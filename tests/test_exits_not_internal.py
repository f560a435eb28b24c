"""Failures that ended as exit 3 (an internal error) end as 2 with a sentence.

A deeply nested config, a standard output that cannot be written, a worker process
killed by the system: none is a fault in meridina, and none leaves half a document.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import record, run_cli
from meridina.cli.running import batch
from meridina.cli.running.batch import Batch, Checked, GameCheck

PARENT = os.getpid()
CHECK_BATCH = batch.check_batch
NESTED = "[" * 20_000


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("meridina.toml", f"select = {NESTED}\n"),
        ("pyproject.toml", f"[tool.meridina]\nselect = {NESTED}\n"),
        ("meridina.toml", "x = " + "{a = " * 5_000 + "\n"),
    ],
)
def test_a_deeply_nested_config_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, text: str
) -> None:
    monkeypatch.chdir(tmp_path)
    Path(name).write_text(text, "utf-8")
    Path("a.mrec").write_text(record("1. orange 7: 3@2"), "utf-8")
    result = run_cli("validate", "a.mrec")
    assert result.exit_code == 2
    assert f"{name}: " in result.stderr and "nested too deeply" in result.stderr


COMMANDS = [
    ["validate", "{example}"],
    ["validate", "{example}", "--format", "json"],
    ["score", "{example}"],
    ["ratings", "{example}"],
    ["stats", "{example}", "--format", "csv"],
    ["find", "{example}"],
    ["find", "{example}", "--list"],
    ["replay", "{example}"],
    ["annotate", "{example}"],
    ["draw", "{example}"],
    ["rules"],
    ["--help"],
    ["generate", "--game", "meridian", "-n", "1"],
]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("args", COMMANDS, ids=lambda a: " ".join(a))
def test_an_output_that_cannot_be_written_is_a_sentence(args: list[str]) -> None:
    example = str(Path(__file__).parent.parent / "examples" / "meridian" / "errors.mrec")
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "meridina", *[a.format(example=example) for a in args]],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            check=False,
            timeout=120,
        )
    assert done.returncode == 2, done.stderr
    assert "meridina: cannot write the output (No space left on device)" in done.stderr
    assert "internal error" not in done.stderr and "Traceback" not in done.stderr


def dying_check(check: GameCheck, work: Batch) -> Checked:
    """A worker ended by the system (as the kernel's OOM killer ends one)."""
    if os.getpid() != PARENT:
        os.kill(os.getpid(), signal.SIGKILL)
    return CHECK_BATCH(check, work)


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
@pytest.mark.parametrize("output_format", ["json", "junit", "sarif", "text"])
def test_a_killed_worker_is_a_sentence_and_no_half_document(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, output_format: str
) -> None:
    for number in range(6):
        (tmp_path / f"g{number}.mrec").write_text(record("1. orange 7: 3@2"), "utf-8")
    monkeypatch.setattr(batch, "check_batch", dying_check)
    result = run_cli("validate", str(tmp_path), "-j", "2", "--format", output_format)
    assert result.exit_code == 2
    assert "worker process was ended" in result.stderr
    if output_format != "text":
        assert result.stdout == ""  # nothing rather than half a document


def test_a_document_is_whole_when_the_run_completes(tmp_path: Path) -> None:
    for number in range(3):
        (tmp_path / f"g{number}.mrec").write_text(record("1. orange 7: 3@2"), "utf-8")
    result = run_cli("validate", str(tmp_path), "-j", "2", "--format", "json")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["games"] == 3
