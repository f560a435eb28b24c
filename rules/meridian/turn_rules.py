"""Rules of the set-up, the cards and the end of a Meridian game, each one unit: its
decider (a class with a decider for each way a rule is asked) and its faults, which word
themselves (``faults.Fault``)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import ClassVar

from meridina.rules.codes import RuleCode
from meridina.rules.rule_home import decides, words
from meridina.rules.wording import counted

from .faults import Fault
from .made_once import ALL_CARDS
from .model import COLOURS, DECK, PIECES_PER_COLOUR, Card, Skip
from .state import Reading, Table, face_up

# ---------------------------------------------------------------- MER-S1


@decides("MER-S1")
@words("MER-S1")
class S1Players:
    """MER-S1: 2 to 4 players, two colours each in the game of two and one otherwise, each
    a Meridian colour given to one seat; and whatever names a colour names one playing."""

    @dataclass(slots=True)
    class Absent(Fault):
        """``colour`` is not playing; ``named``: what names it, a "turn", a "deck", a
        "tower" on ``city`` or a "position"."""

        rule: ClassVar[RuleCode] = "MER-S1"
        colour: str
        named: str
        city: int

        def words(self, meridian: int, colour: str, who: str) -> str:
            if self.named == "turn":
                return f"{self.colour} is not playing in this game"
            if self.named == "deck":
                return f"a deck is given for {self.colour}, who is not playing"
            if self.named == "tower":
                return f"meridian {meridian}, city {self.city}: {self.colour} is not playing"
            return f"{self.colour} is not playing"

    @dataclass(slots=True)
    class Count(Fault):
        rule: ClassVar[RuleCode] = "MER-S1"
        count: int

        def words(self, meridian: int, colour: str, who: str) -> str:
            return f"Meridian is for 2 to 4 players, not {self.count}"

    @dataclass(slots=True)
    class Colours(Fault):
        rule: ClassVar[RuleCode] = "MER-S1"
        name: str
        want: int
        count: int
        got: int

        def words(self, meridian: int, colour: str, who: str) -> str:
            return (
                f"{self.name or 'a player'} must have {counted(self.want, 'colour')} in a "
                f"{self.count}-player game, not {self.got}"
            )

    @dataclass(slots=True)
    class Unknown(Fault):
        rule: ClassVar[RuleCode] = "MER-S1"
        colour: str

        def words(self, meridian: int, colour: str, who: str) -> str:
            return f"{self.colour!r} is not a Meridian colour ({', '.join(COLOURS)})"

    @dataclass(slots=True)
    class Twice(Fault):
        rule: ClassVar[RuleCode] = "MER-S1"
        colour: str

        def words(self, meridian: int, colour: str, who: str) -> str:
            return f"{self.colour} is given to two seats"

    @staticmethod
    def seats(groups: Sequence[tuple[str, ...]], names: Sequence[str] = ()) -> list[Fault]:
        """The players' colours ``groups`` (``names``: the players', for the message)."""
        count = len(groups)
        if not 2 <= count <= 4:
            return [S1Players.Count(count)]
        faults: list[Fault] = []
        seen: set[str] = set()
        want = 2 if count == 2 else 1
        for colours, name in zip(groups, names or ("",) * count, strict=True):
            if len(colours) != want:
                faults.append(S1Players.Colours(name, want, count, len(colours)))
            for one in colours:
                if one not in COLOURS:
                    faults.append(S1Players.Unknown(one))
                elif one in seen:
                    faults.append(S1Players.Twice(one))
                seen.add(one)
        return faults

    @staticmethod
    def playing(
        colour: str, playing: Collection[str], named: str = "turn", city: int = 0
    ) -> Fault | None:
        """``colour`` is one of the colours ``playing`` (see ``Absent``)."""
        return None if colour in playing else S1Players.Absent(colour, named, city)


# ---------------------------------------------------------------- MER-S2


@decides("MER-S2")
def s2_board_for_the_players(name: str, sides: Collection[int], count: int) -> Fault | None:
    """The board ``name`` is made for ``count`` players: one of its ``sides``."""
    return None if count in sides else BoardForOthers(name, tuple(sides), count)


@words("MER-S2")
@dataclass(slots=True)
class BoardForOthers(Fault):
    rule: ClassVar[RuleCode] = "MER-S2"
    name: str
    sides: tuple[int, ...]
    count: int

    def words(self, meridian: int, colour: str, who: str) -> str:
        counts = " or ".join(str(n) for n in self.sides)
        return f"board {self.name!r} is for {counts} players, not {self.count}"


# ---------------------------------------------------------------- MER-S3


@decides("MER-S3")
@words("MER-S3")
class S3PiecesAndDecks:
    """MER-S3: a colour has 20 pieces and a deck of the 13 cards."""

    @dataclass(slots=True)
    class Deck(Fault):
        """The deck order given for ``colour`` is not the 13 cards once each."""

        rule: ClassVar[RuleCode] = "MER-S3"
        colour: str

        def words(self, meridian: int, colour: str, who: str) -> str:
            return (
                f"the {self.colour} deck must list each of the 13 cards once "
                f"({', '.join(c.label for c in DECK)})"
            )

    @dataclass(slots=True)
    class Pieces(Fault):
        """``colour`` has ``pieces`` on the board: more than it has (``in_hand`` false),
        or not the rest in the hand a position gives it."""

        rule: ClassVar[RuleCode] = "MER-S3"
        colour: str
        pieces: int
        in_hand: bool

        def words(self, meridian: int, colour: str, who: str) -> str:
            named, pieces = self.colour, self.pieces
            if not self.in_hand:
                return (
                    f"{named} has {pieces} pieces on the board; "
                    f"a colour has only {PIECES_PER_COLOUR}"
                )
            rest = counted(max(PIECES_PER_COLOUR - pieces, 0), "piece")
            return (
                f"{named} must have {rest} in hand: "
                f"{pieces} of its {PIECES_PER_COLOUR} are on the board"
            )

    @staticmethod
    def deck(colour: str, deck: tuple[Card, ...]) -> Fault | None:
        """A ``deck`` order for ``colour`` lists each of the 13 cards once."""
        if sorted(deck, key=DECK.index) != list(DECK):
            return S3PiecesAndDecks.Deck(colour)
        return None

    @staticmethod
    def pieces(colour: str, pieces: int, hand: int | None = None) -> Fault | None:
        """``colour`` has no more than its 20 pieces on the board (``pieces``), and a
        ``hand`` given holds the rest."""
        rest = PIECES_PER_COLOUR - pieces
        if hand is None:
            return S3PiecesAndDecks.Pieces(colour, pieces, False) if rest < 0 else None
        return None if hand == rest else S3PiecesAndDecks.Pieces(colour, pieces, True)


# ---------------------------------------------------------------- MER-T1


@decides("MER-T1")
@words("MER-T1")
class T1TurnOrder:
    """MER-T1: the colours move in turn (with free turns, the players alternate, playing a
    card of either colour)."""

    @dataclass(slots=True)
    class OutOfTurn(Fault):
        """``mover`` moved when ``expected`` was to; ``named``: as a "turn" says, or as a
        "position"'s cards played say."""

        rule: ClassVar[RuleCode] = "MER-T1"
        named: str
        expected: str
        mover: str

        def words(self, meridian: int, colour: str, who: str) -> str:
            if self.named == "turn":
                return f"it is {self.expected}'s turn, not {self.mover}'s"
            return f"by the cards played, {self.expected} moves next, not {self.mover}"

    @dataclass(slots=True)
    class Apart(Fault):
        rule: ClassVar[RuleCode] = "MER-T1"

        def words(self, meridian: int, colour: str, who: str) -> str:
            return "the players' numbers of cards played are more than one apart"

    @dataclass(slots=True)
    class Ahead(Fault):
        rule: ClassVar[RuleCode] = "MER-T1"
        counts: tuple[tuple[str, int], ...]  # each colour in turn order, with its cards played

        def words(self, meridian: int, colour: str, who: str) -> str:
            return (
                "in turn order, no colour can have played more cards than one before it: "
                + ", ".join(f"{c} {n}" for c, n in self.counts)
            )

    @staticmethod
    def mover(state: Reading, colour: str, named: str = "turn") -> Fault | None:
        """``colour`` may move now (``named``: by a "turn", or by a "position" whose cards
        played say who is next). The first turn after a position that does not say who is
        next (``next_index`` -1) may be anyone's."""
        if state.next_index < 0:
            return None
        table = state.table
        movers = table.movers
        # (``expected`` narrows the seat's colours only with free turns)
        if colour in movers[state.next_index % len(movers)] and not table.seating.free_turns:
            return None
        expected = T1TurnOrder.expected(state)
        if colour in expected:
            return None
        return T1TurnOrder.OutOfTurn(named, " or ".join(expected), colour)

    @staticmethod
    def expected(state: Reading) -> tuple[str, ...]:
        """The colours that may play the next card: the seat's whose turn it is (by
        ``next_index``); with free turns, those of the player whose turn it is that have a
        card left (or all of them)."""
        table = state.table
        movers = table.movers
        colours = movers[state.next_index % len(movers)]
        if table.seating.free_turns:
            played, shift = state.played_bits, table.shift
            left = [c for c in colours if (played >> shift[c]) & ALL_CARDS != ALL_CARDS]
            return tuple(left) or colours
        return colours

    @staticmethod
    def cards_played(state: Reading) -> Fault | None:
        """The cards a position lists as played fit turn order: each colour (with free
        turns, each player) at most one card ahead of those after it."""
        if state.free_turns:
            totals = [sum(len(state.played[c]) for c in p.colours) for p in state.players]
            return T1TurnOrder.Apart() if abs(totals[0] - totals[1]) > 1 else None
        counts = [len(state.played[c]) for c in state.rotation]
        if max(counts) - min(counts) > 1 or counts != sorted(counts, reverse=True):
            return T1TurnOrder.Ahead(tuple(zip(state.rotation, counts, strict=True)))
        return None


