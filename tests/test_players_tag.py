"""Both games read the Players tag alike: a missing one is a REC-2 problem with an example
of the game's own colours, and each player's entry is split on semicolons."""

from __future__ import annotations

import pytest
from medina_records import medina
from meridina.notation import medina as medina_notation
from meridina.notation import meridian as meridian_notation
from meridina.notation.parser import parse_game
from meridina.notation.players_tag import player_entries
from meridina.notation.splitter import GameChunk
from meridina.rules.common import Place


@pytest.mark.parametrize(
    ("game", "bridge", "example"),
    [
        ("Meridian", meridian_notation.read_record, "Ann orange; Ben black; Cy grey"),
        ("Medina", medina_notation.read_record, "Ann red; Ben blue; Cy green"),
    ],
)
def test_a_missing_players_tag_is_one_problem_with_an_example(
    game: str, bridge: object, example: str
) -> None:
    text = f'[Game "{game}"]\n[Edition "1"]\n' if game == "Medina" else f'[Game "{game}"]\n'
    record = bridge(parse_game(GameChunk(text, 3)))  # type: ignore[operator]
    assert record.setup is None
    (problem,) = [p for p in record.problems if "Players" in p.message]
    assert (problem.rule, problem.at) == ("REC-2", Place(3, 1))
    assert problem.message == f'the Players tag is missing: [Players "{example}"]'


def test_player_entries_split_a_players_value_on_semicolons() -> None:
    assert player_entries(" Ann  red ;Ben blue;; Cy") == [
        ("Ann  red", ["Ann", "red"]),
        ("Ben blue", ["Ben", "blue"]),
        ("Cy", ["Cy"]),
    ]
    assert medina_notation.read_record(parse_game(GameChunk(medina(), 1))).setup is not None
