"""Meridian's rules as checked on records: each rule broken at its exact place, and kept.

Every case pairs a record that breaks one rule with a nearby record that keeps it,
so a test proves the rule rather than merely some error. The five-city board used
by 2 and 4 players reads, top row (city 5) first, one column per meridian:

    a a a b b b C c c c
    d d D d d e e E e e
    f f F f g g g h h h
    i i I i i j j j J j
    k k k l l L l m m m
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

import pytest
from conftest import (
    ALL_CARDS,
    FOUR,
    THREE,
    TWO,
    Case,
    assert_legal,
    assert_only,
    check_one,
    errors,
    found,
    record,
    spot,
)
from meridina.rules.meridian.model import Tower
from meridina.rules.meridian.state import State

DECK_37 = "3 7 1 2 4 5 6 8 9 10 1-2-3 4-5-6-7 8-9-10"  # orange's face-up cards start as 3 and 7
ROUND_TAIL = ("2. black 8: pass", "3. grey 9: pass", "4. brown 10: pass")


def final_state(text: str) -> State:
    report = check_one(text)
    assert report.run is not None, report.problems
    state = report.run.final
    assert isinstance(state, State), report.problems
    return state


def column(text: str, meridian: int) -> list[Tower | None]:
    return list(final_state(text).columns[meridian - 1])


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


# ---------------------------------------------------------------- one rule, one place


def turns(*lines: str, players: str = FOUR, tags: tuple[str, ...] = ()) -> str:
    return record(*lines, players=players, tags=tags)


CASES: list[Case] = [
    # MER-S1: who plays which colours
    Case(
        "S1-five-players",
        "MER-S1",
        record(players="Ann orange; Ben black; Cy grey; Di brown; Ed orange"),
        "[Players",
        '"',
        record(players=FOUR),
    ),
    Case(
        "S1-unknown-colour",
        "MER-S1",
        turns("1. orange 7: 3@2", players="Ann orange; Ben purple; Cy grey"),
        "[Players",
        '"',
        turns("1. orange 7: 3@2", players=THREE),
    ),
    Case(
        "S1-colour-twice",
        "MER-S1",
        turns("1. orange 7: 3@2", players="Ann orange; Ben grey; Cy orange"),
        "[Players",
        '"',
        turns("1. orange 7: 3@2", players="Ann orange; Ben grey; Cy black"),
    ),
    Case(
        "S1-two-players-one-colour-each",
        "MER-S1",
        turns("1. orange 7: 3@2", players="Ann orange; Ben black"),
        "[Players",
        '"',
        turns("1. orange 7: 3@2", players=TWO),
    ),
    Case(
        "S1-deck-of-absent-colour",
        "MER-S1",
        turns(players=THREE, tags=(f'[Decks "brown {ALL_CARDS}"]',)),
        "[Decks",
        "brown",
        turns(players=THREE, tags=(f'[Decks "grey {ALL_CARDS}"]',)),
    ),
    Case(
        "S1-turn-by-absent-colour",
        "MER-S1",
        turns("1. brown 7: 3@2", players=THREE),
        "1. brown",
        "brown",
        turns("1. orange 7: 3@2", players=THREE),
    ),
    Case(
        "S1-position-tower-of-absent-colour",
        "MER-S1",
        turns("position", "7: brown 2@1", players=THREE),
        "7: brown",
        "brown",
        turns("position", "7: grey 2@1", players=THREE),
    ),
    Case(
        "S1-position-next-absent-colour",
        "MER-S1",
        turns("position", "next: brown", players=THREE),
        "next:",
        "brown",
        turns("position", "next: grey", "1. grey 7: 3@2", players=THREE),
    ),
    # MER-S2: the board must suit the number of players
    Case(
        "S2-three-players-on-five-city",
        "MER-S2",
        turns("1. orange 7: 3@2", players=THREE, tags=('[Board "five-city"]',)),
        "[Board",
        '"',
        turns("1. orange 7: 3@2", players=THREE, tags=('[Board "four-city"]',)),
    ),
    Case(
        "S2-four-players-on-four-city",
        "MER-S2",
        turns("1. orange 7: 3@2", tags=('[Board "four-city"]',)),
        "[Board",
        '"',
        turns("1. orange 7: 3@2", tags=('[Board "five-city"]',)),
    ),
    # MER-S3: decks and written positions must be possible
    Case(
        "S3-deck-missing-a-card",
        "MER-S3",
        turns(tags=('[Decks "orange 1 2 3 4 5 6 7 8 9 10 1-2-3 4-5-6-7"]',)),
        "[Decks",
        "orange",
        turns(tags=(f'[Decks "orange {ALL_CARDS}"]',)),
    ),
    Case(
        "S3-deck-with-a-card-twice",
        "MER-S3",
        turns(tags=('[Decks "black 1 2 3 4 5 6 7 8 9 10 1-2-3 4-5-6-7 7"]',)),
        "[Decks",
        "black",
        turns(tags=('[Decks "black 1 2 3 4 5 6 7 8 9 10 1-2-3 4-5-6-7 8-9-10"]',)),
    ),
    Case(
        "S3-hand-does-not-match-board",
        "MER-S3",
        turns("position", "7: orange 3@5", "hand: orange 15"),
        "hand:",
        "15",
        turns("position", "7: orange 3@5", "hand: orange 17"),
    ),
    Case(
        "S3-more-than-twenty-pieces",
        "MER-S3",
        turns("position", "7: orange 12@5", "8: orange 9@5"),
        "position",
        None,
        turns("position", "7: orange 12@5", "8: orange 8@5"),
    ),
    # MER-T1: turn order
    Case(
        "T1-black-before-orange",
        "MER-T1",
        turns("1. black 7: 3@2"),
        "1. black",
        "black",
        turns("1. orange 7: 3@2"),
    ),
    Case(
        "T1-two-player-colours-interleave",
        "MER-T1",
        turns(
            "1. orange 7: 3@2",
            "2. brown 8: 2@1",
            players=TWO,
            tags=('[Rulings "two-player-turns=colours"]',),
        ),
        "2. brown",
        "brown",
        turns(
            "1. orange 7: 3@2",
            "2. grey 8: 2@1",
            players=TWO,
            tags=('[Rulings "two-player-turns=colours"]',),
        ),
    ),
    Case(
        "T1-two-player-default-players-alternate",
        "MER-T1",
        turns("1. orange 7: 3@2", "2. black 8: 2@1", players=TWO),
        "2. black",
        "black",
        turns("1. orange 7: 3@2", "2. brown 8: 2@1", players=TWO),
    ),
    Case(
        "T1-two-player-free-turns-alternate-players",
        "MER-T1",
        turns(
            "1. black 7: 3@2",
            "2. orange 8: 2@1",
            players=TWO,
            tags=('[Rulings "two-player-turns=free"]',),
        ),
        "2. orange",
        "orange",
        turns(
            "1. black 7: 3@2",
            "2. brown 8: 2@1",
            players=TWO,
            tags=('[Rulings "two-player-turns=free"]',),
        ),
    ),
    Case(
        "T1-position-cards-out-of-order",
        "MER-T1",
        turns("position", "played: orange 1 black 1 2"),
        "position",
        None,
        turns("position", "played: orange 1 black 2", "1. grey 7: 3@2"),
    ),
    Case(
        "T1-position-next-against-cards-played",
        "MER-T1",
        turns("position", "played: orange 1 black 1", "next: brown"),
        "next:",
        "brown",
        turns("position", "played: orange 1 black 1", "next: grey", "1. grey 7: 3@2"),
    ),
    # MER-T2: a card is played once
    Case(
        "T2-card-played-twice",
        "MER-T2",
        turns("1. orange 7: 3@3", *ROUND_TAIL, "5. orange 7: pass"),
        "5. orange",
        "7:",
        turns("1. orange 7: 3@3", *ROUND_TAIL, "5. orange 8: pass"),
    ),
    Case(
        "T2-position-lists-a-card-twice",
        "MER-T2",
        turns("position", "played: orange 5 5 black 1 grey 2 brown 3"),
        "played:",
        "5 black",
        turns("position", "played: orange 5 6 black 1 grey 2 brown 3"),
    ),
    Case(
        "T2-position-more-towers-than-cards",
        "MER-T2",
        turns("position", "7: orange 3@5", "played: orange black grey brown"),
        "position",
        None,
        turns("position", "7: orange 3@5", "played: orange 7 black grey brown"),
    ),
    # MER-T3: only a face-up card may be played, when the deck order is known
    Case(
        "T3-card-not-face-up",
        "MER-T3",
        turns("1. orange 5: 3@2", tags=(f'[Decks "orange {DECK_37}"]',)),
        "1. orange",
        "5:",
        turns("1. orange 7: 3@2", tags=(f'[Decks "orange {DECK_37}"]',)),
    ),
    # MER-T4: the meridian must be one the card shows
    Case(
        "T4-group-card-wrong-meridian",
        "MER-T4",
        turns("1. orange 4-5-6-7/8: 2@1"),
        "1. orange",
        "4-5-6-7/8:",
        turns("1. orange 4-5-6-7/6: 2@1"),
    ),
    Case(
        "T4-single-card-other-meridian",
        "MER-T4",
        turns("1. orange 7/6: 2@1"),
        "1. orange",
        "7/6:",
        turns("1. orange 7/7: 2@1"),
    ),
    # MER-T5: 'stuck' only when no tower can be placed
    Case(
        "T5-stuck-with-pieces-in-hand",
        "MER-T5",
        turns("1. orange 3: stuck"),
        "1. orange",
        "1.",
        turns("position", "7: orange 20@5", "1. orange 3: stuck"),
    ),
    # MER-R1: heights
    Case(
        "R1-zero-high",
        "MER-R1",
        turns("1. orange 7: 0@2"),
        "1. orange",
        "0@2",
        turns("1. orange 7: 2@2"),
    ),
    Case(
        "R1-first-tower-on-a-meridian-one-high",
        "MER-R1",
        turns("1. orange 7: 1@2"),
        "1. orange",
        "1@2",
        turns("1. orange 7: 2@2"),
    ),
    # MER-R2: different heights on a meridian
    Case(
        "R2-same-height",
        "MER-R2",
        turns("1. orange 7: 3@3", "2. black 4-5-6-7/7: 3@1"),
        "2. black",
        "3@1",
        turns("1. orange 7: 3@3", "2. black 4-5-6-7/7: 2@1"),
    ),
    Case(
        "R2-position-two-towers-on-a-city",
        "MER-R2",
        turns("position", "7: orange 1@1 black 3@1"),
        "7: orange",
        "black",
        turns("position", "7: orange 1@1 black 3@2"),
    ),
    Case(
        "R2-position-same-height",
        "MER-R2",
        turns("position", "7: orange 3@1 black 3@4"),
        "7: orange",
        "orange",
        turns("position", "7: orange 3@1 black 4@4"),
    ),
    # MER-R3: heights rise from the bottom city upwards
    Case(
        "R3-taller-below-shorter",
        "MER-R3",
        turns("1. orange 7: 3@3", "2. black 4-5-6-7/7: 5@2"),
        "2. black",
        "5@2",
        turns("1. orange 7: 3@3", "2. black 4-5-6-7/7: 5@4"),
    ),
    Case(
        "R3-shorter-above-taller",
        "MER-R3",
        turns("1. orange 7: 3@3", "2. black 4-5-6-7/7: 2@4"),
        "2. black",
        "2@4",
        turns("1. orange 7: 3@3", "2. black 4-5-6-7/7: 2@2"),
    ),
    Case(
        "R3-position-out-of-order",
        "MER-R3",
        turns("position", "7: orange 4@1 black 3@4"),
        "7: orange",
        "orange",
        turns("position", "7: orange 3@1 black 4@4"),
    ),
    # MER-R4: one tower per player and meridian (two in the 2-player game)
    Case(
        "R4-second-tower",
        "MER-R4",
        turns("1. orange 7: 3@3", *ROUND_TAIL, "5. orange 4-5-6-7/7: 4@4"),
        "5. orange",
        "4@4",
        turns("1. orange 7: 3@3", *ROUND_TAIL, "5. orange 4-5-6-7/7: x 4@4"),
    ),
    Case(
        "R4-third-tower-in-two-player-game",
        "MER-R4",
        turns(
            "1. orange 7: 3@3",
            "2. grey 8: pass",
            "3. black 4-5-6-7/7: 4@4",
            "4. brown 8: pass",
            "5. orange 4-5-6-7/7: 5@5",
            players=TWO,
        ),
        "5. orange",
        "5@5",
        turns(
            "1. orange 7: 3@3",
            "2. grey 8: pass",
            "3. black 4-5-6-7/7: 4@4",
            "4. brown 8: pass",
            "5. orange 4-5-6-7/7: x@3 5@5",
            players=TWO,
        ),
    ),
    Case(
        "R4-position-two-towers",
        "MER-R4",
        turns("position", "7: orange 2@1 orange 3@4"),
        "7: orange",
        "orange",
        turns("position", "7: orange 2@1 black 3@4"),
    ),
    # MER-R5: cities and meridians that exist
    Case(
        "R5-no-city-six",
        "MER-R5",
        turns("1. orange 7: 2@6"),
        "1. orange",
        "2@6",
        turns("1. orange 7: 2@5"),
    ),
    Case(
        "R5-no-city-five-on-four-city",
        "MER-R5",
        turns("1. orange 7: 2@5", players=THREE),
        "1. orange",
        "2@5",
        turns("1. orange 7: 2@4", players=THREE),
    ),
    Case(
        "R5-position-meridian-eleven",
        "MER-R5",
        turns("position", "11: orange 2@1"),
        "11:",
        None,
        turns("position", "10: orange 2@1"),
    ),
    # MER-R6: no push off the board
    Case(
        "R6-push-off-the-top",
        "MER-R6",
        turns("1. orange 7: 3@4", "2. black 4-5-6-7/7: 4@5", "3. grey 4-5-6-7/7: 2@4"),
        "3. grey",
        "2@4",
        turns("1. orange 7: 3@3", "2. black 4-5-6-7/7: 4@4", "3. grey 4-5-6-7/7: 2@3"),
    ),
    Case(
        "R6-push-off-the-bottom",
        "MER-R6",
        turns("1. orange 7: 2@1", "2. black 4-5-6-7/7: 3@2", "3. grey 4-5-6-7/7: 4@2"),
        "3. grey",
        "4@2",
        turns("1. orange 7: 2@2", "2. black 4-5-6-7/7: 3@3", "3. grey 4-5-6-7/7: 4@3"),
    ),
    # MER-R7: no push of the mover's own towers (2-player game, default ruling 'chain')
    Case(
        "R7-direct-push-of-own-other-colour",
        "MER-R7",
        turns("1. orange 7: 3@3", "2. grey 8: 2@2", "3. black 7: 2@3", players=TWO),
        "3. black",
        "2@3",
        turns("1. orange 7: 3@3", "2. grey 8: 2@2", "3. black 7: 2@2", players=TWO),
    ),
    # MER-R8: pieces in hand
    Case(
        "R8-too-few-pieces",
        "MER-R8",
        turns("position", "7: orange 18@5", "1. orange 3: 3@1"),
        "1. orange",
        "3@1",
        turns("position", "7: orange 18@5", "1. orange 3: 2@1"),
    ),
    # MER-R9: taking off needs a tower of one's own
    Case(
        "R9-nothing-to-take-off",
        "MER-R9",
        turns("1. orange 7: x"),
        "1. orange",
        "x",
        turns("1. orange 7: 3@3", *ROUND_TAIL, "5. orange 4-5-6-7/7: x"),
    ),
    Case(
        "R9-wrong-city",
        "MER-R9",
        turns("1. orange 7: 3@3", *ROUND_TAIL, "5. orange 4-5-6-7/7: x@2"),
        "5. orange",
        "x@2",
        turns("1. orange 7: 3@3", *ROUND_TAIL, "5. orange 4-5-6-7/7: x@3"),
    ),
    Case(
        "R9-two-own-towers-say-which",
        "MER-R9",
        turns(
            "1. orange 7: 3@3",
            "2. grey 8: pass",
            "3. black 4-5-6-7/7: 4@4",
            "4. brown 8: pass",
            "5. orange 4-5-6-7/7: x",
            players=TWO,
        ),
        "5. orange",
        "x",
        turns(
            "1. orange 7: 3@3",
            "2. grey 8: pass",
            "3. black 4-5-6-7/7: 4@4",
            "4. brown 8: pass",
            "5. orange 4-5-6-7/7: x@4",
            players=TWO,
        ),
    ),
    # MER-R10: a rebuilt tower must differ
    Case(
        "R10-same-tower-rebuilt",
        "MER-R10",
        turns("1. orange 7: 3@3", *ROUND_TAIL, "5. orange 4-5-6-7/7: x 3@3"),
        "5. orange",
        "3@3",
        turns("1. orange 7: 3@3", *ROUND_TAIL, "5. orange 4-5-6-7/7: x 3@2"),
    ),
    # MER-R11: a tower of a colour the mover does not own
    Case(
        "R11-other-colour-in-four-player-game",
        "MER-R11",
        turns("1. orange 7: black 3@2"),
        "1. orange",
        "black",
        turns("1. orange 7: orange 3@2"),
    ),
    Case(
        "R11-opponent-colour-in-two-player-game",
        "MER-R11",
        turns("1. orange 7: grey 3@2", players=TWO),
        "1. orange",
        "grey",
        turns("1. orange 7: black 3@2", players=TWO),
    ),
    # MER-E1: no turn after the last card
    Case(
        "E1-turn-after-the-end",
        "MER-E1",
        finished() + "1. orange 7: pass\n",
        "1. orange",
        "1.",
        finished(missing="8-9-10") + "1. brown 8-9-10/8: pass\n",
    ),
    # MER-E5: the Result tag must match the score
    Case(
        "E5-wrong-points",
        "MER-E5",
        finished("1: orange 2@5", result="Ann 4; Ben 0; Cy 0; Di 0"),
        "[Result",
        "Ann 4",
        finished("1: orange 2@5", result="Ann 3; Ben 0; Cy 0; Di 0"),
    ),
    Case(
        "E5-unknown-name",
        "MER-E5",
        finished("1: orange 2@5", result="Ann 3; Ben 0; Cy 0; Di 0; Eve 0"),
        "[Result",
        "Eve",
        finished("1: orange 2@5", result="Ann 3; Ben 0; Cy 0; brown 0"),
    ),
    Case(
        "E5-player-left-out",
        "MER-E5",
        finished("1: orange 2@5", result="Ann 3; Ben 0; Cy 0"),
        "[Result",
        '"',
        finished("1: orange 2@5", result="Ann 3; Ben 0; Cy 0; Di 0"),
    ),
    Case(
        "E5-result-before-the-end",
        "MER-E5",
        turns("1. orange 7: 3@2", tags=('[Result "Ann 0; Ben 0; Cy 0; Di 0"]',)),
        "[Result",
        '"',
        turns("1. orange 7: 3@2", tags=('[Result "*"]',)),
    ),
    # MER-B1: a board that cannot be found
    Case(
        "B1-unknown-board",
        "MER-B1",
        turns("1. orange 7: 3@2", tags=('[Board "moon"]',)),
        "[Board",
        '"',
        turns("1. orange 7: 3@2", tags=('[Board "five-city"]',)),
    ),
    # REC-1: syntax
    Case(
        "REC1-stray-character",
        "REC-1",
        turns("1. orange 7: 3@2 #"),
        "1. orange",
        "#",
        turns("1. orange 7: 3@2 ; #"),
    ),
    # REC-2: tags
    Case(
        "REC2-unknown-ruling-value",
        "REC-2",
        turns(tags=('[Rulings "empty-meridian=first; own-push=sometimes"]',)),
        "[Rulings",
        "own-push",
        turns(tags=('[Rulings "empty-meridian=first; own-push=never"]',)),
    ),
    Case(
        "REC2-rulings-are-not-case-sensitive",
        "REC-2",
        turns(tags=('[Rulings "Own-Push=Nearly"]',)),
        "[Rulings",
        "Own-Push",
        turns(tags=('[Rulings "Own-Push=NEVER; Empty-Meridian=First"]',)),
    ),
    Case(
        "REC2-unknown-ruling-name",
        "REC-2",
        turns(tags=('[Rulings "push=never"]',)),
        "[Rulings",
        "push",
        turns(tags=('[Rulings "own-push=never"]',)),
    ),
    Case(
        "REC2-tag-given-twice",
        "REC-2",
        turns("1. orange 7: 3@2", tags=('[Board "five-city"]', '[board "four-city"]')),
        "[board",
        None,
        turns("1. orange 7: 3@2", tags=('[Board "five-city"]', '[Event "four-city"]')),
    ),
    Case(
        "REC2-no-game-tag",
        "REC-2",
        f'[Players "{FOUR}"]\n1. orange 7: 3@2\n',
        "[Players",
        None,
        f'[Game "Meridian"]\n[Players "{FOUR}"]\n1. orange 7: 3@2\n',
    ),
    Case(
        "REC2-other-game",
        "REC-2",
        f'[Game "Chess"]\n[Players "{FOUR}"]\n',
        "[Game",
        '"',
        f'[Game "meridian"]\n[Players "{FOUR}"]\n',
    ),
    Case(
        "REC2-no-players-tag",
        "REC-2",
        '[Game "Meridian"]\n1. orange 7: 3@2\n',
        "[Game",
        None,
        f'[Game "Meridian"]\n[Players "{FOUR}"]\n1. orange 7: 3@2\n',
    ),
    Case(
        "REC2-unreadable-result",
        "REC-2",
        finished(result="Ann 0; Ben 0; Cy 0; Di 0; Eve lots"),
        "[Result",
        "Eve",
        finished(result="Ann 0; Ben 0; Cy 0; Di 0"),
    ),
    # REC-3: the words of a turn
    Case(
        "REC3-no-colon-after-card",
        "REC-3",
        turns("1. orange 7 3@2"),
        "1. orange",
        "7",
        turns("1. orange 7: 3@2"),
    ),
    Case(
        "REC3-no-such-card",
        "REC-3",
        turns("1. orange 11: 3@2"),
        "1. orange",
        "11:",
        turns("1. orange 10: 3@2"),
    ),
    Case(
        "REC3-group-card-without-meridian",
        "REC-3",
        turns("1. orange 4-5-6-7: 3@2"),
        "1. orange",
        "4-5-6-7:",
        turns("1. orange 4-5-6-7/4: 3@2"),
    ),
    Case(
        "REC3-two-towers-in-one-turn",
        "REC-3",
        turns("1. orange 7: 3@2 4@4"),
        "1. orange",
        "4@4",
        turns("1. orange 7: 3@2"),
    ),
    Case(
        "REC3-colour-without-tower",
        "REC-3",
        turns("1. orange 7: black", players=TWO),
        "1. orange",
        "black",
        turns("1. orange 7: black 3@2", players=TWO),
    ),
    # REC-4: turn numbers
    Case(
        "REC4-turn-number-skipped",
        "REC-4",
        turns("1. orange 7: 3@2", "3. black 8: 2@1"),
        "3. black",
        "3.",
        turns("1. orange 7: 3@2", "2. black 8: 2@1"),
    ),
    # REC-5: position entries
    Case(
        "REC5-unknown-entry",
        "REC-5",
        turns("position", "7: orange 3@5", "hands: orange 17"),
        "hands:",
        None,
        turns("position", "7: orange 3@5", "hand: orange 17"),
    ),
    Case(
        "REC5-hand-not-a-number",
        "REC-5",
        turns("position", "hand: orange twenty"),
        "hand:",
        "orange",
        turns("position", "hand: orange 20"),
    ),
]


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_rule_broken_at_its_place(case: Case) -> None:
    assert_only(check_one(case.bad), case.rule, case.at)


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_rule_kept_by_nearby_record(case: Case) -> None:
    assert_legal(check_one(case.good))


# Rules whose breaking needs more than one record text; each has its own tests below.
TESTED_APART = {"MER-E2", "MER-E3", "MER-E4", "MER-B2", "DATA-1"}
ALL_RULES = {
    *(f"MER-S{n}" for n in range(1, 4)),
    *(f"MER-T{n}" for n in range(1, 6)),
    *(f"MER-R{n}" for n in range(1, 12)),
    *(f"MER-E{n}" for n in range(1, 6)),
    "MER-B1",
    "MER-B2",
    *(f"REC-{n}" for n in range(1, 6)),
    "DATA-1",
}


def test_every_rule_has_a_case() -> None:
    assert {case.rule for case in CASES} | TESTED_APART == ALL_RULES


# ---------------------------------------------------------------- pushes


def test_shorter_tower_pushes_a_chain_up() -> None:
    text = turns("1. orange 7: 3@2", "2. black 4-5-6-7/7: 4@3", "3. grey 4-5-6-7/7: 2@2")
    assert_legal(check_one(text))
    assert column(text, 7) == [
        None,
        Tower("grey", 2),
        Tower("orange", 3),
        Tower("black", 4),
        None,
    ]


def test_taller_tower_pushes_a_chain_down() -> None:
    text = turns("1. orange 7: 3@3", "2. black 4-5-6-7/7: 4@4", "3. grey 4-5-6-7/7: 5@4")
    assert_legal(check_one(text))
    assert column(text, 7) == [
        None,
        Tower("orange", 3),
        Tower("black", 4),
        Tower("grey", 5),
        None,
    ]


def test_push_stops_at_the_first_empty_city() -> None:
    text = turns("1. orange 7: 3@2", "2. black 4-5-6-7/7: 5@4", "3. grey 4-5-6-7/7: 2@2")
    assert_legal(check_one(text))
    assert column(text, 7) == [
        None,
        Tower("grey", 2),
        Tower("orange", 3),
        Tower("black", 5),
        None,
    ]


@pytest.mark.parametrize(
    ("towers", "push", "place"),
    [
        (("1. orange 7: 3@4", "2. black 4-5-6-7/7: 4@5"), "3. grey 4-5-6-7/7: 2@4", "2@4"),
        (("1. orange 7: 2@1", "2. black 4-5-6-7/7: 3@2"), "3. grey 4-5-6-7/7: 4@2", "4@2"),
    ],
    ids=["off-the-top", "off-the-bottom"],
)
def test_push_off_the_board_leaves_the_meridian_as_it_was(
    towers: tuple[str, str], push: str, place: str
) -> None:
    text = turns(*towers, push)
    before = column(turns(*towers), 7)
    report = check_one(text)
    assert_only(report, "MER-R6", spot(text, push, place))
    assert column(text, 7) == before
    assert final_state(text).hands["grey"] == 20


# ---------------------------------------------------------------- the 2-player game


def test_two_player_game_interleaves_the_colours() -> None:
    text = turns(
        "1. orange 7: 3@3",
        "2. grey 8: 2@1",
        "3. black 9: 2@1",
        "4. brown 10: 2@1",
        "5. orange 6: 2@1",
        players=TWO,
    )
    assert_legal(check_one(text))


def test_two_player_game_allows_two_towers_per_meridian() -> None:
    text = turns(
        "1. orange 7: 2@2",
        "2. grey 8: pass",
        "3. black 7: 4@4",
        players=TWO,
    )
    assert_legal(check_one(text))
    assert column(text, 7) == [None, Tower("orange", 2), None, Tower("black", 4), None]


def test_two_player_other_colour_tower_uses_that_colours_pieces() -> None:
    text = turns("1. orange 7: black 3@2", players=TWO)
    assert_legal(check_one(text))
    state = final_state(text)
    assert state.columns[6][1] == Tower("black", 3)
    assert state.hands == {"orange": 20, "black": 17, "grey": 20, "brown": 20}
    assert "7" in {card.label for card in state.played["orange"]}


def test_two_player_towers_of_both_colours_count_for_one_player() -> None:
    text = finished("1: orange 2@5", "2: black 2@5", "3: grey 2@5", players=TWO)
    report = check_one(text)
    assert_legal(report)
    assert report.run is not None and report.run.sheet is not None
    ann, ben = report.run.sheet.players
    assert (ann.points, ann.islands, ann.pieces_left) == (3, ("a",), 36)
    assert (ben.points, ben.islands) == (0, ())


@pytest.mark.parametrize(
    ("ruling", "expected"),
    [("chain", None), ("never", "MER-R7"), ("any", None)],
)
def test_own_push_along_a_chain(ruling: str, expected: str | None) -> None:
    # black 1@2 pushes grey 2 up, and grey pushes orange 3, Ann's other colour, along.
    text = turns(
        "1. orange 7: 3@3",
        "2. grey 7: 2@2",
        "3. black 7: 1@2",
        players=TWO,
        tags=(f'[Rulings "own-push={ruling}"]',),
    )
    report = check_one(text)
    if expected is None:
        assert_legal(report)
        assert column(text, 7)[1:4] == [Tower("black", 1), Tower("grey", 2), Tower("orange", 3)]
    else:
        assert_only(report, expected, spot(text, "3. black", "1@2"))


@pytest.mark.parametrize(
    ("ruling", "expected"),
    [("chain", "MER-R7"), ("never", "MER-R7"), ("any", None)],
)
def test_own_push_direct(ruling: str, expected: str | None) -> None:
    # black 2@3 would displace orange 3, Ann's other colour, straight up.
    text = turns(
        "1. orange 7: 3@3",
        "2. grey 8: 2@2",
        "3. black 7: 2@3",
        players=TWO,
        tags=(f'[Rulings "own-push={ruling}"]',),
    )
    report = check_one(text)
    if expected is None:
        assert_legal(report)
        assert column(text, 7)[2:4] == [Tower("black", 2), Tower("orange", 3)]
    else:
        assert_only(report, expected, spot(text, "3. black", "2@3"))


def test_opponents_towers_may_always_be_pushed_in_two_player_game() -> None:
    text = turns(
        "1. orange 7: 3@3",
        "2. grey 8: pass",
        "3. black 7: 4@4",
        "4. brown 4-5-6-7/7: 2@3",
        players=TWO,
        tags=('[Rulings "own-push=never"]',),
    )
    assert_legal(check_one(text))
    assert column(text, 7)[2:5] == [Tower("brown", 2), Tower("orange", 3), Tower("black", 4)]


@pytest.mark.parametrize("tags", [(), ('[Rulings "two-player-turns=free"]',)])
def test_two_player_free_turns_let_a_player_choose_the_colour(tags: tuple[str, ...]) -> None:
    # Free turns are the default: the rulebook lets a player use both colours as one.
    text = turns(
        "1. black 7: 3@3",
        "2. brown 8: 2@1",
        "3. black 9: 2@1",
        "4. grey 10: 2@1",
        players=TWO,
        tags=tags,
    )
    assert_legal(check_one(text))


def test_two_player_colours_ruling_keeps_the_fixed_rotation() -> None:
    text = turns(
        "1. black 7: 3@3",
        "2. brown 8: 2@1",
        "3. black 9: 2@1",
        players=TWO,
        tags=('[Rulings "two-player-turns=colours"]',),
    )
    assert ("MER-T1", spot(text, "1. black", "black")) in errors(check_one(text))


# ---------------------------------------------------------------- rulings on empty meridians


TAKE_OFF_THEN_ONE_HIGH = (
    "1. orange 7: 2@2",
    *ROUND_TAIL,
    "5. orange 4-5-6-7/7: x",
    "6. black 4-5-6-7/7: 1@1",
)


@pytest.mark.parametrize(
    ("tags", "expected"),
    [((), "MER-R1"), (('[Rulings "empty-meridian=always"]',), "MER-R1")],
    ids=["default", "always"],
)
def test_emptied_meridian_needs_two_high_when_always(tags: tuple[str, ...], expected: str) -> None:
    text = turns(*TAKE_OFF_THEN_ONE_HIGH, tags=tags)
    assert_only(check_one(text), expected, spot(text, "6. black", "1@1"))


def test_emptied_meridian_takes_one_high_when_only_first_counts() -> None:
    text = turns(*TAKE_OFF_THEN_ONE_HIGH, tags=('[Rulings "empty-meridian=first"]',))
    assert_legal(check_one(text))
    assert column(text, 7)[0] == Tower("black", 1)


def test_never_built_meridian_needs_two_high_even_when_only_first_counts() -> None:
    text = turns("1. orange 7: 1@2", tags=('[Rulings "empty-meridian=first"]',))
    assert_only(check_one(text), "MER-R1", spot(text, "1. orange", "1@2"))


def test_one_high_tower_on_an_occupied_meridian() -> None:
    text = turns("1. orange 7: 2@3", "2. black 4-5-6-7/7: 1@1")
    assert_legal(check_one(text))


# ---------------------------------------------------------------- face-up cards


@pytest.mark.parametrize(
    ("card", "legal"),
    [("1", True), ("3", True), ("2", False), ("4", False)],
)
def test_face_up_cards_follow_the_deck(card: str, legal: bool) -> None:
    # Orange's deck starts 3 7 1 2: after 7 is played, 3 and 1 are face up.
    text = turns(
        "1. orange 7: 3@2",
        *ROUND_TAIL,
        f"5. orange {card}: 2@1",
        tags=(f'[Decks "orange {DECK_37}"]',),
    )
    report = check_one(text)
    if legal:
        assert_legal(report)
    else:
        assert_only(report, "MER-T3", spot(text, "5. orange", f"{card}:"))


@pytest.mark.parametrize(
    "before",
    [
        ("1. orange 5: 2@2", *ROUND_TAIL),  # 5 was played although not face up
        ("position", "played: orange 10 black 1 grey 2 brown 3"),
    ],
    ids=["after-a-card-from-deep-in-the-deck", "position-with-a-deep-card-played"],
)
def test_face_up_cards_are_the_first_two_unplayed(before: tuple[str, ...]) -> None:
    # 3 and 7 are still unplayed at the top of the deck, so 1 is not face up yet.
    text = turns(*before, "5. orange 1: 2@1", tags=(f'[Decks "orange {DECK_37}"]',))
    assert ("MER-T3", spot(text, "5. orange", "1:")) in errors(check_one(text))


def test_colours_without_a_deck_are_not_checked_for_face_up_cards() -> None:
    text = turns(
        "1. orange 7: 3@2",
        "2. black 5: 2@1",
        tags=(f'[Decks "orange {DECK_37}"]',),
    )
    assert_legal(check_one(text))


# ---------------------------------------------------------------- cards and turn order


def test_colour_out_of_cards_is_a_card_fault_not_an_order_fault() -> None:
    text = (
        record(
            "position",
            "played: orange "
            + ALL_CARDS
            + " black 1 2 3 4 5 6 7 8 9 10 1-2-3 4-5-6-7"
            + " grey 1 2 3 4 5 6 7 8 9 10 1-2-3 4-5-6-7"
            + " brown 1 2 3 4 5 6 7 8 9 10 1-2-3 4-5-6-7",
        )
        + "1. orange 7: pass\n"
        + "2. black 8-9-10/9: pass\n"
    )
    # Said once, at the colour: the card itself need not be reported again.
    assert errors(check_one(text)) == [("MER-T2", spot(text, "1. orange", "orange"))]


@pytest.mark.parametrize(
    ("mover", "legal"),
    [("brown", True), ("grey", True), ("black", False), ("orange", False)],
)
def test_free_turns_after_a_position_the_player_behind_moves(mover: str, legal: bool) -> None:
    text = turns(
        "position",
        "played: orange 1 black 2 grey 1",
        f"1. {mover} 7: pass",
        players=TWO,
        tags=('[Rulings "two-player-turns=free"]',),
    )
    report = check_one(text)
    if legal:
        assert_legal(report)
    else:
        assert_only(report, "MER-T1", spot(text, "1. ", mover))


def test_group_card_passes_without_naming_a_meridian() -> None:
    assert_legal(check_one(turns("1. orange 4-5-6-7: pass", "2. black 8-9-10: pass")))


def test_group_card_stuck_checks_all_its_meridians() -> None:
    text = turns("position", "7: orange 19@5", "1. orange 4-5-6-7: stuck")
    # one piece is left: too few for an empty meridian, but meridian 7 holds a tower
    report = check_one(text)
    assert_only(report, "MER-T5", spot(text, "1. orange", "1."))
    assert_legal(check_one(turns("position", "7: orange 19@5", "1. orange 1-2-3: stuck")))


def test_stuck_while_a_take_off_is_open() -> None:
    text = turns("position", "7: orange 20@5", "1. orange 7: stuck")
    assert_only(check_one(text), "MER-T5", spot(text, "1. orange", "1."))


def test_two_player_rebuild_in_the_other_colour() -> None:
    text = turns(
        "1. orange 7: 3@3",
        "2. grey 8: pass",
        "3. black 8: pass",
        "4. brown 9: pass",
        "5. orange 4-5-6-7/7: x black 3@3",
        players=TWO,
    )
    assert_legal(check_one(text))
    assert column(text, 7)[2] == Tower("black", 3)


def test_position_hand_of_absent_colour_at_the_colour() -> None:
    text = turns("position", "hand: brown 20", players=THREE)
    assert_only(check_one(text), "MER-S1", spot(text, "hand:", "brown"))


def test_position_played_by_absent_colour_at_the_colour() -> None:
    text = turns("position", "played: orange 7 brown 1", players=THREE)
    assert_only(check_one(text), "MER-S1", spot(text, "played:", "brown"))


# ---------------------------------------------------------------- keep going after an error


def test_later_errors_are_found_and_later_legal_turns_pass() -> None:
    text = turns(
        "1. orange 7: 3@3",
        "2. black 4-5-6-7/7: 3@1",  # MER-R2: discarded, the game goes on
        "3. grey 9: 2@1",
        "4. brown 10: 2@1",
        "5. orange 8: 2@1",
        "6. black 4: 2@6",  # MER-R5: found although an earlier turn was illegal
        "7. grey 4-5-6-7/7: 2@1",
        "8. brown 4-5-6-7/7: 4@4",
    )
    report = check_one(text)
    assert errors(report) == [
        ("MER-R2", spot(text, "2. black", "3@1")),
        ("MER-R5", spot(text, "6. black", "2@6")),
    ]
    state = final_state(text)
    assert state.columns[6] == (Tower("grey", 2), None, Tower("orange", 3), Tower("brown", 4), None)
    assert state.hands["black"] == 20
    assert {card.label for card in state.played["black"]} == {"4-5-6-7", "4"}


def test_unreadable_turn_does_not_stop_the_checking() -> None:
    text = turns(
        "1. orange 7: 3@3",
        "2. black 4-5-6-7: 2@1",  # REC-3: the meridian is not named
        "3. grey 4-5-6-7/7: 3@1",  # MER-R2
        "4. brown 10: 2@1",
    )
    report = check_one(text)
    assert errors(report) == [
        ("REC-3", spot(text, "2. black", "4-5-6-7:")),
        ("MER-R2", spot(text, "3. grey", "3@1")),
    ]


@pytest.mark.parametrize(
    ("faulty", "tags", "rule", "word"),
    [
        ("1. orange 5: 3@3", (f'[Decks "orange {DECK_37}"]',), "MER-T3", "5:"),
        ("1. black 5: 3@3", (), "MER-T1", "black"),
    ],
    ids=["not-face-up", "out-of-turn"],
)
def test_card_fault_is_reported_and_a_legal_placement_stands(
    faulty: str, tags: tuple[str, ...], rule: str, word: str
) -> None:
    text = turns(faulty, tags=tags)
    assert_only(check_one(text), rule, spot(text, faulty, word))
    colour = faulty.split()[1]
    assert column(text, 5)[2] == Tower(colour, 3)


def test_card_played_twice_is_reported_and_a_legal_placement_stands() -> None:
    text = turns("1. orange 7: 3@3", *ROUND_TAIL, "5. orange 7: x 2@1")
    assert_only(check_one(text), "MER-T2", spot(text, "5. orange", "7:"))
    assert column(text, 7)[:3] == [Tower("orange", 2), None, None]


def test_card_fault_and_placement_fault_are_both_reported() -> None:
    text = turns("1. orange 5: 1@3", tags=(f'[Decks "orange {DECK_37}"]',))
    assert errors(check_one(text)) == [
        ("MER-T3", spot(text, "1. orange", "5:")),
        ("MER-R1", spot(text, "1. orange", "1@3")),
    ]
    assert column(text, 5) == [None] * 5


# ---------------------------------------------------------------- scoring (MER-E2, MER-E3)


@pytest.mark.parametrize(
    ("towers", "points", "islands"),
    [
        (("1: orange 2@5",), [3, 0, 0, 0], [("a",), (), (), ()]),
        (("1: orange 2@5", "2: orange 2@5", "3: black 2@5"), [3, 0, 0, 0], [("a",), (), (), ()]),
        (("1: orange 2@5", "2: black 2@5"), [0, 0, 0, 0], [(), (), (), ()]),
        (("7: black 2@5", "8: orange 2@5"), [0, 4, 0, 0], [(), ("c",), (), ()]),
        (("7: black 2@5", "8: orange 2@5", "9: orange 2@5"), [0, 0, 0, 0], [(), (), (), ()]),
        (("1: orange 2@5", "3: orange 2@4"), [8, 0, 0, 0], [("a", "d"), (), (), ()]),
        (
            ("1: orange 4@5", "1: grey 2@4", "2: grey 2@4", "3: brown 2@4"),
            [3, 0, 0, 0],
            [("a",), (), (), ()],
        ),
        (
            ("1: orange 4@5", "1: grey 2@4", "2: grey 2@4", "3: brown 2@4", "4: grey 2@4"),
            [3, 0, 5, 0],
            [("a",), (), ("d",), ()],
        ),
    ],
    ids=[
        "sole-garrison",
        "most-garrisons",
        "tie-unassigned",
        "capital-counts-two",
        "capital-tie-unassigned",
        "islands-add-up",
        "two-cities-tie-a-capital",
        "three-cities-beat-a-capital",
    ],
)
def test_island_holders_and_points(
    towers: tuple[str, ...], points: list[int], islands: list[tuple[str, ...]]
) -> None:
    report = check_one(finished(*towers))
    assert_legal(report)
    assert report.run is not None and report.run.sheet is not None
    sheet = report.run.sheet
    assert sheet.finished and sheet.cards_left == 0
    assert [p.points for p in sheet.players] == points
    assert [p.islands for p in sheet.players] == islands
    names = ["Ann", "Ben", "Cy", "Di"]
    stated = "; ".join(f"{name} {n}" for name, n in zip(names, points, strict=True))
    assert_legal(check_one(finished(*towers, result=stated)))
    wrong = "; ".join(f"{name} {n + 1}" for name, n in zip(names, points, strict=True))
    text = finished(*towers, result=wrong)
    report = check_one(text)
    assert not report.valid
    assert errors(report) == [("MER-E5", spot(text, "[Result", f"{name} ")) for name in names]


def test_result_may_name_colours() -> None:
    text = finished("1: orange 2@5", result="orange 3; black 0; grey 0; brown 0")
    assert_legal(check_one(text))


def test_unfinished_game_is_scored_without_a_result() -> None:
    report = check_one(turns("1. orange 1: 2@5"))
    assert_legal(report)
    assert report.run is not None and report.run.sheet is not None
    assert not report.run.sheet.finished
    assert report.run.sheet.cards_left == 51
    assert report.run.sheet.players[0].points == 3


# ---------------------------------------------------------------- ranking (MER-E4)


def test_points_tie_is_broken_by_pieces_left() -> None:
    # Ann and Ben hold 3 points each; Ben has 18 pieces left, Ann 15.
    report = check_one(finished("1: orange 5@5", "4: black 2@5"))
    assert_legal(report)
    assert report.run is not None and report.run.sheet is not None
    sheet = report.run.sheet
    assert [(p.points, p.pieces_left) for p in sheet.players] == [
        (3, 15),
        (3, 18),
        (0, 20),
        (0, 20),
    ]
    assert [p.rank for p in sheet.players] == [2, 1, 3, 3]
    assert [p.name for p in sheet.ranking()] == ["Ben", "Ann", "Cy", "Di"]


def test_more_points_beat_more_pieces() -> None:
    report = check_one(finished("1: orange 9@5", "3: orange 2@4", "4: black 2@5"))
    assert report.run is not None and report.run.sheet is not None
    assert [p.rank for p in report.run.sheet.players] == [1, 2, 3, 3]


def test_two_player_ranking_counts_both_colours_pieces() -> None:
    # Both hold 3 points; Ann has 36 pieces left, Ben 35.
    text = finished("1: orange 2@5", "2: black 2@5", "4: grey 5@5", players=TWO)
    report = check_one(text)
    assert report.run is not None and report.run.sheet is not None
    ann, ben = report.run.sheet.players
    assert (ann.points, ann.pieces_left, ann.rank) == (3, 36, 1)
    assert (ben.points, ben.pieces_left, ben.rank) == (3, 35, 2)


# ---------------------------------------------------------------- boards in records


BOARD = files("meridina.rules.meridian") / "boards" / "five-city.toml"


def test_board_file_in_the_record_folder(tmp_path: Path) -> None:
    (tmp_path / "mine.toml").write_text(BOARD.read_text("utf-8"), "utf-8")
    text = turns("1. orange 7: 3@2", tags=('[Board "mine.toml"]',))
    assert_legal(check_one(text, base=tmp_path))


def test_invalid_toml_board_is_data_1(tmp_path: Path) -> None:
    (tmp_path / "bad.toml").write_text('name = "unclosed\n', "utf-8")
    text = turns("1. orange 7: 3@2", tags=('[Board "bad.toml"]',))
    report = check_one(text, base=tmp_path)
    assert_only(report, "DATA-1", spot(text, "[Board", '"'))
    assert "bad.toml:1:17:" in report.problems[0].message
    (tmp_path / "bad.toml").write_text(BOARD.read_text("utf-8"), "utf-8")
    assert_legal(check_one(text, base=tmp_path))


def odd_board() -> str:
    """The five-city board with island m grown into island l's bottom row."""
    return BOARD.read_text("utf-8").replace("k k k l l L l m m m", "k k k l l L m m m m")


