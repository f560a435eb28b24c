"""The bridge from a record's text objects to Medina's domain objects."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from meridina.rules.common import Place, Problem
from meridina.rules.medina.model import (
    NEUTRAL,
    PIECE_WORDS,
    RULING_NAMES,
    Cell,
    Kind,
    Placement,
    Player,
    Rulings,
    Setup,
    StartPosition,
    Turn,
    parse_cell,
)
from meridina.rules.numbers import number_fault, read_number

from .suggest import did_you_mean, name_for_colour, name_message, nearest
from .tagvalues import COMMON_TAGS, TAG_RULE, parts, read_result, read_rulings, read_tag_names
from .text import EntryText, GameText, TurnText, Word
from .turns import GameRecord, TurnEntry, read_turns

TURN_RULE: Final = "REC-3"
POSITION_RULE: Final = "REC-5"
TAGS = (*COMMON_TAGS, "Edition", "Setup", "Options")

# Building colours in both editions' names: the bridge needs them before the edition loads.
COLOUR_WORDS = {
    "grey": "grey", "black": "black", "brown": "brown", "orange": "orange",
    "white": "grey", "purple": "black", "maroon": "brown",
}  # fmt: skip


MedinaRecord = GameRecord[Setup, Turn]


def read_record(game: GameText) -> MedinaRecord:
    """Give a game's text its Medina meaning; notation faults become problems."""
    problems: list[Problem] = []
    game = read_tag_names(game, TAGS, problems)
    setup = _read_setup(game, problems)
    seats = [(player.name, (player.colour,)) for player in setup.players] if setup else []
    entries = read_turns(game.turns, lambda text: read_turn(text, seats))
    return MedinaRecord(game, setup, tuple(problems), entries)


# ---------------------------------------------------------------- header


def _read_setup(game: GameText, problems: list[Problem]) -> Setup | None:
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
        position=_read_position(game, problems),
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


# ---------------------------------------------------------------- position


def _cells(entry: EntryText, problems: list[Problem]) -> list[tuple[Cell, Place]]:
    found = []
    for word in entry.words:
        cell = parse_cell(word.text) if word.kind == "word" else None
        if cell is None:
            problems.append(Problem(POSITION_RULE, _not_a_field(word.text), word.at))
        else:
            found.append((cell, word.at))
    return found


def _pairs(entry: EntryText, problems: list[Problem]) -> list[tuple[Word, Word]]:
    words = entry.words
    if len(words) % 2:
        problems.append(Problem(POSITION_RULE, f"{entry.key.text}: write pairs", entry.key.at))
    return [(words[i], words[i + 1]) for i in range(0, len(words) - 1, 2)]


def _read_position(game: GameText, problems: list[Problem]) -> StartPosition | None:
    section = game.position
    if section is None:
        return None
    buildings: list[tuple[str, Cell, Place | None]] = []
    stables: list[tuple[Cell, Place | None]] = []
    merchants: list[tuple[Cell, Place | None]] = []
    merchant_entries: list[int] = []
    walls: list[tuple[Cell, Place | None]] = []
    roofs: list[tuple[str, Cell, Place | None]] = []
    palace_tiles: dict[str, tuple[str | None, Place | None]] = {}
    tower_tiles: dict[int, tuple[str | None, Place | None]] = {}
    tea: dict[str, tuple[int, Place | None]] = {}
    to_move: tuple[str, Place | None] | None = None
    for entry in section.entries:
        key = entry.key.text.lower()
        if key in COLOUR_WORDS:
            buildings.extend((COLOUR_WORDS[key], c, at) for c, at in _cells(entry, problems))
        elif key in ("stables", "stable"):
            stables.extend(_cells(entry, problems))
        elif key in ("merchants", "merchant"):
            # Each entry is kept apart: a street that touches an older one goes on its own line.
            street = _cells(entry, problems)
            merchants.extend(street)
            merchant_entries.append(len(street))
        elif key in ("walls", "wall"):
            walls.extend(_cells(entry, problems))
        elif key in ("roofs", "roof"):
            for word in entry.words:
                owner, _, where = word.text.partition("@")
                cell = parse_cell(where) if word.kind == "place" else None
                if cell is None:
                    problems.append(
                        Problem(POSITION_RULE, "a roof is written OWNER@FIELD, as red@E5", word.at)
                    )
                else:
                    roofs.append((owner.lower(), cell, word.at))
        elif key == "palace-tiles":
            for colour, holder in _pairs(entry, problems):
                name = COLOUR_WORDS.get(colour.text.lower())
                if name is None:
                    problems.append(
                        Problem(
                            POSITION_RULE, f"{colour.text!r} is not a building colour", colour.at
                        )
                    )
                else:
                    who = holder.text.lower()
                    palace_tiles[name] = (None if who in ("nobody", NEUTRAL) else who, holder.at)
        elif key == "tower-tiles":
            for number, holder in _pairs(entry, problems):
                tower = read_number(number.text)
                if tower is None:
                    usual = "tower-tiles: a tower number, then its holder"
                    problems.append(
                        Problem(POSITION_RULE, number_fault(number.text, usual), number.at)
                    )
                else:
                    who = holder.text.lower()
                    tower_tiles[tower] = (
                        None if who in ("nobody", NEUTRAL) else who,
                        holder.at,
                    )
        elif key == "tea":
            for player, count in _pairs(entry, problems):
                tiles = read_number(count.text)
                if tiles is None:
                    usual = "tea: a player, then a number of tiles"
                    problems.append(
                        Problem(POSITION_RULE, number_fault(count.text, usual), count.at)
                    )
                else:
                    tea[player.text.lower()] = (tiles, player.at)
        elif key == "next" and len(entry.words) == 1:
            to_move = (entry.words[0].text.lower(), entry.words[0].at)
        else:
            problems.append(
                Problem(
                    POSITION_RULE,
                    f"unknown position entry {entry.key.text!r}: use a building colour, stables:, "
                    "merchants:, walls:, roofs:, palace-tiles:, tower-tiles:, tea: or next:",
                    entry.key.at,
                )
            )
    return StartPosition(
        tuple(buildings), tuple(stables), tuple(merchants), tuple(walls), tuple(roofs),
        palace_tiles, tower_tiles, tea, to_move, section.at, tuple(merchant_entries),
    )  # fmt: skip


