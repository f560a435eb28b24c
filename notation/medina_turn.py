"""One Medina turn's words: ``red orange@E5 roof@E6`` and the faults in them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Final

from meridina.rules.common import Place, Problem
from meridina.rules.medina.model import PIECE_WORDS, Cell, Kind, Placement, Turn, parse_cell

from .medina_words import COLOUR_WORDS, not_a_field
from .suggest import did_you_mean, name_for_colour, name_message, nearest
from .text import LaidOut, TurnText, Word
from .turn_body import pieces
from .turns import TurnEntry

TURN_RULE: Final = "REC-3"


def read_turn(text: TurnText, players: Sequence[tuple[str, Sequence[str]]] = ()) -> TurnEntry[Turn]:
    """``red orange@E5 roof@E6`` -> a Turn; a fault gives a problem instead.

    ``players`` (names and roof colours) lets a misnamed player be explained.
    """
    return turn_reader(players)(text)


def turn_reader(
    players: Sequence[tuple[str, Sequence[str]]],
) -> Callable[[TurnText], TurnEntry[Turn]]:
    """``read_turn`` for the turns of one game, its players' colours looked up once."""
    colours = frozenset(colour for _, (colour, *_) in players)

    def read(text: TurnText) -> TurnEntry[Turn]:
        laid = text.laid_out()
        if laid is not None:
            entry = _read_laid_out(text, laid, colours)
            if entry is not None:
                return entry
        return _read(text, players)

    return read


def _read_laid_out(
    text: TurnText, laid: LaidOut, colours: frozenset[str]
) -> TurnEntry[Turn] | None:
    """A turn of the usual forms from its body's parts as laid out, without making its words;
    None when the turn is in any other form or has a fault, which ``_read`` then explains."""
    line, col, _, parts = laid
    if parts is None:
        return None
    player: str | None = None
    player_at = 0
    placements: list[Placement] = []
    passed = False
    offset = 0
    for part in parts:
        if not part:
            offset += 1
            continue
        meaning = _meaning(part)
        if player is None:
            if not isinstance(meaning, str):
                return None
            player, player_at = meaning, offset
        elif meaning is None:
            return None
        elif isinstance(meaning, tuple):
            if passed:
                return None
            kind, cell, colour = meaning
            placements.append(Placement(kind, cell, colour, Place(line, col + offset)))
        elif meaning == "tea" and not passed:
            placements.append(Placement(Kind.TEA, at=Place(line, col + offset)))
        elif meaning == "pass" and not placements and not passed:
            passed = True
        else:
            return None
        offset += len(part) + 1
    if player is None or (colours and player not in colours) or not (placements or passed):
        return None
    at = Place(line, col + player_at)
    return TurnEntry(
        text, Turn(player, tuple(placements), passed, text.number, text.at, at), (), player
    )


@lru_cache(maxsize=4096)
def _meaning(part: str) -> str | tuple[Kind, Cell, str | None] | None:
    """One part of a turn's body as a single word: a name (a player's colour, ``tea`` or
    ``pass``, in lower case), or the piece and field a PIECE@FIELD word names; else None."""
    words = pieces(part)
    if words is None or len(words) != 1:
        return None
    kind, word, _ = words[0]
    if kind == "word":
        return word.lower()
    return _piece(word) if kind == "place" else None


@lru_cache(maxsize=4096)
def _piece(word: str) -> tuple[Kind, Cell, str | None] | None:
    """The piece and field a PIECE@FIELD word names; None when it names none."""
    piece, _, where = word.lower().partition("@")
    cell = parse_cell(where)
    if cell is None:
        return None
    if piece in COLOUR_WORDS:
        return Kind.BUILDING, cell, COLOUR_WORDS[piece]
    if piece in PIECE_WORDS:
        return PIECE_WORDS[piece], cell, None
    return None


def _read(text: TurnText, players: Sequence[tuple[str, Sequence[str]]]) -> TurnEntry[Turn]:
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
            meaning = _piece(word.text)
            if meaning is not None:
                placements.append(Placement(meaning[0], meaning[1], meaning[2], word.at))
            elif parse_cell(where) is None:
                return _bad(text, not_a_field(where), player, word.at)
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
