"""Properties of Meridian records, checked on random legal games.

(a) random legal games check clean and their stated result is the computed one,
    and the turns they are made of are among the legal turns the rules core lists;
(b) corrupting one turn of a legal game is caught at that turn, by the right rule;
(c) reading, writing and reading again gives the same record.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from conftest import assert_same_text, comment_texts, tag_texts
from hypothesis import given, settings
from hypothesis import strategies as st
from meridian_games import GeneratedGame, comment, random_game
from meridina.notation.driver import GameReport, check_text
from meridina.notation.meridian import MeridianRecord, read_record
from meridina.notation.meridian.writer import format_turn, write_record
from meridina.notation.reader import parse_text
from meridina.rules.meridian.engine import apply
from meridina.rules.meridian.model import Card, PlacedTower, Setup, Skip, StartPosition, Turn
from meridina.rules.meridian.position import Position

SETTINGS = settings(max_examples=25, deadline=None)

seeds = st.integers(min_value=0, max_value=2**32 - 1)
player_counts = st.sampled_from([2, 3, 4])


def checked(text: str) -> GameReport:
    found = check_text(text)
    assert len(found) == 1
    return found[0]


def problems_at(report: GameReport, line: int) -> list[str]:
    return [p.rule for p in report.problems if p.at is not None and p.at.line == line]


# ---------------------------------------------------------------- (a) legal games


@SETTINGS
@given(seed=seeds, players=player_counts, decks=st.booleans(), comments=st.integers(0, 4))
def test_random_games_are_legal(seed: int, players: int, decks: bool, comments: int) -> None:
    game = random_game(seed, players, decks=decks, comments=comments)
    report = checked(game.text)
    assert report.problems == []
    assert report.run is not None and report.run.sheet is not None
    final = report.run.final
    assert final is not None and final.finished
    assert final.columns == game.final.columns
    assert [p.points for p in report.run.sheet.players] == [p.points for p in game.sheet.players]
    assert report.record is not None and report.record.setup is not None
    stated = {name: points for name, (points, _) in (report.record.setup.result or {}).items()}
    assert stated == game.result


@SETTINGS
@given(
    seed=seeds,
    players=player_counts,
    decks=st.booleans(),
    cut=st.floats(min_value=0.0, max_value=1.0),
)
def test_random_games_from_a_position_are_legal(
    seed: int, players: int, decks: bool, cut: float
) -> None:
    turns = 13 * (3 if players == 3 else 4)
    game = random_game(seed, players, decks=decks, position_after=round(cut * turns))
    report = checked(game.text)
    assert report.problems == []
    assert report.run is not None and report.run.sheet is not None
    assert report.run.final is not None and report.run.final.columns == game.final.columns


@SETTINGS
@given(seed=seeds, players=player_counts, decks=st.booleans())
def test_the_final_board_as_a_position_scores_the_same(
    seed: int, players: int, decks: bool
) -> None:
    # The whole game folded into a position: board, hands and every card played.
    played = random_game(seed, players, decks=decks)
    game = random_game(seed, players, decks=decks, position_after=len(played.turns))
    report = checked(game.text)
    assert report.problems == [], game.text
    assert report.run is not None and report.run.sheet is not None
    sheet = report.run.sheet
    assert sheet.finished and game.sheet.finished
    assert [(p.points, p.rank, p.islands, p.pieces_left) for p in sheet.players] == [
        (p.points, p.rank, p.islands, p.pieces_left) for p in game.sheet.players
    ]


TWO_PLAYER_POSITION = """\
[Game "Meridian"]
[Board "five-city"]
[Players "Ann grey brown; Ben black orange"]

position
  5: brown 2@3
  played: grey 5 black brown orange
  next: black

2. black 6: 2@2
"""

TWO_PLAYER_TURNS = """\
[Game "Meridian"]
[Board "five-city"]
[Players "Ann grey brown; Ben black orange"]

