"""The plain reading of a game gives exactly what the full Lark parse gives, or declines.

Every game goes through both: when the plain reading accepts a game, its text objects, the
game's record in its bridge and the problems found in it must equal the full parse's. Valid
games must be accepted (else the fast path would never run); corrupted and random text may
be declined, never read differently.
"""

from __future__ import annotations

import io
import pickle
from dataclasses import replace
from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from medina_games import random_game as random_medina
from meridian_games import random_game as random_meridian
from meridina.notation import kept, medina, meridian, plain_game
from meridina.notation.driver import check_game
from meridina.notation.grammar import terminal, turn_separator
from meridina.notation.lark_game import parse_with_lark
from meridina.notation.medina import turn as medina_turn
from meridina.notation.meridian import turn as meridian_turn
from meridina.notation.plain_game import read_plain_game
from meridina.notation.reader import ParsedGame
from meridina.notation.splitter import GameChunk, split_games
from meridina.notation.text import GameText
from meridina.rules.common import Place, Problem, RecordError

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

# Pieces of the notation, right and wrong, that random lines are made of.
TURN_WORDS = (
    "orange", "Black", "grey", "brown", "red", "7:", "7", ":", "4-5-6-7/6:", "1-2-3:",
    "8-9-10/9", "3@2", "x", "x@4", "@2", "pass", "stuck", "tea", "orange@E5", "roof@E6",
    "merchant@H7", "wall@A1", "E5", "position", "hand:", "next:", "[", "(note)", "é",
)  # fmt: skip
TAGS = (
    '[Game "Meridian"]', '[Players "Ann orange; Ben black"]', '[Result "*"]',
    '[Event "a \\" b"]', '[ Site  "x;{y}" ]',
)  # fmt: skip
FRAGMENTS = (
    *TURN_WORDS, *TAGS, "1.", "2.", "12.", "3.", "0.", "99999.", "1.2.", "]", '"', "{", "}",
    "{ note }", "; note", "(", ")", "!", "?", ",", " ", "  ", "\t", "\r", "²", "\\",
)  # fmt: skip


def chunks(text: str) -> list[GameChunk]:
    return list(split_games(io.StringIO(text)))


def full(chunk: GameChunk) -> GameText | Problem:
    try:
        return parse_with_lark(chunk)
    except RecordError as error:
        return error.problem


def checked(chunk: GameChunk, game: GameText) -> tuple[str | None, list[Problem]]:
    report = check_game(ParsedGame(1, chunk.first_line, game, None, chunk.text))
    return report.game, report.problems


def same_reading(chunk: GameChunk) -> bool:
    """Assert that a plain reading equals the full one; True when the plain one was made."""
    plain = read_plain_game(chunk)
    if plain is None:
        return False
    lark = full(chunk)
    assert plain == lark, chunk.text
    assert isinstance(lark, GameText)
    # Each bridge gets a fresh plain reading, whose words are not made yet (comparing made them).
    assert meridian.read_record(fresh(chunk)) == meridian.read_record(lark)
    assert medina.read_record(fresh(chunk)) == medina.read_record(lark)
    assert checked(chunk, fresh(chunk)) == checked(chunk, lark)
    return True


def fresh(chunk: GameChunk) -> GameText:
    game = read_plain_game(chunk)
    assert game is not None
    assert all(turn.laid_out() is not None for turn in game.turns)
    return game


@lru_cache(maxsize=1)
def valid_games() -> tuple[str, ...]:
    """Records of whole legal games: generated ones, with and without comments."""
    meridian_games = [random_meridian(seed, 2 + seed % 3).text for seed in range(3)]
    medina_games = [random_medina(seed, players=3, comments=seed).text for seed in range(2)]
    return (*meridian_games, *medina_games)


def example_texts() -> list[str]:
    return [path.read_text("utf-8") for path in sorted(EXAMPLES.rglob("*.mrec"))]


def test_the_valid_games_are_read_plainly_and_alike() -> None:
    read = [same_reading(chunk) for text in valid_games() for chunk in chunks(text)]
    assert read and all(read)


