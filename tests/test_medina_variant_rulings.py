"""The rulings other engines and published variants need: each changes a game's verdict."""

from __future__ import annotations

from conftest import assert_legal, assert_only, check_one, errors, spot
from medina_records import LAST_ROOFS, medina, second, sheet_of, totals


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


# A random legal 2-player game (2nd edition, played under forced-roof=others-stuck) up to
# turn 60: red can place nothing more, and blue places two merchants where a roof could go.
OTHERS_STUCK_GAME = """\
[Game "Medina"]
[Edition "2"]
[Players "Ben red; Pia blue"]
[Options "well, tea, tower-merchants"]
[Setup "well N9; merchant E8"]

1. red grey@O2
2. blue neutral@O2 grey@F4
3. red brown@I2 roof@F4
4. blue brown@I3 wall@O12
5. red wall@A11 wall@A10
6. blue grey@H11 merchant@E9
7. red merchant@E7 black@N7
8. blue orange@L4 brown@I4
9. red merchant@F9 wall@B1
10. blue grey@G11 roof@I4
11. red stable@E4 stable@F5
12. blue stable@H3 black@O7
13. red orange@L5 brown@B3
14. blue orange@K4 wall@P2
15. red brown@C3 merchant@D7
16. blue merchant@F10 stable@J2
17. red wall@C1 wall@P3
18. blue merchant@F11 merchant@D6
19. red wall@A2 black@M7
20. blue roof@O7 wall@B12
21. red orange@K5 wall@P4
22. blue orange@K6 tea
23. red merchant@D5 roof@K6
24. blue black@D11 merchant@E11
25. red stable@L3 merchant@E5
26. blue brown@C2 neutral@C3
27. red wall@A3 brown@N4
28. blue brown@O4 tea
29. red brown@N5 brown@O5
30. blue wall@A4 tea
31. red orange@C8 roof@O5
32. blue wall@P5 stable@J6
33. red grey@G10 wall@O1
34. blue merchant@E6 orange@C9
35. red grey@G9 wall@A9
36. blue wall@C12 roof@H11
37. red orange@C7 merchant@F6
38. blue black@C11 stable@H10
39. red stable@K7 orange@B9
40. blue black@B11 merchant@G6
41. red wall@P6 merchant@H6
42. blue wall@D12 black@J11
43. red black@K11 merchant@H7
44. blue orange@B7 merchant@I7
45. red orange@B8 neutral@C7
46. blue wall@A5 merchant@I8
47. red neutral@B11 wall@P7
48. blue wall@P8 black@K10
49. red orange@C5 orange@B5
50. blue black@L10 wall@A8
51. red merchant@J8 wall@E12
52. blue wall@N12 black@J10
53. red black@L11 merchant@K8
54. blue wall@F12 wall@P11
55. red merchant@L8 merchant@L9
56. blue orange@N11 orange@O11
57. red wall@P9 wall@A6
58. blue merchant@M9 orange@F2
59. red black@K9 roof@L11
60. blue merchant@M10 merchant@M11
"""


def test_others_stuck_forces_a_roof_in_the_second_edition_too() -> None:
    assert_legal(check_one(OTHERS_STUCK_GAME))  # the 2nd edition has no last-roofs rule
    text = OTHERS_STUCK_GAME.replace("[Setup", '[Rulings "forced-roof=others-stuck"]\n[Setup')
    report = check_one(text)
    assert_only(report, "MED-T4", spot(text, "60. blue"))
    assert report.errors[0].message.startswith(
        "no other player can place a piece, so blue must place a roof this turn"
    )


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
