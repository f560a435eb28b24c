"""One Meridian turn's words: ``orange 4-5-6-7/6: x 2@4`` and the faults in them."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Final

from meridina.rules.common import Fix, Place
from meridina.rules.meridian.model import CARDS_BY_LABEL, COLOURS, Build, Skip, TakeOff, Turn
from meridina.rules.numbers import is_digits, number_fault, read_number

from ..kept import memory, remember
from ..slips import Slip, later, turn_fault
from ..suggest import did_you_mean, name_for_colour, name_message, nearest, sure_fix
from ..text import LaidOut, TurnText, Word
from ..turns import TurnEntry


def read_turn(text: TurnText, players: Sequence[tuple[str, Sequence[str]]] = ()) -> TurnEntry[Turn]:
    """``orange 4-5-6-7/6: x 2@4`` -> a Turn; a fault gives a problem instead.

    ``players`` (names and colours) lets a player's name in place of a colour be explained.
    """
    return turn_reader(players)(text)


def turn_reader(
    players: Sequence[tuple[str, Sequence[str]]],
) -> Callable[[TurnText], TurnEntry[Turn]]:
    """``read_turn`` for the turns of one game."""

    plans = _PLANS

    def read(text: TurnText) -> TurnEntry[Turn]:
        laid = text.laid_out()
        if laid is not None:
            plan = plans.get(laid[2])
            if plan is not None:
                return plan(text, laid[0], laid[1])
        entry = _read(text, players)
        if laid is not None and entry.turn is not None and not entry.problems:
            _remember(laid, entry.turn)
        return entry

    return read


# What a turn body that reads without a fault means, made again for each turn of that body
# with that turn's places: a ``_Plan`` is given the turn as written, its line and the column
# its body starts at. It keeps all that the turn means but its places, and keeps these as
# offsets in the body; it has one of four shapes (a build, a take-off, both, a pass or
# stuck), so that a turn makes only the values it holds.
# Keyed by the body as written, which fixes its words; the players play no part in a turn
# that reads well. Bounded (see ``kept``).
_Plan = Callable[[TurnText, int, int], TurnEntry[Turn]]
_PLANS: dict[str, _Plan] = memory()
_KEPT_PLANS: Final = 4096


def _remember(laid: LaidOut, turn: Turn) -> None:
    line, col, body, _ = laid
    take_off, build = turn.take_off, turn.build
    places = [turn.colour_at, turn.card_at]
    places += [part.at for part in (take_off, build) if part is not None]
    # an offset in the body is never negative: -1 stands for a place off the turn's line
    offsets = [-1 if at is None or at.line != line else at.col - col for at in places]
    if -1 in offsets:
        return  # each place is kept as an offset on the turn's line
    remember(_PLANS, body, _plan(turn, offsets), _KEPT_PLANS)


def _plan(turn: Turn, offsets: list[int]) -> _Plan:
    """The plan of a turn read well, whose places lie at ``offsets`` in its body: the
    colour's, the card's, then the take-off's and the build's when it has them."""
    colour, card, meridian, take_off, build = (
        turn.colour,
        turn.card,
        turn.meridian,
        turn.take_off,
        turn.build,
    )
    at, card_at = offsets[0], offsets[1]
    if take_off is None and build is None:
        skip = turn.skip

        def skips(text: TurnText, line: int, col: int) -> TurnEntry[Turn]:
            turn = Turn(
                colour,
                card,
                meridian,
                None,
                None,
                skip,
                text.number,
                text.at,
                Place(line, col + at),
                Place(line, col + card_at),
            )
            return TurnEntry(text, turn, (), colour)

        return skips
    if take_off is not None and build is None:
        city, off_at = take_off.city, offsets[2]

        def takes_off(text: TurnText, line: int, col: int) -> TurnEntry[Turn]:
            turn = Turn(
                colour,
                card,
                meridian,
                TakeOff(city, Place(line, col + off_at)),
                None,
                None,
                text.number,
                text.at,
                Place(line, col + at),
                Place(line, col + card_at),
            )
            return TurnEntry(text, turn, (), colour)

        return takes_off
    assert build is not None  # (each shape without a build is made above)
    height, built, tower, build_at = build.height, build.city, build.colour, offsets[-1]
    if take_off is None:

        def builds(text: TurnText, line: int, col: int) -> TurnEntry[Turn]:
            turn = Turn(
                colour,
                card,
                meridian,
                None,
                Build(height, built, tower, Place(line, col + build_at)),
                None,
                text.number,
                text.at,
                Place(line, col + at),
                Place(line, col + card_at),
            )
            return TurnEntry(text, turn, (), colour)

        return builds
    city, off_at = take_off.city, offsets[2]

    def moves(text: TurnText, line: int, col: int) -> TurnEntry[Turn]:
        turn = Turn(
            colour,
            card,
            meridian,
            TakeOff(city, Place(line, col + off_at)),
            Build(height, built, tower, Place(line, col + build_at)),
            None,
            text.number,
            text.at,
            Place(line, col + at),
            Place(line, col + card_at),
        )
        return TurnEntry(text, turn, (), colour)

    return moves


def _read(text: TurnText, players: Sequence[tuple[str, Sequence[str]]]) -> TurnEntry[Turn]:
    words = text.words
    if not words or words[0].kind != "word":
        return _bad(text, "a turn starts with the colour that plays, as '12. orange 7: 3@2'", None)
    colour_word = words[0]
    colour = colour_word.text.lower()
    if colour not in COLOURS:
        return _not_a_colour(text, players)
    if len(words) < 2 or words[1].kind != "key":
        at = words[1].at if len(words) > 1 else colour_word.at
        message = "the colour is followed by the card played and a colon, as 'orange 7:'"
        if len(words) > 1 and words[1].kind == "number":
            message = f"write a colon after the card: '{colour} {words[1].text}:'"
        return _bad(text, message, colour, at)
    card_word = words[1]
    label, slash, chosen = card_word.text.partition("/")
    card = CARDS_BY_LABEL.get(label)
    if card is None:
        return _bad(
            text,
            f"{label!r} is not a Meridian card (1 to 10, 1-2-3, 4-5-6-7, 8-9-10)",
            colour,
            card_word.at,
        )
    meridian = card.numbers[0] if not card.is_group else 0
    if slash:
        chosen_number = read_number(chosen)
        if chosen_number is None:
            return _bad(
                text,
                later(
                    number_fault, chosen, "after the slash comes the meridian chosen, as 4-5-6-7/6"
                ),
                colour,
                card_word.at,
            )
        meridian = chosen_number
    actions = words[2:]
    take_off: TakeOff | None = None
    build: Build | None = None
    skip: Skip | None = None
    pending_colour: Word | None = None
    for index, word in enumerate(actions):
        lowered = word.text.lower()
        if word.kind == "word" and lowered in ("pass", "stuck") and not (take_off or build or skip):
            skip = Skip(lowered)
        elif word.kind == "word" and lowered == "x" and not (take_off or build or skip):
            take_off = TakeOff(None, word.at)
        elif word.kind == "place" and lowered.startswith("x@") and not (take_off or build or skip):
            city_number = read_number(lowered[2:])
            if city_number is None:
                said = later(number_fault, lowered[2:], "take a tower off as x or x@CITY")
                return _bad(text, said, colour, word.at)
            take_off = TakeOff(city_number, word.at)
        elif (
            word.kind == "word"
            and lowered in COLOURS
            and pending_colour is None
            and not build
            and not skip
        ):
            pending_colour = word
        elif word.kind == "place" and is_digits(word.text[:1]) and not build and not skip:
            height_text, _, city_text = word.text.partition("@")
            height, city = read_number(height_text), read_number(city_text)
            if height is None or city is None:
                wrong = height_text if height is None else city_text
                said = later(number_fault, wrong, "a tower is written HEIGHT@CITY, as 3@2")
                return _bad(text, said, colour, word.at)
            tower_colour = pending_colour.text.lower() if pending_colour else None
            build = Build(
                height,
                city,
                tower_colour if tower_colour != colour else None,
                pending_colour.at if pending_colour else word.at,
            )
        else:
            following = actions[index + 1] if index + 1 < len(actions) else None
            fix = _word_fix(word)
            return _bad(text, later(_out_of_place, word, following), colour, word.at, fix)
    if pending_colour is not None and build is None:
        return _bad(
            text,
            "a tower colour must be followed by the tower, as 'black 3@2'",
            colour,
            pending_colour.at,
        )
    if not (take_off or build or skip):
        at = card_word.at
        return _bad(
            text, "say what the card did: HEIGHT@CITY, x, x HEIGHT@CITY, pass or stuck", colour, at
        )
    if meridian == 0 and skip is None:
        return _bad(
            text,
            f"card {card.label} is a group card: name the meridian chosen, "
            f"as {card.label}/{card.numbers[0]}",
            colour,
            card_word.at,
        )
    turn = Turn(
        colour,
        card,
        meridian,
        take_off,
        build,
        skip,
        text.number,
        text.at,
        colour_word.at,
        card_word.at,
    )
    return TurnEntry(text, turn, (), colour)


_ACTION_WORDS = ("pass", "stuck", "x", *COLOURS)
_TWO_NUMBERS = re.compile(r"([0-9]+)-([0-9]+)")


def _not_a_colour(text: TurnText, players: Sequence[tuple[str, Sequence[str]]]) -> TurnEntry[Turn]:
    """A turn's first word is not a colour: a player's name, a misspelling, or neither."""
    word = text.words[0]
    named = name_for_colour(word.text, players)
    if named is not None:
        name, colours = named
        said = later(name_message, text.number, name, colours, text.words[1:])
        return _bad(text, said, colours[0], word.at)
    guess = nearest(word.text, COLOURS)
    if guess is not None:
        message = f"{word.text!r} is not a colour; did you mean {guess!r}?"
        return _bad(text, message, guess, word.at, sure_fix(word, COLOURS))
    known = ", ".join(COLOURS)
    message = f"{word.text!r} is not a colour: a turn starts with the colour that plays ({known})"
    return _bad(text, message, None, word.at)


def _out_of_place(word: Word, following: Word | None) -> str:
    """Why a word of a turn's action cannot be read, with the form meant where it is clear."""
    if word.kind == "number" and following is not None and following.text.startswith("@"):
        return f"write HEIGHT@CITY without a space: {word.text}{following.text}"
    pair = _TWO_NUMBERS.fullmatch(word.text) if word.kind == "number" else None
    if pair is not None:
        return f"a tower is written HEIGHT@CITY: {pair.group(1)}@{pair.group(2)}"
    if word.kind == "place" and word.text.startswith("@"):
        return f"a tower is written HEIGHT@CITY, as 3{word.text}"
    hint = ""
    if word.kind == "word" and word.text.lower() not in _ACTION_WORDS:
        hint = did_you_mean(word.text, _ACTION_WORDS)
    return f"{word.text!r} does not belong here{hint}"


def _word_fix(word: Word) -> Fix | None:
    """The mend of a misspelt action word (pass, stuck, x, a colour), when one is sure."""
    if word.kind != "word" or word.text.lower() in _ACTION_WORDS:
        return None
    return sure_fix(word, _ACTION_WORDS)


def _bad(
    text: TurnText,
    message: str | Slip,
    colour: str | None,
    at: Place | None = None,
    fix: Fix | None = None,
) -> TurnEntry[Turn]:
    return TurnEntry(text, None, (turn_fault(message, at or text.at, fix=fix),), colour)
