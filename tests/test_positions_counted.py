"""A game entered as its final position says that it is over, and then counts in the
standings like any finished game: Medina's ``supplies: spent`` entry, and the entry saying so
that ``record --position`` adds (Meridian's ``played:``, Medina's ``supplies: spent``)."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from conftest import run_cli
from meridina.cli.games import cli_game
from meridina.notation.driver import GameReport, check_text
from meridina.notation.medina.writer import format_position
from meridina.rules.medina.model import StartPosition

TOP = Path(__file__).resolve().parent.parent
EXAMPLES = TOP / "examples"
SCORING_EXAMPLE = EXAMPLES / "medina" / "scoring-example.mrec"


def header_and_entries(example: Path, left_out: str) -> tuple[str, list[str]]:
    """The example's tags (its Result dropped) and its position entries, but ``left_out``."""
    lines = example.read_text("utf-8").split("\n")
    start = lines.index("position")
    header = "\n".join(line for line in lines[:start] if not line.startswith("[Result"))
    entries = [line.strip() for line in lines[start + 1 :] if line.strip()]
    return header, [entry for entry in entries if not entry.startswith(left_out)]


def header_options(header: str) -> list[str]:
    options = {"Players": "--players", "Board": "--board", "Edition": "--edition",
               "Options": "--options", "Setup": "--setup"}  # fmt: skip
    args = []
    for line in header.splitlines():
        if line.startswith("["):
            name, _, value = line[1:-1].partition(" ")
            if name in options:
                args += [options[name], value.strip('"')]
    return args


def counted_everywhere(path: Path) -> dict[str, int]:
    """The game's players and points in the standings, the same in JSON, CSV and text."""
    data = json.loads(run_cli("score", str(path), "--standings", "--format", "json").stdout)
    assert data["games"] == 1 and data["not_counted"] == []
    (table,) = data["tables"]
    points = {p["name"]: p["points"] for p in table["players"]}
    rows = run_cli("score", str(path), "--standings", "--format", "csv").stdout.split("\n\n")[0]
    assert {r["player"]: int(r["points"]) for r in csv.DictReader(io.StringIO(rows))} == points
    text = run_cli("score", str(path), "--standings").stdout
    assert ": 1 game counted" in text and "not counted" not in text
    return points


# ---------------------------------------------------------------- supplies: spent


def test_supplies_spent_makes_a_medina_position_a_finished_game() -> None:
    text = (EXAMPLES / "medina" / "final-position.mrec").read_text("utf-8")
    (spent,) = check_text(text, EXAMPLES)
    (unsaid,) = check_text(text.replace("  supplies: spent\n", ""), EXAMPLES)
    assert spent.valid and unsaid.valid
    assert spent.run is not None and unsaid.run is not None
    assert spent.run.sheet.finished and not unsaid.run.sheet.finished


def test_supplies_spent_where_a_piece_can_still_be_placed_breaks_med_p1() -> None:
    text = SCORING_EXAMPLE.read_text("utf-8").rstrip("\n") + "\n  supplies: spent\n"
    (report,) = check_text(text, EXAMPLES)
    line = text.split("\n").index("  supplies: spent") + 1
    assert [(p.rule, p.at.line if p.at else None) for p in report.errors] == [("MED-P1", line)]
    assert "the position says the supplies are spent" in report.errors[0].message
    assert "could place" in report.errors[0].message


@pytest.mark.parametrize("value", ["", "gone", "spent spent"])
def test_supplies_takes_only_the_word_spent(value: str) -> None:
    text = (
        '[Game "Medina"]\n[Edition "1"]\n[Players "Ann red; Ben blue; Cy green"]\n\n'
        f"position\n  grey: E5\n  supplies: {value}\n"
    )
    (report,) = check_text(text, EXAMPLES)
    assert [p.rule for p in report.errors] == ["REC-5"]
    assert "supplies: spent" in report.errors[0].message


def test_supplies_spent_is_written_back() -> None:
    at = check_text((EXAMPLES / "medina" / "final-position.mrec").read_text("utf-8"), EXAMPLES)
    record = at[0].record
    assert record is not None and record.setup is not None
    position = record.setup.position
    assert isinstance(position, StartPosition) and position.spent is not None
    assert format_position(position)[-1] == "  supplies: spent"


# ---------------------------------------------------------------- typed: record --position


@pytest.mark.parametrize(
    ("example", "ending"),
    [("medina/final-position.mrec", "supplies:"), ("meridian/final-position.mrec", "played:")],
)
def test_a_typed_final_position_says_it_is_over_and_counts(
    tmp_path: Path, example: str, ending: str
) -> None:
    """Typed without the entry that says the game is over, as a player types a table."""
    header, entries = header_and_entries(EXAMPLES / example, ending)
    game = "medina" if example.startswith("medina") else "meridian"
    target = tmp_path / "table.mrec"
    result = run_cli("record", "--position", "-o", str(target), "--game", game,
                     *header_options(header), input_text="\n".join(entries) + "\n")  # fmt: skip
    assert result.exit_code == 0, result.output
    assert f"the game is over: wrote '{ending}" in result.output
    assert "leave this game out" not in result.output
    written = target.read_text("utf-8").split("\n")
    assert any(line.startswith(f"  {ending}") for line in written)
    assert any(line.startswith("[Result ") for line in written)
    (original,) = check_text((EXAMPLES / example).read_text("utf-8"), EXAMPLES)
    assert original.run is not None
    expected = {row[0]: row[2] for row in _ranking(game, original)}
    assert counted_everywhere(target) == expected


def _ranking(game: str, report: GameReport) -> list[tuple[str, int, int]]:
    assert report.run is not None
    return cli_game(game).ranking(report.run.sheet)


def test_a_typed_position_that_is_not_over_says_why_it_will_not_count(tmp_path: Path) -> None:
    header, entries = header_and_entries(SCORING_EXAMPLE, "supplies:")
    target = tmp_path / "table.mrec"
    result = run_cli("record", "--position", "-o", str(target), "--game", "medina",
                     *header_options(header), input_text="\n".join(entries) + "\n")  # fmt: skip
    assert result.exit_code == 0, result.output
    said = [line for line in result.output.splitlines() if "leave this game out" in line]
    assert said == [
        "the standings will leave this game out: it cannot be written as over ('supplies: ...' "
        "breaks MED-P1: the position says the supplies are spent (the game is over), but a "
        "piece may still be placed: red could place a grey building at B12)"
    ]
    assert "supplies:" not in target.read_text("utf-8")
    data = json.loads(run_cli("score", str(target), "--standings", "--format", "json").stdout)
    assert data["games"] == 0 and len(data["not_counted"]) == 1
