"""One Medina turn's words: ``red orange@E5 roof@E6`` and the faults in them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from meridina.rules.common import Fix, Place
from meridina.rules.medina.model import (
    PIECE_WORDS,
    TEA_KIND,
    Cell,
    Kind,
    Placement,
    Turn,
    parse_cell,
)

from ..kept import kept_by_text, memory, remember
from ..slips import Slip, later, turn_fault
from ..suggest import (
    did_you_mean,
    name_for_colour,
    name_message,
    nearest,
    sure_fix,
    sure_match,
)
from ..text import TurnText, Word
from ..text_fast import laid_out
from ..turn_body import pieces
from ..turns import TurnEntry
from .words import COLOUR_WORDS, not_a_field


def read_turn(text: TurnText, players: Sequence[tuple[str, Sequence[str]]] = ()) -> TurnEntry[Turn]:
    """``red orange@E5 roof@E6`` -> a Turn; a fault gives a problem instead.

    ``players`` (names and roof colours) lets a misnamed player be explained.
    """
    return turn_reader(players)(text)


def turn_reader(
    players: Sequence[tuple[str, Sequence[str]]],
) -> Callable[[TurnText], TurnEntry[Turn]]:
    """``read_turn`` for the turns of one game, its players' colours looked up once.

    A turn is read once, from its body's parts as laid out (no words made), each part
    looked up in ``_MEANINGS``. A turn the parts do not give (laid out otherwise, a part
    of several words) or with a fault is read from its words instead, which say where
    and what the fault is (``_read``).
    """
    colours = frozenset(colour for _, (colour, *_) in players)
    known, new_place, new_placement = _MEANINGS, Place, Placement

    def read(text: TurnText) -> TurnEntry[Turn]:
        laid = laid_out(text)
        if laid is None:
            return _read(text, players)
        line, col, _, parts = laid
        if parts is None:
            return _read(text, players)
        player: str | None = None
        player_at = 0
        placements: list[Placement] = []
        passed = False
        offset = 0
        for part in parts:
            if not part:
                offset += 1
                continue
            name, piece = known.get(part) or _meaning(part)
            if player is None:
                if name is None:
                    return _read(text, players)
                player, player_at = name, offset
            elif piece is not None and not passed:
                kind, cell, colour = piece
                placements.append(new_placement(kind, cell, colour, new_place(line, col + offset)))
            elif name == "pass" and not placements and not passed:
                passed = True
            else:
                return _read(text, players)
            offset += len(part) + 1
        if player is None or (colours and player not in colours) or not (placements or passed):
            return _read(text, players)
        at = new_place(line, col + player_at)
        turn = Turn(player, tuple(placements), passed, text.number, text.at, at)
        return TurnEntry(text, turn, (), player)

    return read


# One part of a turn's body as a single word: its name (in lower case) when a name, and the
# piece, field and building colour it places when it places one (a PIECE@FIELD, or tea);
# None for each it is not. Keyed by the part as written; bounded (see ``kept``).
_Piece = tuple[Kind, Cell | None, str | None]
_Meaning = tuple[str | None, _Piece | None]
_MEANINGS: dict[str, _Meaning] = memory()
_KEPT_MEANINGS: Final = 4096
_TEA: Final = (TEA_KIND, None, None)


def _meaning(part: str) -> _Meaning:
    """What ``part`` means, remembered in ``_MEANINGS``."""
    words = pieces(part)
    meaning: _Meaning = (None, None)
    if words is not None and len(words) == 1:
        kind, word, _ = words[0]
        if kind == "word":
            name = word.lower()
            meaning = (name, _TEA if name == "tea" else None)
        elif kind == "place":
            meaning = (None, _piece(word))
    return remember(_MEANINGS, part, meaning, _KEPT_MEANINGS)


def _read_piece(word: str) -> tuple[Kind, Cell, str | None] | None:
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


_piece = kept_by_text(_read_piece, 4096)


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
                return _bad(text, later(not_a_field, where), player, word.at)
            elif not piece:
                return _bad(
                    text, f"a piece is written PIECE@FIELD, as orange{word.text}", player, word.at
                )
            else:
                said = later(_not_a_piece, piece)
                return _bad(text, said, player, word.at, _piece_fix(word))
        else:
            following = words[index + 1] if index + 1 < len(words) else None
            fix = _word_fix(word)
            return _bad(text, later(_out_of_place, word, following), player, word.at, fix)
    if not placements and not passed:
        return _bad(
            text, "say what the turn placed (PIECE@FIELD, tea) or pass", player, player_word.at
        )
    turn = Turn(player, tuple(placements), passed, text.number, text.at, player_word.at)
    return TurnEntry(text, turn, (), player)


_PIECE_NAMES = (*COLOUR_WORDS, *PIECE_WORDS)


def _not_a_piece(piece: str) -> str:
    guess = nearest(piece, _PIECE_NAMES)
    if guess:
        return f"{piece!r} is not a piece; did you mean {guess!r}?"
    known = "a building colour, roof, neutral, stable, merchant or wall"
    return f"{piece!r} is not a piece: write {known}, then @FIELD"


def _not_a_player(
    text: TurnText, players: Sequence[tuple[str, Sequence[str]]], colours: Sequence[str]
) -> TurnEntry[Turn] | None:
    """A player's name or a misspelt roof colour where the turn names the player."""
    word = text.words[0]
    named = name_for_colour(word.text, players)
    if named is not None:
        name, roof = named
        said = later(name_message, text.number, name, roof, text.words[1:])
        return _bad(text, said, roof[0], word.at)
    guess = nearest(word.text, colours)
    if guess is None:
        return None  # a stranger: the rules say who is not playing (MED-S1)
    message = f"{word.text!r} is not a player's colour; did you mean {guess!r}?"
    return _bad(text, message, guess, word.at, sure_fix(word, colours))


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


def _piece_fix(word: Word) -> Fix | None:
    """The mend of a misspelt piece in PIECE@FIELD, when one piece is sure."""
    written = word.text.partition("@")[0]
    meant = sure_match(written, _PIECE_NAMES)
    return Fix(word.at, written, meant) if meant is not None else None


def _word_fix(word: Word) -> Fix | None:
    """The mend of a misspelt word where a piece, pass or tea was meant, when one is sure."""
    if word.kind != "word" or word.text.lower() in ("pass", "tea"):
        return None
    return sure_fix(word, ("pass", "tea", *_PIECE_NAMES))


def _bad(
    text: TurnText,
    message: str | Slip,
    player: str | None,
    at: Place | None = None,
    fix: Fix | None = None,
) -> TurnEntry[Turn]:
    return TurnEntry(text, None, (turn_fault(message, at or text.at, fix=fix),), player)
