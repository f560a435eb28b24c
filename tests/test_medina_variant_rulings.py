"""The rulings other engines and published variants need: each changes a game's verdict."""

from __future__ import annotations

from conftest import assert_legal, assert_only, check_one, errors, spot
from medina_records import LAST_ROOFS, medina, second, sheet_of, totals
from meridina.rules.medina.engine import can_place, others_stuck, t4_last_roofs
from meridina.rules.medina.faults import UNWORDED
from meridina.rules.medina.state import State


def rulings(value: str) -> tuple[str, ...]:
    return (f'[Rulings "{value}"]',)


# ---------------------------------------------------------------- stable-merchants (MED-E2)

# Red's orange palace on F6 with a stable on G6; blue extends the street from H7 to H6,
# next to the stable but to no building. Walls next to a stable count either way.
STABLE_STREET = (
    "1. red orange@F6 stable@G6",
    "2. blue merchant@H6 wall@B1",
    "3. green wall@C1 wall@D1",
    "4. red roof@F6 wall@E1",
)


def test_a_merchant_beside_a_stable_scores_unless_the_ruling_says_no() -> None:
    scored = sheet_of(check_one(medina(*STABLE_STREET))).players[0].palaces[0]
    assert (scored.buildings, scored.stables, scored.walls, scored.merchants) == (1, 1, 0, 1)
    text = medina(*STABLE_STREET, tags=rulings("stable-merchants=no"))
    barred = sheet_of(check_one(text)).players[0].palaces[0]
    assert (barred.buildings, barred.stables, barred.walls, barred.merchants) == (1, 1, 0, 0)


def test_the_totals_follow_the_ruling() -> None:
    # 3 for the palace, 4 for the orange palace tile; 1 less without the merchant
    assert totals(check_one(medina(*STABLE_STREET))) == [7, 0, 0]
    assert totals(check_one(medina(*STABLE_STREET, tags=rulings("stable-merchants=no")))) == [
        6,
        0,
        0,
    ]


# ---------------------------------------------------------------- forced-roof (MED-T4)


def test_others_stuck_does_not_force_a_roof_while_others_can_still_play() -> None:
    # From turn 13 red alone holds roofs (1st edition: MED-T4), but blue and green can
    # still place walls and merchants.
    turn = "13. red wall@E1 merchant@H12"
    broken = medina(*LAST_ROOFS, turn)
    assert_only(check_one(broken), "MED-T4", spot(broken, "13. red"))
    assert_legal(check_one(medina(*LAST_ROOFS, turn, tags=rulings("forced-roof=others-stuck"))))


# A random legal game (2nd edition, 2 players, played under forced-roof=others-stuck) up to
# turn 57: yellow holds nothing it can move, and blue places two pieces where a roof could go.
OTHERS_STUCK_GAME = """\
[Game "Medina"]
[Edition "2"]
[Players "Di blue; Jon yellow"]
[Options "well, tea, tower-merchants"]
[Setup "well G3; merchant N9"]

1. blue grey@H9
2. yellow merchant@M9 wall@B1
3. blue merchant@N8 orange@L4
4. yellow merchant@O8 wall@O12
5. blue stable@H8 merchant@M10
6. yellow wall@B12 orange@M4
7. blue brown@K8 brown@K7
8. yellow wall@P11 roof@M4
9. blue merchant@M11 merchant@N11
10. yellow black@D5 roof@H9
11. blue grey@F10 orange@F8
12. yellow roof@K8 black@C5
13. blue stable@M5 grey@E10
14. yellow roof@C5 orange@E8
15. blue orange@F7 black@I5
16. yellow grey@D10 brown@O4
17. blue merchant@O11 wall@A2
18. yellow merchant@O10 tea
19. blue merchant@O7 wall@N12
20. yellow merchant@O6 tea
21. blue merchant@N6 grey@D11
22. yellow grey@C10 tea
23. blue merchant@M6 orange@F6
24. yellow grey@B10 wall@C1
25. blue roof@B10 black@J5
26. yellow merchant@M7 brown@O3
27. blue roof@F6 black@J4
28. yellow wall@D1 brown@O5
29. blue stable@E7 brown@O2
30. yellow merchant@L7 wall@C12
31. blue roof@O3 wall@D12
32. yellow merchant@L8 neutral@J4
33. blue wall@E12 wall@F12
34. yellow wall@A11 black@N10
35. blue merchant@M8 black@J11
36. yellow black@I11 black@H11
37. blue black@K11 wall@E1
38. yellow stable@C4 wall@A3
39. blue wall@P2 wall@G12
40. yellow merchant@F9 neutral@K11
41. blue black@B7 merchant@G9
42. yellow black@C7 wall@P10
43. blue stable@G6 neutral@C7
44. yellow wall@A4 black@B2
45. blue wall@H12 merchant@E9
46. yellow wall@O1 stable@B5
47. blue wall@M12 merchant@D9
48. yellow stable@L5 merchant@D8
49. blue wall@P9 neutral@N10
50. yellow merchant@D7 merchant@D6
51. blue black@C2 merchant@G8
52. yellow stable@L3 wall@P8
53. blue merchant@C6 wall@F1
54. yellow merchant@G7 wall@P7
55. blue wall@P6 merchant@H7
56. yellow wall@N1 black@D2
57. blue black@E2 merchant@I7
"""


