"""The recorder's prompt, driven in-process through prompt_toolkit's pipe input."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest
from conftest import run_cli
from hypothesis import given, settings
from hypothesis import strategies as st
from meridina.cli.record.completion import TurnCompleter
from meridina.cli.record.prompt import prompt_text, record_at_prompt
from meridina.cli.recording.new_record import new_session
from meridina.games import shown_game
from meridina.notation.driver import check_text
from meridina.recording.session import Session
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

FOUR = "Ann orange; Ben black; Cy grey; Di brown"
MEDINA = [
    ("Edition", "2", "--edition"),
    ("Players", "Cy green; Finn red", "--players"),
    ("Options", "well, tea, tower-merchants, neutral-roofs", "--options"),
    ("Setup", "well H7; merchant K4", "--setup"),
]


def meridian(path: Path) -> Session:
    return new_session(path, "meridian", [("Players", FOUR, "--players")])


def offered(session: Session, text: str) -> list[str]:
    found = TurnCompleter(session).get_completions(Document(text), CompleteEvent())
    return [completion.text for completion in found]


def test_completion_offers_the_movers_cards_then_narrows(tmp_path: Path) -> None:
    session = meridian(tmp_path / "g.mrec")
    assert offered(session, "") == ["orange"]
    cards = offered(session, "orange ")
    assert "7:" in cards and "4-5-6-7/6:" in cards and "1-2-3/2:" in cards
    assert offered(session, "orange 4-5") == [c for c in cards if c.startswith("4-5")]
    towers = offered(session, "orange 7: 3@")
    assert towers == [f"3@{city}" for city in range(1, 6)]
    assert offered(session, "black ") == []  # not black's turn: nothing to complete
    assert offered(session, "un") == ["undo"]
    assert offered(session, "12. orange 7: p") == ["pass"]


def test_medina_completion_goes_one_placement_at_a_time(tmp_path: Path) -> None:
    session = new_session(tmp_path / "m.mrec", "medina", MEDINA)
    assert offered(session, "") == ["green"]
    assert sorted(offered(session, "green merchant@")) == sorted(
        ["merchant@J4", "merchant@K3", "merchant@K5", "merchant@L4"]
    )
    assert offered(session, "green merchant@L4 ") == []  # the first turn places one piece
    assert session.play("green merchant@L4").written is not None
    seconds = offered(session, "red merchant@L5 ")
    assert seconds and "tea" not in seconds and all("@" in word for word in seconds)
    assert "merchant@L5" not in seconds


def _walk(session: Session, choose: st.DataObject) -> str:
    """A turn built by taking one offered completion after another."""
    words: list[str] = []
    space = session.space()
    while not (
        space.complete(words) and (not space.next_words(words) or choose.draw(st.booleans()))
    ):
        options = offered(session, " ".join(words) + (" " if words else ""))
        options = [o for o in options if o not in ("undo", "board", "score", "legal")]
        assert options, words
        words.append(choose.draw(st.sampled_from(options)))
    return " ".join(words)


@settings(max_examples=15, deadline=None)
@given(st.data())
def test_every_completed_meridian_turn_is_accepted(
    tmp_path_factory: pytest.TempPathFactory, data: st.DataObject
) -> None:
    folder = tmp_path_factory.mktemp("walk")
    session = meridian(folder / "g.mrec")
    for _ in range(6):
        turn = _walk(session, data)
        outcome = session.play(turn)
        assert outcome.written is not None, (turn, outcome.problems)


@settings(max_examples=6, deadline=None)
@given(st.data())
def test_every_completed_medina_turn_is_accepted(
    tmp_path_factory: pytest.TempPathFactory, data: st.DataObject
) -> None:
    folder = tmp_path_factory.mktemp("walk")
    session = new_session(folder / "m.mrec", "medina", MEDINA)
    for _ in range(4):
        turn = _walk(session, data)
        outcome = session.play(turn)
        assert outcome.written is not None, (turn, outcome.problems)


def test_prompt_names_the_mover_and_what_they_hold(tmp_path: Path) -> None:
    session = meridian(tmp_path / "g.mrec")
    assert prompt_text(session) == "1. Ann (orange), orange: 13 cards left> "
    medina = new_session(tmp_path / "m.mrec", "medina", MEDINA)
    assert prompt_text(medina).startswith("1. Cy (green), ")
    assert "pieces left" in prompt_text(medina)


def drive(session: Session, keys: list[str], pause: float = 0.0) -> list[str]:
    """Type ``keys`` at the prompt (with a pause before each when asked); return what it said."""
    said: list[str] = []
    with create_pipe_input() as typed:
        if pause:

            def feed() -> None:
                for key in keys:
                    time.sleep(pause)
                    typed.send_text(key)

            feeder = threading.Thread(target=feed)
            feeder.start()
            record_at_prompt(session, typed, DummyOutput(), said.append)
            feeder.join()
        else:
            typed.send_text("".join(keys))
            record_at_prompt(session, typed, DummyOutput(), said.append)
    return said


def test_prompt_writes_legal_turns_and_explains_an_illegal_one(tmp_path: Path) -> None:
    target = tmp_path / "g.mrec"
    session = meridian(target)
    said = drive(session, ["orange 7: 3@2\r", "black 7: 3@4\r", "black 7: 2@1\r", "\x04"])
    text = "\n".join(said)
    assert "  black 7: 3@4\n           ^ MER-R2 a tower 3 high already stands" in text
    assert "nearest legal turns: black 7: " in text
    reports = check_text(target.read_text("utf-8"))
    assert reports[0].valid
    assert [e.text.number for e in reports[0].record.entries] == [1, 2]


def test_prompt_commands_and_quit(tmp_path: Path) -> None:
    target = tmp_path / "g.mrec"
    session = meridian(target)
    said = drive(session, ["orange 7: 3@2\r", "undo\r", "help\r", "quit\r", "orange 7: 3@2\r"])
    text = "\n".join(said)
    assert "took back turn 1. orange 7: 3@2" in text and "comment TEXT" in text
    assert check_text(target.read_text("utf-8"))[0].record.entries == ()


def test_tab_completes_a_turn_and_up_arrow_recalls_history(tmp_path: Path) -> None:
    target = tmp_path / "g.mrec"
    session = meridian(target)
    # 'ora' + Tab completes the only colour; '4-5-6-7/7' + Tab the card's colon.
    keys = ["ora", "\t", " 4-5-6-7/7", "\t", " 2@1\r", "undo\r", "\x1b[A", "\x1b[A", "\r", "\x04"]
    said = drive(session, keys, pause=0.4)
    assert "took back turn 1. orange 4-5-6-7/7: 2@1" in "\n".join(said)
    reports = check_text(target.read_text("utf-8"))
    turns = [e.turn for e in reports[0].record.entries]
    assert len(turns) == 1 and turns[0] is not None and turns[0].card.label == "4-5-6-7"


def test_the_prompt_shows_the_final_table_once_when_the_game_ends(tmp_path: Path) -> None:
    example = check_text(Path("examples/meridian/three-players.mrec").read_text("utf-8"))[0]
    players = example.record.game.tag("Players")
    assert players is not None
    session = new_session(tmp_path / "g.mrec", "meridian", [("Players", players.value, "x")])
    turns = [shown_game("meridian").recorded().format_turn(e.turn) for e in example.record.entries]
    said = drive(session, [f"{turn}\r" for turn in turns] + ["score\r", "\x04"])
    finals = [index for index, line in enumerate(said) if line.startswith("Game over. Result: ")]
    assert len(finals) == 1
    assert said[-1] == f"{session.path}: {len(turns)} turns recorded"
    assert finals[0] < len(said) - 2  # the table came with the last turn, before 'score'


def test_a_turn_typed_without_its_colour_is_the_movers(tmp_path: Path) -> None:
    target = tmp_path / "g.mrec"
    session = meridian(target)
    said = "\n".join(drive(session, ["7: 3@2\r", "2. 4-5-6-7/7: 2@1\r", "7: 2@1\r", "\x04"]))
    assert "MER-R2 a tower 2 high already stands" in said  # grey's turn, checked as grey's
    assert "nearest legal turns: grey 7: " in said
    assert "colour that plays" not in said
    written = check_text(target.read_text("utf-8"))[0]
    assert written.valid
    assert target.read_text("utf-8").endswith("\n1. orange 7: 3@2\n2. black 4-5-6-7/7: 2@1\n")
    city = tmp_path / "m.mrec"
    medina = new_session(city, "medina", MEDINA)
    drive(medina, ["merchant@L4\r", "\x04"])
    text = city.read_text("utf-8")
    assert text.endswith("\n1. green merchant@L4\n") and check_text(text)[0].valid


def _replay_lines(path: Path) -> list[str]:
    """Each turn's line of ``meridina replay``: the turn, then what it did."""
    shown = run_cli("replay", str(path)).stdout.splitlines()
    return [line for line in shown if line[:1].isdigit() and ". " in line]


