"""A position section gives each entry once (REC-5): a second ``hand:`` or ``7:`` would be
lost, or merged into the first where the record shows them apart, so it is a problem at its
place; Medina's ``merchants:`` lines are streets of their own and may repeat."""

from __future__ import annotations

import meridina
import pytest
from conftest import run_cli
from meridina.api import Problem

MERIDIAN = '[Game "Meridian"]\n[Players "Ann orange; Ben black; Cy grey; Di brown"]\nposition\n'
MEDINA = '[Game "Medina"]\n[Players "Ann red; Ben blue; Cy green"]\n[Edition "2"]\nposition\n'


def given_twice(text: str) -> list[tuple[int | None, int | None, str]]:
    (game,) = meridina.read_text(text)
    problems: list[Problem] = [p for p in game.problems if "given twice" in p.message]
    assert all(p.rule == "REC-5" for p in problems)
    return [(p.line, p.col, p.message.split(" is given twice")[0]) for p in problems]


@pytest.mark.parametrize(
    ("body", "found"),
    [
        ("  7: grey 1@2\n  m7: black 2@3\n", [(5, 3, "meridian 7")]),
        ("  7: grey 1@2\n  7:\n", [(5, 3, "meridian 7")]),
        ("  hand: orange 5\n  hand: orange 6\n", [(5, 3, "hand:")]),
        ("  hand: orange 5\n  hand: black 6\n", [(5, 3, "hand:")]),
        ("  next: orange\n  played: orange 1\n  NEXT: black\n", [(6, 3, "next:")]),
        ("  7: grey 1@2\n  8: black 2@3\n  hand: orange 5 black 6\n", []),
    ],
)
def test_a_meridian_position_entry_given_twice_is_a_problem_at_the_second(
    body: str, found: list[tuple[int, int, str]]
) -> None:
    assert given_twice(MERIDIAN + body) == found


@pytest.mark.parametrize(
    ("body", "found"),
    [
        ("  walls: B1\n  wall: C1\n", [(6, 3, "walls:")]),
        ("  orange: E5\n  orange: H8\n", [(6, 3, "orange:")]),
        ("  tea: red 1\n  tea: red 2\n", [(6, 3, "tea:")]),
        ("  merchants: E5 E6\n  merchants: J9\n", []),  # two streets
    ],
)
def test_a_medina_position_entry_given_twice_is_a_problem_but_a_street_is_not(
    body: str, found: list[tuple[int, int, str]]
) -> None:
    assert given_twice(MEDINA + body) == found


def test_annotate_leaves_a_position_with_an_entry_given_twice_as_written() -> None:
    text = MERIDIAN + "  7: grey 1@2\n  hand: orange 5\n  hand: black 6\n"
    (game,) = meridina.read_text(text)
    assert not game.valid
    written = run_cli("annotate", "-", input_text=text).stdout
    assert "  hand: orange 5\n  hand: black 6\n" in written
    assert "REC-5" in written
