"""A fact of a position is given once (REC-5): a second hand of one colour, a second
``next:``, a player's tea given again would replace the first unsaid, so it is a problem at
its place. Entries that add up (towers of a meridian, buildings, walls, Medina's streets)
may be spread over several lines, and ``annotate`` keeps such a section as written rather
than merge its lines."""

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
        ("  hand: orange 5\n  hand: orange 6\n", [(5, 9, "orange's hand")]),
        ("  hand: orange 5 black 4 orange 6\n", [(4, 26, "orange's hand")]),
        ("  played: orange 1 2\n  played: black 3 orange 4\n", [(5, 19, "orange's cards played")]),
        ("  next: orange\n  NEXT: black\n", [(5, 3, "next:")]),
        # facts that add up, or that are each given once over several lines
        ("  7: grey 1@2\n  m7: black 2@3\n  hand: orange 5\n  hand: black 6\n", []),
        ("  played: orange 1 2\n  played: black 3\n", []),
    ],
)
def test_a_meridian_fact_given_twice_is_a_problem_at_the_second(
    body: str, found: list[tuple[int, int, str]]
) -> None:
    assert given_twice(MERIDIAN + body) == found


def test_hands_and_cards_played_over_several_lines_are_all_kept() -> None:
    text = MERIDIAN + "  hand: orange 5\n  hand: black 6\n  played: orange 1\n  played: black 2\n"
    (game,) = meridina.read_text(text)
    (split,) = meridina.read_text(
        MERIDIAN + "  hand: orange 5 black 6\n  played: orange 1 black 2\n"
    )
    # the same position, whichever layout
    assert [(p.rule, p.message) for p in game.problems] == [
        (p.rule, p.message) for p in split.problems
    ]


@pytest.mark.parametrize(
    ("body", "found"),
    [
        ("  tea: red 1\n  tea: red 2\n", [(6, 8, "red's tea")]),
        (
            "  palace-tiles: grey red\n  palace-tiles: grey blue\n",
            [(6, 17, "the grey palace tile")],
        ),
        ("  tower-tiles: 1 red 1 blue\n", [(5, 22, "tower 1's tile")]),
        ("  next: red\n  next: blue\n", [(6, 3, "next:")]),
        # entries that add up: two streets, walls and buildings over two lines
        ("  merchants: E5 E6\n  merchants: J9\n  walls: B1\n  wall: C1\n", []),
        ("  orange: E5\n  orange: H8\n  tea: red 1\n  tea: blue 2\n", []),
    ],
)
def test_a_medina_fact_given_twice_is_a_problem_at_the_second(
    body: str, found: list[tuple[int, int, str]]
) -> None:
    assert given_twice(MEDINA + body) == found


@pytest.mark.parametrize(
    "text",
    [
        MERIDIAN + "  7: grey 1@2\n  m7: black 2@3\n  hand: orange 5\n  hand: black 6\n",
        MEDINA + "  walls: B1\n  wall: C1\n  orange: E5\n  orange: H8\n",
    ],
)
def test_annotate_keeps_a_position_spread_over_lines_as_written(text: str) -> None:
    written = run_cli("annotate", "-", input_text=text).stdout
    entries = text.split("position\n", 1)[1]
    assert entries in written


@pytest.mark.parametrize(
    "text",
    [
        MERIDIAN + "  m7:\n",
        MERIDIAN + "  7: grey 1@2\n  m6:\n  8: black 1@3\n",
        MEDINA + "  walls:\n  orange: E5\n",
    ],
)
def test_annotate_keeps_a_position_with_an_entry_that_says_nothing_as_written(text: str) -> None:
    """Canonical layout writes no line for an empty entry: the section is kept as written,
    where the empty entry was lost."""
    written = run_cli("annotate", "-", input_text=text).stdout
    entries = text.split("position\n", 1)[1]
    assert entries in written


def test_annotate_still_writes_a_position_of_one_line_a_fact_in_canonical_layout() -> None:
    text = MERIDIAN + "  m7:   grey 1@2\n"
    written = run_cli("annotate", "-", input_text=text).stdout
    assert "  7: grey 1@2\n" in written
