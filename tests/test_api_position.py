"""The API's position to play on: push, pop, copy, legal turns, the end, the score, the
supplies and the picture, for both games, held to what a checked game says."""

from __future__ import annotations

import re
from pathlib import Path

import meridina
import pytest
from meridina.medina import values as medina_values
from meridina.meridian import values as meridian_values

TOP = Path(__file__).resolve().parent.parent
GAMES = ("meridian/three-players.mrec", "medina/second-edition-3p.mrec")


def game_of(name: str) -> meridina.Game:
    (game,) = meridina.read_games(TOP / "examples" / name)
    assert game.valid
    return game


@pytest.mark.parametrize("name", GAMES)
def test_pushing_a_games_turns_gives_its_positions_and_popping_them_the_start(name: str) -> None:
    game = game_of(name)
    position = game.position(0)
    start = position.data()
    for number, turn in enumerate(game.played_turns, start=1):
        pushed = position.push(turn.text)
        assert (pushed.text, pushed.mover) == (turn.text, turn.mover)
        assert position.turns_played == number
        if number % 7 == 0 or number == len(game.turns):
            assert position.data() == game.position(number).data()
    assert position.is_over() and not game.position(0).is_over()
    assert position.score() == game.score()
    for turn in reversed(game.played_turns):
        assert position.pop().text == turn.text
    assert position.data() == start and position.turns_played == 0
    with pytest.raises(meridina.MeridinaError, match="none to pop"):
        position.pop()


@pytest.mark.parametrize("name", GAMES)
def test_legal_turns_are_turn_values_the_game_lists_and_each_can_be_pushed(name: str) -> None:
    game = game_of(name)
    for after in (0, 5):
        position = game.position(after)
        legal = list(position.legal_turns())
        assert [turn.text for turn in legal] == game.legal_turns(after)
        assert {turn.mover for turn in legal} == {position.to_move} or position.to_move is None
        for turn in legal[:: max(1, len(legal) // 8)]:
            before = position.data()
            assert position.push(turn) == turn
            assert position.turns_played == after + 1
            position.pop()
            assert position.data() == before


def test_a_turn_that_breaks_a_rule_or_cannot_be_read_is_refused_and_changes_nothing() -> None:
    position = game_of("medina/second-edition-3p.mrec").position(0)
    before = position.data()
    with pytest.raises(meridina.MeridinaError, match=r"^red orange@E5: MED-T1 it is green's"):
        position.push("red orange@E5")
    with pytest.raises(meridina.MeridinaError, match=r"^frob: REC-3 "):
        position.push("frob")
    with pytest.raises(meridina.MeridinaError, match="MED-B1 A1 is on the wall ring"):
        position.push("green orange@A1")
    assert position.data() == before and position.turns_played == 0 and position.turns == ()


def test_a_copy_is_a_position_of_its_own_with_the_same_turns_to_pop() -> None:
    for name in GAMES:
        position = game_of(name).position(2)
        first = position.push(next(position.legal_turns()))
        twin = position.copy()
        twin.push(list(twin.legal_turns())[-1])
        assert position.turns_played == 3 and twin.turns_played == 4
        assert position.data() != twin.data()
        twin.pop()
        assert twin.data() == position.data() and twin.turns == (first,)
        assert twin.pop() == first and twin.data() == game_of(name).position(2).data()


def test_who_moves_and_what_each_holds_are_values_of_the_games_own_types() -> None:
    position = meridina.Game.new(
        "Medina",
        [("Ann", "red"), ("Ben", "blue"), ("Cy", "green")],
        edition="1",
        tags={"Setup": "merchant H7"},
    ).position()
    assert position.to_move == "red"
    before = position.supplies
    assert [s.colour for s in before] == ["red", "blue", "green"]
    assert all(isinstance(s, medina_values.Supply) and s.known for s in before)
    position.push("red orange@E5 roof@E5")
    red, red_after = before[0], position.supplies[0]
    assert isinstance(red, medina_values.Supply) and isinstance(red_after, medina_values.Supply)
    assert dict(red_after.buildings)["orange"] == dict(red.buildings)["orange"] - 1
    assert red_after.roofs == red.roofs - 1 and position.supplies[1:] == before[1:]
    assert position.to_move == "blue"
    meridian = game_of("meridian/three-players.mrec").position(0)
    supplies = meridian.supplies
    assert all(isinstance(s, meridian_values.Supply) for s in supplies)
    mover = meridian.to_move
    held = {s.colour: s for s in supplies if isinstance(s, meridian_values.Supply)}
    meridian.push(next(meridian.legal_turns()))
    after = {s.colour: s for s in meridian.supplies if isinstance(s, meridian_values.Supply)}
    assert mover is not None and len(after) == len(supplies)
    assert after[mover].cards_left == (held[mover].cards_left or 0) - 1


@pytest.mark.parametrize("name", GAMES)
def test_a_score_detail_is_typed_per_game_and_adds_up_to_the_points(name: str) -> None:
    for row in game_of(name).score().players:
        detail = row.detail
        if isinstance(detail, medina_values.ScoreDetail):
            assert detail.tiles + sum(palace.total for palace in detail.palaces) == row.points
            assert row.breakdown["largest_palace"] == detail.largest_palace
        else:
            assert isinstance(detail, meridian_values.ScoreDetail)
            assert list(detail.islands) == row.breakdown["islands"]
            assert detail.pieces_left == row.breakdown["pieces_left"]


def test_a_positions_picture_is_the_games_with_size_highlight_and_last_turn() -> None:
    game = game_of("medina/second-edition-3p.mrec")
    position = game.position(3)
    assert position.picture(targets=True) == game.picture(3, targets=True)
    assert position.picture() == game.picture(3)
    small = position.picture(size=358)
    assert re.search(r'<svg [^>]*width="358" height="382"', small)
    assert 'viewBox="0 0 716 764"' in small
    marked = position.picture(highlight=["E5", "H7"])
    assert marked.count("highlight") == 2 and marked.count('class="target"') == 0
    assert position.picture(targets=True, highlight=["E5"]).count('class="target"') > 100
    assert position.picture(last_turn=False) != position.picture()
    with pytest.raises(meridina.MeridinaError, match="no place 'Z99'"):
        position.picture(highlight=["Z99"])
    position.push(next(position.legal_turns()))
    assert "after 4. " in position.picture()
    meridian = game_of("meridian/three-players.mrec").position(2)
    assert meridian.picture(highlight={"7/3"}).count("highlight") == 1


def test_a_highlight_marks_only_its_own_picture() -> None:
    """The layer of click targets is drawn once a board and shared by its pictures: a place
    marked in one picture is not marked in the next, nor dropped from it."""
    for record, place in (
        ("medina/second-edition-3p.mrec", "E5"),
        ("meridian/three-players.mrec", "7/3"),
    ):
        position = game_of(record).position(2)
        plain = position.picture(targets=True)
        assert position.picture(targets=True, highlight=[place]).count("highlight") == 1
        assert position.picture(highlight=[place]).count("highlight") == 1
        assert position.picture(targets=True) == plain
        assert "highlight" not in plain


def test_a_turn_of_another_game_is_read_as_this_games_text() -> None:
    meridian = game_of("meridian/three-players.mrec").position(0)
    medina = game_of("medina/second-edition-3p.mrec").position(0)
    with pytest.raises(meridina.MeridinaError, match=r"^grey .*: (MED|REC)-"):
        medina.push(next(meridian.legal_turns()))
    assert medina.turns_played == 0