def test_odd_board_warns_with_mer_b2(tmp_path: Path) -> None:
    (tmp_path / "odd.toml").write_text(odd_board(), "utf-8")
    text = turns("1. orange 7: 3@2", tags=('[Board "odd.toml"]',))
    report = check_one(text, base=tmp_path)
    assert report.valid
    board_at = spot(text, "[Board", '"')
    assert {(rule, at) for rule, at in found(report)} == {("MER-B2", board_at)}
    assert all(problem.warning for problem in report.problems)


def test_standard_board_file_gives_no_mer_b2(tmp_path: Path) -> None:
    (tmp_path / "same.toml").write_text(BOARD.read_text("utf-8"), "utf-8")
    report = check_one(turns("1. orange 7: 3@2", tags=('[Board "same.toml"]',)), base=tmp_path)
    assert found(report) == []


# ---------------------------------------------------------------- every rule a turn breaks


@pytest.mark.parametrize(
    ("lines", "players", "anchor", "rules"),
    [
        # Orange already has the tower on meridian 7, and holds only 2 pieces.
        (
            ("position", "7: orange 18@5", "hand: orange 2", "next: orange", "1. orange 7: 3@1"),
            FOUR,
            "1. orange",
            ["MER-R8", "MER-R4"],
        ),
        # One piece on an empty meridian, on a city a five-city meridian does not have.
        (("1. orange 7: 1@9",), FOUR, "1. orange", ["MER-R5", "MER-R1"]),
        # A black tower for orange's card, 1 high on an empty meridian, on city 6.
        (("1. orange 7: black 1@6",), FOUR, "1. orange", ["MER-R11", "MER-R5", "MER-R1"]),
    ],
    ids=["too-few-pieces-and-a-second-tower", "no-such-city-and-too-low", "three-rules"],
)
def test_a_turn_names_every_rule_it_breaks(
    lines: tuple[str, ...], players: str, anchor: str, rules: list[str]
) -> None:
    text = turns(*lines, players=players)
    build = lines[-1].split(": ")[-1]
    at = spot(text, anchor, build)
    assert errors(check_one(text)) == [(rule, at) for rule in rules]
