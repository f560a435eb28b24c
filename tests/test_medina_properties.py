"""Properties of Medina records, checked on random legal games.

(a) random legal games check clean and their stated result is the computed one;
    the placements listed as legal are the ones a turn may make;
(b) corrupting one turn of a legal game is caught at that turn, by the right rule;
(c) reading, writing and reading again gives the same record;
(d) the city at the end of a game, written as a position, scores the same;
(e) whole games played out, by the first legal turn or at random, end as the rules say.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from conftest import (
    assert_legal,
    assert_only,
    assert_same_text,
    check_one,
    comment_texts,
    errors,
    spot,
    tag_texts,
)
from hypothesis import given, settings
from hypothesis import strategies as st
from medina_games import (
    GeneratedGame,
    comment,
    options_tag,
    players_tag,
    position_lines,
    random_game,
    result_tag,
    tag,
)
from medina_records import NAMES, medina, sheet_of, stated_result, totals
from meridina.notation.driver import GameReport, check_text
from meridina.notation.medina import MedinaRecord, read_record
from meridina.notation.medina.writer import format_turn, write_record
from meridina.notation.reader import parse_text
from meridina.rules.medina.engine import (
    apply,
    expected_player,
    finished,
    legal_placements,
    legal_turns,
)
from meridina.rules.medina.model import Cell, Kind, Placement, Setup, StartPosition, Turn, cell_name
from meridina.rules.medina.state import BUILDING, MERCHANT, State

SETTINGS = settings(max_examples=12, deadline=None)

seeds = st.integers(min_value=0, max_value=2**32 - 1)
kinds_of_game = st.sampled_from([("1", 3), ("1", 4), ("2", 2), ("2", 3), ("2", 4)])


def checked(text: str) -> GameReport:
    found = check_text(text)
    assert len(found) == 1
    return found[0]


def problems_at(report: GameReport, line: int) -> list[str]:
    return [p.rule for p in report.problems if p.at is not None and p.at.line == line]


def assert_caught(text: str, line: int, rule: str) -> None:
    report = checked(text)
    assert not report.valid
    assert rule in problems_at(report, line), report.problems


def play(seed: int, kind: tuple[str, int], **extra: Any) -> GeneratedGame:
    edition, players = kind
    return random_game(seed, edition, players, **extra)


def placements(game: GeneratedGame, kind: Kind) -> list[tuple[int, int]]:
    """(turn, slot) of every placement of one kind."""
    return [
        (index, slot)
        for index, turn in enumerate(game.turns)
        for slot, placement in enumerate(turn.placements)
        if placement.kind is kind
    ]


def with_placement(turn: Turn, slot: int, placement: Placement) -> Turn:
    changed = list(turn.placements)
    changed[slot] = placement
    return replace(turn, placements=tuple(changed))


def near_well(state: State, cell: Cell) -> bool:
    well = state.well
    return well is not None and abs(cell[0] - well[0]) <= 1 and abs(cell[1] - well[1]) <= 1


def free_building_field(state: State, cell: Cell) -> bool:
    return (
        state.board.is_building_field(cell)
        and cell not in state.pieces
        and not near_well(state, cell)
    )


# ---------------------------------------------------------------- (a) legal games


@SETTINGS
@given(seed=seeds, kind=kinds_of_game, comments=st.integers(0, 4))
def test_random_games_are_legal(seed: int, kind: tuple[str, int], comments: int) -> None:
    game = play(seed, kind, comments=comments)
    report = checked(game.text)
    assert report.problems == []
    assert report.run is not None and report.run.sheet is not None
    final = report.run.final
    assert final is not None and finished(final)
    assert report.run.sheet.finished
    assert final.pieces == game.final.pieces
    assert [p.total for p in report.run.sheet.players] == [p.total for p in game.sheet.players]
    assert report.record is not None and report.record.setup is not None
    stated = {name: points for name, (points, _) in (report.record.setup.result or {}).items()}
    assert stated == game.result


@settings(max_examples=8, deadline=None)
@given(seed=seeds, kind=kinds_of_game, data=st.data())
def test_legal_placements_agree_with_apply(
    seed: int, kind: tuple[str, int], data: st.DataObject
) -> None:
    game = play(seed, kind)
    index = data.draw(st.integers(min_value=0, max_value=len(game.turns) - 1))
    state = game.before[index]
    player = game.turns[index].player
    listed = set(legal_placements(state, player))
    if game.turns[index].passed:
        assert listed == set()
    else:
        first = game.turns[index].placements[0]
        assert replace(first, at=None) in listed
    board = state.board
    cells = [(col, row) for col in range(board.columns) for row in range(1, board.rows + 1)]
    choices = [
        Placement(Kind.BUILDING, cell, colour) for cell in cells for colour in ("grey", "orange")
    ]
    choices += [
        Placement(k, cell)
        for cell in cells
        for k in (Kind.ROOF, Kind.STABLE, Kind.MERCHANT, Kind.WALL)
    ]
    sample = data.draw(st.lists(st.sampled_from(choices), min_size=20, max_size=20))
    for placement in sample:
        step = apply(state, Turn(player, (placement,)))
        faults = [p for p in step.problems if p.rule not in ("MED-T2", "MED-T4")]
        assert (placement in listed) == (not faults), (placement, step.problems)


# ---------------------------------------------------------------- (b) corrupted games


@SETTINGS
@given(seed=seeds, kind=kinds_of_game, data=st.data())
def test_a_building_next_to_another_palace_is_caught(
    seed: int, kind: tuple[str, int], data: st.DataObject
) -> None:
    game = play(seed, kind)
    choices: list[tuple[int, int, Cell]] = []
    for index, slot in placements(game, Kind.BUILDING):
        turn = game.turns[index]
        placement = turn.placements[slot]
        assert placement.cell is not None and placement.colour is not None
        state = game.state_for(index, slot)
        joined = game.state_for(index, slot + 1).palace_at[placement.cell]
        extends = joined in state.palaces
        board = state.board
        for cell in board.cells():
            if not free_building_field(state, cell):
                continue
            next_to = [state.palace_at.get(n) for n in board.neighbours(cell)]
            if extends:
                if not any(n in state.palaces[joined].buildings for n in board.neighbours(cell)):
                    continue
            elif any(
                ident is not None
                and state.pieces.get(n) == BUILDING
                and state.palaces[ident].colour == placement.colour
                for n, ident in zip(board.neighbours(cell), next_to, strict=True)
            ):
                continue
            others = {state.palace_at.get(n) for n in board.around(cell)} - {None, joined}
            if others:
                choices.append((index, slot, cell))
    if not choices:
        return
    index, slot, cell = data.draw(st.sampled_from(choices))
    turn = game.turns[index]
    moved = replace(turn.placements[slot], cell=cell)
    text, line = game.with_turn(index, with_placement(turn, slot, moved))
    assert_caught(text, line, "MED-B3")


@SETTINGS
@given(seed=seeds, kind=kinds_of_game, data=st.data())
def test_a_building_away_from_its_unfinished_palace_is_caught(
    seed: int, kind: tuple[str, int], data: st.DataObject
) -> None:
    game = play(seed, kind)
    choices: list[tuple[int, int]] = []
    for index, slot in placements(game, Kind.BUILDING):
        placement = game.turns[index].placements[slot]
        assert placement.cell is not None
        if (
            game.state_for(index, slot + 1).palace_at[placement.cell]
            in game.state_for(index, slot).palaces
        ):
            choices.append((index, slot))
    if not choices:
        return
    index, slot = data.draw(st.sampled_from(choices))
    state = game.state_for(index, slot)
    turn = game.turns[index]
    placement = turn.placements[slot]
    assert placement.cell is not None
    joined = game.state_for(index, slot + 1).palace_at[placement.cell]
    palace = state.palaces[joined]
    away = [
        cell
        for cell in state.board.cells()
        if free_building_field(state, cell)
        and not any(n in palace.buildings for n in state.board.neighbours(cell))
    ]
    cell = data.draw(st.sampled_from(away))
    text, line = game.with_turn(index, with_placement(turn, slot, replace(placement, cell=cell)))
    assert_caught(text, line, "MED-B2")


@SETTINGS
@given(seed=seeds, kind=kinds_of_game, data=st.data())
def test_a_wall_off_the_ring_or_not_joining_an_arm_is_caught(
    seed: int, kind: tuple[str, int], data: st.DataObject
) -> None:
    game = play(seed, kind)
    index, slot = data.draw(st.sampled_from(placements(game, Kind.WALL)))
    state = game.state_for(index, slot)
    board = state.board
    open_ends = {
        arm.cells[state.arm_fill[i]]
        for i, arm in enumerate(board.arms)
        if state.arm_fill[i] < len(arm.cells)
    }
    ring = [cell for cell in board.cells() if board.is_ring(cell) and cell not in open_ends]
    inside = [cell for cell in board.cells() if not board.is_ring(cell)]
    cell = data.draw(st.sampled_from(ring) | st.sampled_from(inside))
    turn = game.turns[index]
    wall = Placement(Kind.WALL, cell)
    text, line = game.with_turn(index, with_placement(turn, slot, wall))
    assert_caught(text, line, "MED-W1")


@SETTINGS
@given(seed=seeds, kind=kinds_of_game, data=st.data())
def test_a_merchant_away_from_the_street_ends_is_caught(
    seed: int, kind: tuple[str, int], data: st.DataObject
) -> None:
    game = play(seed, kind)

    def extends(state: State, cell: Cell) -> bool:
        board = state.board
        street = state.streets[-1]
        touching = [n for n in board.neighbours(cell) if state.pieces.get(n) == MERCHANT]
        return (
            board.is_building_field(cell)
            and cell not in state.pieces
            and len(touching) == 1
            and touching[0] in (street[0], street[-1])
        )

    # Merchants that extended the street: it was open then, so no new street could start.
    choices: list[tuple[int, int]] = []
    for index, slot in placements(game, Kind.MERCHANT):
        state = game.state_for(index, slot)
        cell = game.turns[index].placements[slot].cell
        assert cell is not None
        if extends(state, cell):
            choices.append((index, slot))
    if not choices:
        return
    index, slot = data.draw(st.sampled_from(choices))
    state = game.state_for(index, slot)
    cell = data.draw(st.sampled_from([c for c in state.board.cells() if not extends(state, c)]))
    turn = game.turns[index]
    text, line = game.with_turn(index, with_placement(turn, slot, Placement(Kind.MERCHANT, cell)))
    assert_caught(text, line, "MED-M1")


@SETTINGS
@given(seed=seeds, kind=kinds_of_game, data=st.data())
def test_a_second_palace_of_a_colour_is_caught(
    seed: int, kind: tuple[str, int], data: st.DataObject
) -> None:
    game = play(seed, kind)
    choices: list[tuple[int, Cell]] = []
    for index, turn in enumerate(game.turns):
        if turn.passed:
            continue
        state = game.before[index]
        if state.hands[turn.player].roofs <= 0:
            continue
        owned = {p.colour for p in state.owned(turn.player)}
        for palace in state.palaces.values():
            if not palace.roofed and palace.colour in owned:
                choices.append((index, min(palace.buildings)))
    if not choices:
        return
    index, cell = data.draw(st.sampled_from(choices))
    turn = game.turns[index]
    roof = Placement(Kind.ROOF, cell)
    text, line = game.with_turn(index, with_placement(turn, 0, roof))
    assert_caught(text, line, "MED-R2")


@SETTINGS
@given(seed=seeds, kind=kinds_of_game, data=st.data())
def test_two_turns_with_their_players_swapped_are_caught(
    seed: int, kind: tuple[str, int], data: st.DataObject
) -> None:
    game = play(seed, kind)
    # Passes are left out: in the last round nobody can place, and a faulty turn there
    # is reported as a turn after the end (MED-E1) rather than out of order.
    pairs = [
        i
        for i in range(len(game.turns) - 1)
        if game.turns[i].player != game.turns[i + 1].player and not game.turns[i].passed
    ]
    first = data.draw(st.sampled_from(pairs))
    one, two = game.turns[first], game.turns[first + 1]
    text, line = game.with_turn(first, replace(one, player=two.player))
    lines = text.split("\n")
    second_line = game.turn_lines[first + 1]
    lines[second_line - 1] = f"{first + 2}. {format_turn(replace(two, player=one.player))}"
    assert_caught("\n".join(lines), line, "MED-T1")


@SETTINGS
@given(seed=seeds, kind=kinds_of_game, data=st.data())
def test_a_piece_the_player_no_longer_holds_is_caught(
    seed: int, kind: tuple[str, int], data: st.DataObject
) -> None:
    game = play(seed, kind)
    choices: list[tuple[int, Kind]] = []
    for index, turn in enumerate(game.turns):
        if turn.passed:
            continue
        hand = game.before[index].hands[turn.player]
        for piece, count in (
            (Kind.WALL, hand.walls),
            (Kind.STABLE, hand.stables),
            (Kind.MERCHANT, hand.merchants),
            (Kind.ROOF, hand.roofs),
        ):
            if count == 0:
                choices.append((index, piece))
    if not choices:
        return
    index, piece = data.draw(st.sampled_from(choices))
    state = game.before[index]
    cell = data.draw(st.sampled_from(state.board.cells()))
    turn = game.turns[index]
    text, line = game.with_turn(index, with_placement(turn, 0, Placement(piece, cell)))
    assert_caught(text, line, "MED-T6")


@SETTINGS
@given(seed=seeds, kind=kinds_of_game)
def test_a_turn_after_the_end_is_caught(seed: int, kind: tuple[str, int]) -> None:
    game = play(seed, kind)
    last = game.turns[-1]
    extra = f"{len(game.turns) + 1}. {last.player} pass"
    text = game.text + extra + "\n"
    assert_caught(text, len(game.lines) + 1, "MED-E1")


@SETTINGS
@given(seed=seeds, kind=kinds_of_game, data=st.data())
def test_a_wrong_result_is_caught(seed: int, kind: tuple[str, int], data: st.DataObject) -> None:
    game = play(seed, kind)
    seat = data.draw(st.integers(min_value=0, max_value=len(game.players) - 1))
    change = data.draw(st.sampled_from([-3, -1, 1, 2, 10]))
    totals = [
        (p.name, p.total + (change if i == seat else 0)) for i, p in enumerate(game.sheet.players)
    ]
    value = "; ".join(f"{name} {points}" for name, points in totals)
    line = next(i for i, text in enumerate(game.lines, start=1) if text.startswith("[Result"))
    report = checked(game.with_line(line, tag("Result", value)))
    assert [p.rule for p in report.problems] == ["MED-E6"]
    assert report.problems[0].at is not None and report.problems[0].at.line == line


# ---------------------------------------------------------------- positions written out


def final_position_record(game: GeneratedGame) -> str:
    state = game.final
    lines = [
        tag("Game", "Medina"),
        tag("Edition", game.edition),
        tag("Players", players_tag(game.players)),
    ]
    if game.options is not None:
        lines.append(tag("Options", options_tag(game.options)))
    if game.well is not None:
        lines.append(tag("Setup", f"well {cell_name(game.well)}"))
    lines.append(tag("Result", result_tag(game.sheet)))
    lines.append("")
    lines.extend(position_lines(state))
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------- (c) read, write, read


def read_one(text: str) -> MedinaRecord:
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
        player_at=None,
        placements=tuple(replace(p, at=None) for p in turn.placements),
    )


def bare_position(position: StartPosition | None) -> Any:
    if position is None:
        return None
    return (
        tuple((colour, cell) for colour, cell, _ in position.buildings),
        tuple(cell for cell, _ in position.stables),
        tuple(cell for cell, _ in position.merchants),
        tuple(cell for cell, _ in position.walls),
        tuple((owner, cell) for owner, cell, _ in position.roofs),
        {colour: holder for colour, (holder, _) in position.palace_tiles.items()},
        {tower: holder for tower, (holder, _) in position.tower_tiles.items()},
        {player: count for player, (count, _) in position.tea.items()},
        position.to_move[0] if position.to_move else None,
    )


def bare_setup(setup: Setup | None) -> Any:
    if setup is None:
        return None
    return (
        setup.edition,
        setup.players,
        setup.options,
        setup.board,
        setup.start_merchant[0] if setup.start_merchant else None,
        setup.well[0] if setup.well else None,
        setup.rulings,
        bare_position(setup.position),
        None if setup.result is None else {n: p for n, (p, _) in setup.result.items()},
    )


def same_record(one: MedinaRecord, two: MedinaRecord) -> None:
    assert_same_text(one, two)
    assert bare_setup(one.setup) == bare_setup(two.setup)
    assert [bare_turn(e.turn) for e in one.entries] == [bare_turn(e.turn) for e in two.entries]


@SETTINGS
@given(
    seed=seeds,
    kind=kinds_of_game,
    event=tag_texts,
    intro=st.lists(comment_texts, max_size=3),
    notes=st.dictionaries(st.integers(0, 80), comment_texts, max_size=5),
)
def test_read_write_read_gives_the_same_record(
    seed: int,
    kind: tuple[str, int],
    event: str,
    intro: list[str],
    notes: dict[int, str],
) -> None:
    game = play(seed, kind, comments=2, event=event, intro=intro)
    lines = list(game.lines)
    for index, note in notes.items():
        if index < len(game.turn_lines):
            lines[game.turn_lines[index] - 1] += " " + comment(note)
    text = "\n".join(lines) + "\n"
    first = read_one(text)
    written = write_record(first)
    second = read_one(written)
    same_record(first, second)
    assert write_record(second) == written
    event_tag = first.game.tag("Event")
    assert event_tag is not None and event_tag.value == event


@SETTINGS
@given(seed=seeds, kind=kinds_of_game, mover=st.integers(0, 3))
def test_a_final_position_reads_back_the_same(seed: int, kind: tuple[str, int], mover: int) -> None:
    game = play(seed, kind)
    colour = game.players[mover % len(game.players)].colour
    first = read_one(final_position_record(game) + f"  next: {colour}\n")
    assert first.setup is not None and first.setup.position is not None
    written = write_record(first)
    second = read_one(written)
    same_record(first, second)
    assert write_record(second) == written


# ---------------------------------------------------------------- (d) final positions


@SETTINGS
@given(seed=seeds, kind=kinds_of_game)
def test_the_final_city_as_a_position_scores_the_same(seed: int, kind: tuple[str, int]) -> None:
    game = play(seed, kind)
    text = final_position_record(game)
    report = checked(text)
    # Valid; the only thing to say is that a tie follows the roofs: order (a warning).
    assert [p for p in report.problems if not p.warning] == [], text
    assert {p.rule for p in report.problems} <= {"MED-E5"}, report.problems
    assert report.run is not None and report.run.sheet is not None
    sheet = report.run.sheet
    assert [p.total for p in sheet.players] == [p.total for p in game.sheet.players]
    assert [p.rank for p in sheet.players] == [p.rank for p in game.sheet.players]
    assert [p.palace_tiles for p in sheet.players] == [p.palace_tiles for p in game.sheet.players]
    assert [p.tower_tiles for p in sheet.players] == [p.tower_tiles for p in game.sheet.players]
    start = report.run.start
    assert start is not None
    assert start.pieces == game.final.pieces
    assert start.tower_tiles == game.final.tower_tiles


@SETTINGS
@given(seed=seeds, kind=kinds_of_game)
def test_the_final_city_with_its_supplies_spent_is_a_finished_game(
    seed: int, kind: tuple[str, int]
) -> None:
    """'supplies: spent' never refuses the end of a game played out, and makes it finished."""
    game = play(seed, kind)
    assert game.sheet.finished
    text = final_position_record(game) + "  supplies: spent\n"
    report = checked(text)
    assert [p for p in report.problems if not p.warning] == [], text
    assert report.run is not None and report.run.sheet is not None
    assert report.run.sheet.finished and report.run.sheet.supplies_known
    assert [p.total for p in report.run.sheet.players] == [p.total for p in game.sheet.players]


RETIRED_IN_POSITION = """\
[Game "Medina"]
[Edition "1"]
[Players "Ann red; Ben blue; Cy green"]

