"""Benchmark: how fast ``validate`` checks Meridian records, and how flat its memory stays.

Prints figures; asserts nothing (machines are shared and noisy, so compare the
ratios measured in one run). Run from the project folder:

    python tests/bench_validate.py [GAMES]

It writes GAMES random legal 4-player games (52 turns each) to a temporary file,
checks the file game by game as ``meridina validate`` does, and reports turns per
second and peak memory for that file and for one twice as large. When the
``chess`` package is installed, it also times python-chess reading PGN games of
80 moves each, for the ratio between the two.
"""

from __future__ import annotations

import io
import random
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # run as a script

from meridian_games import random_game
from meridina.notation.check import check_file


def write_games(path: Path, games: int) -> int:
    texts = [random_game(seed, 4).text for seed in range(min(games, 50))]
    turns = 0
    with path.open("w", encoding="utf-8") as out:
        for index in range(games):
            text = texts[index % len(texts)]
            out.write(text + "\n")
            turns += 52
    return turns


def time_validate(path: Path) -> float:
    start = time.perf_counter()
    for report in check_file(path):
        assert report.valid, report.problems[:1]
    return time.perf_counter() - start


def peak_memory(path: Path) -> int:
    """Peak traced memory in bytes while checking the file (a separate, slower pass)."""
    tracemalloc.start()
    for _ in check_file(path):
        pass
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak


def time_python_chess(games: int) -> tuple[float, int] | None:
    try:
        import chess
        import chess.pgn
    except ImportError:
        return None
    rng = random.Random(1)
    texts = []
    for _ in range(min(games, 50)):
        board, game = chess.Board(), chess.pgn.Game()
        node: chess.pgn.GameNode = game
        for _ in range(80):
            legal = list(board.legal_moves)
            if not legal:
                break
            move = rng.choice(legal)
            node = node.add_variation(move)
            board.push(move)
        texts.append(str(game))
    pgn = "\n\n".join(texts[i % len(texts)] for i in range(games))
    stream = io.StringIO(pgn)
    start = time.perf_counter()
    count = 0
    while (read := chess.pgn.read_game(stream)) is not None:
        count += sum(1 for _ in read.mainline_moves())
    return time.perf_counter() - start, count


def main(argv: list[str]) -> int:
    games = int(argv[1]) if len(argv) > 1 else 400
    with tempfile.TemporaryDirectory() as folder:
        small, large = Path(folder, "small.mrec"), Path(folder, "large.mrec")
        turns_small = write_games(small, games)
        turns_large = write_games(large, games * 2)
        seconds = time_validate(small)
        rate = turns_small / seconds
        print(f"validate: {turns_small} turns in {seconds:.2f} s = {rate:,.0f} turns/s")
        seconds_large = time_validate(large)
        print(
            f"validate: {turns_large} turns in {seconds_large:.2f} s = "
            f"{turns_large / seconds_large:,.0f} turns/s"
        )
        peak_small, peak_large = peak_memory(small), peak_memory(large)
        print(
            f"peak traced memory: {peak_small / 1e6:.1f} MB for {games} games, "
            f"{peak_large / 1e6:.1f} MB for {2 * games} games (flat when about equal)"
        )
        chess_time = time_python_chess(games)
        if chess_time is None:
            print("python-chess not installed: no ratio (pip install chess)")
        else:
            chess_seconds, moves = chess_time
            ours, theirs = turns_small / seconds, moves / chess_seconds
            print(
                f"python-chess PGN reader: {moves} moves in {chess_seconds:.2f} s "
                f"= {theirs:,.0f} moves/s"
            )
            print(f"ratio validate / python-chess: {ours / theirs:.2f} (target: at least 2)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