# ---------------------------------------------------------------- MER-T2


@decides("MER-T2")
@words("MER-T2")
class T2CardsOnce:
    """MER-T2: a colour plays each of its cards once, and a player's towers each took a
    card. ``played`` and ``bit`` are cards as a state keeps them: a bit per card."""

    @dataclass(slots=True)
    class Again(Fault):
        """Card ``label`` played again (``listed``: listed twice by a position)."""

        rule: ClassVar[RuleCode] = "MER-T2"
        label: str
        listed: bool = False

        def words(self, meridian: int, colour: str, who: str) -> str:
            if self.listed:
                return f"{colour} card {self.label} is listed twice"
            return f"{colour} has already played card {self.label}"

    @dataclass(slots=True)
    class AllPlayed(Fault):
        rule: ClassVar[RuleCode] = "MER-T2"

        def words(self, meridian: int, colour: str, who: str) -> str:
            return f"{colour} has played all 13 of its cards"

    @dataclass(slots=True)
    class TowersWithoutCards(Fault):
        rule: ClassVar[RuleCode] = "MER-T2"
        towers: int
        cards: int

        def words(self, meridian: int, colour: str, who: str) -> str:
            return (
                f"{who} has {counted(self.towers, 'tower')} on the board "
                f"but has played only {counted(self.cards, 'card')}"
            )

    @staticmethod
    def again(played: int, bit: int, card: Card) -> Fault | None:
        """The card of a turn (``bit`` among the cards ``played``) was not played before."""
        return T2CardsOnce.Again(card.label) if played & bit else None

    @staticmethod
    def listed(played: int, bit: int, card: Card) -> Fault | None:
        """A card a position lists as played is not listed before it."""
        return T2CardsOnce.Again(card.label, listed=True) if played & bit else None

    @staticmethod
    def card_left(played: int) -> Fault | None:
        """The mover has a card left (``played``: the bits of its cards played)."""
        return T2CardsOnce.AllPlayed() if played == ALL_CARDS else None

    @staticmethod
    def towers(towers: int, cards: int) -> Fault | None:
        """A player with ``towers`` on the board has played as many ``cards``."""
        return None if towers <= cards else T2CardsOnce.TowersWithoutCards(towers, cards)


