"""Every public name of the API has a concrete type for a user's type checker: a script
that reveals each name, each member of each class and each attribute set by its
``__init__`` passes ``mypy --strict`` (and pyright, where it is installed), and no
revealed type holds ``Any``."""

from __future__ import annotations

import dataclasses
import inspect
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import meridina
import pytest

TOP = Path(__file__).resolve().parent.parent
SELF = re.compile(r"\bself\.([a-z]\w*)\s*(?::[^=\n]+)?=[^=]")


def members(cls: type) -> list[str]:
    """The public names an instance of ``cls`` has: its methods and properties, its
    dataclass fields, and the attributes its ``__init__`` sets."""
    names = {name for name in dir(cls) if not name.startswith("_")}
    if dataclasses.is_dataclass(cls):
        names |= {field.name for field in dataclasses.fields(cls)}
    init = vars(cls).get("__init__")
    if init is not None and not dataclasses.is_dataclass(cls):  # (a dataclass's has no source)
        names |= {name for name in SELF.findall(inspect.getsource(init))}
    return sorted(name for name in names if not name.startswith("_"))


def probe_script() -> tuple[str, int]:
    """A script revealing every public name and member; how many reveals it makes."""
    lines = ["import meridina", ""]
    reveals = 0
    for name in sorted(meridina.__all__):
        lines.append(f"reveal_type(meridina.{name})")
        reveals += 1
        found = getattr(meridina, name)
        if not inspect.isclass(found) or issubclass(found, BaseException):
            continue
        lines += ["", "", f"def probe_{name}(value: meridina.{name}) -> None:"]
        for member in members(found):
            lines.append(f"    reveal_type(value.{member})")
            reveals += 1
        lines.append("")
    return "\n".join(lines) + "\n", reveals


def installed_tree(tmp_path: Path) -> Path:
    """The package as it installs (``meridina`` from seeds/, its parts beside it), as
    ``.ci/typecheck`` lays it out, for a checker to find from a user's folder."""
    tree = tmp_path / "site"
    package = tree / "meridina"
    package.mkdir(parents=True)
    for part in ("cli", "notation", "rules"):
        (package / part).symlink_to(TOP / part)
    for entry in (TOP / "seeds").iterdir():
        if entry.suffix in (".py", ".typed") or (entry / "__init__.py").exists():
            (package / entry.name).symlink_to(entry)
    return tree


def test_the_probe_reaches_the_new_names_and_their_members() -> None:
    script, reveals = probe_script()
    for shown in ("value.players", "value.played_turns", "value.supplies", "value.detail",
                  "value.push", "meridina.read_headers", "meridina.standings",
                  "meridina.ratings", "meridina.statistics"):  # fmt: skip
        assert shown in script
    assert "value.file" in script and "value.number" in script  # set by Game.__init__
    assert reveals > 120


@pytest.mark.tool
def test_every_public_name_has_a_concrete_type_under_mypy_strict(tmp_path: Path) -> None:
    script, reveals = probe_script()
    user = tmp_path / "user"
    user.mkdir()
    (user / "probe.py").write_text(script, "utf-8")
    checked = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "probe.py"],
        capture_output=True,
        text=True,
        check=False,
        cwd=user,
        env={**os.environ, "MYPYPATH": str(installed_tree(tmp_path))},
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
    revealed = re.findall(r'Revealed type is "(.*)"', checked.stdout)
    assert len(revealed) == reveals
    vague = [line for line in checked.stdout.splitlines() if re.search(r"\bAny\b", line)]
    assert vague == []


@pytest.mark.tool
@pytest.mark.skipif(shutil.which("pyright", path=str(Path(sys.executable).parent)) is None,
                    reason="pyright is not installed here")  # fmt: skip
def test_every_public_name_has_a_concrete_type_under_pyright(tmp_path: Path) -> None:
    script, reveals = probe_script()
    user = tmp_path / "user"
    user.mkdir()
    (user / "probe.py").write_text(script, "utf-8")
    tree = installed_tree(tmp_path)
    config = f'{{"extraPaths": ["{tree}"], "typeCheckingMode": "strict"}}'
    (user / "pyrightconfig.json").write_text(config, "utf-8")
    pyright = str(Path(sys.executable).parent / "pyright")
    quiet = {**os.environ, "PYRIGHT_PYTHON_IGNORE_WARNINGS": "1"}  # no look for a newer one
    checked = subprocess.run(
        [pyright, "probe.py"], capture_output=True, text=True, check=False, cwd=user, env=quiet
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert re.search(r"^0 errors", checked.stdout, re.MULTILINE), checked.stdout
    revealed = re.findall(r'Type of ".*" is "(.*)"', checked.stdout)
    assert len(revealed) == reveals
    assert [t for t in revealed if re.search(r"\b(Any|Unknown)\b", t)] == []


PAGE = TOP / "docs" / "api.md"
BLOCK = re.compile(r"```python\n(.*?)```\n", re.S)


def test_every_python_block_of_the_api_page_is_run_against_its_output() -> None:
    page = PAGE.read_text("utf-8")
    blocks = BLOCK.findall(page)
    shown = re.findall(r"```python\n(.*?)```\n\n```text\n", page, re.S)
    assert len(blocks) >= 8 and shown == blocks  # test_api.py runs each and reads its output


@pytest.mark.tool
def test_the_api_pages_examples_pass_mypy_strict(tmp_path: Path) -> None:
    user = tmp_path / "user"
    user.mkdir()
    blocks = BLOCK.findall(PAGE.read_text("utf-8"))
    for number, code in enumerate(blocks, start=1):
        (user / f"example_{number}.py").write_text(code, "utf-8")
    checked = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "."],
        capture_output=True,
        text=True,
        check=False,
        cwd=user,
        env={**os.environ, "MYPYPATH": str(installed_tree(tmp_path))},
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
