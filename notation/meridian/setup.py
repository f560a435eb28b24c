"""Meridian's header: the tags that set a game up."""

from __future__ import annotations

from collections.abc import Mapping

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

from ..players_tag import player_entries, required_players_tag
from ..rulings import RulingsReader, RulingValue
from ..slips import tag_fault
from ..tagvalues import COMMON_TAGS, kept_by_text, read_result, split_value, tags_by_name
from ..text import GameText, Tag
from .position import read_position

# ResultBoard: written by ``meridina record`` beside a Result computed on a stand-in board.
TAGS = (*COMMON_TAGS, "Decks", "ResultBoard")

DEFAULT_BOARDS = {2: "five-city", 3: "four-city", 4: "five-city"}

_read_rulings = RulingsReader(RULING_NAMES, Rulings)


def read_setup(
    game: GameText, problems: list[Problem], rulings: Mapping[str, RulingValue] | None = None
) -> Setup | None:
    """The players, board, rulings, decks, result and start position of a game's tags."""
    tags = tags_by_name(game)
    players_tag = required_players_tag(game, tags, problems, "Ann orange; Ben black; Cy grey")
    if players_tag is None:
        return None
    players = _players(players_tag.value)
    board_tag = tags.get("board")
    board = board_tag.value.strip() if board_tag else DEFAULT_BOARDS.get(len(players), "five-city")
    chosen = _read_rulings(tags.get("rulings"), problems, rulings)
    decks = _read_decks(tags.get("decks"), problems)
    result_tag = tags.get("result")
    result = read_result(result_tag, problems)
    position = read_position(game, problems)
    return Setup(
        players=players,
        board=board,
        rulings=chosen,
        decks=decks,
        position=position,
        result=result,
        players_at=players_tag.value_at,
        board_at=board_tag.value_at if board_tag else game.at,
        result_at=result_tag.value_at if result_tag else None,
    )


def _read_players(value: str) -> tuple[Player, ...]:
    """``Ann orange; Ben black`` -> the players, each with its colours (those it names)."""
    players = []
    for text, words in player_entries(value):
        lowered = text.lower().split()  # lower case makes or takes no space: word for word
        colours = tuple([word for word in lowered if word in COLOURS])
        if not colours:
            colours = (lowered[-1],)
            name = " ".join(words[:-1])
        elif len(colours) == 1 and lowered[-1] in COLOURS:
            name = " ".join(words[:-1])  # the usual "name colour"
        else:
            name = " ".join(
                [w for w, low in zip(words, lowered, strict=True) if low not in COLOURS]
            )
        players.append(Player(name, colours))
    return tuple(players)


_players = kept_by_text(_read_players)


def player_names(value: str) -> tuple[str, ...]:
    """The players' names a Players tag gives, in seat order, without their colours."""
    return tuple(player.name for player in _players(value))


# A Decks tag's parts: (colour, its cards, the labels that are no card, offset).
DeckPart = tuple[str, tuple[Card, ...], tuple[str, ...], int]


def _read_deck_parts(value: str) -> tuple[DeckPart, ...]:
    found = []
    for text, offset in split_value(value, ";"):
        colour, *labels = text.split()
        cards = tuple(CARDS_BY_LABEL[label] for label in labels if label in CARDS_BY_LABEL)
        unknown = tuple(label for label in labels if label not in CARDS_BY_LABEL)
        found.append((colour.lower(), cards, unknown, offset))
    return tuple(found)


_deck_parts = kept_by_text(_read_deck_parts)


def _read_decks(
    tag: Tag | None, problems: list[Problem]
) -> dict[str, tuple[tuple[Card, ...], Place | None]]:
    if tag is None:
        return {}
    line, col = tag.value_at.line, tag.value_at.col
    decks: dict[str, tuple[tuple[Card, ...], Place | None]] = {}
    for colour, cards, unknown, offset in _deck_parts(tag.value):
        at = Place(line, col + offset)
        for label in unknown:
            problems.append(tag_fault(f"{label!r} is not a Meridian card", at))
        decks[colour] = (cards, at)
    return decks
