"""The editable install docs/development.md gives is one that type checkers can follow.

setuptools' default editable install finds ``meridina`` through an import hook, which mypy
and pyright cannot see (the packages live in seeds/, cli/, notation/ and rules/, mapped to
their installed names); ``editable_mode=strict`` builds a tree of links under build/ that a
.pth file names, which they read. The install line is taken from the page, so the page and
the test cannot part.
"""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from checkout_copy import copy_of_checkout

TOP = Path(__file__).resolve().parent.parent
PAGE = TOP / "docs" / "development.md"
USER_SCRIPT = """\
import meridina


def ranking(path: str) -> list[tuple[str, int]]:
    rows: list[tuple[str, int]] = []
    for game in meridina.read_games(path):
        rows.extend((row.name, row.points) for row in game.score().players)
    return rows


reveal_type(meridina.read_games)
"""


def editable_options() -> list[str]:
    """What the page's editable install line adds to ``pip install -e``."""
    lines = re.findall(r"^\s*(\.venv/bin/pip install -e '\.\[test\]'.*)$", PAGE.read_text("utf-8"),
                       re.MULTILINE)  # fmt: skip
    assert lines, "docs/development.md gives no editable install of the test extra"
    words = shlex.split(lines[0].split("#")[0])
    return words[words.index("-e") + 2 :]


def test_the_page_asks_for_the_strict_editable_mode() -> None:
    assert editable_options() == ["--config-settings", "editable_mode=strict"]


@pytest.mark.build
@pytest.mark.tool
def test_mypy_follows_the_editable_install_into_the_package(tmp_path: Path) -> None:
    source = copy_of_checkout(tmp_path)
    env = tmp_path / "env"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(env)], check=True)
    python = env / "bin" / "python"
    # this environment's pip and setuptools install into the new one: no network, no deps;
    # --ignore-installed, or pip would first uninstall meridina from this environment
    install = [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation",
               "--ignore-installed"]  # fmt: skip
    installed = subprocess.run(
        [*install, "--prefix", str(env), "-e", str(source), *editable_options()],
        capture_output=True,
        text=True,
        check=False,
    )
    assert installed.returncode == 0, installed.stdout + installed.stderr
    elsewhere = tmp_path / "user"
    elsewhere.mkdir()
    (elsewhere / "use.py").write_text(USER_SCRIPT, "utf-8")
    imported = subprocess.run(
        [str(python), "-c", "import meridina.cli, meridina.rules; print(meridina.__file__)"],
        capture_output=True, text=True, check=False, cwd=elsewhere,
    )  # fmt: skip
    assert imported.returncode == 0, imported.stderr
    checked = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental",
         "--python-executable", str(python), "use.py"],
        capture_output=True, text=True, check=False, cwd=elsewhere,
    )  # fmt: skip
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "Iterator[meridina.api.Game]" in checked.stdout
