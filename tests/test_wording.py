"""The words of messages: counts in the singular for one thing, every error line marked."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import Write, run_cli
from meridina.rules.wording import agreeing, counted
from test_formats import MERIDIAN_BAD

TOP = Path(__file__).resolve().parent.parent
PACKAGES = ("cli", "notation", "rules", "seeds")
# a plural built by hand: {'s' if n != 1 else ''} and its variants
HAND_PLURAL = re.compile(r"""\{\s*(['"])s?\1\s+if\b[^{}]*\belse\s+(['"])s?\2\s*\}""")


def test_counted_says_one_thing_in_the_singular() -> None:
    assert counted(1, "card") == "1 card"
    assert counted(0, "card") == "0 cards"
    assert counted(2, "tea tile") == "2 tea tiles"
    assert counted(1, "city", "cities") == "1 city"
    assert counted(3, "city", "cities") == "3 cities"
    assert agreeing(1, "remains", "remain") == "remains"
    assert agreeing(2, "remains", "remain") == "remain"


def test_no_module_builds_a_plural_by_hand() -> None:
    found = [
        f"{path.relative_to(TOP)}:{number}"
        for package in PACKAGES
        for path in sorted((TOP / package).rglob("*.py"))
        for number, line in enumerate(path.read_text("utf-8").splitlines(), 1)
        if HAND_PLURAL.search(line)
    ]
    assert found == []


def one_card_short(write: Write) -> str:
    """A random legal Meridian game with its last turn taken away: one card is left."""
    ran = run_cli("generate", "--game", "meridian", "--seed", "1")
    assert ran.exit_code == 0
    text = ran.stdout.rstrip("\n")
    return write("short.mrec", text[: text.rindex("\n")] + "\n")


def test_one_card_left_is_said_in_the_singular(write: Write) -> None:
    path = one_card_short(write)
    checked = run_cli("validate", path)
    assert checked.exit_code == 1
    assert "MER-E5 the record states a result, but 1 card remains to be played" in checked.stdout
    scored = run_cli("score", path)
    assert "(not finished: 1 card left; scored as it stands)" in scored.stdout
    for said in (checked.output, scored.output):
        assert "1 cards" not in said and "1 card remain " not in said


def test_every_line_of_an_error_of_several_lines_is_marked(write: Write, tmp_path: Path) -> None:
    out = str(tmp_path / "game.mrec")
    ran = run_cli("record", "-o", out, "--game", "meridian", "--players", "Ann orange; Ben black")
    assert ran.exit_code == 2
    lines = ran.stderr.splitlines()
    assert len(lines) == 2, ran.stderr
    assert all(line.startswith("meridina: --players: MER-S1 ") for line in lines), ran.stderr


def test_a_record_to_put_right_first_is_told_line_by_line(write: Write) -> None:
    path = write("bad.mrec", MERIDIAN_BAD)
    ran = run_cli("record", path, input_text="")
    assert ran.exit_code == 1
    lines = ran.stderr.splitlines()
    assert len(lines) >= 2 and "MER-R2" in lines[0], ran.stderr
    assert all(line.startswith("meridina: ") for line in lines), ran.stderr


THREE = "Ann red; Ben blue; Cy green"


@pytest.mark.parametrize(
    ("options", "suggested"),
    [
        (("--edition", "2"), '--setup "well F6; merchant H7"'),
        (("--edition", "2", "--position"), '--setup "well F6; merchant H7"'),
        (("--edition", "2", "--setup", "merchant H7"), '--setup "well F6; merchant H7"'),
        (("--edition", "1"), '--setup "merchant H7"'),
    ],
)
def test_a_new_record_suggests_the_option_to_type_not_the_tag(
    tmp_path: Path, options: tuple[str, ...], suggested: str
) -> None:
    out = str(tmp_path / "game.mrec")
    ran = run_cli("record", "-o", out, "--game", "medina", "--players", THREE, *options)
    assert ran.exit_code == 2
    assert "MED-S3" in ran.stderr and f"as {suggested}" in ran.stderr, ran.stderr
    assert "[Setup" not in ran.stderr


def test_a_record_file_still_suggests_the_tag(write: Write) -> None:
    path = write("game.mrec", f'[Game "Medina"]\n[Edition "1"]\n[Players "{THREE}"]\n\n')
    ran = run_cli("validate", path)
    assert 'MED-S3 give the first merchant\'s field, as [Setup "merchant H7"]' in ran.stdout
