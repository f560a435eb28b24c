"""Medina's header: the tags that set a game up."""

from __future__ import annotations

from meridina.rules.common import Problem
from meridina.rules.medina.model import RULING_NAMES, Player, Rulings, Setup, parse_cell

from .medina_position import read_position
from .tagvalues import COMMON_TAGS, TAG_RULE, parts, read_result, read_rulings
from .text import GameText

TAGS = (*COMMON_TAGS, "Edition", "Setup", "Options")


def read_setup(game: GameText, problems: list[Problem]) -> Setup | None:
    """The edition, players, options, board, rulings, result and start position of a game."""
    edition_tag = game.tag("Edition")
    edition = edition_tag.value.strip() if edition_tag else "1"
    players_tag = game.tag("Players")
    if players_tag is None:
        problems.append(
            Problem(
                TAG_RULE,
                'the Players tag is missing: [Players "Ann red; Ben blue; Cy green"]',
                game.at,
            )
        )
        return None
    players = []
    for text, _ in parts(players_tag, ";"):
        words = text.split()
        players.append(Player(" ".join(words[:-1]), words[-1].lower()))
    options: frozenset[str] | None = None
    options_tag = game.tag("Options")
    if options_tag is not None:
        names = {text.lower() for text, _ in parts(options_tag)}
        options = frozenset() if names in ({"none"}, set()) else frozenset(names)
    start_merchant = well = None
    setup_tag = game.tag("Setup")
    if setup_tag is not None:
        for text, at in parts(setup_tag):
            words = text.split()
            cell = parse_cell(words[-1]) if len(words) == 2 else None
            if cell is None or words[0].lower() not in ("merchant", "well"):
                problems.append(
                    Problem(TAG_RULE, f"{text!r}: write 'merchant H7' or 'well F6'", at)
                )
            elif words[0].lower() == "merchant":
                start_merchant = (cell, at)
            else:
                well = (cell, at)
    board_tag = game.tag("Board")
    result_tag = game.tag("Result")
    result = read_result(result_tag, problems)
    return Setup(
        edition=edition,
        players=tuple(players),
        options=options,
        board=board_tag.value.strip() if board_tag else None,
        start_merchant=start_merchant,
        well=well,
        rulings=_read_rulings(game, problems),
        position=read_position(game, problems),
        result=result,
        edition_at=edition_tag.value_at if edition_tag else game.at,
        players_at=players_tag.value_at,
        options_at=options_tag.value_at if options_tag else game.at,
        board_at=board_tag.value_at if board_tag else game.at,
        setup_at=setup_tag.value_at if setup_tag else game.at,
        result_at=result_tag.value_at if result_tag else None,
    )


def _read_rulings(game: GameText, problems: list[Problem]) -> Rulings:
    return Rulings(**read_rulings(game.tag("Rulings"), RULING_NAMES, problems))
