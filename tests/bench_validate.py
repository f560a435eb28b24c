"""Benchmark: every speed and memory target of meridina, each with its measured figure.

Prints figures and PASS or MISS beside each target; asserts nothing (machines are
shared and noisy, so what counts is the ratio of two things measured in one run,
in interleaved rounds). Run from the project folder, with the ``bench`` extra
installed (``pip install -e '.[bench]'``, for python-chess):

    python tests/bench_validate.py            # the sizes the targets name (takes long)
    python tests/bench_validate.py --quick    # smaller sizes, for a first look
    nice python tests/bench_validate.py --only memory --formats junit,sarif

``--only`` runs some of the targets (throughput, command, startup, memory, jobs);
``--formats`` measures the memory of some output formats only; ``--command-mb N``,
``--memory-mb SMALL,LARGE`` and ``--jobs-mb N`` choose other corpus sizes. The full
memory figure validates 100 MB once per format, each in a fresh process, so it takes
minutes per format.

Two figures compare meridina with python-chess. ``throughput`` times ``validate`` inside
this process, warm, against ``chess.pgn.read_game``: the check alone. ``command`` times
what a user runs: ``meridina validate -q`` on a large record file in a fresh process
against a small script that reads PGN of the same size with ``read_game``, each net of
its own start-up (the same program on a one-game record, and on an empty PGN file), so
that what the command does besides the check (reading the file, handing out the games,
the report) is counted and the interpreter's start is not.

The records come from ``meridina generate`` (a set of distinct games, repeated with
fresh Round tags up to the size wanted; in the memory corpora one game in ten has a
wrong Result tag, so that the formats that list problems have some to write); the
PGN from random legal chess games played with python-chess, both from fixed seeds.
Times are CPU seconds (user and system), which a busy machine disturbs less than the
clock on the wall; only the ``-j`` comparison, which is about using a second core, is
timed on the wall clock, with the machine's load printed beside it.
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SEED = 20_260_101
ROUNDS = 5  # paired rounds for each throughput ratio (the median needs at least 5)
PROCESS_ROUNDS = 11  # paired runs for each whole-process ratio
DISTINCT_GAMES = {"meridian": 60, "medina": 16}  # played once, then repeated
CHESS_GAMES = 40
JOB_PAIRS = 3  # paired -j 1 / -j 2 runs of the large file
TURN_LINE = re.compile(r"^\d+\. ", re.MULTILINE)
ROUND_TAG = re.compile(r'^\[Round "\d+"\]$', re.MULTILINE)
FIRST_SCORE = re.compile(r'^(\[Result "\S+ )(\d+)', re.MULTILINE)
BROKEN_EVERY = 10  # in the memory corpora, one game in this many has a wrong score
COMMAND_ROUNDS = 5  # paired rounds of the whole command (each one runs six programs)
COMMAND_TARGETS = {"meridian": 2.0, "medina": 1.2}  # least turns/s per python-chess move/s
TARGETS = ("throughput", "command", "startup", "memory", "jobs")


@dataclass(frozen=True)
class Sizes:
    throughput_kb: int
    command_mb: float
    memory_mb: tuple[float, float]
    jobs_mb: float


FULL = Sizes(throughput_kb=512, command_mb=2, memory_mb=(1, 100), jobs_mb=20)
QUICK = Sizes(throughput_kb=64, command_mb=0.5, memory_mb=(0.1, 1), jobs_mb=1)


# ---------------------------------------------------------------- printing


@dataclass(frozen=True)
class Figure:
    """Several paired measurements of one ratio: their median, least and greatest."""

    values: tuple[float, ...]

    @property
    def median(self) -> float:
        return statistics.median(self.values)

    def text(self, unit: str = "x", digits: int = 2) -> str:
        low, high = min(self.values), max(self.values)
        return f"{self.median:.{digits}f}{unit} [{low:.{digits}f}-{high:.{digits}f}]"


def report(target: str, measured: str, passed: bool | None, detail: str = "") -> None:
    verdict = {True: "PASS", False: "MISS", None: "n/a "}[passed]
    print(f"{verdict}  {target:<68} {measured}", flush=True)
    if detail:
        print(f"      {detail}", flush=True)


# ---------------------------------------------------------------- corpora


def meridina_command() -> list[str]:
    script = Path(sys.executable).with_name("meridina")
    return [str(script)] if script.exists() else [sys.executable, "-m", "meridina"]


@dataclass(frozen=True)
class Corpus:
    path: Path
    size: int  # bytes
    turns: int  # turns (records) or moves (PGN)
    games: list[str]  # the text of each game, for the bare parse


@functools.cache
def generated_games(game: str, count: int) -> list[str]:
    """``count`` games written by ``meridina generate``, each game's text on its own."""
    args = ["generate", "--game", game, "-n", str(count), "--seed", str(SEED)]
    done = subprocess.run([*meridina_command(), *args], capture_output=True, text=True, check=True)
    return [part for part in re.split(r"(?m)^(?=\[Game )", done.stdout) if part.strip()]


