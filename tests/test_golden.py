"""Every command and output format on every bundled example, compared byte for byte.

The expected outputs live under ``tests/golden/``. A change of output shows up as a
diff there: rewrite them on purpose with ``python -m pytest tests/test_golden.py
--update-goldens`` and review the diff before committing it.
"""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner
from meridina.cli.main import cli

TOP = Path(__file__).resolve().parent.parent
EXAMPLES = sorted(p.relative_to(TOP) for p in (TOP / "examples").rglob("*.mrec"))
GOLDEN = Path(__file__).resolve().parent / "golden"

# (name in the golden file, command line after the record path)
COMMANDS: list[tuple[str, list[str]]] = [
    ("validate", ["validate"]),
    ("replay", ["replay"]),
    ("annotate", ["annotate"]),
    ("score", ["score"]),
    ("score-details", ["score", "--islands"]),
]
FORMATS = ["text", "json"]
# The CI reports, on validate only: replay and score report the same problems in them
# (test_formats.py, test_gitlab_format.py).
CI_FORMATS = ["gitlab"]
# The commands over a whole collection, on every bundled example at once, in each format
COLLECTION_COMMANDS = ["ratings", "stats"]
COLLECTION_FORMATS = ["text", "json", "csv"]
# find over the whole examples folder, which writes no other format: (golden name, options)
FIND_CASES: list[tuple[str, list[str]]] = [
    ("find-list", ["--list"]),
    ("find-records", ["--event", "club night", "--from", "2024-03-01"]),
    ("find-duplicates", ["--duplicates", "--list"]),
]


def _cases() -> list[tuple[Path, str, list[str], str]]:
    return [
        (example, name, args, output_format)
        for example in EXAMPLES
        for name, args in COMMANDS
        for output_format in FORMATS
    ] + [
        (example, "validate", ["validate"], output_format)
        for example in EXAMPLES
        for output_format in CI_FORMATS
    ]


def _render(example: Path, args: list[str], output_format: str) -> str:
    command = [args[0], str(example), *args[1:], "--format", output_format]
    result = CliRunner().invoke(cli, command)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return (
        f"$ meridina {' '.join(command)}\n"
        f"exit: {result.exit_code}\n"
        f"--- stdout ---\n{result.stdout}"
        f"--- stderr ---\n{result.stderr}"
    )


def matches_golden(actual: str, golden: Path, request: pytest.FixtureRequest) -> None:
    """``actual`` is the golden file's text; with ``--update-goldens`` it becomes it."""
    if request.config.getoption("--update-goldens"):
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(actual, "utf-8", newline="\n")
        return
    assert golden.exists(), f"no golden output yet: run pytest {__file__} --update-goldens"
    assert actual == golden.read_text("utf-8"), f"output differs from {golden.relative_to(TOP)}"


@pytest.mark.parametrize(
    ("example", "name", "args", "output_format"),
    _cases(),
    ids=[f"{e.parent.name}/{e.stem}-{n}-{f}" for e, n, _, f in _cases()],
)
def test_output_matches_golden(
    example: Path,
    name: str,
    args: list[str],
    output_format: str,
    request: pytest.FixtureRequest,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(TOP)
    actual = _render(example, args, output_format)
    golden = GOLDEN / example.parent.name / f"{example.stem}.{name}.{output_format}.out"
    matches_golden(actual, golden, request)


@pytest.mark.parametrize("command", COLLECTION_COMMANDS)
@pytest.mark.parametrize("output_format", COLLECTION_FORMATS)
def test_collection_output_matches_golden(
    command: str,
    output_format: str,
    request: pytest.FixtureRequest,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(TOP)
    actual = _render(Path("examples"), [command], output_format)
    golden = GOLDEN / "collections" / f"{command}.{output_format}.out"
    matches_golden(actual, golden, request)


@pytest.mark.parametrize(("name", "options"), FIND_CASES, ids=[name for name, _ in FIND_CASES])
def test_find_output_matches_golden(
    name: str,
    options: list[str],
    request: pytest.FixtureRequest,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(TOP)
    command = ["find", "examples", *options]
    result = CliRunner().invoke(cli, command)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    actual = (
        f"$ meridina {shlex.join(command)}\n"
        f"exit: {result.exit_code}\n"
        f"--- stdout ---\n{result.stdout}"
        f"--- stderr ---\n{result.stderr}"
    )
    golden = GOLDEN / "collections" / f"{name}.out"
    matches_golden(actual, golden, request)


def test_every_golden_file_has_a_case() -> None:
    """A golden file left over from a removed example or command is a stale file."""
    expected = {GOLDEN / e.parent.name / f"{e.stem}.{n}.{f}.out" for e, n, _, f in _cases()}
    expected |= {
        GOLDEN / "collections" / f"{command}.{output_format}.out"
        for command in COLLECTION_COMMANDS
        for output_format in COLLECTION_FORMATS
    }
    expected |= {GOLDEN / "collections" / f"{name}.out" for name, _ in FIND_CASES}
    expected |= {GOLDEN / "collections" / f"site-{page}.out" for page in SITE_PAGES}
    assert set(GOLDEN.rglob("*.out")) == expected


# the site of the examples folder: its home page and its two lists (the game and player
# pages are the replay page and tables checked in tests/test_site.py)
SITE_PAGES = ["index.html", "games.html", "players.html"]


@pytest.fixture(scope="module")
def examples_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("site") / "site"
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(TOP)
        result = CliRunner().invoke(cli, ["site", "examples", "-o", str(folder), "-q"])
    assert result.exit_code == 1, result.output  # examples with problems: shown on the site
    return folder


@pytest.mark.parametrize("page", SITE_PAGES)
def test_site_pages_match_golden(
    page: str, examples_site: Path, request: pytest.FixtureRequest
) -> None:
    actual = (examples_site / page).read_text("utf-8")
    golden = GOLDEN / "collections" / f"site-{page}.out"
    matches_golden(actual, golden, request)
