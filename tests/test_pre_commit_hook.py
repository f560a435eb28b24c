"""The pre-commit hook, run as another repository would use it: ``pre-commit try-repo``."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from test_formats import MEDINA_OK, MERIDIAN_BAD

TOP = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(
    shutil.which("git") is None or not (TOP / ".git").exists(),
    reason="needs git and a git checkout of meridina",
)


def git(folder: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=folder, check=True, capture_output=True)


def test_the_hook_fails_on_an_invalid_record_only(tmp_path: Path) -> None:
    club = tmp_path / "club"
    club.mkdir()
    git(club, "init", "-q")
    (club / "good.mrec").write_text(MEDINA_OK, "utf-8")
    (club / "bad.mrec").write_text(MERIDIAN_BAD, "utf-8")
    (club / "notes.txt").write_text("not a record\n", "utf-8")
    git(club, "add", ".")
    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "cache"), "NO_COLOR": "1"}

    def try_repo(*options: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [
                sys.executable,
                "-m",
                "pre_commit",
                "try-repo",
                str(TOP),
                "meridina-validate",
                "--color",
                "never",
                *options,
            ],
            cwd=club,
            env=env,
            capture_output=True,
            text=True,
            timeout=900,
            check=False,
        )

    every = try_repo("--all-files")
    assert every.returncode == 1, every.stdout + every.stderr
    assert "bad.mrec:6:12: MER-R2 " in every.stdout
    assert "good.mrec:" not in every.stdout and "notes.txt" not in every.stdout
    good_only = try_repo("--files", "good.mrec")
    assert good_only.returncode == 0, good_only.stdout + good_only.stderr