1. grey 5: brown 2@3
2. black 6: 2@2
"""


def test_two_player_tower_of_the_partner_colour_is_legal_in_turns() -> None:
    assert checked(TWO_PLAYER_TURNS).problems == []


def test_two_player_position_after_a_partner_colour_tower_is_legal() -> None:
    assert checked(TWO_PLAYER_POSITION).problems == []


@settings(max_examples=10, deadline=None)
@given(seed=seeds, players=player_counts, decks=st.booleans(), data=st.data())
def test_legal_turns_agree_with_apply(
    seed: int, players: int, decks: bool, data: st.DataObject
) -> None:
    game = random_game(seed, players, decks=decks)
    index = data.draw(st.integers(min_value=0, max_value=len(game.turns) - 1))
    state = game.before[index]
    listed = list(Position(state).legal_turns())
    assert listed
    for turn in listed:
        assert apply(state, turn).problems == ()
    played = game.turns[index]
    if played.skip is not Skip.STUCK:
        assert played in listed


# ---------------------------------------------------------------- (b) corrupted games


def corrupt(game: GeneratedGame, index: int, turn: Turn | str) -> tuple[str, int]:
    """The record with turn ``index`` rewritten; also the line it stands on."""
    line = game.turn_lines[index]
    assert line is not None
    body = turn if isinstance(turn, str) else format_turn(turn)
    return game.with_line(line, f"{index + 1}. {body}"), line


def assert_caught(text: str, line: int, rule: str) -> None:
    report = checked(text)
    assert not report.valid
    assert rule in problems_at(report, line), report.problems


def built(game: GeneratedGame) -> list[int]:
    return [i for i, turn in enumerate(game.turns) if turn.build is not None]


@SETTINGS
@given(seed=seeds, players=player_counts, decks=st.booleans(), data=st.data())
def test_a_height_already_on_the_meridian_is_caught(
    seed: int, players: int, decks: bool, data: st.DataObject
) -> None:
    game = random_game(seed, players, decks=decks)
    choices: list[tuple[int, int]] = []
    for index in built(game):
        turn, state = game.turns[index], game.before[index]
        assert turn.build is not None
        cells = list(state.columns[turn.meridian - 1])
        tower_colour = turn.build.colour or turn.colour
        hand = state.hands[tower_colour]
        if turn.take_off is not None:
            removed = game.effects[index].removed
            assert removed is not None
            cells[removed[0] - 1] = None
            if removed[1].colour == tower_colour:
                hand += removed[1].height
        for tower in cells:
            if tower is not None and tower.height <= hand:
                choices.append((index, tower.height))
    if not choices:
        return
    index, height = data.draw(st.sampled_from(choices))
    turn = game.turns[index]
    assert turn.build is not None
    text, line = corrupt(game, index, replace(turn, build=replace(turn.build, height=height)))
    assert_caught(text, line, "MER-R2")


@SETTINGS
@given(seed=seeds, players=player_counts, decks=st.booleans(), data=st.data())
def test_a_card_played_twice_is_caught(
    seed: int, players: int, decks: bool, data: st.DataObject
) -> None:
    game = random_game(seed, players, decks=decks)
    # A turn whose colour has played before (with free turns a colour may start late).
    later = data.draw(
        st.sampled_from(
            [
                index
                for index, turn in enumerate(game.turns)
                if any(t.colour == turn.colour for t in game.turns[:index])
            ]
        )
    )
    colour = game.turns[later].colour
    earlier = [turn.card for turn in game.turns[:later] if turn.colour == colour]
    card: Card = data.draw(st.sampled_from(earlier))
    again = Turn(colour, card, card.numbers[0], skip=Skip.PASS)
    text, line = corrupt(game, later, again)
    assert_caught(text, line, "MER-T2")


@SETTINGS
@given(seed=seeds, players=player_counts, decks=st.booleans(), data=st.data())
def test_two_turns_with_their_colours_swapped_are_caught(
    seed: int, players: int, decks: bool, data: st.DataObject
) -> None:
    game = random_game(seed, players, decks=decks)
    first = data.draw(st.integers(min_value=0, max_value=len(game.turns) - 2))
    one, two = game.turns[first], game.turns[first + 1]
    text, line = corrupt(game, first, replace(one, colour=two.colour))
    second_line = game.turn_lines[first + 1]
    assert second_line is not None
    lines = text.split("\n")
    lines[second_line - 1] = f"{first + 2}. {format_turn(replace(two, colour=one.colour))}"
    assert_caught("\n".join(lines), line, "MER-T1")


@SETTINGS
@given(
    seed=seeds,
    players=player_counts,
    decks=st.booleans(),
    above=st.integers(min_value=1, max_value=5),
    data=st.data(),
)
def test_a_tower_above_the_top_city_is_caught(
    seed: int, players: int, decks: bool, above: int, data: st.DataObject
) -> None:
    game = random_game(seed, players, decks=decks)
    index = data.draw(st.sampled_from(built(game)))
    turn = game.turns[index]
    assert turn.build is not None
    city = game.final.board.cities + above
    text, line = corrupt(game, index, replace(turn, build=replace(turn.build, city=city)))
    assert_caught(text, line, "MER-R5")


@SETTINGS
@given(seed=seeds, players=player_counts, data=st.data())
def test_a_meridian_the_card_does_not_show_is_caught(
    seed: int, players: int, data: st.DataObject
) -> None:
    game = random_game(seed, players)
    index = data.draw(st.sampled_from(built(game)))
    turn = game.turns[index]
    meridian = data.draw(st.sampled_from([m for m in range(1, 11) if m not in turn.card.numbers]))
    words = format_turn(turn).split(" ")
    words[1] = f"{turn.card.label}/{meridian}:"
    text, line = corrupt(game, index, " ".join(words))
    assert_caught(text, line, "MER-T4")


# ---------------------------------------------------------------- (c) read, write, read


def read_one(text: str) -> MeridianRecord:
    parsed = parse_text(text)
    assert len(parsed) == 1
    game = parsed[0]
    assert game.problem is None and game.text is not None
    return read_record(game.text)


def bare_turn(turn: Turn | None) -> Turn | None:
    if turn is None:
        return None
    return replace(
        turn,
        at=None,
        colour_at=None,
        card_at=None,
        take_off=replace(turn.take_off, at=None) if turn.take_off else None,
        build=replace(turn.build, at=None) if turn.build else None,
    )


def bare_position(position: StartPosition | None) -> Any:
    if position is None:
        return None
    return (
        tuple(PlacedTower(t.meridian, t.city, t.tower) for t in position.towers),
        {colour: count for colour, (count, _) in position.hands.items()},
        None
        if position.played is None
        else {c: tuple(card for card, _ in cards) for c, cards in position.played.items()},
        position.to_move[0] if position.to_move else None,
    )


def bare_setup(setup: Setup | None) -> Any:
    if setup is None:
        return None
    return (
        setup.players,
        setup.board,
        setup.rulings,
        {colour: order for colour, (order, _) in setup.decks.items()},
        bare_position(setup.position),
        None if setup.result is None else {n: p for n, (p, _) in setup.result.items()},
    )


def same_record(one: MeridianRecord, two: MeridianRecord) -> None:
    assert_same_text(one, two)
    assert bare_setup(one.setup) == bare_setup(two.setup)
    assert [bare_turn(e.turn) for e in one.entries] == [bare_turn(e.turn) for e in two.entries]


@SETTINGS
@given(
    seed=seeds,
    players=player_counts,
    decks=st.booleans(),
    event=tag_texts,
    intro=st.lists(comment_texts, max_size=3),
    notes=st.dictionaries(st.integers(0, 51), comment_texts, max_size=5),
    cut=st.one_of(st.none(), st.floats(min_value=0.0, max_value=1.0)),
)
def test_read_write_read_gives_the_same_record(
    seed: int,
    players: int,
    decks: bool,
    event: str,
    intro: list[str],
    notes: dict[int, str],
    cut: float | None,
) -> None:
    turns = 13 * (3 if players == 3 else 4)
    position_after = None if cut is None else round(cut * turns)
    game = random_game(
        seed,
        players,
        decks=decks,
        comments=2,
        position_after=position_after,
        event=event,
        intro=intro,
    )
    lines = list(game.lines)
    for index, note in notes.items():
        line = game.turn_lines[index] if index < len(game.turn_lines) else None
        if line is not None:
            lines[line - 1] += " " + comment(note)
    text = "\n".join(lines) + "\n"
    first = read_one(text)
    written = write_record(first)
    second = read_one(written)
    same_record(first, second)
    assert write_record(second) == written
    event_tag = first.game.tag("Event")
    assert event_tag is not None and event_tag.value == event
