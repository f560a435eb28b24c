"""A score over a game with problems says so above its table, and in JSON."""

from __future__ import annotations

import json
from importlib.resources import files

import jsonschema
from conftest import Write, run_cli
from test_formats import MEDINA_BAD, MEDINA_OK, MERIDIAN_BAD, MERIDIAN_OK
from test_standings import MERIDIAN_1


def text_lines(path: str) -> list[str]:
    return run_cli("score", path).stdout.splitlines()


def score_of(path: str) -> dict[str, object]:
    data = json.loads(run_cli("score", path, "--format", "json").stdout)
    schema = json.loads(
        (files("meridina.cli.formats") / "schemas" / "score.schema.json").read_text("utf-8")
    )
    jsonschema.validate(data, schema)
    (game,) = data["files"][0]["games"]
    score: dict[str, object] = game["score"]
    return score


def test_a_game_with_problems_says_so_above_its_table(write: Write) -> None:
    for bad in (write("medina.mrec", MEDINA_BAD), write("meridian.mrec", MERIDIAN_BAD)):
        lines = text_lines(bad)
        warned = lines.index("score incomplete: 1 problem below")
        table = next(i for i, line in enumerate(lines) if line.split()[:2] == ["Rank", "Player"])
        assert warned < table
        assert score_of(bad)["complete"] is False


def test_the_count_is_of_the_games_problems(write: Write) -> None:
    path = write("two.mrec", MERIDIAN_BAD + "4. brown 7: 3@5\n")
    assert "score incomplete: 2 problems below" in text_lines(path)


def test_a_valid_game_is_complete(write: Write) -> None:
    for good in (write("medina.mrec", MEDINA_OK), write("meridian.mrec", MERIDIAN_OK)):
        assert not [line for line in text_lines(good) if "incomplete" in line]
        assert score_of(good)["complete"] is True


def test_a_wrong_result_tag_leaves_the_score_complete(write: Write) -> None:
    """The tag is wrong, not the points computed; the Result line says so."""
    path = write("result.mrec", MERIDIAN_1.replace("[Players", '[Result "Ann 1"]\n[Players', 1))
    lines = text_lines(path)
    assert "Result: DISAGREES with the record's Result tag" in lines
    assert not [line for line in lines if "incomplete" in line]
    assert score_of(path)["complete"] is True