def fill(
    path: Path,
    games: Sequence[str],
    size: int,
    renumber: bool,
    keep: bool = False,
    broken_every: int = 0,
) -> Corpus:
    """Write ``games`` over and over to ``path`` until it holds ``size`` bytes.

    ``keep``: keep each game's text (for the bare parse; not for the large corpora).
    ``broken_every``: every so many games, one with a wrong score in its Result tag.
    """
    written = turns = copies = 0
    kept: list[str] = []
    with path.open("w", encoding="utf-8", newline="\n") as out:
        while written < size:
            game = games[copies % len(games)]
            copies += 1
            if renumber:
                game = ROUND_TAG.sub(f'[Round "{copies}"]', game, count=1)
            if broken_every and copies % broken_every == 0:
                game = FIRST_SCORE.sub(lambda m: f"{m[1]}{int(m[2]) + 1}", game, count=1)
            text = game.rstrip("\n") + "\n\n"
            out.write(text)
            written += len(text.encode())
            turns += len(TURN_LINE.findall(game))
            if keep:
                kept.append(text)
    return Corpus(path, written, turns, kept)


def chess_games(rng: random.Random, count: int) -> list[tuple[str, int]]:
    """Random legal chess games as PGN text, each with its number of moves."""
    import chess
    import chess.pgn

    games = []
    for number in range(1, count + 1):
        board = chess.Board()
        game = chess.pgn.Game()
        game.headers["Event"] = "Random game"
        game.headers["Round"] = str(number)
        game.headers["White"], game.headers["Black"] = "Ann", "Ben"
        node: Any = game
        for _ in range(rng.randrange(40, 160)):
            legal = list(board.legal_moves)
            if not legal:
                break
            move = rng.choice(legal)
            node = node.add_variation(move)
            board.push(move)
        game.headers["Result"] = board.result()
        games.append((str(game) + "\n\n", board.ply()))
    return games


def pgn_corpus(path: Path, size: int) -> Corpus:
    games = chess_games(random.Random(SEED), CHESS_GAMES)
    written = moves = index = 0
    with path.open("w", encoding="utf-8", newline="\n") as out:
        while written < size:
            text, count = games[index % len(games)]
            index += 1
            out.write(text)
            written += len(text.encode())
            moves += count
    return Corpus(path, written, moves, [])


# ---------------------------------------------------------------- timing


def cpu_seconds(action: Callable[[], object]) -> float:
    start = time.process_time()
    action()
    return time.process_time() - start


def child_run(command: Sequence[str], env: dict[str, str] | None = None) -> tuple[float, float]:
    """Run a program, its output thrown away: (CPU seconds, wall seconds)."""
    started = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - started
    return usage.ru_utime + usage.ru_stime, wall


# A child's peak memory counts what it inherited at the fork, and this process is
# large; so a small fresh interpreter starts the program and reports its peak.
PEAK = """
import resource, subprocess, sys
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
"""


def peak_megabytes(command: Sequence[str]) -> float:
    done = subprocess.run(
        [sys.executable, "-c", PEAK, *command], capture_output=True, text=True, check=True
    )
    return int(done.stdout.split()[-1]) / 1024