@pytest.mark.parametrize("text", example_texts())
def test_the_examples_read_alike(text: str) -> None:
    for chunk in chunks(text):
        same_reading(chunk)


def test_plain_turn_lines_with_comments_and_several_turns_are_read_plainly() -> None:
    text = (
        '[Game "Meridian"] ; the game\n'
        '[Players "Ann orange; Ben black"] {two}\n'
        "\n"
        "{ before } 1. orange 7: 3@2 { built } 2. black 8: 2@1 ; then\n"
        ",3. orange 4-5-6-7/6: x 2@4,{a}{b}\n"
    )
    (chunk,) = chunks(text)
    assert same_reading(chunk)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game=st.integers(min_value=0, max_value=4),
    edits=st.lists(
        st.tuples(st.floats(0, 1), st.integers(0, 3), st.sampled_from(FRAGMENTS)),
        min_size=1,
        max_size=4,
    ),
)
def test_corrupted_games_are_read_alike_or_left_to_the_full_parse(
    game: int, edits: list[tuple[float, int, str]]
) -> None:
    text = valid_games()[game]
    for where, cut, fragment in edits:
        at = int(where * len(text))
        text = text[:at] + fragment + text[at + cut :]
    for chunk in chunks(text):
        same_reading(chunk)


line = st.lists(st.sampled_from(FRAGMENTS), max_size=8).map(" ".join)
gap = st.sampled_from(["", " ", ", ", "\t", "  "])
word = st.sampled_from(TURN_WORDS)
turn = st.builds(
    "{}{}.{}{}".format,
    gap,
    st.integers(0, 120),
    gap,
    st.lists(st.tuples(word, gap).map("".join), max_size=5).map(" ".join),
)
comment = st.sampled_from(["", " { a note }", "; a note", "{x}{y}", " {", " }"])
tag_line = st.tuples(gap, st.sampled_from(TAGS), comment).map("".join)
turn_line = st.tuples(st.lists(turn, min_size=1, max_size=3).map(" ".join), comment).map("".join)


@settings(max_examples=300, deadline=None)
@given(
    lines=st.lists(
        st.one_of(tag_line, turn_line, turn_line, turn_line, line, st.text(max_size=12)), max_size=6
    ),
    first=st.integers(1, 500),
)
def test_random_text_is_read_alike_or_left_to_the_full_parse(lines: list[str], first: int) -> None:
    same_reading(GameChunk("\n".join(lines) + "\n", first))


def shifted(text: str, lines: int, spaces: str) -> str:
    """The same game further down the file, each line indented."""
    return "\n" * lines + "".join(spaces + line for line in text.splitlines(keepends=True))


@pytest.mark.parametrize(("lines", "spaces"), [(0, ""), (3, " "), (1, "\t, "), (40, "  ")])
def test_words_read_before_give_each_turn_its_own_places(lines: int, spaces: str) -> None:
    """The words of turns, and what they mean, are kept from turn to turn; places never are."""
    clear_caches()
    for text in valid_games():
        for chunk in chunks(shifted(text, lines, spaces)):
            assert same_reading(chunk)
    assert meridian_turn._PLANS and medina_turn._MEANINGS


def clear_caches() -> None:
    """Forget every number, word, body and plan read before."""
    kept.forget_all()


@settings(max_examples=300, deadline=None)
@given(text=st.one_of(turn_line, line, st.text(max_size=30)), line_no=st.integers(1, 10**6))
def test_a_plain_turn_line_is_read_as_its_token_is(text: str, line_no: int) -> None:
    """A line read without the token's pattern is one whole TURN token, read alike."""
    fast = plain_game._plain_turn(text, line_no)
    if fast is None:
        return
    found = plain_game._patterns().turn_line.fullmatch(text)
    assert found is not None and found.span(1) == (0, len(text))
    slow = plain_game._turn(text, 0, len(text), line_no)
    fast_laid, slow_laid = fast.laid_out(), slow.laid_out()
    assert fast_laid is not None and slow_laid is not None
    assert (*fast_laid[:3], tuple(fast_laid[3] or ())) == (*slow_laid[:3], slow_laid[3])
    assert fast == slow