# ---------------------------------------------------------------- turns


def read_turn(text: TurnText, players: Sequence[tuple[str, Sequence[str]]] = ()) -> TurnEntry[Turn]:
    """``red orange@E5 roof@E6`` -> a Turn; a fault gives a problem instead.

    ``players`` (names and roof colours) lets a misnamed player be explained.
    """
    words = text.words
    if not words or words[0].kind != "word":
        return _bad(
            text, "a turn starts with the player's colour, as '3. red orange@E5 wall@B1'", None
        )
    player_word = words[0]
    player = player_word.text.lower()
    colours = [colour for _, (colour, *_) in players]
    if players and player not in colours:
        misnamed = _not_a_player(text, players, colours)
        if misnamed is not None:
            return misnamed
    placements: list[Placement] = []
    passed = False
    for index, word in enumerate(words[1:], start=1):
        lowered = word.text.lower()
        if word.kind == "word" and lowered == "pass" and not placements and not passed:
            passed = True
        elif word.kind == "word" and lowered == "tea" and not passed:
            placements.append(Placement(Kind.TEA, at=word.at))
        elif word.kind == "place" and not passed:
            piece, _, where = lowered.partition("@")
            cell = parse_cell(where)
            if cell is None:
                return _bad(text, _not_a_field(where), player, word.at)
            if piece in COLOUR_WORDS:
                placements.append(Placement(Kind.BUILDING, cell, COLOUR_WORDS[piece], word.at))
            elif piece in PIECE_WORDS:
                placements.append(Placement(PIECE_WORDS[piece], cell, None, word.at))
            elif not piece:
                return _bad(
                    text, f"a piece is written PIECE@FIELD, as orange{word.text}", player, word.at
                )
            else:
                guess = nearest(piece, _PIECE_NAMES)
                known = "a building colour, roof, neutral, stable, merchant or wall"
                message = (
                    f"{piece!r} is not a piece; did you mean {guess!r}?"
                    if guess
                    else f"{piece!r} is not a piece: write {known}, then @FIELD"
                )
                return _bad(text, message, player, word.at)
        else:
            following = words[index + 1] if index + 1 < len(words) else None
            return _bad(text, _out_of_place(word, following), player, word.at)
    if not placements and not passed:
        return _bad(
            text, "say what the turn placed (PIECE@FIELD, tea) or pass", player, player_word.at
        )
    turn = Turn(player, tuple(placements), passed, text.number, text.at, player_word.at)
    return TurnEntry(text, turn, (), player)


_PIECE_NAMES = (*COLOUR_WORDS, *PIECE_WORDS)


def _not_a_player(
    text: TurnText, players: Sequence[tuple[str, Sequence[str]]], colours: Sequence[str]
) -> TurnEntry[Turn] | None:
    """A player's name or a misspelt roof colour where the turn names the player."""
    word = text.words[0]
    named = name_for_colour(word.text, players)
    if named is not None:
        name, roof = named
        return _bad(text, name_message(text.number, name, roof, text.words[1:]), roof[0], word.at)
    guess = nearest(word.text, colours)
    if guess is None:
        return None  # a stranger: the rules say who is not playing (MED-S1)
    message = f"{word.text!r} is not a player's colour; did you mean {guess!r}?"
    return _bad(text, message, guess, word.at)


def _out_of_place(word: Word, following: Word | None) -> str:
    """Why a word of a turn cannot be read, with the form meant where it is clear."""
    lowered = word.text.lower()
    piece = lowered in _PIECE_NAMES
    if piece and following is not None and following.text.startswith("@"):
        return f"write COLOUR@FIELD without a space: {word.text}{following.text}"
    if piece and following is not None and parse_cell(following.text) is not None:
        return f"a Medina piece is COLOUR@FIELD: {word.text}@{following.text}"
    hint = ""
    if word.kind == "word" and lowered not in ("pass", "tea"):
        hint = did_you_mean(word.text, ("pass", "tea", *_PIECE_NAMES))
    return f"{word.text!r} does not belong here{hint}"


def _bad(
    text: TurnText, message: str, player: str | None, at: Place | None = None
) -> TurnEntry[Turn]:
    return TurnEntry(text, None, (Problem(TURN_RULE, message, at or text.at),), player)


def _not_a_field(text: str) -> str:
    return number_fault(text[1:], f"{text!r} is not a field such as E5")