@pytest.mark.parametrize(
    ("example", "count"),
    [("examples/meridian/four-players.mrec", 12), ("examples/medina/second-edition-2p.mrec", 24)],
)
def test_a_turn_written_at_the_prompt_says_what_it_did_as_replay_does(
    tmp_path: Path, example: str, count: int
) -> None:
    report = check_text(Path(example).read_text("utf-8"))[0]
    game = shown_game(str(report.game).lower()).recorded()
    tags = [(t.name, t.value, t.name) for t in report.record.game.tags if t.name != "Result"]
    target = tmp_path / "g.mrec"
    session = new_session(target, game.name.lower(), [t for t in tags if t[0] != "Game"])
    turns = [game.format_turn(e.turn) for e in report.record.entries[:count]]
    said = drive(session, [f"{turn}\r" for turn in turns] + ["\x04"])
    replayed = _replay_lines(target)
    assert len(replayed) == count
    assert [line for line in said if line.startswith("  ") and ": " in line] == [
        f"  {line}" for line in replayed
    ]
    assert any("pushes" in line or "roof" in line for line in replayed)


def test_a_word_that_is_no_command_nor_turn_is_answered_as_an_unknown_command(
    tmp_path: Path,
) -> None:
    target = tmp_path / "g.mrec"
    session = meridian(target)
    said = "\n".join(drive(session, ["clear\r", "scor\r", "blak 7: 3@2\r", "\x04"]))
    assert "'clear' is not a command. The commands: board, score, legal, undo, rule," in said
    assert "'scor' is not a command; did you mean 'score'? The commands: " in said
    assert "'clear' is not a colour" not in said and "nearest legal turns: grey" not in said
    # a misspelt colour is still a turn, with the turn's own advice
    assert "REC-3 'blak' is not a colour; did you mean 'black'?" in said
    assert check_text(target.read_text("utf-8"))[0].record.entries == ()