@pytest.mark.parametrize("text", ["12", "0", " 12.", "12 .", "12,", "x12."])
def test_a_number_read_before_makes_no_turn_without_its_dot(text: str) -> None:
    for number in ("12", "0"):
        assert plain_game._plain_turn(f"{number}. red x", 1) is not None
    assert plain_game._plain_turn(text, 1) is None
    same_reading(GameChunk(f"12. orange 7: 3@2\n0. red x\n{text}\n", 1))


def test_a_full_memory_of_bodies_reads_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    """Bodies read when the memory of bodies is full, and after it was emptied, read alike."""
    clear_caches()
    monkeypatch.setattr(plain_game, "_KEPT_BODIES", 3)
    for text in valid_games():
        for chunk in chunks(text):
            assert same_reading(chunk)
    assert len(plain_game._BODIES) <= 3


def test_plain_turn_lines_are_read_without_the_token_pattern() -> None:
    lines = [text for text in valid_games()[0].splitlines() if text[:1].isdigit()]
    assert lines and all(plain_game._plain_turn(text, 1) is not None for text in lines)


MEDINA_WORDS = (
    "red", "Blue", "green", "orange@E5", "Roof@e6", "grey@A1", "white@B2", "stable@C3",
    "merchant@H7", "wall@A1", "neutral@F4", "tea", "Tea", "pass", "PASS", "x", "7:",
    "orange@Z", "orange@E99999", "ann", "3@2", "@E5", "orange", "E5",
)  # fmt: skip
medina_body = st.tuples(
    st.sampled_from(["", " ", "  "]),
    st.lists(st.sampled_from(MEDINA_WORDS), max_size=4).map(" ".join),
    st.sampled_from(["", " ", "  x"]),
).map("".join)


@settings(max_examples=400, deadline=None)
@given(
    body=medina_body,
    players=st.lists(st.sampled_from(["red", "blue", "green"]), unique=True, max_size=3),
    cleared=st.booleans(),
)
def test_medina_reads_a_laid_out_turn_as_its_words(
    body: str, players: list[str], cleared: bool
) -> None:
    """The usual forms read at once, and the parts loop, give what the words give."""
    if cleared:
        clear_caches()
    game = read_plain_game(GameChunk(f"1.{body}\n", 3))
    if game is None:
        return
    (turn,) = game.turns
    seats = [(colour.title(), (colour,)) for colour in players]
    assert turn.laid_out() is not None
    fast = medina_turn.read_turn(turn, seats)
    made = replace(turn, number=turn.number)  # its words made
    assert made.laid_out() is None
    assert fast == medina_turn._read(made, seats)


@pytest.mark.parametrize("separator", [" ", "\t", ",", " ,\t "])
def test_a_turn_splits_on_the_separators_its_token_joins_words_with(separator: str) -> None:
    assert f"(?:{turn_separator()}" in terminal("TURN")
    words = ("orange", "4-5-6-7/6:", "x", "2@4")
    text = f'[Game "Meridian"]\n1.{separator.join(words)}{separator}{{c}}\n'
    (chunk,) = chunks(text)
    assert same_reading(chunk)
    game = read_plain_game(chunk)
    assert game is not None
    assert [word.text for word in game.turns[0].words] == ["orange", "4-5-6-7/6", "x", "2@4"]


def test_words_made_on_first_use_are_the_words_of_the_turn() -> None:
    (chunk, *_) = chunks(valid_games()[0])
    plain = read_plain_game(chunk)
    assert plain is not None
    lark = full(chunk)
    assert isinstance(lark, GameText)
    for turn, made in zip(plain.turns, lark.turns, strict=True):
        assert turn.laid_out() is not None
        copied = pickle.loads(pickle.dumps(turn))
        assert turn.laid_out() is None  # the words are made now, and kept
        assert hash(turn) == hash(made)
        assert repr(turn) == repr(made).replace("TurnText(", "LaidOutTurn(", 1)
        assert copied == made and replace(copied, number=1) == replace(made, number=1)