def validate_in_process(path: Path, extra: Sequence[str]) -> Callable[[], object]:
    """``meridina validate PATH`` run in this process, its report thrown away."""
    from meridina.cli.main import cli

    def run() -> object:
        saved = sys.stdout, sys.stderr
        with open(os.devnull, "w", encoding="utf-8") as sink:
            sys.stdout = sys.stderr = sink
            try:
                cli.main(["validate", str(path), *extra], standalone_mode=False)
            except SystemExit:
                pass
            finally:
                sys.stdout, sys.stderr = saved
        return None

    return run


def read_pgn(path: Path) -> Callable[[], object]:
    import chess.pgn

    def run() -> object:
        with path.open(encoding="utf-8") as stream:
            while chess.pgn.read_game(stream) is not None:
                pass
        return None

    return run


# What the command's yardstick runs: python-chess reading every game of a PGN file.
CHESS_READER = """
import sys
import chess.pgn
with open(sys.argv[1], encoding="utf-8") as stream:
    while chess.pgn.read_game(stream) is not None:
        pass
"""


def bare_lark(games: Sequence[str]) -> Callable[[], object]:
    """Parse every game with the project's grammar and parser settings, building nothing."""
    from importlib.resources import files

    from lark import Lark

    grammar = files("meridina.notation").joinpath("record.lark").read_text("utf-8")
    parser = Lark(grammar, parser="lalr", lexer="contextual", maybe_placeholders=False)

    def run() -> object:
        for text in games:
            parser.parse(text)
        return None

    return run


def paired(actions: Sequence[Callable[[], object]], rounds: int) -> list[list[float]]:
    """CPU seconds of each action in each round; the order turns round by round."""
    for action in actions:
        action()  # warm: imports, grammar, caches of the file system
    times: list[list[float]] = [[] for _ in actions]
    for number in range(rounds):
        order = list(range(len(actions)))
        shift = number % len(actions)
        for index in order[shift:] + order[:shift]:
            times[index].append(cpu_seconds(actions[index]))
    return times


# ---------------------------------------------------------------- the targets


def validate_options() -> str:
    done = subprocess.run(
        [*meridina_command(), "validate", "--help"], capture_output=True, text=True, check=False
    )
    return done.stdout


def throughput(folder: Path, sizes: Sizes, jobs_known: bool) -> None:
    size = sizes.throughput_kb * 1024
    pgn = pgn_corpus(folder / "games.pgn", size)
    one_job = ["-j", "1"] if jobs_known else []
    for game, target in (("meridian", 2.0), ("medina", 1.2)):
        name = game.capitalize()
        corpus = fill(
            folder / f"{game}.mrec", generated_games(game, DISTINCT_GAMES[game]), size, True, True
        )
        ours, chess_time, lark_time = paired(
            [
                validate_in_process(corpus.path, one_job),
                read_pgn(pgn.path),
                bare_lark(corpus.games),
            ],
            ROUNDS,
        )
        speed = Figure(
            tuple(
                (corpus.turns / mine) / (pgn.turns / theirs)
                for mine, theirs in zip(ours, chess_time, strict=True)
            )
        )
        report(
            f"{name} validate turns/s / python-chess read_game moves/s >= {target:g}x",
            speed.text(),
            speed.median >= target,
            f"{corpus.size / 1024:.0f} KB of records ({corpus.turns} turns) and "
            f"{pgn.size / 1024:.0f} KB of PGN ({pgn.turns} moves), {ROUNDS} rounds; median "
            f"{corpus.turns / statistics.median(ours):,.0f} turns/s vs "
            f"{pgn.turns / statistics.median(chess_time):,.0f} moves/s",
        )
        lark = Figure(tuple(v / b for v, b in zip(ours, lark_time, strict=True)))
        report(
            f"{name} validate time / bare Lark parse of the same records <= 1.5x",
            lark.text(),
            lark.median <= 1.5,
            f"median {statistics.median(ours):.2f} s vs {statistics.median(lark_time):.2f} s "
            "(record.lark, LALR, contextual lexer, no tree transformer)",
        )


