"""Write the generated Meridian example records (complete games, a midgame, a final position).

The figure records and errors.mrec are written by hand; this script only makes the
records that come from random legal games, so they can be made again after a change
to the generator:

    python tests/make_meridian_examples.py [FOLDER]

FOLDER defaults to examples/meridian of this project.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))  # run as a script from anywhere

from canonical import canonical_text  # noqa: E402
from meridian_games import random_game  # noqa: E402


@dataclass(frozen=True)
class Example:
    name: str
    seed: int
    players: int
    decks: bool
    event: str
    date: str
    intro: tuple[str, ...]
    comments: int = 5
    position_after: int | None = None


EXAMPLES: tuple[Example, ...] = (
    Example(
        "two-players.mrec",
        seed=2,
        players=2,
        decks=False,
        event="Kitchen table, best of three",
        date="2024-02-03",
        intro=(
            "Two players, two colours each: on each turn a player plays a card of "
            "either colour, and a tower of the partner colour is written with its "
            "colour, as 'grey 2@3'.",
        ),
    ),
    Example(
        "three-players.mrec",
        seed=4,
        players=3,
        decks=True,
        event="Club night, table 2",
        date="2024-03-12",
        intro=("The shuffled decks were written down before play, so every card is checked.",),
    ),
    Example(
        "four-players.mrec",
        seed=5,
        players=4,
        decks=False,
        event="Club night, table 1",
        date="2024-03-12",
        intro=("Four players on the five-city side of the board.",),
    ),
    Example(
        "midgame.mrec",
        seed=7,
        players=4,
        decks=True,
        event="Correspondence game, resumed",
        date="2024-05-20",
        intro=(
            "The first 24 cards were played before this record was started; the "
            "position gives the board, the hands and the cards played so far.",
        ),
        comments=3,
        position_after=24,
    ),
    Example(
        "final-position.mrec",
        seed=9,
        players=4,
        decks=False,
        event="Invented example: the end of a game",
        date="2024-03-12",
        intro=(
            "An invented game, played by a program, not at a table. Only its end is "
            "written down: the towers left on the board, the pieces in hand and every "
            "card played.",
            "It is scored on the bundled five-city board, a stand-in for the printed "
            "board, so its islands and points are not those of a real copy.",
        ),
        comments=0,
        position_after=52,
    ),
)


def main(argv: list[str]) -> int:
    folder = Path(argv[0]) if argv else ROOT / "examples" / "meridian"
    folder.mkdir(parents=True, exist_ok=True)
    for example in EXAMPLES:
        game = random_game(
            example.seed,
            example.players,
            decks=example.decks,
            comments=example.comments,
            position_after=example.position_after,
            event=example.event,
            date=example.date,
            intro=example.intro,
        )
        # as the formatter writes it, so the examples pass `annotate --check --no-notes`
        (folder / example.name).write_text(canonical_text(game.text), encoding="utf-8")
        print(f"{folder / example.name}: {len(game.turns)} turns, result {game.result}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