# ---------------------------------------------------------------- MER-T4


@decides("MER-T4")
def t4_card_allows(card: Card, meridian: int, skip: Skip | None) -> Fault | None:
    """A turn plays on a meridian its card allows; a pass or stuck (``skip``) on a group
    card need not name one (``meridian`` 0)."""
    if meridian in card.numbers or (not meridian and skip is not None):
        return None
    return CardDisallows(card.label, meridian)


@words("MER-T4")
@dataclass(slots=True)
class CardDisallows(Fault):
    rule: ClassVar[RuleCode] = "MER-T4"
    label: str
    number: int

    def words(self, meridian: int, colour: str, who: str) -> str:
        return f"card {self.label} does not allow meridian {self.number}"


# ---------------------------------------------------------------- MER-T3


@decides("MER-T3")
def t3_card_face_up(table: Table, played_bits: int, colour: str, card: Card) -> Fault | None:
    """When ``colour``'s deck order is known, ``card`` is one of its two face-up cards."""
    cards = face_up(table, played_bits, colour)
    if cards is not None and card not in cards:
        return NotFaceUp(card.label, tuple([up.label for up in cards]))
    return None


@words("MER-T3")
@dataclass(slots=True)
class NotFaceUp(Fault):
    rule: ClassVar[RuleCode] = "MER-T3"
    label: str
    up: tuple[str, ...]

    def words(self, meridian: int, colour: str, who: str) -> str:
        return (
            f"card {self.label} is not face up for {colour}; the face-up cards are "
            + " and ".join(self.up)
        )


# ---------------------------------------------------------------- MER-E1


@decides("MER-E1")
def e1_no_turn_after_the_end(played_bits: int, all_played: int) -> Fault | None:
    """A turn comes before every card is played (``all_played``, as the table has it)."""
    return GameOver() if played_bits == all_played else None


@words("MER-E1")
@dataclass(slots=True)
class GameOver(Fault):
    rule: ClassVar[RuleCode] = "MER-E1"

    def words(self, meridian: int, colour: str, who: str) -> str:
        return "the game is over: every card has been played"
