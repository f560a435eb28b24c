"""Small Meridian records for the rules tests: whole-game positions, turns after the header."""

from __future__ import annotations

from conftest import ALL_CARDS, FOUR, record

DECK_37 = "3 7 1 2 4 5 6 8 9 10 1-2-3 4-5-6-7 8-9-10"  # orange's face-up cards start as 3 and 7
ROUND_TAIL = ("2. black 8: pass", "3. grey 9: pass", "4. brown 10: pass")


def all_played(colours: tuple[str, ...], missing: str = "") -> str:
    """A ``played:`` entry listing every card of each colour (less ``missing`` for the last)."""
    parts = []
    for colour in colours:
        cards = ALL_CARDS
        if missing and colour == colours[-1]:
            cards = " ".join(card for card in ALL_CARDS.split() if card != missing)
        parts.append(f"{colour} {cards}")
    return "played: " + " ".join(parts)


FOUR_COLOURS = ("orange", "black", "grey", "brown")


def finished(
    *towers: str, result: str | None = None, players: str = FOUR, missing: str = ""
) -> str:
    """A record whose position has every card played, so the game is over."""
    tags = (f'[Result "{result}"]',) if result is not None else ()
    return record(
        "position", *towers, all_played(FOUR_COLOURS, missing), players=players, tags=tags
    )


def turns(*lines: str, players: str = FOUR, tags: tuple[str, ...] = ()) -> str:
    return record(*lines, players=players, tags=tags)
