"""Write the generated Medina example records (complete games of both editions).

The scoring example and errors.mrec are written by hand; this script only makes the
records that come from random legal games, so they can be made again after a change
to the generator:

    python tests/make_medina_examples.py [FOLDER]

FOLDER defaults to examples/medina of this project.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))  # run as a script from anywhere

from canonical import canonical_text  # noqa: E402
from medina_games import random_game  # noqa: E402

ALL_OPTIONS = ("well", "tea", "tower-merchants", "neutral-roofs")
DEFAULT_OPTIONS = ("well", "tea", "tower-merchants")


@dataclass(frozen=True)
class Example:
    name: str
    seed: int
    edition: str
    players: int
    event: str
    date: str
    intro: tuple[str, ...]
    options: tuple[str, ...] | None = None
    options_tag_written: bool = True
    comments: int = 6


EXAMPLES: tuple[Example, ...] = (
    Example(
        "first-edition-3p.mrec",
        seed=7,
        edition="1",
        players=3,
        event="Club night, table 1",
        date="2024-04-09",
        intro=(
            "First edition, three players. The game ran until every piece was "
            "placed; near the end one player could place none of theirs for a turn "
            "and passed.",
        ),
    ),
    Example(
        "first-edition-4p.mrec",
        seed=6,
        edition="1",
        players=4,
        event="Club night, table 2",
        date="2024-04-09",
        intro=("First edition, four players: five buildings of each colour per player.",),
    ),
    Example(
        "second-edition-2p.mrec",
        seed=29,
        edition="2",
        players=2,
        options=ALL_OPTIONS,
        event="Weekend game",
        date="2024-06-15",
        intro=(
            "Second edition for two on the smaller board. Neutral roofs are always "
            "part of the game of two; the first turn places a single piece.",
        ),
    ),
    Example(
        "second-edition-3p.mrec",
        seed=33,
        edition="2",
        players=3,
        options=ALL_OPTIONS,
        event="Weekend game",
        date="2024-06-16",
        intro=(
            "Second edition, three players, with every option: the well, tea tiles, "
            "merchants on the tower tiles and one neutral roof each.",
        ),
    ),
    Example(
        "second-edition-4p.mrec",
        seed=13,
        edition="2",
        players=4,
        options=DEFAULT_OPTIONS,
        options_tag_written=False,
        event="Club night, table 3",
        date="2024-04-09",
        intro=(
            "Second edition, four players. Without an Options tag the well, tea "
            "tiles and tower merchants are in play.",
        ),
    ),
)


def main(argv: list[str]) -> int:
    folder = Path(argv[0]) if argv else ROOT / "examples" / "medina"
    folder.mkdir(parents=True, exist_ok=True)
    for example in EXAMPLES:
        game = random_game(
            example.seed,
            example.edition,
            example.players,
            options=example.options,
            options_tag_written=example.options_tag_written,
            comments=example.comments,
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
