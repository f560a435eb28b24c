"""Misspelt words get the nearest valid word; near-miss shapes get the form expected."""

from __future__ import annotations

import pytest
from meridina.notation.driver import GameReport, check_text
from meridina.notation.suggest import nearest
from meridina.rules.common import Place

MERIDIAN = '[Game "Meridian"]\n[Players "Ann orange; Ben black; Cy grey; Di brown"]\n\n'
MEDINA = '[Game "Medina"]\n[Players "Ann red; Ben blue; Cy green"]\n[Setup "merchant H7"]\n\n'


def problems_of(text: str) -> list[tuple[str, bool, Place | None, str]]:
    reports = check_text(text)
    assert len(reports) == 1
    return [(p.rule, p.warning, p.at, p.message) for p in reports[0].problems]


def one_problem(text: str, line: str, part: str) -> tuple[str, bool, str]:
    """The record's only problem, which must stand at ``part`` of ``line``."""
    found = problems_of(text)
    assert len(found) == 1, found
    rule, warning, at, message = found[0]
    number = text.splitlines().index(line) + 1
    assert at == Place(number, line.index(part) + 1)
    return rule, warning, message


def only_report(text: str) -> GameReport:
    reports = check_text(text)
    assert len(reports) == 1
    return reports[0]


# ---------------------------------------------------------------- Meridian turns


@pytest.mark.parametrize(
    ("line", "part", "expected"),
    [
        ("2. blak 7: 2@2", "blak", "'blak' is not a colour; did you mean 'black'?"),
        ("2. black 7: psas", "psas", "'psas' does not belong here; did you mean 'pass'?"),
        ("2. black 7: 5 @5", "5 @5", "write HEIGHT@CITY without a space: 5@5"),
        ("2. black 7: 3-2", "3-2", "a tower is written HEIGHT@CITY: 3@2"),
    ],
)
def test_meridian_turn_words(line: str, part: str, expected: str) -> None:
    text = MERIDIAN + "1. orange 8: 3@2\n" + line + "\n3. grey 9: 2@1\n"
    assert one_problem(text, line, part) == ("REC-3", False, expected)


def test_gray_for_grey() -> None:
    line = "3. gray 9: 2@1"
    text = MERIDIAN + "1. orange 8: 3@2\n2. black 7: 2@2\n" + line + "\n4. brown 10: 2@1\n"
    assert one_problem(text, line, "gray") == (
        "REC-3",
        False,
        "'gray' is not a colour; did you mean 'grey'?",
    )


def test_a_misspelt_colour_keeps_its_place_in_the_turn_order() -> None:
    # Read as black for the order of play, so grey's turn 3 is in order.
    text = MERIDIAN + "1. orange 8: 3@2\n2. blak 7: 2@2\n3. grey 9: 2@1\n4. brown 10: 2@1\n"
    assert [rule for rule, *_ in problems_of(text)] == ["REC-3"]


def test_a_word_that_is_close_to_nothing_gets_no_suggestion() -> None:
    line = "2. zebra 7: 2@2"
    rule, _, message = one_problem(MERIDIAN + "1. orange 8: 3@2\n" + line + "\n", line, "zebra")
    assert rule == "REC-3" and "did you mean" not in message
    assert "orange, black, grey, brown" in message


def test_nearest_needs_a_close_word() -> None:
    assert nearest("blak", ["orange", "black", "grey", "brown"]) == "black"
    assert nearest("psas", ["pass", "stuck"]) == "pass"
    assert nearest("purple", ["orange", "black", "grey", "brown"]) is None


# ---------------------------------------------------------------- Medina turns


@pytest.mark.parametrize(
    ("line", "part", "expected"),
    [
        ("2. blue stabel@F5 wall@B1", "stabel", "'stabel' is not a piece; did you mean 'stable'?"),
        ("2. blue blak@K5 wall@B1", "blak", "'blak' is not a piece; did you mean 'black'?"),
        ("2. blue gray@K5 wall@B1", "gray", "'gray' is not a piece; did you mean 'grey'?"),
        ("2. blue orange C6 wall@B1", "orange", "a Medina piece is COLOUR@FIELD: orange@C6"),
        ("2. blue orange @C6 wall@B1", "orange", "write COLOUR@FIELD without a space: orange@C6"),
        ("2. blue psas", "psas", "'psas' does not belong here; did you mean 'pass'?"),
        (
            "2. bleu wall@B1 wall@C1",
            "bleu",
            "'bleu' is not a player's colour; did you mean 'blue'?",
        ),
    ],
)
def test_medina_turn_words(line: str, part: str, expected: str) -> None:
    text = MEDINA + "1. red orange@E5 orange@E6\n" + line + "\n3. green black@K8 black@K9\n"
    assert one_problem(text, line, part) == ("REC-3", False, expected)


def test_a_stranger_in_medina_is_still_the_rules_business() -> None:
    line = "2. yellow wall@B1 wall@C1"
    rule, _, _ = one_problem(MEDINA + "1. red orange@E5 orange@E6\n" + line + "\n", line, "yellow")
    assert rule == "MED-S1"


# ---------------------------------------------------------------- a name where the colour belongs


def test_meridian_player_name_instead_of_colour() -> None:
    line = "2. Ben 7: 2@2"
    text = MERIDIAN + "1. orange 8: 3@2\n" + line + "\n3. grey 9: 2@1\n"
    assert one_problem(text, line, "Ben") == (
        "REC-3",
        False,
        "Ben plays black; a turn names the colour: 2. black 7: 2@2",
    )


