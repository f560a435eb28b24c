"""Meridian's header: the tags that set a game up."""

from __future__ import annotations

from meridina.rules.common import Place, Problem
from meridina.rules.meridian.model import (
    CARDS_BY_LABEL,
    COLOURS,
    RULING_NAMES,
    Card,
    Player,
    Rulings,
    Setup,
)

from .meridian_position import read_position
from .tagvalues import COMMON_TAGS, TAG_RULE, parts, read_result, read_rulings
from .text import GameText

TAGS = (*COMMON_TAGS, "Decks")

DEFAULT_BOARDS = {2: "five-city", 3: "four-city", 4: "five-city"}


def read_setup(game: GameText, problems: list[Problem]) -> Setup | None:
    """The players, board, rulings, decks, result and start position of a game's tags."""
    players_tag = game.tag("Players")
    if players_tag is None:
        problems.append(
            Problem(
                TAG_RULE,
                'the Players tag is missing: [Players "Ann orange; Ben black; Cy grey"]',
                game.at,
            )
        )
        return None
    players = []
    for text, _ in parts(players_tag, ";"):
        words = text.split()
        colours = tuple(w.lower() for w in words if w.lower() in COLOURS)
        name = " ".join(w for w in words if w.lower() not in COLOURS)
        if not colours:
            colours = (words[-1].lower(),)
            name = " ".join(words[:-1])
        players.append(Player(name, colours))
    board_tag = game.tag("Board")
    board = board_tag.value.strip() if board_tag else DEFAULT_BOARDS.get(len(players), "five-city")
    rulings = _read_rulings(game, problems)
    decks = _read_decks(game, problems)
    result_tag = game.tag("Result")
    result = read_result(result_tag, problems)
    position = read_position(game, problems)
    return Setup(
        players=tuple(players),
        board=board,
        rulings=rulings,
        decks=decks,
        position=position,
        result=result,
        players_at=players_tag.value_at,
        board_at=board_tag.value_at if board_tag else game.at,
        result_at=result_tag.value_at if result_tag else None,
    )


def _read_rulings(game: GameText, problems: list[Problem]) -> Rulings:
    return Rulings(**read_rulings(game.tag("Rulings"), RULING_NAMES, problems))


def _read_decks(
    game: GameText, problems: list[Problem]
) -> dict[str, tuple[tuple[Card, ...], Place | None]]:
    tag = game.tag("Decks")
    if tag is None:
        return {}
    decks: dict[str, tuple[tuple[Card, ...], Place | None]] = {}
    for text, at in parts(tag, ";"):
        colour, *labels = text.split()
        cards = []
        for label in labels:
            card = CARDS_BY_LABEL.get(label)
            if card is None:
                problems.append(Problem(TAG_RULE, f"{label!r} is not a Meridian card", at))
            else:
                cards.append(card)
        decks[colour.lower()] = (tuple(cards), at)
    return decks
