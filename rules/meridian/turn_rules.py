"""Rules of the set-up, the cards and the end of a Meridian game, each decided by one
function named after it and worded by one (``faults.word``)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from meridina.rules.rule_home import decides
from meridina.rules.wording import counted

from .faults import Fault, wording
from .made_once import ALL_CARDS
from .model import COLOURS, DECK, PIECES_PER_COLOUR, Card, Skip
from .state import Reading, Table, face_up

# ---------------------------------------------------------------- MER-S1


@decides("MER-S1")
class S1Players:
    """MER-S1: 2 to 4 players, two colours each in the game of two and one otherwise, each
    a Meridian colour given to one seat; and whatever names a colour names one playing."""

    @staticmethod
    def seats(groups: Sequence[tuple[str, ...]], names: Sequence[str] = ()) -> list[Fault]:
        """The players' colours ``groups`` (``names``: the players', for the message)."""
        count = len(groups)
        if not 2 <= count <= 4:
            return [Fault("MER-S1", ("count", count))]
        faults: list[Fault] = []
        seen: set[str] = set()
        want = 2 if count == 2 else 1
        for colours, name in zip(groups, names or ("",) * count, strict=True):
            if len(colours) != want:
                faults.append(Fault("MER-S1", ("colours", name, want, count, len(colours))))
            for one in colours:
                if one not in COLOURS:
                    faults.append(Fault("MER-S1", ("unknown", one)))
                elif one in seen:
                    faults.append(Fault("MER-S1", ("twice", one)))
                seen.add(one)
        return faults

    @staticmethod
    def playing(
        colour: str, playing: Collection[str], named: str = "turn", city: int = 0
    ) -> Fault | None:
        """``colour`` is one of the colours ``playing``; ``named``: what names it, a "turn",
        a "deck", a "tower" on ``city`` or a "position"."""
        return None if colour in playing else Fault("MER-S1", ("absent", colour, named, city))

    @staticmethod
    @wording("MER-S1")
    def words(meridian: int, colour: str, who: str, case: str, *facts: Any) -> str:
        if case == "absent":
            absent, named, city = facts
            if named == "turn":
                return f"{absent} is not playing in this game"
            if named == "deck":
                return f"a deck is given for {absent}, who is not playing"
            if named == "tower":
                return f"meridian {meridian}, city {city}: {absent} is not playing"
            return f"{absent} is not playing"
        if case == "count":
            return f"Meridian is for 2 to 4 players, not {facts[0]}"
        if case == "colours":
            name, want, count, got = facts
            return (
                f"{name or 'a player'} must have {counted(want, 'colour')} in a "
                f"{count}-player game, not {got}"
            )
        if case == "unknown":
            return f"{facts[0]!r} is not a Meridian colour ({', '.join(COLOURS)})"
        return f"{facts[0]} is given to two seats"


# ---------------------------------------------------------------- MER-S2


@decides("MER-S2")
def s2_board_for_the_players(name: str, sides: Collection[int], count: int) -> Fault | None:
    """The board ``name`` is made for ``count`` players: one of its ``sides``."""
    if count not in sides:
        return Fault("MER-S2", (name, tuple(sides), count))
    return None


@wording("MER-S2")
def _s2_words(
    meridian: int, colour: str, who: str, name: str, sides: tuple[int, ...], count: int
) -> str:
    counts = " or ".join(str(n) for n in sides)
    return f"board {name!r} is for {counts} players, not {count}"


# ---------------------------------------------------------------- MER-S3


@decides("MER-S3")
def s3_pieces_and_decks(
    colour: str, deck: tuple[Card, ...] | None = None, pieces: int = 0, hand: int | None = None
) -> Fault | None:
    """A ``deck`` order lists each of the 13 cards once; ``colour`` has no more than its
    20 pieces on the board (``pieces``), and a ``hand`` given holds the rest."""
    if deck is not None:
        if sorted(deck, key=DECK.index) != list(DECK):
            return Fault("MER-S3", ("deck", colour, pieces, hand))
        return None
    rest = PIECES_PER_COLOUR - pieces
    if hand is None:
        if rest < 0:
            return Fault("MER-S3", ("board", colour, pieces, hand))
    elif hand != rest:
        return Fault("MER-S3", ("hand", colour, pieces, hand))
    return None


@wording("MER-S3")
def _s3_words(
    meridian: int, colour: str, who: str, kind: str, named: str, pieces: int, hand: int | None
) -> str:
    if kind == "deck":
        return (
            f"the {named} deck must list each of the 13 cards once "
            f"({', '.join(c.label for c in DECK)})"
        )
    if kind == "board":
        return f"{named} has {pieces} pieces on the board; a colour has only {PIECES_PER_COLOUR}"
    return (
        f"{named} must have {counted(max(PIECES_PER_COLOUR - pieces, 0), 'piece')} in hand: "
        f"{pieces} of its {PIECES_PER_COLOUR} are on the board"
    )


# ---------------------------------------------------------------- MER-T1


@decides("MER-T1")
class T1TurnOrder:
    """MER-T1: the colours move in turn, as ``expected_colours`` has it (with free turns,
    the players alternate, playing a card of either colour)."""

    @staticmethod
    def mover(state: Reading, colour: str, named: str = "turn") -> Fault | None:
        """``colour`` may move now (``named``: by a "turn", or by a "position" whose cards
        played say who is next). The first turn after a position that does not say who is
        next (``next_index`` -1) may be anyone's."""
        index = state.next_index
        if index < 0:
            return None
        movers = state.table.movers
        if not state.table.seating.free_turns and colour in movers[index % len(movers)]:
            return None  # (the usual turn: the rotation's colour, nothing to work out)
        expected = state.expected_colours()
        if colour in expected:
            return None
        return Fault("MER-T1", (named, " or ".join(expected), colour))

    @staticmethod
    def cards_played(state: Reading) -> Fault | None:
        """The cards a position lists as played fit turn order: each colour (with free
        turns, each player) at most one card ahead of those after it."""
        if state.free_turns:
            totals = [sum(len(state.played[c]) for c in p.colours) for p in state.players]
            if abs(totals[0] - totals[1]) > 1:
                return Fault("MER-T1", ("apart",))
            return None
        counts = [len(state.played[c]) for c in state.rotation]
        if max(counts) - min(counts) > 1 or counts != sorted(counts, reverse=True):
            return Fault("MER-T1", ("ahead", tuple(zip(state.rotation, counts, strict=True))))
        return None

    @staticmethod
    @wording("MER-T1")
    def words(meridian: int, colour: str, who: str, case: str, *facts: Any) -> str:
        if case == "turn":
            expected, mover = facts
            return f"it is {expected}'s turn, not {mover}'s"
        if case == "position":
            expected, mover = facts
            return f"by the cards played, {expected} moves next, not {mover}"
        if case == "apart":
            return "the players' numbers of cards played are more than one apart"
        return (
            "in turn order, no colour can have played more cards than one before it: "
            + ", ".join(f"{c} {n}" for c, n in facts[0])
        )


