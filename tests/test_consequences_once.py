"""A fault's consequence is told once per thing it is about (a palace, a meridian), pointing
back at the fault that caused it; each turn is still refused for its own fault."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import Write, check_one, run_cli, spot
from medina_records import medina

EXAMPLES = Path(__file__).parent.parent / "examples"
SMALL_ROOFS = ('[Rulings "min-roof-size=2"]',)
REFUSED_ROOF = (
    "1. red orange@E5 roof@E5",  # refused: a palace of one building under min-roof-size=2
    "2. blue orange@K9 black@B3",
    "3. green orange@K3 grey@N11",
    "4. red orange@O4 black@B4",
    "5. blue orange@M12 grey@N10",
)


def test_a_refused_roof_s_consequence_is_told_once_pointing_back_at_it() -> None:
    text = medina(*REFUSED_ROOF, tags=SMALL_ROOFS)
    report = check_one(text)
    roof = spot(text, "1. red", "roof@E5")
    assert [(p.rule, p.at) for p in report.errors] == [
        ("MED-R1", roof),
        ("MED-B2", spot(text, "2. blue", "orange@K9")),
        ("MED-B3", spot(text, "5. blue", "orange@M12")),  # a fault of its own, still told
    ]
    b2 = report.errors[1]
    assert b2.message.endswith("(because of turn 1's refused roof on E5)")


def test_each_turn_is_still_refused_for_the_consequence() -> None:
    report = check_one(medina(*REFUSED_ROOF, tags=SMALL_ROOFS))
    assert report.run is not None
    refused = [
        [p.rule for p in step.problems if not p.warning] for step in report.run.steps if step
    ]
    assert refused == [["MED-R1"], ["MED-B2"], ["MED-B2"], ["MED-B2"], ["MED-B2", "MED-B3"]]


def test_once_the_palace_has_changed_a_later_fault_is_its_own() -> None:
    text = medina(
        "1. red orange@E5 roof@E5",
        "2. blue orange@E6 black@B3",  # the palace grows: the players know it is unroofed
        "3. green orange@K3 grey@N11",
        "4. red orange@O4 black@B4",
        tags=SMALL_ROOFS,
    )
    report = check_one(text)
    b2 = [p for p in report.errors if p.rule == "MED-B2"]
    assert [p.at for p in b2] == [
        spot(text, "3. green", "orange@K3"),
        spot(text, "4. red", "orange@O4"),
    ]
    assert not any("because of" in p.message for p in b2)


def test_without_a_refused_roof_each_building_fault_is_told() -> None:
    text = medina(
        "1. red orange@E5 black@K9", "2. blue orange@K3 grey@N11", "3. green orange@O4 brown@B4"
    )
    report = check_one(text)
    assert [p.rule for p in report.errors] == ["MED-B2", "MED-B2"]


def test_a_refused_tower_s_repeated_fault_is_told_once_per_meridian() -> None:
    lines = (EXAMPLES / "meridian" / "two-players.mrec").read_text("utf-8").split("\n")
    assert lines[23] == "16. orange 7: 2@4"
    lines[23] = "16. orange 7: 1@4"  # a first tower of 1 on an empty meridian: refused
    text = "\n".join(lines)
    report = check_one(text)
    tower = spot(text, "16. orange", "1@4")
    empty = [p for p in report.errors if p.rule == "MER-R1"]
    assert [p.at for p in empty] == [tower, spot(text, "41. grey 7", "brown 1@1")]
    assert empty[1].message == (
        f"{empty[0].message} (because of turn 16's refused tower on meridian 7)"
    )
    # brown's 1@? on meridian 7 two turns on repeats it again: not told a third time
    assert report.run is not None
    repeats = [
        p
        for step in report.run.steps
        if step
        for p in step.problems
        if p.rule == "MER-R1" and p.message == empty[0].message
    ]
    assert len(repeats) == 3  # each turn is still refused for it


def test_a_fault_in_other_words_on_the_same_meridian_is_told_as_its_own() -> None:
    report = check_one(
        (EXAMPLES / "meridian" / "errors.mrec").read_text("utf-8").split("\n\n[Game")[0]
    )
    assert not any("because of" in p.message for p in report.problems)
    assert [p.rule for p in report.errors if p.rule in ("MER-R1", "MER-R2", "MER-R3")] == [
        "MER-R1",
        "MER-R2",
        "MER-R3",
    ]


def test_the_pointer_back_survives_a_formatter_moving_the_lines(write: Write) -> None:
    # The game as written and in canonical layout must say the same for annotate to write it:
    # the pointer names the turn and the field, which no layout moves.
    text = medina(*REFUSED_ROOF, tags=(*SMALL_ROOFS, "", "{ a comment }", ""))
    path = write("game.mrec", text)
    run_cli("annotate", "--in-place", path)
    annotated = Path(path).read_text("utf-8")
    assert "\n\n{ a comment }" not in annotated  # written in canonical layout
    assert "ILLEGAL: MED-B2" in annotated and ";=" not in annotated
    (later,) = [p for p in check_one(annotated).errors if p.rule == "MED-B2"]
    assert later.message.endswith("(because of turn 1's refused roof on E5)")


@pytest.mark.parametrize("form", ["json", "sarif", "junit"])
def test_the_outputs_list_the_consequence_once_and_the_verdict_stands(
    write: Write, form: str
) -> None:
    path = write("game.mrec", medina(*REFUSED_ROOF, tags=SMALL_ROOFS))
    ran = run_cli("validate", "--format", form, path)
    assert ran.exit_code == 1  # invalid, as before
    said = ran.output.count("(because of turn 1's refused roof on E5)")
    assert said == (2 if form == "junit" else 1)  # a JUnit failure says it twice
    assert ran.output.count("can still grow") == said
