"""One Meridian turn's words: ``orange 4-5-6-7/6: x 2@4`` and the faults in them."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Final

from meridina.rules.common import Fix, Place
from meridina.rules.meridian.model import CARDS_BY_LABEL, COLOURS, Build, Card, Skip, TakeOff, Turn
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

    plans, new_place, new_turn = _PLANS, Place, Turn

    def read(text: TurnText) -> TurnEntry[Turn]:
        laid = text.laid_out()
        if laid is None:
            return _read(text, players)
        line, col, body, _ = laid
        plan = plans.get(body)
        if plan is None:
            entry = _read(text, players)
            if entry.turn is not None and not entry.problems:
                _remember(laid, entry.turn)
            return entry
        # the turn a body read before means, with this turn's places
        colour, card, meridian, skip, city, off_at, height, built, tower, build_at, at, card_at = (
            plan
        )
        turn = new_turn(
            colour,
            card,
            meridian,
            None if off_at < 0 else TakeOff(city, new_place(line, col + off_at)),
            None if build_at < 0 else Build(height, built, tower, new_place(line, col + build_at)),
            skip,
            text.number,
            text.at,
            new_place(line, col + at),
            new_place(line, col + card_at),
        )
        return TurnEntry(text, turn, (), colour)

    return read


# What a turn body that reads without a fault means, all but its places, which are kept as
# offsets in the body: (colour, card, meridian, skip, take-off city, take-off offset, build
# height, city, colour, offset, colour offset, card offset); -1 where there is no take-off
# or no build.
# Keyed by the body as written, which fixes its words; the players play no part in a turn
# that reads well. Bounded (see ``kept``).
_Plan = tuple[str, Card, int, Skip | None, int | None, int, int, int, str | None, int, int, int]
_PLANS: dict[str, _Plan] = memory()
_KEPT_PLANS: Final = 4096


def _remember(laid: LaidOut, turn: Turn) -> None:
    line, col, body, _ = laid

    def offset(at: Place | None) -> int:
        return -1 if at is None else at.col - col

    take_off, build = turn.take_off, turn.build
    places = [turn.colour_at, turn.card_at]
    places += [part.at for part in (take_off, build) if part is not None]
    if any(place is None or place.line != line for place in places):
        return  # each place is kept as an offset on the turn's line
    plan: _Plan = (
        turn.colour,
        turn.card,
        turn.meridian,
        turn.skip,
        take_off.city if take_off else None,
        offset(take_off.at) if take_off else -1,
        build.height if build else -1,
        build.city if build else -1,
        build.colour if build else None,
        offset(build.at) if build else -1,
        offset(turn.colour_at),
        offset(turn.card_at),
    )
    remember(_PLANS, body, plan, _KEPT_PLANS)


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