# ---------------------------------------------------------------- MER-T2 and MER-T4


@decides("MER-T2")
class T2CardsOnce:
    """MER-T2: a colour plays each of its cards once, and a player's towers each took a
    card. ``played`` and ``bit`` are cards as a state keeps them: a bit per card."""

    @staticmethod
    def again(played: int, bit: int, card: Card) -> Fault | None:
        """The card of a turn (``bit`` among the cards ``played``) was not played before."""
        return Fault("MER-T2", ("again", card.label)) if played & bit else None

    @staticmethod
    def listed(played: int, bit: int, card: Card) -> Fault | None:
        """A card a position lists as played is not listed before it."""
        return Fault("MER-T2", ("listed", card.label)) if played & bit else None

    @staticmethod
    def card_left(played: int) -> Fault | None:
        """The mover has a card left (``played``: the bits of its cards played)."""
        return Fault("MER-T2", ("all",)) if played == ALL_CARDS else None

    @staticmethod
    def towers(towers: int, cards: int) -> Fault | None:
        """A player with ``towers`` on the board has played as many ``cards``."""
        return None if towers <= cards else Fault("MER-T2", ("towers", towers, cards))

    @staticmethod
    @wording("MER-T2")
    def words(meridian: int, colour: str, who: str, case: str, *facts: Any) -> str:
        if case == "again":
            return f"{colour} has already played card {facts[0]}"
        if case == "listed":
            return f"{colour} card {facts[0]} is listed twice"
        if case == "all":
            return f"{colour} has played all 13 of its cards"
        towers, cards = facts
        return (
            f"{who} has {counted(towers, 'tower')} on the board "
            f"but has played only {counted(cards, 'card')}"
        )


# ---------------------------------------------------------------- MER-T4


@decides("MER-T4")
def t4_card_allows(card: Card, meridian: int, skip: Skip | None) -> Fault | None:
    """A turn plays on a meridian its card allows; a pass or stuck (``skip``) on a group
    card need not name one (``meridian`` 0)."""
    if meridian in card.numbers or (not meridian and skip is not None):
        return None
    return Fault("MER-T4", (card.label, meridian))


@wording("MER-T4")
def _t4_words(meridian: int, colour: str, who: str, label: str, number: int) -> str:
    return f"card {label} does not allow meridian {number}"


# ---------------------------------------------------------------- MER-T3


@decides("MER-T3")
def t3_card_face_up(table: Table, played_bits: int, colour: str, card: Card) -> Fault | None:
    """When ``colour``'s deck order is known, ``card`` is one of its two face-up cards."""
    cards = face_up(table, played_bits, colour)
    if cards is not None and card not in cards:
        return Fault("MER-T3", (card.label, tuple([up.label for up in cards])))
    return None


@wording("MER-T3")
def _t3_words(meridian: int, colour: str, who: str, label: str, up: tuple[str, ...]) -> str:
    return f"card {label} is not face up for {colour}; the face-up cards are " + " and ".join(up)


# ---------------------------------------------------------------- MER-E1


@decides("MER-E1")
def e1_no_turn_after_the_end(played_bits: int, all_played: int) -> Fault | None:
    """A turn comes before every card is played (``all_played``, as the table has it)."""
    if played_bits == all_played:
        return Fault("MER-E1", ())
    return None


@wording("MER-E1")
def _e1_words(meridian: int, colour: str, who: str) -> str:
    return "the game is over: every card has been played"