def test_meridian_name_of_a_player_with_two_colours() -> None:
    text = '[Game "Meridian"]\n[Players "Ann orange grey; Ben black brown"]\n\n2. Ben 7: 2@2\n'
    (rule, _, _, message), *_ = problems_of(text)
    assert rule == "REC-3"
    assert message == "Ben plays black and brown; a turn names the colour: 2. black 7: 2@2"


def test_medina_player_name_instead_of_colour() -> None:
    line = "2. Ben wall@B1 merchant@H8"
    text = MEDINA + "1. red orange@E5 orange@E6\n" + line + "\n3. green black@K8 black@K9\n"
    assert one_problem(text, line, "Ben") == (
        "REC-3",
        False,
        "Ben plays blue; a turn names the colour: 2. blue wall@B1 merchant@H8",
    )


# ---------------------------------------------------------------- tags and games


def test_misspelt_players_tag_is_read_with_a_warning_naming_it() -> None:
    text = '[Game "Meridian"]\n[Player "Ann orange; Ben black; Cy grey; Di brown"]\n\n'
    text += "1. orange 8: 3@2\n2. black 7: 2@2\n"
    line = '[Player "Ann orange; Ben black; Cy grey; Di brown"]'
    rule, warning, message = one_problem(text, line, "[")
    assert (rule, warning) == ("REC-2", True)
    assert "[Player]" in message and "[Players]" in message
    assert only_report(text).valid


def test_misspelt_result_tag_is_a_warning_and_its_points_are_checked() -> None:
    text = MEDINA.replace("\n\n", '\n[Reslt "Ann 9"]\n\n') + "1. red orange@E5 orange@E6\n"
    found = problems_of(text)
    assert found[0][:2] == ("REC-2", True) and "[Result]" in found[0][3]
    assert [rule for rule, *_ in found[1:]] == ["MED-E6"]


def test_misspelt_tag_beside_the_real_one_is_only_a_warning() -> None:
    text = MERIDIAN.replace("\n\n", '\n[Result "*"]\n[Reslt "*"]\n\n') + "1. orange 8: 3@2\n"
    (rule, warning, _, message), *rest = problems_of(text)
    assert (rule, warning, rest) == ("REC-2", True, [])
    assert message == "unknown tag [Reslt]; did you mean [Result]?"


def test_a_free_tag_far_from_every_known_one_is_kept_quietly() -> None:
    text = MERIDIAN.replace("\n\n", '\n[Annotator "Ed"]\n\n') + "1. orange 8: 3@2\n"
    assert problems_of(text) == []


def test_misspelt_game_name() -> None:
    text = MERIDIAN.replace("Meridian", "Meridain") + "1. orange 8: 3@2\n2. blak 7: 2@2\n"
    found = problems_of(text)
    assert found[0][0] == "REC-2"
    assert found[0][3] == "unknown game 'Meridain'; did you mean 'Meridian'? (checked as Meridian)"
    # The game is still checked as Meridian.
    assert found[1][0] == "REC-3" and "'black'" in found[1][3]


def test_tag_after_the_turns_says_it_starts_a_new_game() -> None:
    text = MERIDIAN + "1. orange 8: 3@2\n2. black 7: 2@2\n" + '[Result "Ann 3; Ben 5"]\n'
    reports = check_text(text)
    assert [r.first_line for r in reports] == [1, 6]
    assert reports[0].valid
    (problem,) = reports[1].problems
    assert problem.rule == "REC-2" and problem.at == Place(6, 1)
    assert "a tag after the turns starts a new game" in problem.message
    assert "line 6" in problem.message


def test_a_first_game_without_a_game_tag_keeps_the_plain_message() -> None:
    text = '[Players "Ann orange; Ben black"]\n\n1. orange 8: 3@2\n'
    (problem,) = check_text(text)[0].problems
    assert problem.message == 'the game has no [Game "..."] tag naming Meridian or Medina'


# ---------------------------------------------------------------- the opening exception

SECOND = (
    '[Game "Medina"]\n[Edition "2"]\n[Players "Ann red; Ben blue; Cy green"]\n'
    '[Setup "well J7; merchant H9"]\n\n'
)


def test_one_piece_after_the_opening_says_how_many_turns_the_exception_covers() -> None:
    line = "3. green grey@C10"
    text = SECOND + "1. red orange@E5\n2. blue black@M4\n" + line + "\n"
    rule, _, message = one_problem(text, line, "3.")
    assert rule == "MED-T2"
    assert message.endswith(
        "(in edition 2 with 3 players, only the first 2 turns place a single piece)"
    )


def test_one_piece_in_the_first_edition_says_there_is_no_opening_exception() -> None:
    line = "1. red orange@E5"
    rule, _, message = one_problem(MEDINA + line + "\n", line, "1.")
    assert rule == "MED-T2"
    assert "in edition 1 with 3 players, no opening turn places a single piece" in message


def test_two_pieces_in_an_opening_turn_say_how_many_turns_place_one() -> None:
    line = "1. red orange@E5 orange@E6"
    rule, _, message = one_problem(SECOND + line + "\n", line, "orange@E6")
    assert rule == "MED-T2"
    assert message == (
        "an opening turn places a single piece: in edition 2 with 3 players, "
        "only the first 2 turns place a single piece"
    )