def command(folder: Path, sizes: Sizes) -> None:
    """``meridina validate -q`` on a large file vs python-chess's reader, whole processes.

    Each side is timed on the large file and on a start-up file (one game; an empty
    PGN file) in the same round, and the difference is its work on the large file.
    """
    size = int(sizes.command_mb * 1024 * 1024)
    env = with_bytecode(folder)
    python = sys.executable
    pgn = pgn_corpus(folder / "command.pgn", size)
    empty = folder / "empty.pgn"
    empty.write_text("", encoding="utf-8")
    programs = [
        [python, "-c", CHESS_READER, str(pgn.path)],
        [python, "-c", CHESS_READER, str(empty)],
    ]
    corpora = []
    for game in ("meridian", "medina"):
        games = generated_games(game, DISTINCT_GAMES[game])
        corpus = fill(folder / f"command-{game}.mrec", games, size, True)
        one = folder / f"command-{game}-one.mrec"
        one.write_text(games[0], encoding="utf-8")
        corpora.append((game, corpus, len(TURN_LINE.findall(games[0]))))
        for path in (corpus.path, one):
            programs.append([*meridina_command(), "validate", "-q", str(path)])
    times = paired_children(programs, COMMAND_ROUNDS, env)
    chess_net = [big - start for big, start in zip(times[0], times[1], strict=True)]
    print(
        f"      command: {size / 1e6:.1f} MB of records and of PGN, each program in a fresh "
        f"process, compiled modules cached; {COMMAND_ROUNDS} paired rounds; python-chess "
        f"{pgn.turns} moves in {statistics.median(chess_net):.2f} s net of "
        f"{statistics.median(times[1]) * 1000:.0f} ms start-up (an empty PGN file)",
        flush=True,
    )
    for number, (game, corpus, one_turns) in enumerate(corpora):
        big, start = times[2 + 2 * number], times[3 + 2 * number]
        ours = [b - s for b, s in zip(big, start, strict=True)]
        turns = corpus.turns - one_turns
        speed = Figure(
            tuple(
                (turns / mine) / (pgn.turns / theirs)
                for mine, theirs in zip(ours, chess_net, strict=True)
            )
        )
        target = COMMAND_TARGETS[game]
        report(
            f"meridina validate -q turns/s / python-chess script moves/s: "
            f"{game.capitalize()} >= {target:g}x",
            speed.text(),
            speed.median >= target,
            f"{corpus.size / 1e6:.1f} MB, {corpus.turns} turns in "
            f"{statistics.median(ours):.2f} s net of {statistics.median(start) * 1000:.0f} ms "
            f"start-up (a one-game record); median {turns / statistics.median(ours):,.0f} turns/s "
            f"vs {pgn.turns / statistics.median(chess_net):,.0f} moves/s",
        )


def paired_children(
    commands: Sequence[Sequence[str]], rounds: int, env: dict[str, str] | None
) -> list[list[float]]:
    """CPU seconds of each program in each round; the order turns round by round."""
    for program in commands:
        child_run(program, env)  # warm the file system's caches (and fill the bytecode cache)
    times: list[list[float]] = [[] for _ in commands]
    for number in range(rounds):
        order = list(range(len(commands)))
        shift = number % len(commands)
        for index in order[shift:] + order[:shift]:
            times[index].append(child_run(commands[index], env)[0])
    return times


def with_bytecode(folder: Path) -> dict[str, str]:
    """The environment, with compiled modules cached (in ``folder``) as an installed program has.

    Where PYTHONDONTWRITEBYTECODE is set, every start would compile each of meridina's
    modules again, while python-chess and click were compiled when they were installed.
    A cache of its own, filled by the first run, puts both sides on the same footing.
    """
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(folder / "bytecode")
    return env


