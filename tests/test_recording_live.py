"""``meridina.Recording`` holds its game in memory: a click neither reads nor replays the
record again, unless another program changed the file (``meridina record`` at a terminal),
and a change asked for on a game that moved on since is refused as such."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import meridina
import meridina.api
import meridina.recording.opening
import pytest
from conftest import run_cli
from meridina.cli.table.record_state import record_state
from meridina.recording import MovedOn

MEDINA = (
    '[Game "Medina"]\n[Edition "1"]\n[Players "Ann red; Ben blue; Cy green"]\n'
    '[Setup "merchant H7"]\n'
)
TURNS = ("red orange@E5 wall@B1", "blue grey@G9 wall@C1", "green orange@E6 wall@D1")


@pytest.fixture
def replays(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Each time a game is read from a file and played through its rules (``check_game``),
    by the recording or by the API's ``Game``."""
    done: list[str] = []
    for module in (meridina.recording.opening, meridina.api):
        real: Callable[..., object] = module.check_game

        def counting(*args: object, _real: Callable[..., object] = real, **kw: object) -> object:
            done.append("replayed")
            return _real(*args, **kw)

        monkeypatch.setattr(module, "check_game", counting)
    yield done


def started(tmp_path: Path, turns: int = 2) -> meridina.Recording:
    path = tmp_path / "game.mrec"
    path.write_text(MEDINA, "utf-8")
    recording = meridina.Recording(path)
    for turn in TURNS[:turns]:
        assert recording.play(turn).written
    return recording


def test_a_click_reads_and_replays_the_record_never_once_it_is_held(
    tmp_path: Path, replays: list[str]
) -> None:
    recording = started(tmp_path)
    record_state(recording)  # the page's first load
    replays.clear()
    recording.next_words(["green"])
    recording.check("green orange@E6")
    recording.legal_turns()
    assert recording.play(TURNS[2]).written
    record_state(recording)
    assert recording.undo() == "3. green orange@E6 wall@D1"
    record_state(recording)
    recording.comment("a quiet start")
    record_state(recording)
    assert replays == []
    # what the page showed is what the file holds, read afresh
    fresh = meridina.Recording(recording.path)
    assert record_state(fresh) == record_state(recording)


def test_a_turn_typed_at_a_terminal_on_the_same_file_is_picked_up(
    tmp_path: Path, replays: list[str]
) -> None:
    recording = started(tmp_path)
    assert recording.next_turn().number == 3
    replays.clear()
    typed = run_cli("record", str(recording.path), input_text=TURNS[2] + "\nquit\n")
    assert typed.exit_code == 0, typed.output
    replays.clear()
    assert recording.next_turn().number == 4 and recording.next_turn().colour == "red"
    assert record_state(recording)["turns"][-1] == "3. green orange@E6 wall@D1"
    assert replays == ["replayed"]  # read once, on the first call after the change
    assert recording.play("red orange@F5 wall@E1").written
    assert "4. red orange@F5 wall@E1" in recording.path.read_text("utf-8")
    assert meridina.Recording(recording.path).game().valid


def test_a_file_rewritten_by_another_program_is_read_again(tmp_path: Path) -> None:
    recording = started(tmp_path)
    recording.path.write_text(MEDINA, "utf-8")  # every turn gone
    assert recording.next_turn().number == 1
    assert recording.play(TURNS[0]).turn == "1. red orange@E5 wall@B1"


def test_a_change_on_a_game_that_moved_on_is_refused_as_such(tmp_path: Path) -> None:
    recording = started(tmp_path)
    seen = recording.version()
    other = meridina.Recording(recording.path)  # another device's view of the same file
    assert other.play(TURNS[2], seen=seen).written
    before = recording.path.read_bytes()
    for change in (
        lambda: recording.play(TURNS[2], seen=seen),
        lambda: recording.undo(seen=seen),
        lambda: recording.comment("late", seen=seen),
    ):
        with pytest.raises(MovedOn, match=r"^the game moved on: turn 4 is to be played now"):
            change()
    assert recording.path.read_bytes() == before
    assert recording.version() == other.version() != seen
    assert recording.play("red orange@F5 wall@E1", seen=recording.version()).written


def test_the_version_names_the_turns_not_the_comments(tmp_path: Path) -> None:
    recording = started(tmp_path)
    seen = recording.version()
    recording.comment("a comment changes no turn")
    assert recording.version() == seen
    recording.undo()
    assert recording.version() != seen
    recording.play(TURNS[1])
    assert recording.version() == seen


def test_while_a_terminal_holds_the_file_its_turns_show_and_a_play_is_refused(
    tmp_path: Path,
) -> None:
    from meridina.recording.opening import existing_session

    recording = started(tmp_path)
    record_state(recording)
    terminal = existing_session(recording.path)  # ``meridina record`` at a terminal, open
    try:
        assert terminal.play(TURNS[2]).written is not None
        shown = record_state(recording)  # read without the lock the terminal holds
        assert shown["turns"][-1] == "3. green orange@E6 wall@D1" and shown["number"] == 4
        with pytest.raises(meridina.MeridinaError, match="being recorded by another"):
            recording.play("red orange@F5 wall@E1")
    finally:
        terminal.close()
    assert recording.play("red orange@F5 wall@E1").turn == "4. red orange@F5 wall@E1"
