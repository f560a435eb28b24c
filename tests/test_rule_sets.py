"""Named rule sets: ``set=NAME`` in a rulings value, wherever rulings are set."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import errors, spot
from medina_records import medina
from meridina.notation.rulings import rulings_by_game
from meridina.rules.medina.model import Retire, Rulings, StreetTouch, TeaPlacement, TieBreak
from meridina.rules.medina.rule_sets import RULE_SETS, boardspace_rule_set, rulings_of
from test_formats import run
from test_rulings import checked

# Every player roofs a grey palace; then red places grey again, which only a game that keeps
# colours in play allows (MED-B5).
GREY_AGAIN = (
    "1. red grey@C3 roof@C3",
    "2. blue grey@F3 roof@F3",
    "3. green grey@J3 roof@J3",
    "4. red grey@M3 merchant@H8",
)
BOARDSPACE_100 = Rulings(
    retire_colours=Retire.NO, tie_break=TieBreak.NONE, tea_placement=TeaPlacement.SECOND
)


def rulings_tag(value: str) -> str:
    return f'[Rulings "{value}"]'


def test_a_set_in_the_tag_changes_the_verdict() -> None:
    plain = medina(*GREY_AGAIN)
    assert [rule for rule, _ in errors(checked(plain))] == ["MED-B5"]
    boardspace = medina(*GREY_AGAIN, tags=(rulings_tag("set=boardspace-100"),))
    report = checked(boardspace)
    assert errors(report) == []
    assert report.record.setup.rulings == BOARDSPACE_100


@pytest.mark.parametrize(
    "value", ["set=boardspace-100; retire-colours=yes", "retire-colours=yes; set=boardspace-100"]
)
def test_a_single_ruling_beside_the_set_wins_wherever_it_stands(value: str) -> None:
    report = checked(medina(*GREY_AGAIN, tags=(rulings_tag(value),)))
    assert [rule for rule, _ in errors(report)] == ["MED-B5"]
    assert report.record.setup.rulings.retire_colours is Retire.YES
    assert report.record.setup.rulings.tie_break is TieBreak.NONE  # the rest from the set


def test_an_unknown_set_is_a_notation_error_naming_the_known_sets() -> None:
    text = medina(*GREY_AGAIN, tags=(rulings_tag("tie-break=none; set=boardspace-99"),))
    report = checked(text)
    known = ", ".join(RULE_SETS)
    assert [(p.rule, p.message, p.at) for p in report.errors] == [
        (
            "REC-2",
            f"unknown rule set 'boardspace-99' (known: {known})",
            spot(text, "[Rulings", "set="),
        ),
        ("MED-B5", report.errors[1].message, spot(text, "4. red", "grey@M3")),
    ]
    assert report.record.setup.rulings == Rulings(tie_break=TieBreak.NONE)


def test_a_value_names_one_set_at_most() -> None:
    text = medina(*GREY_AGAIN, tags=(rulings_tag("set=boardspace-100; set=boardspace"),))
    [fault] = checked(text).errors
    assert fault.rule == "REC-2"
    assert fault.message.startswith("a second rule set ('boardspace' after 'boardspace-100')")
    assert fault.at == spot(text, "[Rulings", 'set=boardspace"')


def test_a_set_in_the_tag_decides_every_ruling_over_the_config() -> None:
    outside = {"medina": {"min_roof_size": 2, "tie_break": TieBreak.PALACE}}
    report = checked(
        medina("1. red orange@E5 roof@E5", tags=(rulings_tag("set=boardspace"),)), outside
    )
    assert report.valid, report.errors  # the set's min-roof-size (1) wins over the config's 2
    assert report.record.setup.rulings.tie_break is TieBreak.NONE


def test_single_rulings_in_the_tag_win_over_a_set_in_the_config() -> None:
    outside, faults = rulings_by_game("set=boardspace-102")
    assert faults == ()
    text = medina(*GREY_AGAIN, tags=(rulings_tag("retire-colours=no"),))
    rulings = checked(text, outside).record.setup.rulings
    assert rulings.retire_colours is Retire.NO  # the tag's
    assert rulings.new_street_touch is StreetTouch.ONE  # the config's set


def test_a_set_on_the_command_line_and_in_the_config(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("game.mrec").write_text(medina(*GREY_AGAIN), "utf-8")
    assert run("validate", "game.mrec").exit_code == 1
    assert run("validate", "--rulings", "set=boardspace-100", "game.mrec").exit_code == 0
    assert run("validate", "--rulings", "set=boardspace-101", "game.mrec").exit_code == 1
    bad = run("validate", "--rulings", "set=nowhere", "game.mrec")
    assert bad.exit_code == 2
    assert "unknown rule set 'nowhere' (known: boardspace-100," in bad.output
    Path("meridina.toml").write_text('[rulings.medina]\nset = "boardspace-100"\n', "utf-8")
    assert run("validate", "game.mrec").exit_code == 0
    # a single ruling of the same table wins over its set, whatever the order of the lines
    Path("meridina.toml").write_text(
        '[rulings.medina]\nretire-colours = "yes"\nset = "boardspace-100"\n', "utf-8"
    )
    assert run("validate", "game.mrec").exit_code == 1
    Path("meridina.toml").write_text('[rulings.medina]\nset = "bsw-9"\n', "utf-8")
    from_config = run("validate", "game.mrec")
    assert from_config.exit_code == 2
    assert from_config.stderr.startswith(
        f"meridina: {tmp_path / 'meridina.toml'}:2: unknown rule set 'bsw-9' (known: "
    )


@pytest.mark.parametrize(
    ("revision", "name"),
    [
        (0, "boardspace-100"),
        (100, "boardspace-100"),
        (101, "boardspace-101"),
        (102, "boardspace-102"),
        (103, "boardspace-103"),
        (104, "boardspace-103"),
        (10**9, "boardspace-103"),
    ],
)
def test_a_boardspace_revision_names_its_set(revision: int, name: str) -> None:
    assert boardspace_rule_set(revision) == name
    assert name in RULE_SETS


def test_boardspace_rulings_by_revision() -> None:
    by_revision = {name: RULE_SETS[name] for name in RULE_SETS if name.startswith("boardspace")}
    made = {name: rulings_of(name) for name in by_revision}
    assert made["boardspace-100"] == BOARDSPACE_100
    assert made["boardspace-101"].retire_colours is Retire.YES
    assert made["boardspace-101"].new_street_touch is StreetTouch.ANY
    assert made["boardspace-102"].new_street_touch is StreetTouch.ONE
    assert made["boardspace"] == made["boardspace-103"]
    assert all(rulings.tie_break is TieBreak.NONE for rulings in made.values())


def test_every_set_names_every_ruling_once() -> None:
    keys = [name.replace("-", "_") for name in Rulings.__dataclass_fields__]
    for one in RULE_SETS.values():
        assert [key for key, _ in one.chosen] == keys
        assert one.source and one.summary
