"""A faulty turn's event says what became of it, and the boards and pictures agree.

The classes are those of the digests' "How an illegal turn is handled": a Meridian placement
fault discards the card, a fault of turn order or of the card is played all the same, a turn
by a colour not in the game or after the end is ignored; an illegal Medina piece is not
placed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import record
from conftest import run_cli as run
from meridina.rules.game import Handling
from meridina.turn_notes import HANDLED, NOT_PLACED
from svg_reading import parse, pieces
from test_html_replay import data_of

TOP = Path(__file__).resolve().parent.parent
MERIDIAN_ERRORS = TOP / "examples" / "meridian" / "errors.mrec"
MEDINA_ERRORS = TOP / "examples" / "medina" / "errors.mrec"
EXAMPLES = sorted((TOP / "examples").rglob("*.mrec"))

PLAYED = f"({HANDLED[Handling.PLAYED]})"
DISCARDED = f"({HANDLED[Handling.DISCARDED]})"
IGNORED = f"({HANDLED[Handling.IGNORED]})"


def replayed(path: Path, *args: str) -> list[dict[str, Any]]:
    data = json.loads(run("replay", str(path), "--format", "json", *args).stdout)
    games: list[dict[str, Any]] = data["files"][0]["games"]
    return games


def turn(games: list[dict[str, Any]], game: int, number: int) -> dict[str, Any]:
    found: list[dict[str, Any]] = [t for t in games[game - 1]["turns"] if t["number"] == number]
    (one,) = found
    return one


def board(state: dict[str, Any]) -> Any:
    """What a state puts on the board (and in hand), without the cards played."""
    return {k: v for k, v in state.items() if k != "played"}


def test_order_and_card_faults_are_played_and_said_to_be() -> None:
    games = replayed(MERIDIAN_ERRORS)
    for number, rule, built in ((7, "MER-T1", "builds br2"), (8, "MER-T2", "builds or3")):
        said = turn(games, 1, number)["events"]
        assert said[0].startswith(f"ILLEGAL: {rule} ") and said[0].endswith(PLAYED)
        assert said[1].startswith(built)
        assert not any("discard" in event for event in said)
    said = turn(games, 3, 2)["events"]  # MER-T3, with a legal build
    assert said[0].startswith("ILLEGAL: MER-T3 ") and said[0].endswith(PLAYED)
    assert said[1].startswith("builds gy2")


def test_placement_faults_are_said_to_be_discarded() -> None:
    games = replayed(MERIDIAN_ERRORS)
    for game, number in ((1, 1), (1, 3), (1, 6), (2, 1), (2, 6), (3, 1), (3, 3)):
        (said,) = turn(games, game, number)["events"]
        assert said.startswith("ILLEGAL: ") and said.endswith(DISCARDED), said


def test_a_turn_after_the_end_or_by_an_outsider_is_said_to_be_ignored(write: Any) -> None:
    text = record("1. orange 7: 2@3", "2. brown 5: 2@2", players="Ann orange; Ben black; Cy grey")
    games = replayed(write("outsider.mrec", text))
    said = turn(games, 1, 2)["events"]
    assert said[0].startswith("ILLEGAL: ") and said[0].endswith(IGNORED)
    medina = replayed(MEDINA_ERRORS)
    for number in (19, 23):  # MED-S1, MED-E1
        (said,) = turn(medina, 1, number)["events"]
        assert said.startswith("ILLEGAL: ") and said.endswith(IGNORED), said


def test_medina_pieces_refused_are_said_not_placed() -> None:
    games = replayed(MEDINA_ERRORS)
    said = turn(games, 1, 3)["events"]  # grey@A5 refused, black@K6 placed
    assert said == [
        "black building on K6",
        f"ILLEGAL: MED-B1 A5 is on the wall ring: a building goes on a building field "
        f"({NOT_PLACED})",
    ]
    said = turn(games, 1, 12)["events"]  # MED-T1: both pieces placed
    assert said[:2] == ["grey building on C11", "merchant on H5"]
    assert said[2].startswith("ILLEGAL: MED-T1 ") and said[2].endswith(PLAYED)


@pytest.mark.parametrize("path", EXAMPLES, ids=[f"{p.parent.name}/{p.stem}" for p in EXAMPLES])
def test_what_a_faulty_turn_says_is_what_the_board_shows(path: Path) -> None:
    """Discarded or ignored: the board stays; played all the same: the turn's effect is said."""
    for game in replayed(path):
        before = game["start"]
        for played in game["turns"]:
            said = " ".join(played["events"])
            if not played["legal"]:
                assert "ILLEGAL: " in said or said.startswith("unreadable")
            if DISCARDED in said or IGNORED in said:
                assert board(played["state"]) == board(before), played["turn"]
            elif PLAYED in said and game["name"] == "Meridian" and "no tower" not in said:
                assert board(played["state"]) != board(before), played["turn"]
            before = played["state"]


@pytest.mark.parametrize(("number", "ringed"), [(1, False), (6, False), (7, True), (8, True)])
def test_the_picture_rings_a_tower_only_when_the_turn_was_played(number: int, ringed: bool) -> None:
    root = parse(
        run("draw", str(MERIDIAN_ERRORS), "--game-number", "1", "--turn", str(number)).stdout
    )
    assert bool(pieces(root, "last-turn")) == ringed
    said = " ".join(turn(replayed(MERIDIAN_ERRORS), 1, number)["events"])
    assert (PLAYED in said) == ringed and (DISCARDED in said) != ringed


@pytest.mark.parametrize(("number", "handled"), [(6, DISCARDED), (7, PLAYED), (8, PLAYED)])
def test_text_replay_and_page_say_a_faulty_turn_alike(
    tmp_path: Path, number: int, handled: str
) -> None:
    """The page says the fault once, in its red line, with what became of the turn as replay
    says it; what the turn did on the board stays among the events."""
    text = run("replay", str(MERIDIAN_ERRORS), "--game-number", "1", "--turn", str(number)).stdout
    events = turn(replayed(MERIDIAN_ERRORS), 1, number)["events"]
    (event,) = [e for e in events if "ILLEGAL" in e]
    assert event in text and event.endswith(handled)
    out = tmp_path / "page.html"
    run("replay", str(MERIDIAN_ERRORS), "--game-number", "1", "--html", str(out))
    (game,) = data_of(out.read_text("utf-8"))["games"]
    frame = game["frames"][number]
    (problem,) = frame["problems"]
    rule_and_message = event.removeprefix("ILLEGAL: ").removesuffix(f" {handled}")
    assert problem.endswith(f"{rule_and_message} {handled}")
    assert frame["events"] == [e for e in events if e != event]
