"""The bridge from a record's text objects to Meridian's domain objects, and back."""

from __future__ import annotations

from typing import Final

from meridina.rules.common import Place, Problem
from meridina.rules.meridian.model import (
    CARDS_BY_LABEL,
    COLOURS,
    MERIDIANS,
    RULING_NAMES,
    Build,
    Card,
    PlacedTower,
    Player,
    Rulings,
    Setup,
    Skip,
    StartPosition,
    TakeOff,
    Tower,
    Turn,
)
from meridina.rules.numbers import is_digits, number_fault, read_number, too_large_message

from .tagvalues import TAG_RULE, parts, read_result, read_rulings
from .text import EntryText, GameText, TurnText, Word
from .turns import GameRecord, TurnEntry, read_turns

TURN_RULE: Final = "REC-3"
POSITION_RULE: Final = "REC-5"

DEFAULT_BOARDS = {2: "five-city", 3: "four-city", 4: "five-city"}


MeridianRecord = GameRecord[Setup, Turn]


def read_record(game: GameText) -> MeridianRecord:
    """Give a game's text its Meridian meaning; notation faults become problems."""
    problems: list[Problem] = []
    setup = _read_setup(game, problems)
    return MeridianRecord(game, setup, tuple(problems), read_turns(game.turns, read_turn))


# ---------------------------------------------------------------- header


def _read_setup(game: GameText, problems: list[Problem]) -> Setup | None:
    players_tag = game.tag("Players")
    if players_tag is None:
        problems.append(
            Problem(
                TAG_RULE,
                'the Players tag is missing: [Players "Ann orange; Ben black; Cy grey"]',
                game.at,
            )
        )
        return None
    players = []
    for text, _ in parts(players_tag, ";"):
        words = text.split()
        colours = tuple(w.lower() for w in words if w.lower() in COLOURS)
        name = " ".join(w for w in words if w.lower() not in COLOURS)
        if not colours:
            colours = (words[-1].lower(),)
            name = " ".join(words[:-1])
        players.append(Player(name, colours))
    board_tag = game.tag("Board")
    board = board_tag.value.strip() if board_tag else DEFAULT_BOARDS.get(len(players), "five-city")
    rulings = _read_rulings(game, problems)
    decks = _read_decks(game, problems)
    result_tag = game.tag("Result")
    result = read_result(result_tag, problems)
    position = _read_position(game, problems)
    return Setup(
        players=tuple(players),
        board=board,
        rulings=rulings,
        decks=decks,
        position=position,
        result=result,
        players_at=players_tag.value_at,
        board_at=board_tag.value_at if board_tag else game.at,
        result_at=result_tag.value_at if result_tag else None,
    )


def _read_rulings(game: GameText, problems: list[Problem]) -> Rulings:
    return Rulings(**read_rulings(game.tag("Rulings"), RULING_NAMES, problems))


def _read_decks(
    game: GameText, problems: list[Problem]
) -> dict[str, tuple[tuple[Card, ...], Place | None]]:
    tag = game.tag("Decks")
    if tag is None:
        return {}
    decks: dict[str, tuple[tuple[Card, ...], Place | None]] = {}
    for text, at in parts(tag, ";"):
        colour, *labels = text.split()
        cards = []
        for label in labels:
            card = CARDS_BY_LABEL.get(label)
            if card is None:
                problems.append(Problem(TAG_RULE, f"{label!r} is not a Meridian card", at))
            else:
                cards.append(card)
        decks[colour.lower()] = (tuple(cards), at)
    return decks


# ---------------------------------------------------------------- position


def _read_position(game: GameText, problems: list[Problem]) -> StartPosition | None:
    section = game.position
    if section is None:
        return None
    towers: list[PlacedTower] = []
    hands: dict[str, tuple[int, Place | None]] = {}
    played: dict[str, tuple[tuple[Card, Place | None], ...]] | None = None
    to_move: tuple[str, Place | None] | None = None
    colour_at: dict[str, Place] = {}
    for entry in section.entries:
        key = entry.key.text.lower()
        number = key[1:] if key.startswith("m") else key
        if is_digits(number):
            meridian = read_number(number)
            if meridian is None:
                problems.append(Problem(POSITION_RULE, too_large_message(number), entry.key.at))
            else:
                towers.extend(_read_towers(entry, meridian, problems))
        elif key == "hand":
            for colour, count in _pairs(entry, "number", problems):
                pieces = read_number(count.text)
                if pieces is not None:
                    hands[colour.text.lower()] = (pieces, count.at)
                    colour_at.setdefault(colour.text.lower(), colour.at)
                else:
                    message = number_fault(count.text, "a hand is a number of pieces")
                    problems.append(Problem(POSITION_RULE, message, count.at))
        elif key == "played":
            played = dict(_read_played(entry, problems))
            for word in entry.words:
                if word.kind == "word":
                    colour_at.setdefault(word.text.lower(), word.at)
        elif key == "next":
            words = entry.words
            if len(words) != 1 or words[0].kind != "word":
                problems.append(
                    Problem(POSITION_RULE, "next: names the colour to move", entry.key.at)
                )
            else:
                to_move = (words[0].text.lower(), words[0].at)
        else:
            problems.append(
                Problem(
                    POSITION_RULE,
                    f"unknown position entry {entry.key.text!r}: use a meridian number (1: to "
                    "10:), hand:, played: or next:",
                    entry.key.at,
                )
            )
    return StartPosition(tuple(towers), hands, played, to_move, section.at, colour_at)