def test_others_stuck_forces_a_roof_in_the_second_edition_too() -> None:
    assert_legal(check_one(OTHERS_STUCK_GAME))  # the 2nd edition has no last-roofs rule
    text = OTHERS_STUCK_GAME.replace("[Setup", '[Rulings "forced-roof=others-stuck"]\n[Setup')
    report = check_one(text)
    assert_only(report, "MED-T4", spot(text, "57. blue"))
    assert report.errors[0].message.startswith(
        "no other player can move, so blue must place a roof this turn"
    )


def test_others_are_not_stuck_while_they_hold_a_tea_tile() -> None:
    # Boardspace's test: a wall, a merchant or a tea tile in hand counts as a move, even one
    # that cannot be played. Yellow holds nothing; given a tea tile, it still can place no
    # piece, but blue's turn is no longer forced.
    state = final_state_before_last(OTHERS_STUCK_GAME, "forced-roof=others-stuck")
    assert others_stuck(state, "blue")
    assert t4_last_roofs(state, "blue", state.hands["blue"], None) is UNWORDED
    state.hands["yellow"].tea += 1
    assert not can_place(state, "yellow")
    assert not others_stuck(state, "blue")
    assert t4_last_roofs(state, "blue", state.hands["blue"], None) is None


def final_state_before_last(text: str, ruling: str) -> State:
    """The state before a record's last turn, under ``ruling``."""
    lines = text.rstrip("\n").split("\n")
    shortened = "\n".join(lines[:-1]).replace("[Setup", f'[Rulings "{ruling}"]\n[Setup') + "\n"
    report = check_one(shortened)
    assert report.run is not None and report.run.final is not None
    state: State = report.run.final
    return state


# ---------------------------------------------------------------- three-player-neutral (MED-R3)


def test_the_game_of_three_has_neutral_roofs_always_under_the_ruling() -> None:
    turns = ("1. red black@E5", "2. blue neutral@E5")
    default = second(*turns)
    assert errors(check_one(default)) == [("MED-R3", spot(default, "2. blue", "neutral@E5"))]
    assert_legal(check_one(second(*turns, tags=rulings("three-player-neutral=always"))))
    # even where the Options tag leaves the option out
    assert_legal(
        check_one(second(*turns, options="well", tags=rulings("three-player-neutral=always")))
    )


def test_the_game_of_four_has_no_neutral_roofs_under_any_ruling() -> None:
    four = "Ann red; Ben blue; Cy green; Di yellow"
    text = second(
        "1. red black@E5",
        "2. blue neutral@E5",
        players=four,
        tags=rulings("three-player-neutral=always"),
    )
    assert [rule for rule, _ in errors(check_one(text))] == ["MED-R3"]


# ---------------------------------------------------------------- stuck-palace (MED-B2)

# Red's grey palace on B2 is stuck: its stables on C2 and B3 fill every field next to it.
STUCK_GREY = (
    "1. red grey@B2 stable@C2",
    "2. blue stable@B3 merchant@H8",
)


def test_a_stuck_palace_bars_a_new_one_of_its_colour_until_it_is_roofed() -> None:
    turn = "3. green grey@K5 merchant@H9"
    assert_legal(check_one(medina(*STUCK_GREY, turn)))
    barred = medina(*STUCK_GREY, turn, tags=rulings("stuck-palace=roof"))
    report = check_one(barred)
    assert errors(report) == [("MED-B2", spot(barred, "3. green", "grey@K5"))]
    assert "stuck without a roof" in report.errors[0].message
    roofed = medina(*STUCK_GREY, "3. green roof@B2 grey@K5", tags=rulings("stuck-palace=roof"))
    assert_legal(check_one(roofed))


def test_a_stuck_palace_of_another_colour_bars_nothing() -> None:
    text = medina(*STUCK_GREY, "3. green black@K5 merchant@H9", tags=rulings("stuck-palace=roof"))
    assert_legal(check_one(text))


WELL_ON_THE_BORDER = "well B5; merchant H7"


def test_setup_fields_any_lets_the_well_stand_on_a_border_field() -> None:
    # (a ruling meridina had; the bga set chooses it)
    text = second("1. red orange@E5", setup=WELL_ON_THE_BORDER)
    assert [rule for rule, _ in errors(check_one(text))] == ["MED-S3"]
    assert_legal(
        check_one(
            second("1. red orange@E5", setup=WELL_ON_THE_BORDER, tags=rulings("setup-fields=any"))
        )
    )


def test_a_position_keeps_one_unroofed_palace_a_colour_under_the_variant() -> None:
    # The stuck grey palace on B2 and a second, unroofed grey palace on K5.
    position = ("position", "grey: B2 K5", "stables: C2 B3", "merchants: H7", "next: red")
    assert_legal(check_one(medina(*position, setup=None)))
    text = medina(*position, setup=None, tags=rulings("stuck-palace=roof"))
    report = check_one(text)
    assert [problem.rule for problem in report.errors] == ["MED-B2"]
    assert report.errors[0].message == (
        "2 grey palaces are unroofed; a new grey palace starts only once the one before is "
        "roofed (ruling stuck-palace=roof)"
    )
