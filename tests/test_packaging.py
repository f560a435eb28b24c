"""The source distribution, built as a release builds it: its tests run from it, and its
metadata says what the package is."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tarfile
from email.parser import Parser
from pathlib import Path

import pytest
from checkout_copy import copy_of_checkout

TOP = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def sdist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("sdist")
    # a clean copy, as a fresh clone is: a left-over egg-info would add its own file list
    source = copy_of_checkout(tmp_path_factory.mktemp("source"))
    # what `mypy` run in tests/ leaves there (.ci/typecheck does): never in the sdist
    (source / "tests" / ".mypy_cache" / "3.10").mkdir(parents=True)
    (source / "tests" / ".mypy_cache" / "3.10" / "probe.meta.json").write_text("{}", "utf-8")
    build = [sys.executable, "-m", "build", "--sdist", "--no-isolation", "--outdir", str(out)]
    built = subprocess.run(
        [*build, str(source)], capture_output=True, text=True, timeout=600, check=False
    )
    assert built.returncode == 0, built.stdout + built.stderr
    (archive,) = out.glob("meridina-*.tar.gz")
    return archive


def members(archive: Path) -> set[str]:
    with tarfile.open(archive) as tar:
        return {name.split("/", 1)[1] for name in tar.getnames() if "/" in name}


@pytest.mark.skipif(
    shutil.which("git") is None or not (TOP / ".git").exists(),
    reason="needs git and a git checkout of meridina",
)
@pytest.mark.build
def test_the_sdist_carries_every_file_the_tests_and_examples_need(sdist: Path) -> None:
    tracked = subprocess.run(
        ["git", "ls-files", "tests", "examples", "cli", "notation", "rules", "seeds"],
        cwd=TOP,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    missing = sorted(set(tracked) - members(sdist))
    assert not missing, missing
    assert not [name for name in members(sdist) if "__pycache__" in name or name.endswith(".pyc")]
    assert not [name for name in members(sdist) if "_cache/" in name or name.endswith("_cache")]


@pytest.mark.build
def test_the_tests_in_the_sdist_are_collected_without_error(sdist: Path, tmp_path: Path) -> None:
    with tarfile.open(sdist) as tar:
        tar.extractall(tmp_path, filter="data")
    (unpacked,) = tmp_path.glob("meridina-*")

    def collect(folder: Path) -> str:
        # in this process (-n 0): collected by workers, the tests would not be listed; the
        # asserts are not rewritten (--assert=plain), which is most of collecting's work
        command = [sys.executable, "-m", "pytest", "--collect-only", "-q", "-n", "0"]
        command += ["--assert=plain", "--run-slow"]  # every test, as CI runs them
        ran = subprocess.run(
            [*command, "-p", "no:cacheprovider"],
            cwd=folder,
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )
        assert ran.returncode == 0, ran.stdout[-3000:] + ran.stderr[-3000:]
        return ran.stdout

    # the same tests, file by file, as in the repository
    here = collect(TOP)
    assert here.count("tests/test_") > 100
    assert collect(unpacked) == here


@pytest.mark.build
def test_the_metadata_names_the_license_and_the_pythons(sdist: Path) -> None:
    with tarfile.open(sdist) as tar:
        info = tar.extractfile(f"{sdist.name.removesuffix('.tar.gz')}/PKG-INFO")
        assert info is not None
        metadata = Parser().parsestr(info.read().decode("utf-8"))
    assert metadata["License-Expression"] == "MIT"
    assert metadata["License-File"] == "LICENSE"
    classifiers = metadata.get_all("Classifier") or []
    assert "Typing :: Typed" in classifiers
    floor = metadata["Requires-Python"].removeprefix(">=")
    assert f"Programming Language :: Python :: {floor}" in classifiers


def test_the_lowest_versions_tested_are_the_declared_minimums() -> None:
    import re

    if sys.version_info >= (3, 11):
        import tomllib
    else:
        import tomli as tomllib
    project = tomllib.loads((TOP / "pyproject.toml").read_text("utf-8"))["project"]
    declared = {}
    # the dependencies (not the tools' extras)
    for requirement in project["dependencies"]:
        found = re.fullmatch(r"([A-Za-z0-9_.-]+)>=([0-9.]+)(;.*)?", requirement)
        assert found, requirement
        declared[found.group(1).lower()] = found.group(2)
    pinned = {}
    for line in (TOP / ".ci" / "lowest-versions.txt").read_text("utf-8").splitlines():
        if line and not line.startswith("#"):
            name, version = line.split("==")
            pinned[name.lower()] = version
    padded = {name: version + ".0" * (2 - version.count(".")) for name, version in declared.items()}
    assert pinned == padded


@pytest.mark.build
def test_the_wheel_and_sdist_pass_twine_check(sdist: Path, tmp_path: Path) -> None:
    build = [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(tmp_path)]
    source = copy_of_checkout(tmp_path)  # not in the checkout, which others build too
    built = subprocess.run([*build, str(source)], capture_output=True, text=True, check=False)
    assert built.returncode == 0, built.stdout + built.stderr
    (wheel,) = tmp_path.glob("*.whl")
    checked = subprocess.run(
        [sys.executable, "-m", "twine", "check", "--strict", str(wheel), str(sdist)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stdout.count("PASSED") == 2
