"""The API's game as values: players in seat order, turns with their problems, positions,
a game built in memory turn by turn, and headers read without playing."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

import meridina
import pytest
from meridina.notation import driver, reader

TOP = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((TOP / "examples").rglob("*.mrec"))
MEDINA_SEATS = [("Ann", "red"), ("Ben", "blue"), ("Cy", "green")]


def test_players_come_in_seat_order_with_their_colours_and_the_edition() -> None:
    (meridian,) = meridina.read_games(TOP / "examples" / "meridian" / "three-players.mrec")
    assert meridian.edition is None
    assert [(p.seat, p.name, p.colours) for p in meridian.players] == [
        (1, "Hal", ("grey",)),
        (2, "Eva", ("orange",)),
        (3, "Ben", ("black",)),
    ]
    (two,) = meridina.read_games(TOP / "examples" / "meridian" / "two-players.mrec")
    assert all(len(player.colours) == 2 for player in two.players)
    (medina,) = meridina.read_games(TOP / "examples" / "medina" / "second-edition-2p.mrec")
    assert medina.edition == "2"
    assert [p.name for p in medina.players] == ["Cy", "Finn"]  # as the Players tag seats them
    (unreadable,) = meridina.read_text('[Game "Medina"\n1. x\n')
    assert unreadable.players == () and unreadable.edition is None


@pytest.mark.parametrize("example", EXAMPLES, ids=[path.name for path in EXAMPLES])
def test_each_turn_holds_the_problems_placed_in_it(example: Path) -> None:
    for game in meridina.read_games(example):
        turns = game.played_turns
        assert tuple(str(turn) for turn in turns) == game.turns
        tied = [problem for turn in turns for problem in turn.problems]
        assert tied == [problem for problem in game.problems if problem.turn is not None]
        for index, turn in enumerate(turns, start=1):
            after = turns[index] if index < len(turns) else None
            for problem in turn.problems:
                assert problem.turn == index
                assert problem.line is not None and problem.col is not None
                assert (turn.line, turn.col) <= (problem.line, problem.col)
                assert after is None or (problem.line, problem.col) < (after.line, after.col)
        first = (turns[0].line, turns[0].col) if turns else None
        for problem in game.problems:
            if problem.turn is None and first is not None and problem.line is not None:
                assert (problem.line, problem.col or 0) < first


def test_a_turn_knows_its_mover_comments_and_place() -> None:
    record = (
        '[Game "Medina"]\n[Edition "1"]\n[Players "Ann red; Ben blue; Cy green"]\n'
        '[Setup "merchant H7"]\n\n1. red orange@E5 roof@H9 { hm }\n2. blue frob\n'
    )
    (game,) = meridina.read_text(record)
    first, second = game.played_turns
    assert (first.number, first.text, first.mover, first.comments) == (
        1,
        "red orange@E5 roof@H9",
        "red",
        ("hm",),
    )
    assert (first.line, first.col, first.readable) == (6, 1, True)
    assert [p.rule for p in first.problems] == ["MED-R1"]
    assert not second.readable and second.problems and second.problems[0].turn == 2


def test_positions_are_the_start_then_each_turn() -> None:
    (game,) = meridina.read_games(TOP / "examples" / "meridian" / "three-players.mrec")
    positions = list(game.positions())
    assert len(positions) == len(game.turns) + 1
    assert [p.turns_played for p in positions] == list(range(len(game.turns) + 1))
    assert positions[7].data() == game.position(7).data()


def test_a_game_built_in_memory_is_checked_turn_by_turn_and_written() -> None:
    game = meridina.Game.new("Medina", MEDINA_SEATS, edition="1", tags={"Setup": "merchant H7"})
    assert game.valid and game.turns == () and game.edition == "1"
    assert [p.colours for p in game.players] == [("red",), ("blue",), ("green",)]
    added = game.add_turn("red orange@E5 roof@E5", comment="a quiet start")
    assert (str(added), added.comments) == ("1. red orange@E5 roof@E5", ("a quiet start",))
    before = game.write()
    with pytest.raises(meridina.MeridinaError, match="MED-B1 A1 is on the wall ring"):
        game.add_turn("blue orange@A1")
    with pytest.raises(meridina.MeridinaError, match="is not a turn"):
        game.add_turn("blue grey@B12\n2. green grey@C12")
    with pytest.raises(meridina.MeridinaError, match="is not a turn"):
        game.add_turn("   ")
    assert game.write() == before and len(game.turns) == 1
    (again,) = meridina.read_text(game.write())
    assert again.valid and again.turns == game.turns
    assert again.played_turns[0].comments == ("a quiet start",)


def test_a_game_built_in_memory_from_a_records_turns_is_that_game() -> None:
    # (the turns of a record: an early Medina position has some 300,000 legal turns to list)
    (example,) = meridina.read_games(TOP / "examples" / "medina" / "first-edition-3p.mrec")
    seats = [(player.name, player.colours[0]) for player in example.players]
    game = meridina.Game.new("Medina", seats, edition="1", tags={"Setup": example.tags["Setup"]})
    for turn in example.turns[:12]:
        game.add_turn(turn.split(". ", 1)[1])
    (again,) = meridina.read_text(game.write())
    assert again.valid and again.turns == game.turns == example.turns[:12]
    assert game.position().data() == example.position(12).data()


def test_a_meridian_game_built_in_memory_plays_its_legal_turns() -> None:
    game = meridina.Game.new("Meridian", [("Ann", ("orange", "grey")), ("Ben", ("black", "brown"))])
    for _ in range(6):
        game.add_turn(game.legal_turns()[-1])
    assert game.valid and len(game.turns) == 6
    assert game.position().data() == next(meridina.read_text(game.write())).position().data()


def test_a_header_that_sets_no_game_up_is_refused() -> None:
    with pytest.raises(meridina.MeridinaError, match="cannot be set up: MED-S1"):
        meridina.Game.new("Medina", [("Ann", "red")], edition="1")
    with pytest.raises(meridina.MeridinaError, match="cannot be set up: REC-"):
        meridina.Game.new("Chess", MEDINA_SEATS)
    with pytest.raises(meridina.MeridinaError, match="'Set up' cannot name a tag"):
        meridina.Game.new("Medina", MEDINA_SEATS, edition="1", tags={"Set up": "x"})
    quoted = meridina.Game.new(
        "Medina", MEDINA_SEATS, edition="1", tags={"Setup": "merchant H7", "Event": 'a "b" \\'}
    )
    assert quoted.tags["Event"] == 'a "b" \\'
    with pytest.raises(meridina.MeridinaError, match="cannot be written in a Players tag"):
        meridina.Game.new("Medina", [("Ann; Bo", "red"), *MEDINA_SEATS[1:]], edition="1")


def counting(monkeypatch: pytest.MonkeyPatch, owner: object, name: str) -> list[int]:
    """Count the calls of ``owner.name`` from now on."""
    calls: list[int] = []
    original: Callable[..., object] = getattr(owner, name)

    def counted(*args: object, **kwargs: object) -> object:
        calls.append(1)
        return original(*args, **kwargs)

    monkeypatch.setattr(owner, name, counted)
    return calls


def test_headers_are_read_without_parsing_or_playing_a_turn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    parsed = counting(monkeypatch, reader, "parse_game")
    played = counting(monkeypatch, driver.GameSpec, "play")
    headers = [header for path in EXAMPLES for header in meridina.read_headers(path)]
    assert len(headers) > 20 and parsed == [] and played == []
    medina = [h for h in headers if h.title == "Medina" and h.tags.get("Edition") == "2"]
    assert medina
    game = medina[0].game()
    assert len(parsed) == 1 and len(played) == 1
    assert game.title == "Medina" and game.number == medina[0].number


@pytest.mark.parametrize("example", EXAMPLES, ids=[path.name for path in EXAMPLES])
def test_a_header_gives_the_tags_and_game_read_games_gives(example: Path) -> None:
    games = list(meridina.read_games(example))
    headers = list(meridina.read_headers(example))
    assert [h.number for h in headers] == [g.number for g in games]
    for header, game in zip(headers, games, strict=True):
        assert header.first_line == game.first_line and header.text == game.text
        if example.name != "typos.mrec":  # the full read mends a tag's misspelt name
            assert header.tags == game.tags
        assert header.game().problems == game.problems
    with example.open("rb") as raw:
        assert [h.tags for h in meridina.read_headers(raw)] == [h.tags for h in headers]
    text = io.StringIO("\ufeff" + example.read_text("utf-8").replace("\n", "\r\n"))
    assert [h.tags for h in meridina.read_headers(text)] == [h.tags for h in headers]


def test_a_header_reads_escapes_and_comments_and_ends_at_the_turns() -> None:
    record = '[Game "Medina"] ; a note\n; a line\n[Event "the \\"big\\" one"]\n1. red\n[X "y"]\n'
    header, second = meridina.read_headers(io.StringIO(record))
    assert header.tags == {"Game": "Medina", "Event": 'the "big" one'}
    assert second.tags == {"X": "y"} and second.number == 2
    assert header.tags == next(meridina.read_text(record)).tags
