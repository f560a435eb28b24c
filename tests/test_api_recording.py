"""The API's recording of a game (``meridina.Recording``) and its pictures (``Game.picture``),
checked against what ``record``, ``validate`` and ``draw`` do."""

from __future__ import annotations

import re
from pathlib import Path

import meridina
import pytest
from conftest import run_cli
from meridina.recording.locked_file import RecordFile

TOP = Path(__file__).resolve().parent.parent
MEDINA = (
    '[Game "Medina"]\n[Edition "1"]\n[Players "Ann red; Ben blue; Cy green"]\n'
    '[Setup "merchant H7"]\n'
)
MERIDIAN = '[Game "Meridian"]\n[Players "Ann orange; Ben black; Cy grey"]\n'


def started(tmp_path: Path, text: str = MEDINA) -> meridina.Recording:
    path = tmp_path / "game.mrec"
    path.write_text(text, "utf-8")
    return meridina.Recording(path)


def test_a_turn_played_is_the_turn_record_writes(tmp_path: Path) -> None:
    recording = started(tmp_path)
    by_hand = tmp_path / "typed.mrec"
    by_hand.write_text(MEDINA, "utf-8")
    typed = run_cli("record", str(by_hand), input_text="red orange@E5 wall@B1\n")
    assert typed.exit_code == 0, typed.output
    played = recording.play("orange@E5 wall@B1")  # the colour left out, as record allows
    assert played.written and played.turn == "1. red orange@E5 wall@B1" and not played.ended
    assert recording.path.read_text("utf-8") == by_hand.read_text("utf-8")


def test_an_illegal_turn_is_refused_with_its_rule_and_not_written(tmp_path: Path) -> None:
    recording = started(tmp_path)
    before = recording.path.read_bytes()
    played = recording.play("red orange@A1 wall@B1")
    assert not played.written and played.turn is None
    assert [(p.rule, p.severity, p.col) for p in played.problems] == [("MED-B1", "error", 5)]
    assert recording.check("red orange@A1") == played.problems
    assert recording.check("red orange@E5 wall@B1") == ()
    assert recording.play("").problems[0].rule == "REC-1"
    assert recording.path.read_bytes() == before


def test_the_next_turn_and_its_words_are_the_rules(tmp_path: Path) -> None:
    recording = started(tmp_path, MERIDIAN)
    turn = recording.next_turn()
    assert (turn.number, turn.over, turn.colour) == (1, False, "orange")
    assert turn.starts == ("orange",)
    assert [what for what, _ in turn.supply] == ["orange pieces", "orange cards"]
    cards = recording.next_words(["orange"])
    assert "7:" in cards.words and not cards.complete
    legal = recording.game().legal_turns()
    after = recording.next_words(["orange", "7:"])
    assert sorted(after.words) == sorted(
        {t.split(": ", 1)[1].split()[0] for t in legal if t.startswith("orange 7: ")}
    )
    assert recording.next_words(["orange", "7:", "3@2"]).complete


def test_undo_and_comment(tmp_path: Path) -> None:
    recording = started(tmp_path)
    assert recording.undo() is None
    recording.comment("before the first turn")
    recording.play("red orange@E5 wall@B1")
    recording.comment("a quiet start")
    text = recording.path.read_text("utf-8")
    assert "{ before the first turn }" in text
    assert "1. red orange@E5 wall@B1 { a quiet start }" in text
    assert recording.undo() == "1. red orange@E5 wall@B1"
    assert recording.game().turns == ()
    assert recording.next_turn().colour == "red"


@pytest.mark.parametrize("text", ["a\x00b", "a\ud800b"])
def test_a_comment_a_record_cannot_hold_is_refused_and_nothing_written(
    tmp_path: Path, text: str
) -> None:
    recording = started(tmp_path)
    recording.play("red orange@E5 wall@B1")
    before = recording.path.read_bytes()
    with pytest.raises(meridina.MeridinaError, match=r"^REC-0 the comment holds a "):
        recording.comment(text)
    assert recording.path.read_bytes() == before
    assert recording.game().turns == ("1. red orange@E5 wall@B1",)


def test_a_whole_game_ends_with_its_result_as_record_writes_it(tmp_path: Path) -> None:
    record = run_cli("generate", "--game", "medina", "--edition", "2", "--players", "2").stdout
    head = "\n".join(
        line for line in record.split("\n\n", 1)[0].splitlines() if not line.startswith("[Result")
    )
    recording = started(tmp_path, head + "\n")
    turns = [re.sub(r"^\d+\. |\s*\{[^}]*\}", "", line) for line in record.splitlines()]
    ended = [recording.play(turn).ended for turn in turns if turn and turn[0].islower()]
    assert ended.count(True) == 1
    assert recording.next_turn().over and recording.next_turn().supply == ()
    (typed,) = meridina.read_text(record)
    assert recording.game().tags["Result"] == typed.tags["Result"]
    assert recording.game().valid


def test_a_call_that_cannot_be_carried_out_raises(tmp_path: Path) -> None:
    with pytest.raises(meridina.MeridinaError, match="REC-0 no such file"):
        meridina.Recording(tmp_path / "missing.mrec").play("red orange@E5 wall@B1")
    broken = started(tmp_path, MEDINA + "\n1. red orange@A1 wall@B1\n")
    with pytest.raises(meridina.MeridinaError, match="MED-B1"):
        broken.next_turn()
    with pytest.raises(meridina.MeridinaError, match="rulings"):
        meridina.Recording(tmp_path / "x.mrec", rulings="no-such-ruling=yes")
    held_path = tmp_path / "held.mrec"
    held_path.write_text(MEDINA, "utf-8")
    held = RecordFile(held_path)
    held.hold()
    try:
        with pytest.raises(meridina.MeridinaError, match="being recorded by another"):
            meridina.Recording(held_path).play("red orange@E5 wall@B1")
    finally:
        held.close()
    assert "orange" not in held_path.read_text("utf-8")


@pytest.mark.parametrize("name", ["medina/second-edition-2p.mrec", "meridian/two-players.mrec"])
def test_a_picture_is_the_one_draw_paints(tmp_path: Path, name: str) -> None:
    path = TOP / "examples" / name
    (game,) = meridina.read_games(path)
    drawn = run_cli("draw", str(path), "--turn", "5").stdout
    assert game.picture(5) == drawn
    with_targets = game.picture(5, targets=True)
    assert "data-target" not in drawn and "data-target" in with_targets
    assert with_targets.startswith(drawn[: drawn.index("<title>")])
