"""Which games of a collection a search keeps: ``meridina find`` and club scripts alike.

A search is a ``GameFilter``; its conditions combine with AND. Those on tags (the kind of
game, a player, the event, the day) are read from a game's header lines alone, the way
``read_headers`` reads them, so a search on tags plays no turn. Those on the outcome (the
winner, the verdict, a rule broken) need the game checked, and are read from its
``GameSummary``: the rules core's own results.

Names are compared as the standings compare them: spaces collapsed, case folded.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from meridina.notation.games import notation_game
from meridina.notation.suggest import TAG_CUTOFF, nearest
from meridina.rules.codes import CODES
from meridina.rules.games import GAMES

from ..reading import header_tags
from .dates import played_on
from .summaries import GameSummary, game_summary

if TYPE_CHECKING:
    from ..api import Game
    from ..reading import Header

__all__ = ["GameFilter", "name_key", "rule_matches", "seat_names", "tag_title", "tag_value"]

TITLES = {game.key: game.title for game in GAMES}


def name_key(name: str) -> str:
    """A player's name as names are compared: spaces collapsed, case folded."""
    return " ".join(name.split()).casefold()


def tag_value(tags: Mapping[str, str], name: str) -> str | None:
    """The value of the tag ``name``, written in any case (the check reads it so)."""
    if name in tags:
        return tags[name]
    lowered = name.lower()
    return next((value for key, value in tags.items() if key.lower() == lowered), None)


def tag_title(tags: Mapping[str, str]) -> str | None:
    """The game a header names, as the check reads it: its Game tag (or a tag misspelling
    ``Game``), a game's name in any case, or the one game's name it is near."""
    value = tag_value(tags, "Game")
    if value is None:
        misspelt = next((name for name in tags if nearest(name, ["Game"], TAG_CUTOFF)), None)
        value = tags.get(misspelt) if misspelt is not None else None
    if value is None:
        return None
    key = value.strip().lower()
    if key in TITLES:
        return TITLES[key]
    return nearest(value.strip(), TITLES.values())


def seat_names(title: str | None, players: str | None) -> tuple[str, ...]:
    """The players' names a Players tag gives, in seat order, as ``title``'s game reads them."""
    if title is None or players is None:
        return ()
    return notation_game(title.lower()).player_names(players)


def rule_matches(wanted: str, rule: str) -> bool:
    """Whether a problem under ``rule`` is one ``wanted`` asks for: ``wanted`` names that
    rule (``MER-R1``, not ``MER-R10``), or is the start of no rule ID but of several
    (``MER-R``, ``MED-``)."""
    return rule == wanted if wanted in CODES else rule.startswith(wanted)


@dataclass(frozen=True)
class GameFilter:
    """The games a search keeps; every condition given must hold.

    - ``game``: the kind of game (``"meridian"``, ``"medina"``);
    - ``players``: each of these names sits in the Players tag;
    - ``event``: the Event tag holds this text, case and spaces aside;
    - ``start``/``end``: the Date tag names a day from ``start`` to ``end``, both included
      (a game without a day it names never matches either);
    - ``winners``: one of these names has first place (shared or not) in a finished game;
    - ``valid``: the game is valid (True) or has problems (False);
    - ``rules``: the game has a problem (or a warning) under one of these rules
      (``rule_matches``).
    """

    game: str | None = None
    players: tuple[str, ...] = ()
    event: str | None = None
    start: datetime.date | None = None
    end: datetime.date | None = None
    winners: tuple[str, ...] = ()
    valid: bool | None = None
    rules: tuple[str, ...] = ()

    @property
    def needs_check(self) -> bool:
        """Whether a condition needs the game checked, not its header alone."""
        return bool(self.winners or self.rules) or self.valid is not None

    def tags_match(self, tags: Mapping[str, str]) -> bool:
        """Whether a header's tags meet the conditions on tags."""
        title = tag_title(tags) if self.game is not None or self.players else None
        if self.game is not None and (title is None or title.lower() != self.game):
            return False
        if self.players:
            seated = {name_key(name) for name in seat_names(title, tag_value(tags, "Players"))}
            if not all(name_key(name) in seated for name in self.players):
                return False
        if self.event is not None:
            event = tag_value(tags, "Event")
            if event is None or name_key(self.event) not in name_key(event):
                return False
        if self.start is not None or self.end is not None:
            day = played_on(tag_value(tags, "Date"))
            if day is None:
                return False
            if (self.start is not None and day < self.start) or (
                self.end is not None and day > self.end
            ):
                return False
        return True

    def text_matches(self, text: str) -> bool:
        """Whether a game's text (its header) meets the conditions on tags."""
        return self.tags_match(header_tags(text))

    def summary_matches(self, summary: GameSummary) -> bool:
        """Whether a checked game meets the conditions on its outcome."""
        if self.valid is not None and summary.valid != self.valid:
            return False
        if self.winners:
            won = {name_key(name) for name in summary.winners} if summary.finished else set()
            if not any(name_key(name) in won for name in self.winners):
                return False
        if self.rules:
            wanted = [rule.upper() for rule in self.rules]
            if not any(rule_matches(w, rule) for w in wanted for rule in summary.rules):
                return False
        return True

    def header_matches(self, header: Header) -> bool:
        """Whether a game ``read_headers`` found is kept; a game is read and checked only
        when a condition needs it."""
        if not self.tags_match(header.tags):
            return False
        return not self.needs_check or self.summary_matches(game_summary(header.game()))

    def game_matches(self, game: Game) -> bool:
        """Whether a game read in full (``read_games``) is kept."""
        report = game._report  # the API's own modules share the checked game
        return self.text_matches(report.source) and self.summary_matches(game_summary(game))
