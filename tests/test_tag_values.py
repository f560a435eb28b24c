"""Header tag values: parts with their places, read the same however often a text repeats."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st
from meridina.notation.medina import setup as medina_setup
from meridina.notation.meridian import setup as meridian_setup
from meridina.notation.reader import parse_text
from meridina.notation.tagvalues import parts
from meridina.notation.text import GameText, Tag
from meridina.rules.common import Place, Problem

# Letters, separators and several kinds of space, the non-breaking and ideographic ones too.
VALUE_TEXT = st.text(alphabet="ab;, \t\u00a0\u3000=7", max_size=30)


def reference_parts(value: str, at: Place, separators: str) -> list[tuple[str, Place]]:
    """The parts as one regular expression finds them: runs of anything but a separator."""
    found = []
    for match in re.finditer(rf"[^{re.escape(separators)}]+", value):
        text = match.group(0)
        if text.strip():
            lead = len(text) - len(text.lstrip())
            found.append((text.strip(), Place(at.line, at.col + 1 + match.start() + lead)))
    return found


@given(VALUE_TEXT, st.sampled_from([";,", ";", ",", "=;"]))
def test_parts_are_the_runs_between_separators_with_their_columns(
    value: str, separators: str
) -> None:
    at = Place(3, 9)
    tag = Tag("Result", value, Place(3, 1), at)
    assert parts(tag, separators) == reference_parts(value, at, separators)
    assert parts(tag, separators) == reference_parts(value, at, separators)  # read again


def game_text(record: str) -> GameText:
    (game,) = parse_text(record)
    assert game.text is not None
    return game.text


MERIDIAN_HEADER = (
    '[Game "Meridian"]\n'
    '[Players "Ann orange black; Ben grey brown"]\n'
    '[Rulings "own-push=never; bogus=1"]\n'
    '[Decks "orange 1 2 x"]\n'
    '[Result "Ann 12; Ben x"]\n'
)


def test_meridian_games_alike_each_get_their_own_places() -> None:
    """The second game's header repeats the first's text: its places are its own lines."""
    readings = []
    for blank_lines in (0, 7):
        problems: list[Problem] = []
        text = game_text("\n" * blank_lines + MERIDIAN_HEADER + "\n1. orange 2: 2@1\n")
        setup = meridian_setup.read_setup(text, problems)
        assert setup is not None
        readings.append((blank_lines, setup, problems))
    (_, first, first_problems), (shift, second, second_problems) = readings
    assert first.players == second.players
    assert first.rulings == second.rulings
    assert second.players_at == Place(first.players_at.line + shift, first.players_at.col)  # type: ignore[union-attr]
    assert first.result is not None and second.result is not None
    assert second.result["Ann"][1] == Place(first.result["Ann"][1].line + shift, 10)  # type: ignore[union-attr]
    assert second.decks["orange"][1] == Place(first.decks["orange"][1].line + shift, 9)  # type: ignore[union-attr]
    # every fault is said again for the second game, at its own place
    assert [p.message for p in first_problems] == [p.message for p in second_problems]
    assert len(first_problems) == 3  # the unknown ruling, the card 'x', the result 'Ben x'
    for mine, theirs in zip(first_problems, second_problems, strict=True):
        assert mine.at is not None and theirs.at is not None
        assert theirs.at == Place(mine.at.line + shift, mine.at.col)


MEDINA_HEADER = (
    '[Game "Medina"]\n'
    '[Edition "2"]\n'
    '[Players "Ann red; Ben blue; Cy green"]\n'
    '[Options "tea, well"]\n'
    '[Setup "merchant H7; well F6; palace A1"]\n'
    '[Rulings "min-roof-size=x"]\n'
)


def test_medina_games_alike_each_get_their_own_places() -> None:
    readings = []
    for blank_lines in (0, 4):
        problems: list[Problem] = []
        text = game_text("\n" * blank_lines + MEDINA_HEADER + "\n1. red merchant@J5\n")
        setup = medina_setup.read_setup(text, problems)
        assert setup is not None
        readings.append((setup, problems))
    (first, first_problems), (second, second_problems) = readings
    assert first.options == second.options == frozenset({"tea", "well"})
    assert first.start_merchant is not None and second.start_merchant is not None
    assert first.start_merchant[0] == second.start_merchant[0]
    first_at, second_at = first.start_merchant[1], second.start_merchant[1]
    assert first_at is not None and second_at == Place(first_at.line + 4, first_at.col)
    assert len(first_problems) == len(second_problems) == 2  # 'palace A1', the ruling
    for mine, theirs in zip(first_problems, second_problems, strict=True):
        assert mine.message == theirs.message
        assert mine.at is not None and theirs.at == Place(mine.at.line + 4, mine.at.col)
