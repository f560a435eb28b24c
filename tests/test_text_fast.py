"""A turn the plain reading lays out is a ``TurnText`` like any other, whatever reads it.

``TurnText``'s fields are plain slots that hold what their types say; the turn whose words
are made only when asked is a subclass of its own (``LaidOutTurn``), held here to a
``TurnText`` built with the same words.
"""

from __future__ import annotations

import copy
import pickle
import types
from dataclasses import fields, replace

import pytest
from meridina.notation.lark_game import parse_with_lark
from meridina.notation.plain_game import read_plain_game
from meridina.notation.splitter import GameChunk
from meridina.notation.text import Comment, TurnText, Word
from meridina.notation.text_fast import LaidOutTurn, laid_out, with_comments
from meridina.rules.common import Place

RECORD = (
    '[Game "Meridian"]\n[Players "Ann orange; Ben black"]\n\n'
    "1. orange 7: 3@2 { built }\n2. black 4-5-6-7/6: 2@4\n3. orange 8:  x 1@5\n"
)


def readings() -> list[tuple[TurnText, TurnText]]:
    """Each turn of ``RECORD`` as the plain reading lays it out, and as Lark reads it."""
    chunk = GameChunk(RECORD, 1)
    plain = read_plain_game(chunk)
    assert plain is not None
    return list(zip(plain.turns, parse_with_lark(chunk).turns, strict=True))


def test_turn_text_fields_are_plain_slots() -> None:
    """No field of ``TurnText`` is a property laid over its slot."""
    for field in fields(TurnText):
        assert isinstance(TurnText.__dict__[field.name], types.MemberDescriptorType), field.name


def test_a_turn_text_holds_its_words_in_its_words_slot() -> None:
    for plain, made in readings():
        assert type(made) is TurnText and type(plain) is LaidOutTurn
        slot = TurnText.__dict__["words"].__get__(made, TurnText)
        assert slot and all(type(word) is Word for word in slot)


def test_a_laid_out_turn_is_the_turn_made_with_its_words() -> None:
    for plain, made in readings():
        assert laid_out(plain) is not None and plain.laid_out() == laid_out(plain)
        assert made.laid_out() is None and laid_out(made) is None
        assert plain == made and made == plain
        assert not plain != made  # noqa: SIM202 (``!=`` is asked for itself)
        assert hash(plain) == hash(made)
        assert all(type(word) is Word for word in plain.words)
        assert plain.words == made.words
        assert laid_out(plain) is None  # made once, then kept
        assert plain.words is plain.words


@pytest.mark.parametrize(
    "copied",
    [
        lambda turn: pickle.loads(pickle.dumps(turn)),
        copy.copy,
        copy.deepcopy,
        lambda turn: replace(turn, number=turn.number),
    ],
)
def test_a_copy_of_a_laid_out_turn_is_the_same_turn(copied: object) -> None:
    assert callable(copied)
    for plain, made in readings():
        again = copied(plain)
        assert again == made and hash(again) == hash(made)
        assert [type(word) for word in again.words] == [Word] * len(made.words)


def test_a_laid_out_turn_takes_comments_and_stays_laid_out() -> None:
    note = (Comment("note", Place(9, 9)),)
    for plain, made in readings():
        fresh = read_plain_game(GameChunk(RECORD, 1))
        assert fresh is not None
        turn = fresh.turns[plain.number - 1]
        with_note = with_comments(turn, note)
        assert laid_out(with_note) is not None
        assert with_note == replace(made, comments=note)
        assert with_comments(made, note) == replace(made, comments=note)
        assert type(with_comments(made, note)) is TurnText


def test_words_given_to_a_laid_out_turn_are_its_words() -> None:
    plain, made = readings()[0]
    plain.words = made.words[:1]
    assert plain.words == made.words[:1] and laid_out(plain) is None
