"""The pre-commit hooks, run as another repository uses them: named in its config."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from test_formats import MEDINA_OK, MERIDIAN_BAD

TOP = Path(__file__).resolve().parent.parent

# pre-commit builds the hooks' virtual environment: one for all these tests (a file runs on
# one worker)
pytestmark = [
    pytest.mark.build,
    pytest.mark.tool,
    pytest.mark.skipif(
        shutil.which("git") is None or not (TOP / ".git").exists(),
        reason="needs git and a git checkout of meridina",
    ),
]


def git(folder: Path, *args: str) -> str:
    done = subprocess.run(["git", *args], cwd=folder, check=True, capture_output=True, text=True)
    return done.stdout


class HookRepository:
    """meridina as a hook repository at one commit, with one cache of hook environments.

    pre-commit keys a hook's environment by repository and commit, so every club of these
    tests names the same snapshot and reuses the environment the first one built.
    """

    def __init__(self, folder: Path) -> None:
        self.repo = folder / "meridina"
        self.cache = folder / "cache"
        listed = git(TOP, "ls-files", "-z", "--cached", "--others", "--exclude-standard")
        for name in filter(None, listed.split("\0")):
            source = TOP / name
            if source.is_file():
                target = self.repo / name
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(source, target)
        git(self.repo, "init", "-q")
        # pre-commit fetches the snapshot once: sent as stored, not searched for deltas and
        # compressed again, which is most of the fetch's work
        git(self.repo, "config", "pack.window", "0")
        git(self.repo, "config", "pack.compression", "0")
        git(self.repo, "add", ".")
        git(
            self.repo,
            "-c",
            "user.name=t",
            "-c",
            "user.email=t@t",
            "-c",
            "commit.gpgsign=false",
            "commit",
            "-qm",
            "snapshot",
        )
        self.rev = git(self.repo, "rev-parse", "HEAD").strip()


@pytest.fixture(scope="module")
def hooks(tmp_path_factory: pytest.TempPathFactory) -> HookRepository:
    return HookRepository(tmp_path_factory.mktemp("hook"))


def test_the_hook_fails_on_an_invalid_record_only(tmp_path: Path, hooks: HookRepository) -> None:
    club = tmp_path / "club"
    club.mkdir()
    git(club, "init", "-q")
    (club / "good.mrec").write_text(MEDINA_OK, "utf-8")
    (club / "bad.mrec").write_text(MERIDIAN_BAD, "utf-8")
    (club / "notes.txt").write_text("not a record\n", "utf-8")
    git(club, "add", ".")
    every = try_repo(hooks, club, "meridina-validate", "--all-files")
    assert every.returncode == 1, every.stdout + every.stderr
    assert "bad.mrec:6:12: MER-R2 " in every.stdout
    assert "good.mrec:" not in every.stdout and "notes.txt" not in every.stdout
    good_only = try_repo(hooks, club, "meridina-validate", "--files", "good.mrec")
    assert good_only.returncode == 0, good_only.stdout + good_only.stderr


def try_repo(
    hooks: HookRepository, club: Path, hook: str, *options: str
) -> subprocess.CompletedProcess[str]:
    config = club / ".pre-commit-config.yaml"
    if not config.exists():
        config.write_text(
            f"repos:\n- repo: {hooks.repo.as_posix()}\n  rev: {hooks.rev}\n"
            "  hooks:\n  - id: meridina-validate\n  - id: meridina-format\n",
            "utf-8",
        )
        git(club, "add", config.name)
    env = {**os.environ, "PRE_COMMIT_HOME": str(hooks.cache), "NO_COLOR": "1"}
    return subprocess.run(
        [sys.executable, "-m", "pre_commit", "run", hook, "--color", "never", *options],
        cwd=club,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )


def test_the_hook_skips_what_the_project_excludes_and_reports_once(
    tmp_path: Path, hooks: HookRepository
) -> None:
    club = tmp_path / "club"
    (club / "drafts").mkdir(parents=True)
    git(club, "init", "-q")
    (club / "pyproject.toml").write_text('[tool.meridina]\nextend-exclude = ["drafts/"]\n')
    for number in range(6):
        (club / f"game{number}.mrec").write_text(MEDINA_OK, "utf-8")
    (club / "drafts" / "unfinished.mrec").write_text(MERIDIAN_BAD, "utf-8")
    git(club, "add", ".")
    ran = try_repo(hooks, club, "meridina-validate", "--all-files", "--verbose")
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert "unfinished.mrec" not in ran.stdout
    # one run over all the files: one summary line, however many cores share the work
    assert ran.stdout.count(" games in ") + ran.stdout.count(" game in ") == 1, ran.stdout
    assert "6 games in 6 files" in ran.stdout


def test_the_format_hook_puts_a_record_in_canonical_layout(
    tmp_path: Path, hooks: HookRepository
) -> None:
    club = tmp_path / "club"
    club.mkdir()
    git(club, "init", "-q")
    untidy = MEDINA_OK.replace("\n1.", "\n\n\n1.")
    assert untidy != MEDINA_OK
    (club / "game.mrec").write_text(untidy, "utf-8")
    git(club, "add", ".")
    first = try_repo(hooks, club, "meridina-format", "--all-files")
    assert first.returncode == 1, first.stdout + first.stderr  # files were changed
    tidy = (club / "game.mrec").read_text("utf-8")
    assert tidy != untidy and "{=" not in tidy  # laid out, with no notes added
    git(club, "add", ".")
    second = try_repo(hooks, club, "meridina-format", "--all-files")
    assert second.returncode == 0, second.stdout + second.stderr
    assert (club / "game.mrec").read_text("utf-8") == tidy


def test_the_format_hook_leaves_rule_problems_to_the_validate_hook(
    tmp_path: Path, hooks: HookRepository
) -> None:
    club = tmp_path / "club"
    club.mkdir()
    git(club, "init", "-q")
    (club / "bad.mrec").write_text(MERIDIAN_BAD.replace("\n1.", "\n\n\n1."), "utf-8")
    git(club, "add", ".")
    first = try_repo(hooks, club, "meridina-format", "--all-files")
    assert first.returncode == 1, first.stdout + first.stderr  # the file was changed
    assert "bad.mrec: rewritten" in first.stdout
    assert "MER-R2" not in first.stdout + first.stderr
    git(club, "add", ".")
    second = try_repo(hooks, club, "meridina-format", "--all-files")
    assert second.returncode == 0, second.stdout + second.stderr  # in layout, though invalid
    assert "MER-R2" not in second.stdout + second.stderr
    checked = try_repo(hooks, club, "meridina-validate", "--all-files")
    assert checked.returncode == 1
    assert checked.stdout.count("MER-R2") == 1
