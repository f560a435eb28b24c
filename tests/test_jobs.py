"""``-j/--jobs``: checking in worker processes changes nothing of the output, in any format."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st
from medina_games import random_game as random_medina_game
from meridian_games import random_game as random_meridian_game
from meridina.cli.main import cli
from meridina.cli.running import batch
from meridina.cli.running.batch import Begin, Checked, End, Event, Results, in_order
from meridina.cli.running.workers import MOST_JOBS, Done
from meridina.notation.reader import UnreadableInput, iter_games

TOP = Path(__file__).resolve().parent.parent
EXAMPLES = TOP / "examples"
FORMATS = ["text", "json", "json-lines", "github", "junit", "sarif"]


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with a many-game file mixing both games and faults, a broken file, and no game."""
    folder = tmp_path_factory.mktemp("records")
    games = [random_meridian_game(seed, 2 + seed % 3).text for seed in range(12)]
    games += [random_medina_game(seed, players=3 + seed % 2).text for seed in range(4)]
    games += [p.read_text("utf-8") for p in sorted(EXAMPLES.rglob("*.mrec"))]
    random.Random(7).shuffle(games)
    (folder / "many.mrec").write_text("\n".join(games), "utf-8")
    broken = "\n".join(games[:5]) + "\n1. a\x00b\n" + "\n".join(games[5:8])
    (folder / "nul-after-five.mrec").write_text(broken, "utf-8")
    (folder / "no-game.mrec").write_text("{ only a comment }\n", "utf-8")
    return folder


def run(args: list[str]) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, args)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def paths(records: Path) -> list[str]:
    return [str(EXAMPLES), str(records), str(records / "missing.mrec")]


@pytest.mark.parametrize("output_format", FORMATS)
@pytest.mark.parametrize("command", ["validate", "score"])
def test_two_jobs_write_what_one_writes(
    command: str, output_format: str, records: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(batch, "BATCH_GAMES", 3)  # many batches per file, several in flight
    args = [command, *paths(records), "--format", output_format]
    one = run([*args, "-j", "1"])
    two = run([*args, "-j", "2"])
    assert two == one
    assert one[0] == 2  # the missing file and the NUL byte are unreadable input
    assert len(one[1]) > 1000


@pytest.mark.parametrize("command", [["validate", "--statistics"], ["score", "--game-number", "2"]])
def test_jobs_keep_options_that_change_the_selection(
    command: list[str], records: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(batch, "BATCH_GAMES", 2)
    args = [command[0], *paths(records), *command[1:]]
    assert run([*args, "-j", "auto"]) == run([*args, "-j", "1"])


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_fault_ends_its_file_after_the_games_before_it(records: Path, jobs: str) -> None:
    path = records / "nul-after-five.mrec"
    before = 0
    with pytest.raises(UnreadableInput):
        for _ in iter_games(path):
            before += 1
    code, out, err = run(["validate", str(path), "-j", jobs])
    assert code == 2
    assert "REC-0 holds binary data" in err
    assert f"{before} games in 1 file" in out
    assert before >= 4


@pytest.mark.parametrize(
    "value", ["0", str(MOST_JOBS + 1), "-1", "two", "\u0661", " 2", "2.0", "9" * 40]
)
def test_a_silly_number_of_jobs_is_a_usage_error(value: str) -> None:
    code, _, err = run(["validate", str(EXAMPLES), "-j", value])
    assert code == 2
    assert "--jobs" in err


def events(done: list[bool]) -> Iterator[Event]:
    yield Begin("f")
    for finished in done:
        handle = Done(Checked([])) if finished else Waiting(Checked([]))
        yield Results("f", handle)
    yield End("f")


class Waiting(Done[Checked]):
    """A result not ready until asked for."""

    def done(self) -> bool:
        return False


@given(st.lists(st.booleans(), max_size=30), st.integers(min_value=1, max_value=5))
def test_events_leave_in_order_with_few_waited_for(done: list[bool], most: int) -> None:
    source = list(events(done))
    given_out: list[Event] = []
    read = 0

    def counted() -> Iterator[Event]:
        nonlocal read
        for event in source:
            read += 1
            yield event

    for event in in_order(counted(), most):
        waiting = sum(isinstance(e, Results) for e in source[len(given_out) + 1 : read])
        assert waiting <= most  # never more than ``most`` batches read ahead of the output
        given_out.append(event)
    assert given_out == source


def test_a_files_batches_grow_and_keep_every_game_once_in_order(tmp_path: Path) -> None:
    game = '[Game "Meridian"]\n[Players "Ann red; Bob blue"]\n\n1. red 3: pass\n'
    path = tmp_path / "many.mrec"
    path.write_text("\n".join([game] * 200), encoding="utf-8")
    sizes = [len(b.games) for b in batch.batches(str(path), None, 4)]
    assert sizes[:4] == [4, 8, 16, 16]  # doubling up to BATCH_GROWTH times the first
    assert sum(sizes) == 200
    indices = [index for b in batch.batches(str(path), None, 4) for index, _, _ in b.games]
    assert indices == list(range(1, 201))
    assert {len(b.games) for b in batch.batches(str(path), None, 1)} == {1}  # -j 1 streams
