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


PAGE = TOP / "docs" / "api.md"
BLOCK = re.compile(r"```python\n(.*?)```\n", re.S)
PROBE = "probe.py"


@dataclasses.dataclass(frozen=True)
class MypyRun:
    """One ``mypy --strict`` run over a user's folder holding the probe and the API page's
    examples (mypy's start and its reading of the package, paid once for both tests)."""

    returncode: int
    stdout: str
    stderr: str
    reveals: int  # how many reveals the probe makes

    def errors_beyond(self, files: set[str]) -> list[str]:
        """The errors mypy found anywhere but in ``files`` (another test's, which that test
        answers for): a test's own files and the package must have none."""
        errors = [line for line in self.stdout.splitlines() if ": error:" in line]
        return [line for line in errors if line.split(":", 1)[0] not in files]

    def lines_of(self, name: str) -> list[str]:
        return [line for line in self.stdout.splitlines() if line.startswith(f"{name}:")]

    def crashed(self) -> bool:
        """Whether mypy failed other than by finding errors."""
        found = any(": error:" in line for line in self.stdout.splitlines())
        return self.returncode not in (0, 1) or (self.returncode == 1 and not found)


def example_files() -> dict[str, str]:
    """The API page's examples, as a user's scripts, by file name."""
    blocks = BLOCK.findall(PAGE.read_text("utf-8"))
    return {f"example_{number}.py": code for number, code in enumerate(blocks, start=1)}


@pytest.fixture(scope="module")
def mypy_strict(tmp_path_factory: pytest.TempPathFactory) -> MypyRun:
    folder = tmp_path_factory.mktemp("mypy")
    user = folder / "user"
    user.mkdir()
    script, reveals = probe_script()
    (user / PROBE).write_text(script, "utf-8")
    examples = example_files()
    for name, code in examples.items():
        (user / name).write_text(code, "utf-8")
    checked = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", PROBE, *examples],
        capture_output=True,
        text=True,
        check=False,
        cwd=user,
        env={**os.environ, "MYPYPATH": str(installed_tree(folder))},
    )
    return MypyRun(checked.returncode, checked.stdout, checked.stderr, reveals)


@pytest.mark.tool
def test_every_public_name_has_a_concrete_type_under_mypy_strict(mypy_strict: MypyRun) -> None:
    said = mypy_strict.stdout + mypy_strict.stderr
    assert not mypy_strict.crashed(), said
    assert mypy_strict.errors_beyond(set(example_files())) == [], said
    probed = mypy_strict.lines_of(PROBE)
    revealed = [m for line in probed for m in re.findall(r'Revealed type is "(.*)"', line)]
    assert len(revealed) == mypy_strict.reveals
    vague = [line for line in probed if re.search(r"\bAny\b", line)]
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


def test_every_python_block_of_the_api_page_is_run_against_its_output() -> None:
    page = PAGE.read_text("utf-8")
    blocks = BLOCK.findall(page)
    shown = re.findall(r"```python\n(.*?)```\n\n```text\n", page, re.S)
    assert len(blocks) >= 8 and shown == blocks  # test_api.py runs each and reads its output


@pytest.mark.tool
def test_the_api_pages_examples_pass_mypy_strict(mypy_strict: MypyRun) -> None:
    said = mypy_strict.stdout + mypy_strict.stderr
    assert len(example_files()) >= 8
    assert not mypy_strict.crashed(), said
    assert mypy_strict.errors_beyond({PROBE}) == [], said