@pytest.mark.parametrize(
    "prefix", ["2.", "02.", "²2.", "2².", " 2.", "99999.", "2.2.", "x2.", "1 2."]
)
def test_a_body_read_before_after_other_digits_is_read_alike(prefix: str) -> None:
    """A body read before is read alike after any digits, or left to the full parse."""
    body = " orange 7: 3@2"
    text = f'[Game "Meridian"]\n1.{body}\n' + "".join(f"{prefix}{body}\n" for _ in range(20))
    for chunk in chunks(text):
        same_reading(chunk)


MERIDIAN_WORDS = (
    "orange", "Black", "grey", "brown", "red", "7:", "4-5-6-7/6:", "1-2-3:", "8-9-10/9:", "11:",
    "3@2", "x", "x@4", "x@99999", "black", "pass", "stuck", "2-3", "@2", "7", "3@", "tea",
)  # fmt: skip
meridian_turn_words = st.tuples(
    st.sampled_from(["orange", "Black", "grey", "red"]),
    st.sampled_from(["7:", "4-5-6-7/6:", "1-2-3:", "8-9-10/9:", "11:", "7"]),
    st.sampled_from(["", "x", "x@4", "black"]),
    st.sampled_from(["3@2", "1@5", "pass", "stuck", ""]),
).map(" ".join)
meridian_body = st.tuples(
    st.sampled_from(["", " ", "  "]),
    st.one_of(
        meridian_turn_words,
        st.lists(st.sampled_from(MERIDIAN_WORDS), max_size=5).map(" ".join),
    ),
).map("".join)


@settings(max_examples=400, deadline=None)
@given(
    bodies=st.lists(meridian_body, min_size=1, max_size=4),
    players=st.lists(st.sampled_from(["orange", "black", "grey"]), unique=True, max_size=3),
    cleared=st.booleans(),
)
def test_meridian_reads_a_remembered_body_as_its_words(
    bodies: list[str], players: list[str], cleared: bool
) -> None:
    """A body read again, on other lines and columns, means what its words mean there."""
    if cleared:
        clear_caches()
    seats = [(colour.title(), (colour,)) for colour in players]
    text = "".join(f"{' ' * (index % 2)}{index + 1}.{body}\n" for index, body in enumerate(bodies))
    for _ in range(2):  # the second time round, each body read well is remembered
        game = read_plain_game(GameChunk(text * 2, 5))
        if game is None:
            return
        for turn in game.turns:
            assert turn.laid_out() is not None
            fast = meridian_turn.read_turn(turn, seats)
            made = replace(turn, number=turn.number)  # its words made
            assert fast == meridian_turn._read(made, seats)


@pytest.mark.parametrize(
    "body",
    [" orange 7: 3@2", " orange 7: black 3@2", " grey 7: x", " grey 7: x@4", " brown 7: x 1@5",
     " brown 4-5-6-7/6: x@5 black 2@5", " orange 7: pass", " Black 1-2-3: stuck"],
)  # fmt: skip
def test_meridian_body_of_each_shape_is_made_again_without_its_words(
    body: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A build, a take-off, both, or a pass: once read, that body on other lines and columns
    is made from what was kept, with its own places, and means what its words mean."""
    clear_caches()
    first = read_plain_game(GameChunk(f"1.{body}\n", 1))
    assert first is not None
    meridian_turn.read_turn(first.turns[0])
    again = read_plain_game(GameChunk(f"\n\n  10.{body}\n", 7))
    assert again is not None
    reads = []
    word_by_word = meridian_turn._read
    monkeypatch.setattr(meridian_turn, "_read", lambda *args: reads.append(args))
    made = meridian_turn.read_turn(again.turns[0])
    assert not reads  # no word of it was read again
    expected = word_by_word(replace(again.turns[0], number=10), ())
    assert made == expected and expected.turn is not None and not expected.problems
    assert made.turn is not None and made.turn.colour_at == Place(9, 7)