def _pairs(entry: EntryText, kind: str, problems: list[Problem]) -> list[tuple[Word, Word]]:
    words = entry.words
    pairs = []
    for index in range(0, len(words), 2):
        colour = words[index]
        if colour.kind != "word" or index + 1 >= len(words) or words[index + 1].kind != kind:
            problems.append(
                Problem(
                    POSITION_RULE,
                    f"{entry.key.text}: write a colour, then its "
                    + ("tower as HEIGHT@CITY" if kind == "place" else "count"),
                    colour.at,
                )
            )
            break
        pairs.append((colour, words[index + 1]))
    return pairs


def _read_towers(entry: EntryText, meridian: int, problems: list[Problem]) -> list[PlacedTower]:
    if not 1 <= meridian <= MERIDIANS:
        problems.append(Problem("MER-R5", f"there is no meridian {meridian}", entry.key.at))
        return []
    towers = []
    for colour, place in _pairs(entry, "place", problems):
        height_text, _, city_text = place.text.partition("@")
        height, city = read_number(height_text), read_number(city_text)
        if height is None or city is None:
            wrong = height_text if height is None else city_text
            message = number_fault(wrong, "a tower is written HEIGHT@CITY, as 3@2")
            problems.append(Problem(POSITION_RULE, message, place.at))
            continue
        towers.append(PlacedTower(meridian, city, Tower(colour.text.lower(), height), colour.at))
    return towers


def _read_played(
    entry: EntryText, problems: list[Problem]
) -> list[tuple[str, tuple[tuple[Card, Place | None], ...]]]:
    result: list[tuple[str, list[tuple[Card, Place | None]]]] = []
    for word in entry.words:
        if word.kind == "word":
            result.append((word.text.lower(), []))
        elif not result:
            problems.append(Problem(POSITION_RULE, "played: starts with a colour", word.at))
        else:
            card = CARDS_BY_LABEL.get(word.text)
            if card is None:
                problems.append(
                    Problem(POSITION_RULE, f"{word.text!r} is not a Meridian card", word.at)
                )
            else:
                result[-1][1].append((card, word.at))
    return [(colour, tuple(cards)) for colour, cards in result]


# ---------------------------------------------------------------- turns


def read_turn(text: TurnText) -> TurnEntry[Turn]:
    """``orange 4-5-6-7/6: x 2@4`` -> a Turn; a fault gives a problem instead."""
    words = text.words
    if not words or words[0].kind != "word":
        return _bad(text, "a turn starts with the colour that plays, as '12. orange 7: 3@2'", None)
    colour_word = words[0]
    colour = colour_word.text.lower()
    if len(words) < 2 or words[1].kind != "key":
        at = words[1].at if len(words) > 1 else colour_word.at
        return _bad(
            text,
            "the colour is followed by the card played and a colon, as 'orange 7:'",
            colour,
            at,
        )
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
                number_fault(chosen, "after the slash comes the meridian chosen, as 4-5-6-7/6"),
                colour,
                card_word.at,
            )
        meridian = chosen_number
    actions = words[2:]
    take_off: TakeOff | None = None
    build: Build | None = None
    skip: Skip | None = None
    pending_colour: Word | None = None
    for word in actions:
        lowered = word.text.lower()
        if word.kind == "word" and lowered in ("pass", "stuck") and not (take_off or build or skip):
            skip = Skip(lowered)
        elif word.kind == "word" and lowered == "x" and not (take_off or build or skip):
            take_off = TakeOff(None, word.at)
        elif word.kind == "place" and lowered.startswith("x@") and not (take_off or build or skip):
            city_number = read_number(lowered[2:])
            if city_number is None:
                message = number_fault(lowered[2:], "take a tower off as x or x@CITY")
                return _bad(text, message, colour, word.at)
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
                message = number_fault(wrong, "a tower is written HEIGHT@CITY, as 3@2")
                return _bad(text, message, colour, word.at)
            tower_colour = pending_colour.text.lower() if pending_colour else None
            build = Build(
                height,
                city,
                tower_colour if tower_colour != colour else None,
                pending_colour.at if pending_colour else word.at,
            )
        else:
            return _bad(text, f"{word.text!r} does not belong here", colour, word.at)
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


def _bad(
    text: TurnText, message: str, colour: str | None, at: Place | None = None
) -> TurnEntry[Turn]:
    return TurnEntry(text, None, (Problem(TURN_RULE, message, at or text.at),), colour)
