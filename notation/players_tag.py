"""The Players tag, which every game's header must hold, read alike for every game."""

from __future__ import annotations

from collections.abc import Mapping

from meridina.rules.common import Problem

from .slips import tag_fault
from .tagvalues import split_value
from .text import GameText, Tag


def required_players_tag(
    game: GameText, tags: Mapping[str, Tag], problems: list[Problem], example: str
) -> Tag | None:
    """The game's Players tag; when it is missing, None and a problem showing ``example``
    (such as ``Ann red; Ben blue``) as its value."""
    tag = tags.get("players")
    if tag is None:
        problems.append(tag_fault(f'the Players tag is missing: [Players "{example}"]', game.at))
    return tag


def player_entries(value: str) -> list[tuple[str, list[str]]]:
    """A Players tag's value, one entry a player: its text and the words of it."""
    return [(text, text.split()) for text, _ in split_value(value, ";")]