position
  grey: C3 F3 I3
  roofs: red@C3 blue@F3 green@I3
  palace-tiles: grey red

1. red grey@M9 wall@B1
"""


def test_a_colour_everybody_owns_in_a_position_is_retired() -> None:
    report = checked(RETIRED_IN_POSITION)
    errors = [p for p in report.problems if not p.warning]
    assert [(p.rule, p.at.line if p.at else 0) for p in errors] == [("MED-B5", 10)]


@SETTINGS
@given(seed=seeds, kind=kinds_of_game)
def test_retired_colours_are_those_everybody_owns(seed: int, kind: tuple[str, int]) -> None:
    game = play(seed, kind)
    state = game.final
    owned_by_all = {
        colour
        for colour in state.edition.colours
        if all(any(p.colour == colour for p in state.owned(pl.colour)) for pl in state.players)
    }
    assert state.retired == owned_by_all


NEUTRAL_ROOF_PLACED = """\
[Game "Medina"]
[Edition "2"]
[Players "Ann red; Ben blue"]
[Options "none"]

position
  grey: C3
  black: F3
  merchants: H7
  roofs: neutral@C3
  next: red

1. red neutral@F3 merchant@H8
"""


def test_a_neutral_roof_in_a_position_leaves_the_others_in_play() -> None:
    # Two players hold two neutral roofs each; one stands on the board, so three are left.
    assert checked(NEUTRAL_ROOF_PLACED).problems == []


TOO_MANY_NEUTRAL_ROOFS = """\
[Game "Medina"]
[Edition "2"]
[Players "Ann red; Ben blue"]
[Options "none"]

