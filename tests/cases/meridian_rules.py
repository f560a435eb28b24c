"""Meridian's rules, one case a rule break: the records, the rule and its place, as data.

Each ``Case`` pairs a record that breaks one rule at one place with a nearby record that
keeps it; ``tests/test_meridian_rules.py`` runs them. The five-city board used by 2 and 4
players reads, top row (city 5) first, one column per meridian:

    a a a b b b C c c c
    d d D d d e e E e e
    f f F f g g g h h h
    i i I i i j j j J j
    k k k l l L l m m m
"""

from __future__ import annotations

from dataclasses import dataclass

from conftest import ALL_CARDS, FOUR, THREE, TWO, Case, record
from meridian_records import DECK_37, ROUND_TAIL, finished, turns

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

# Rules whose breaking needs more than one record text; each has its own tests.
TESTED_APART = {"MER-E2", "MER-E3", "MER-E4", "MER-B2", "DATA-1"}


@dataclass(frozen=True)
class SeveralRules:
    """The last of ``lines`` is a turn breaking ``rules``, all placed at its build."""

    name: str
    lines: tuple[str, ...]
    anchor: str
    rules: tuple[str, ...]
    players: str = FOUR


SEVERAL_RULES = [
    # Orange already has the tower on meridian 7, and holds only 2 pieces.
    SeveralRules(
        "too-few-pieces-and-a-second-tower",
        ("position", "7: orange 18@5", "hand: orange 2", "next: orange", "1. orange 7: 3@1"),
        "1. orange",
        ("MER-R8", "MER-R4"),
    ),
    # One piece on an empty meridian, on a city a five-city meridian does not have.
    SeveralRules(
        "no-such-city-and-too-low", ("1. orange 7: 1@9",), "1. orange", ("MER-R5", "MER-R1")
    ),
    # A black tower for orange's card, 1 high on an empty meridian, on city 6.
    SeveralRules(
        "three-rules",
        ("1. orange 7: black 1@6",),
        "1. orange",
        ("MER-R11", "MER-R5", "MER-R1"),
    ),
    # Black 4@2 displaces orange 2, Ann's other colour, straight down, and then stands
    # below grey 3: where the tower ends up breaks both the order and the own-push rule.
    SeveralRules(
        "taller-than-the-tower-above-and-displacing-its-own",
        ("1. orange 7: 2@2", "2. grey 7: 3@3", "3. black 7: 4@2"),
        "3. black",
        ("MER-R3", "MER-R7"),
        TWO,
    ),
]
