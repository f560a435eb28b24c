"""``meridina generate``: random legal games that validate, the same for the same seed."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from hypothesis import given, settings
from hypothesis import strategies as st
from meridina.cli.main import cli
from meridina.notation.driver import GameReport, check_text

# (arguments, players per game, rulings named in the Rulings tag)
KINDS: list[tuple[list[str], int, str | None]] = [
    (["--game", "meridian", "--players", "2"], 2, None),
    (["--game", "meridian", "--players", "3"], 3, None),
    (["--game", "meridian"], 4, None),
    (
        ["--game", "meridian", "--players", "2", "--rulings", "two-player-turns=colours"],
        2,
        "two-player-turns=colours",
    ),
    (
        [
            "--game", "meridian", "--players", "2",
            "--rulings", "own-push=never", "--rulings", "empty-meridian=first",
        ],
        2,
        "empty-meridian=first; own-push=never",
    ),
    (["--game", "meridian", "--players", "2", "--rulings", "own-push=any"], 2, "own-push=any"),
    (["--game", "medina", "--edition", "1", "--players", "3"], 3, None),
    (["--game", "medina", "--edition", "1"], 4, None),
    (["--game", "medina", "--players", "2"], 2, None),
    (["--game", "medina", "--edition", "2", "--players", "3"], 3, None),
    (
        ["--game", "medina", "--rulings", "new-street-touch=none; tea-placement=second"],
        4,
        "new-street-touch=none; tea-placement=second",
    ),
    (
        ["--game", "medina", "--players", "3", "--rulings", "retire-colours=no, min-roof-size=3"],
        3,
        "retire-colours=no; min-roof-size=3",
    ),
    (
        [
            "--game", "medina", "--edition", "1",
            "--rulings", "well-bonus=palace; stable-tower=owner; tie-break=none",
        ],
        4,
        "well-bonus=palace; stable-tower=owner; tie-break=none",
    ),
]  # fmt: skip


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, ["generate", *args])


def generated(*args: str) -> str:
    result = run(*args)
    assert result.exit_code == 0, result.output
    return result.stdout


def reports_of(text: str) -> list[GameReport]:
    return check_text(text)


@pytest.mark.parametrize(
    ("args", "players", "rulings"), KINDS, ids=[" ".join(args) for args, _, _ in KINDS]
)
def test_every_generated_game_validates(args: list[str], players: int, rulings: str | None) -> None:
    text = generated(*args, "-n", "2", "--seed", "5")
    reports = reports_of(text)
    assert len(reports) == 2
    game = "Meridian" if "meridian" in args else "Medina"
    for report in reports:
        assert report.game == game
        assert report.problems == []
        record = report.record
        assert record.setup is not None and len(record.setup.players) == players
        assert record.setup.result is not None  # a Result tag, and validate agrees with it
        stated = record.game.tag("Rulings")
        assert (stated.value if stated is not None else None) == rulings
        assert report.run.sheet.finished


@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
@settings(max_examples=8, deadline=None)
def test_meridian_games_validate_from_any_seed(seed: int) -> None:
    (report,) = reports_of(generated("--game", "meridian", "--seed", str(seed)))
    assert report.problems == [] and report.run.sheet.finished


@given(seed=st.integers(min_value=0, max_value=2**32 - 1), edition=st.sampled_from(["1", "2"]))
@settings(max_examples=3, deadline=None)
def test_medina_games_validate_from_any_seed(seed: int, edition: str) -> None:
    args = ("--game", "medina", "--edition", edition, "--players", "3", "--seed", str(seed))
    (report,) = reports_of(generated(*args))
    assert report.problems == [] and report.run.sheet.finished


@pytest.mark.parametrize("game", ["meridian", "medina"])
def test_the_same_seed_gives_the_same_bytes_and_another_seed_other_games(game: str) -> None:
    first = generated("--game", game, "-n", "2", "--seed", "11")
    assert generated("--game", game, "-n", "2", "--seed", "11") == first
    other = generated("--game", game, "-n", "2", "--seed", "12")
    assert other != first
    turns = [line for line in first.splitlines() if line[:1].isdigit()]
    assert turns != [line for line in other.splitlines() if line[:1].isdigit()]


def test_a_longer_run_begins_with_the_games_of_a_shorter_one() -> None:
    one = generated("--game", "meridian", "--seed", "3")
    three = generated("--game", "meridian", "-n", "3", "--seed", "3")
    assert three.startswith(one + "\n")
    assert len(reports_of(three)) == 3


def test_output_file_holds_what_standard_output_shows(tmp_path: Path) -> None:
    target = tmp_path / "games.mrec"
    target.write_text("old\n", encoding="utf-8")
    assert run("--game", "medina", "--seed", "4", "-o", str(target)).exit_code == 0
    assert target.read_bytes() == generated("--game", "medina", "--seed", "4").encode()
    assert [p.name for p in tmp_path.iterdir()] == ["games.mrec"]  # no temporary file left


def test_an_output_folder_is_refused_with_exit_2(tmp_path: Path) -> None:
    result = run("--game", "meridian", "-o", str(tmp_path))
    assert result.exit_code == 2


@pytest.mark.parametrize("game", ["meridian", "medina"])
def test_annotate_of_a_generated_record_reads_back_the_same(game: str, tmp_path: Path) -> None:
    path = tmp_path / "games.mrec"
    text = generated("--game", game, "-n", "2", "--seed", "8")
    path.write_text(text, encoding="utf-8")
    plain = CliRunner().invoke(cli, ["annotate", "--no-notes", str(path)])
    assert plain.exit_code == 0 and plain.stdout == text  # already in canonical layout
    noted = CliRunner().invoke(cli, ["annotate", str(path)])
    assert noted.exit_code == 0 and noted.stdout != text
    for before, after in zip(reports_of(text), reports_of(noted.stdout), strict=True):
        assert after.problems == []
        assert after.record.game.tags == before.record.game.tags
        assert after.record.setup == before.record.setup
        assert [e.turn for e in after.record.entries] == [e.turn for e in before.record.entries]


@pytest.mark.parametrize(
    "args",
    [
        ["--game", "meridian", "--players", "5"],
        ["--game", "meridian", "--players", "1"],
        ["--game", "medina", "--edition", "1", "--players", "2"],
        ["--game", "meridian", "--edition", "2"],
        ["--game", "chess"],
        ["--players", "3"],
        ["--game", "meridian", "-n", "0"],
        ["--game", "meridian", "-n", "100001"],
        ["--game", "meridian", "-n", "+3"],
        ["--game", "meridian", "-n", " 3"],
        ["--game", "meridian", "-n", "\u0663"],  # an Arabic-Indic three
        ["--game", "meridian", "-n", "1e3"],
        ["--game", "meridian", "--seed", "-1"],
        ["--game", "meridian", "--seed", "4294967296"],
        ["--game", "meridian", "--seed", "9" * 5000],
        ["--game", "meridian", "--rulings", "own-push=sometimes"],
        ["--game", "meridian", "--rulings", "tie-break=none"],
        ["--game", "medina", "--rulings", "min-roof-size=99999"],
    ],
    ids=lambda v: " ".join(v)[:40],
)
def test_bad_options_are_usage_errors(args: list[str]) -> None:
    result = run(*args)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert "Traceback" not in result.output