position
  grey: C3 C7 C11
  black: F3 F7
  orange: K3
  merchants: H7
  roofs: neutral@C3 neutral@C7 neutral@C11 neutral@F3 neutral@F7 neutral@K3
"""


def test_more_neutral_roofs_than_the_supplies_hold_are_caught() -> None:
    # The game of two has four neutral roofs in all.
    assert "MED-P1" in [p.rule for p in checked(TOO_MANY_NEUTRAL_ROOFS).problems]


# ---------------------------------------------------------------- whole games (MED-E1, MED-T1)

FIRST_EDITION_HEAD = medina()


def play_out(head: str, seed: int | None) -> tuple[str, list[str]]:
    """Play a whole game from ``head``: the first legal turn each time, or random ones."""
    start = check_one(head)
    assert start.run is not None and start.run.start is not None
    state: State = start.run.start
    rng = random.Random(seed)
    lines: list[str] = []
    while not finished(state):
        turn = next(legal_turns(state)) if seed is None else random_turn(state, rng)
        step = apply(state, turn)
        assert not step.problems, (len(lines) + 1, step.problems)
        state = step.state
        lines.append(f"{len(lines) + 1}. {format_turn(turn)}")
    return head, lines


def random_turn(state: State, rng: random.Random) -> Turn:
    player = expected_player(state)
    firsts = list(legal_placements(state, player))
    if not firsts:
        return Turn(player, passed=True)
    roofs = [p for p in firsts if p.kind is Kind.ROOF]
    others = [c for c in state.seat_colours if c != player]
    last_roofs = state.edition.last_roofs_rule and all(state.hands[c].roofs == 0 for c in others)
    first = rng.choice(roofs if roofs and last_roofs else firsts)
    after = apply(state, Turn(player, (first,))).state
    seconds = list(legal_placements(after, player)) if after.has_pieces(player) else []
    return Turn(player, (first, rng.choice(seconds))) if seconds else Turn(player, (first,))


@functools.cache
def greedy_game() -> tuple[str, tuple[str, ...]]:
    """The first legal turn every time, to the end."""
    head, lines = play_out(FIRST_EDITION_HEAD, None)
    return head, tuple(lines)


@functools.cache
def seeded_game() -> tuple[str, tuple[str, ...]]:
    """Random legal turns from a fixed seed, to the end."""
    head, lines = play_out(FIRST_EDITION_HEAD, 3)
    return head, tuple(lines)


def whole(head: str, lines: tuple[str, ...] | list[str], *tags: str) -> str:
    return head + "".join(f"{tag}\n" for tag in tags) + "\n".join(lines) + "\n"


def movers(lines: tuple[str, ...] | list[str]) -> list[str]:
    return [line.split()[1] for line in lines]


@pytest.mark.parametrize("game", [greedy_game, seeded_game], ids=["greedy", "random"])
def test_whole_game_is_legal_and_finished(game: Callable[[], tuple[str, tuple[str, ...]]]) -> None:
    head, lines = game()
    report = check_one(whole(head, lines))
    assert_legal(report)
    assert sheet_of(report).finished


def test_players_without_pieces_are_skipped() -> None:
    head, lines = seeded_game()
    report = check_one(whole(head, lines))
    assert_legal(report)
    assert report.run is not None
    seats = ["red", "blue", "green"]
    skipped: list[tuple[int, str]] = []
    states = [report.run.start, *report.run.states()]
    for index, (before, mover) in enumerate(zip(states, movers(lines), strict=False)):
        due = seats[before.next_seat % 3]
        if mover != due:
            assert not before.has_pieces(due)
            skipped.append((index, due))
    assert skipped, "the random game skips nobody"
    assert all(hand.pieces() == 0 for hand in report.run.final.hands.values())
    # A turn written for the player who has run out is out of turn.
    index, due = skipped[0]
    number, mover, rest = lines[index].split(" ", 2)
    faulty = f"{number} {due} {rest}"
    text = whole(head, [*lines[:index], faulty])
    assert errors(check_one(text))[0] == ("MED-T1", spot(text, faulty, due))


def test_one_piece_turns_at_the_end_of_the_supply() -> None:
    head, lines = seeded_game()
    report = check_one(whole(head, lines))
    assert_legal(report)
    single = [line for line in lines if len(line.split()) == 3 and "pass" not in line]
    assert single, "the random game has no one-piece turn"


def test_a_player_who_cannot_place_passes() -> None:
    head, lines = greedy_game()
    passes = [line for line in lines if line.endswith(" pass")]
    assert passes
    assert_legal(check_one(whole(head, lines)))


def test_turn_after_the_end() -> None:
    for game in (greedy_game, seeded_game):
        head, lines = game()
        number = len(lines) + 1
        for extra in (f"{number}. red wall@B1", f"{number}. red pass"):
            text = whole(head, [*lines, extra])
            assert_only(check_one(text), "MED-E1", spot(text, extra))


def test_turn_after_an_end_whose_passes_are_not_written() -> None:
    # The last round of passes may be left out; a turn after the end is still MED-E1,
    # not a fault of turn order (MED-T1) or supply (MED-T6).
    for game in (greedy_game, seeded_game):
        head, lines = game()
        played = list(lines)
        while played[-1].endswith(" pass"):
            played.pop()
        number = len(played) + 1
        for extra in (
            f"{number}. red wall@B1 wall@C1",
            f"{number}. blue merchant@H12",
            f"{number}. green pass",
        ):
            text = whole(head, [*played, extra])
            report = check_one(text)
            if extra.endswith("pass") and not errors(report):
                continue  # the first pass of the unwritten last round
            assert_only(report, "MED-E1", spot(text, extra))


def test_whole_game_result() -> None:
    head, lines = seeded_game()
    report = check_one(whole(head, lines))
    points = totals(report)
    assert_legal(check_one(whole(head, lines, stated_result(points))))
    text = whole(head, lines, stated_result([n + 1 for n in points]))
    assert errors(check_one(text)) == [
        ("MED-E6", spot(text, "[Result", f"{name} ")) for name in NAMES[:3]
    ]


def test_result_of_a_game_that_goes_on() -> None:
    head, lines = seeded_game()
    cut = lines[:20]
    points = totals(check_one(whole(head, cut)))
    text = whole(head, cut, stated_result(points))
    report = check_one(text)
    assert_only(report, "MED-E6", spot(text, "[Result", '"'))
    assert not sheet_of(report).finished


def test_game_ends_when_nobody_can_place_a_piece() -> None:
    head, lines = greedy_game()
    placed = [line for line in lines if not line.endswith(" pass")]
    assert len(placed) < len(lines)
    report = check_one(whole(head, placed))
    assert sheet_of(report).finished
    assert_legal(check_one(whole(head, placed, stated_result(totals(report)))))
