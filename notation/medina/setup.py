"""Medina's header: the tags that set a game up."""

from __future__ import annotations

from collections.abc import Mapping

from meridina.rules.common import Place, Problem
from meridina.rules.medina.model import RULING_NAMES, Cell, Player, Rulings, Setup, parse_cell
from meridina.rules.medina.rule_sets import RULE_SETS

from ..players_tag import player_entries, required_players_tag
from ..rulings import RulingsReader, RulingValue
from ..slips import tag_fault
from ..tagvalues import COMMON_TAGS, kept_by_text, read_result, split_value, tags_by_name
from ..text import GameText, Tag
from .position import read_position

TAGS = (*COMMON_TAGS, "Edition", "Setup", "Options")

_read_rulings = RulingsReader(RULING_NAMES, Rulings, RULE_SETS)


def read_setup(
    game: GameText, problems: list[Problem], rulings: Mapping[str, RulingValue] | None = None
) -> Setup | None:
    """The edition, players, options, board, rulings, result and start position of a game."""
    tags = tags_by_name(game)
    edition_tag = tags.get("edition")
    edition = edition_tag.value.strip() if edition_tag else "1"
    players_tag = required_players_tag(game, tags, problems, "Ann red; Ben blue; Cy green")
    if players_tag is None:
        return None
    players = _players(players_tag.value)
    options_tag = tags.get("options")
    options = None if options_tag is None else _options(options_tag.value)
    setup_tag = tags.get("setup")
    start_merchant, well = _read_start(setup_tag, problems)
    board_tag = tags.get("board")
    result_tag = tags.get("result")
    result = read_result(result_tag, problems)
    return Setup(
        edition=edition,
        players=players,
        options=options,
        board=board_tag.value.strip() if board_tag else None,
        start_merchant=start_merchant,
        well=well,
        rulings=_read_rulings(tags.get("rulings"), problems, rulings),
        position=read_position(game, problems),
        result=result,
        edition_at=edition_tag.value_at if edition_tag else game.at,
        players_at=players_tag.value_at,
        options_at=options_tag.value_at if options_tag else game.at,
        board_at=board_tag.value_at if board_tag else game.at,
        setup_at=setup_tag.value_at if setup_tag else game.at,
        result_at=result_tag.value_at if result_tag else None,
    )


def _read_players(value: str) -> tuple[Player, ...]:
    """``Ann red; Ben blue`` -> the players, each named by its last word, its colour."""
    return tuple(
        Player(" ".join(words[:-1]), words[-1].lower()) for _, words in player_entries(value)
    )


_players = kept_by_text(_read_players)


def player_names(value: str) -> tuple[str, ...]:
    """The players' names a Players tag gives, in seat order, without their colours."""
    return tuple(player.name for player in _players(value))


def _read_options(value: str) -> frozenset[str]:
    names = {text.lower() for text, _ in split_value(value)}
    return frozenset() if names in ({"none"}, set()) else frozenset(names)


_options = kept_by_text(_read_options)

# A Setup tag's parts: (the text, "merchant" or "well", its cell, offset); the word and
# the cell are None for a part that names no merchant or well on a cell.
StartPart = tuple[str, str | None, Cell | None, int]


def _read_start_parts(value: str) -> tuple[StartPart, ...]:
    found: list[StartPart] = []
    for text, offset in split_value(value):
        words = text.split()
        cell = parse_cell(words[-1]) if len(words) == 2 else None
        what = words[0].lower()
        if cell is None or what not in ("merchant", "well"):
            found.append((text, None, None, offset))
        else:
            found.append((text, what, cell, offset))
    return tuple(found)


_start_parts = kept_by_text(_read_start_parts)

Start = tuple[Cell, Place | None] | None


def _read_start(tag: Tag | None, problems: list[Problem]) -> tuple[Start, Start]:
    """The start merchant's and the well's cells a Setup tag gives, with their places."""
    start_merchant: Start = None
    well: Start = None
    if tag is None:
        return start_merchant, well
    line, col = tag.value_at.line, tag.value_at.col
    for text, what, cell, offset in _start_parts(tag.value):
        at = Place(line, col + offset)
        if what is None or cell is None:
            problems.append(tag_fault(f"{text!r}: write 'merchant H7' or 'well F6'", at))
        elif what == "merchant":
            start_merchant = (cell, at)
        else:
            well = (cell, at)
    return start_merchant, well
