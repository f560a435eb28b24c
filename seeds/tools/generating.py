"""Random legal games as records, the same ones for the same seed (``meridina generate``)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from meridina.notation.rulings import RulingValue, choose_rulings, rule_sets, ruling_names
from meridina.rules.games import titles

from ..api import Game, read_text
from ..game_parts import MeridinaError
from ..games import GAMES, shown_game

__all__ = ["random_games", "random_records"]


def random_records(
    game: str,
    *,
    players: int = 4,
    edition: str | None = None,
    rulings: str | None = None,
    count: int = 1,
    seed: int = 1,
) -> Iterator[str]:
    """``count`` random legal games of ``game`` (``"Meridian"`` or ``"Medina"``) as record
    texts, exactly as ``meridina generate`` writes them for the same options: the same
    seed gives the same games. ``rulings`` as a Rulings tag writes them. Options that no
    game allows raise ``MeridinaError``."""
    key = game.strip().lower()
    if key not in {listed.key for listed in GAMES}:
        raise MeridinaError(f"unknown game {game!r}: meridina plays {titles('and')} games")
    shown = shown_game(key)
    if edition is None:
        edition = shown.default_edition
    allowed = shown.editions.get(edition)
    if allowed is None:
        raise MeridinaError(f"{shown.title} has no edition {edition!r}")
    if players not in allowed:
        which = shown.title if edition is None else f"{shown.title}'s edition {edition}"
        raise MeridinaError(f"{which} is for {allowed[0]} to {allowed[-1]} players, not {players}")
    if count < 0 or seed < 0:
        raise MeridinaError("the count and the seed are whole numbers from 0")
    return shown.records(edition, players, chosen_rulings(key, rulings or ""), count, seed)


def random_games(
    game: str,
    *,
    players: int = 4,
    edition: str | None = None,
    rulings: str | None = None,
    count: int = 1,
    seed: int = 1,
) -> Iterator[Game]:
    """The games ``random_records`` writes, each read and checked as ``read_text`` reads it."""
    for text in random_records(
        game, players=players, edition=edition, rulings=rulings, count=count, seed=seed
    ):
        yield from read_text(text)


def chosen_rulings(key: str, text: str) -> Mapping[str, RulingValue]:
    """The rulings ``text`` names for the game ``key``, read as a Rulings tag."""
    chosen, faults = choose_rulings(text, ruling_names(key) or {}, rule_sets(key))
    if faults:
        raise MeridinaError(f"rulings: {faults[0][0]}")
    return dict(chosen)