def whole_process(folder: Path) -> None:
    one = folder / "one-game.mrec"
    one.write_text(generated_games("meridian", DISTINCT_GAMES["meridian"])[0], encoding="utf-8")
    python = sys.executable
    pairs = [
        ("meridina --help / python -c 'import click' <= 1.3x", [*meridina_command(), "--help"],
         [python, "-c", "import click"], 1.3),
        ("meridina validate one-game.mrec / python -c 'import chess.pgn' <= 1.5x",
         [*meridina_command(), "validate", str(one)], [python, "-c", "import chess.pgn"], 1.5),
    ]  # fmt: skip
    uncached = "PYTHONDONTWRITEBYTECODE" in os.environ
    for target, ours, theirs, most in pairs:
        ratio, mine, other = paired_processes(ours, theirs, with_bytecode(folder))
        detail = (
            f"{PROCESS_ROUNDS} paired runs, compiled modules cached; median "
            f"{statistics.median(mine) * 1000:.0f} ms vs "
            f"{statistics.median(other) * 1000:.0f} ms CPU"
        )
        if uncached:
            plain, mine, other = paired_processes(ours, theirs, None)
            detail += (
                f"; as this environment runs them (PYTHONDONTWRITEBYTECODE set, every module "
                f"compiled at each start): {plain.text()}, {statistics.median(mine) * 1000:.0f} ms "
                f"vs {statistics.median(other) * 1000:.0f} ms"
            )
        report(target, ratio.text(), ratio.median <= most, detail)


def paired_processes(
    ours: Sequence[str], theirs: Sequence[str], env: dict[str, str] | None
) -> tuple[Figure, list[float], list[float]]:
    """CPU seconds of both programs in paired runs, and the ratios of each pair."""
    child_run(ours, env)  # warm the file system's caches (and fill the bytecode cache)
    child_run(theirs, env)
    mine, other = [], []
    for number in range(PROCESS_ROUNDS):
        first, second = (ours, theirs) if number % 2 == 0 else (theirs, ours)
        a, b = child_run(first, env)[0], child_run(second, env)[0]
        mine.append(a if first is ours else b)
        other.append(b if first is ours else a)
    ratio = Figure(tuple(m / o for m, o in zip(mine, other, strict=True)))
    return ratio, mine, other


def output_formats(help_text: str) -> list[str]:
    found = re.search(r"--format \[([^\]]+)\]", help_text)
    return found.group(1).split("|") if found else ["text"]


def memory(folder: Path, sizes: Sizes, formats: Sequence[str]) -> None:
    games = generated_games("meridian", DISTINCT_GAMES["meridian"])
    small_mb, large_mb = sizes.memory_mb
    corpora = [
        fill(folder / f"{name}.mrec", games, int(mb * 1_000_000), True, broken_every=BROKEN_EVERY)
        for name, mb in (("small", small_mb), ("large", large_mb))
    ]
    small, large = corpora
    print(
        f"      memory: Meridian records of {small.size / 1e6:.1f} MB and "
        f"{large.size / 1e6:.1f} MB (one game in {BROKEN_EVERY} invalid), validate's peak "
        "resident memory per output format, each run in a fresh process",
        flush=True,
    )
    for output_format in formats:
        peaks = []
        started = time.perf_counter()
        for corpus in corpora:
            command = [*meridina_command(), "validate", str(corpus.path), "--format", output_format]
            peaks.append(peak_megabytes(command))
        growth = peaks[1] - peaks[0]
        report(
            f"validate --format {output_format}: peak flat (+<=10 MB) and < 50 MB",
            f"{peaks[0]:.1f} MB -> {peaks[1]:.1f} MB (+{growth:.1f} MB)",
            growth <= 10 and peaks[1] < 50,
            f"{time.perf_counter() - started:.0f} s on the wall clock for both runs",
        )
    for corpus in corpora:
        corpus.path.unlink()


def load() -> str:
    try:
        return Path("/proc/loadavg").read_text(encoding="ascii").strip()
    except OSError:
        return "unknown"


def cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def jobs(folder: Path, sizes: Sizes, jobs_known: bool) -> None:
    target = "validate -j 2 / -j 1 speed on one large file >= 1.8x"
    if not jobs_known:
        report(target, "not available (validate has no -j/--jobs option)", None)
        return
    games = generated_games("meridian", DISTINCT_GAMES["meridian"])
    corpus = fill(folder / "jobs.mrec", games, int(sizes.jobs_mb * 1_000_000), True)
    base = [*meridina_command(), "validate", str(corpus.path)]
    loads = [load()]
    ones, twos = [], []
    for _ in range(JOB_PAIRS):  # interleaved, so a change of load falls on both
        ones.append(child_run([*base, "-j", "1"])[1])
        twos.append(child_run([*base, "-j", "2"])[1])
        loads.append(load())
    figure = Figure(tuple(one / two for one, two in zip(ones, twos, strict=True)))
    report(
        target,
        f"{figure.text()} ({statistics.median(ones):.1f} s vs {statistics.median(twos):.1f} s"
        f" wall, median of {JOB_PAIRS} pairs)",
        figure.median >= 1.8,
        f"{corpus.size / 1e6:.1f} MB of Meridian records; {cores()} cores available; "
        f"/proc/loadavg at the start and after each pair: {' | '.join(loads)}",
    )
    corpus.path.unlink()


def megabyte_pair(text: str) -> tuple[float, float]:
    try:
        small, large = (float(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError("give two sizes in MB, such as 1,100") from None
    if not 0 < small < large <= 1000:
        raise argparse.ArgumentTypeError("give 0 < SMALL < LARGE <= 1000")
    return small, large


def name_list(choices: Sequence[str]) -> Callable[[str], list[str]]:
    def parse(text: str) -> list[str]:
        names = [part.strip() for part in text.split(",") if part.strip()]
        unknown = [name for name in names if name not in choices]
        if unknown or not names:
            raise argparse.ArgumentTypeError(f"choose from {', '.join(choices)}")
        return names

    return parse


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="smaller corpora, a fast look")
    parser.add_argument(
        "--only",
        type=name_list(TARGETS),
        default=list(TARGETS),
        help=f"comma-separated targets to run, of {','.join(TARGETS)} (default: all)",
    )
    parser.add_argument(
        "--formats", help="comma-separated output formats for the memory targets (default: all)"
    )
    parser.add_argument(
        "--command-mb", type=float, help="megabytes of each file for the command targets"
    )
    parser.add_argument(
        "--memory-mb", type=megabyte_pair, help="SMALL,LARGE megabytes for the memory targets"
    )
    parser.add_argument("--jobs-mb", type=float, help="megabytes for the -j target")
    options = parser.parse_args(argv)
    sizes = QUICK if options.quick else FULL
    if options.command_mb:
        sizes = dataclasses.replace(sizes, command_mb=options.command_mb)
    if options.memory_mb:
        sizes = dataclasses.replace(sizes, memory_mb=options.memory_mb)
    if options.jobs_mb:
        sizes = dataclasses.replace(sizes, jobs_mb=options.jobs_mb)
    help_text = validate_options()
    known_formats = output_formats(help_text)
    formats = known_formats
    if options.formats:
        try:
            formats = name_list(known_formats)(options.formats)
        except argparse.ArgumentTypeError as error:
            parser.error(f"--formats: {error}")
    if {"throughput", "command"} & set(options.only):
        try:
            import chess  # noqa: F401
        except ImportError:
            print("python-chess is missing: pip install -e '.[bench]'", file=sys.stderr)
            return 2
    kind = "quick" if options.quick else "full"
    if sizes != (QUICK if options.quick else FULL):
        kind += ", sizes chosen"
    if options.only != list(TARGETS):
        kind += f", only {','.join(options.only)}"
    jobs_known = "--jobs" in help_text
    print(
        f"meridina benchmark ({kind} run): "
        f"throughput on {sizes.throughput_kb} KB of records and of PGN; command on "
        f"{sizes.command_mb:g} MB; memory on "
        f"{sizes.memory_mb[0]:g} MB vs {sizes.memory_mb[1]:g} MB; -j on {sizes.jobs_mb:g} MB"
    )
    print(f"      CPU time (user+sys) unless said; /proc/loadavg at start: {load()}")
    print("      figures: median [least-greatest] of the paired rounds", flush=True)
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        if "throughput" in options.only:
            throughput(folder, sizes, jobs_known)
        if "command" in options.only:
            command(folder, sizes)
        if "startup" in options.only:
            whole_process(folder)
        if "memory" in options.only:
            memory(folder, sizes, formats)
        if "jobs" in options.only:
            jobs(folder, sizes, jobs_known)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
