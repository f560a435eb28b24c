"""Named rule sets: ``set=NAME`` in a rulings value, wherever rulings are set."""

from __future__ import annotations

from enum import Enum
from pathlib import Path

import pytest
from conftest import errors, spot
from hypothesis import given
from hypothesis import strategies as st
from medina_records import BLOCKED_STREET, TEA_START, medina, second, sheet_of, totals
from meridina.notation.rulings import RulingValue, choose_rulings, read_ruling, rulings_by_game
from meridina.rules.medina.model import (
    RULING_NAMES,
    ForcedRoof,
    Retire,
    Rulings,
    StableMerchants,
    StreetTouch,
    TeaPlacement,
    ThreePlayerNeutral,
    TieBreak,
)
from meridina.rules.medina.rule_sets import RULE_SETS, boardspace_rule_set, rulings_of
from test_formats import run
from test_medina_variant_rulings import STABLE_STREET, STUCK_GREY
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
    retire_colours=Retire.NO,
    tie_break=TieBreak.NONE,
    tea_placement=TeaPlacement.SECOND,
    stable_merchants=StableMerchants.NO,
    forced_roof=ForcedRoof.OTHERS_STUCK,
    three_player_neutral=ThreePlayerNeutral.ALWAYS,
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
    outside: dict[str, dict[str, RulingValue]] = {
        "medina": {"min_roof_size": 2, "tie_break": TieBreak.PALACE}
    }
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
    assert "unknown rule set 'nowhere' (known: boardspace-1, boardspace-100," in bad.output
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
        (0, "boardspace-1"),
        (1, "boardspace-1"),  # a file without a revision: Boardspace reads it as 1
        (99, "boardspace-1"),
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
    assert made["boardspace-1"] == BOARDSPACE_100  # 100's change takes effect from 101
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


# ---------------------------------------------------------------- each set against its source

# After green extends the street from C3 by C2 to B2, both of its ends are blocked; a new
# street on B3 would touch two merchants (B2 and C3).
NEW_STREET_BY_TWO = medina(*BLOCKED_STREET, "3. green merchant@B2 merchant@B3", setup="merchant C3")
STABLE_MERCHANT = medina(*STABLE_STREET)
NEUTRAL_IN_THREE = second("1. red black@E5", "2. blue neutral@E5")
TEA_FIRST = second(*TEA_START, "6. green tea grey@C9")
WELL_ON_BORDER = second("1. red orange@E5", setup="well B5; merchant H7")
NEW_GREY_BESIDE_STUCK = medina(*STUCK_GREY, "3. green grey@K5 merchant@H9")


def under(text: str, rule_set: str | None) -> str:
    """The record with a Rulings tag naming ``rule_set`` (None: as it is)."""
    if rule_set is None:
        return text
    return text.replace("[Players", f'[Rulings "set={rule_set}"]\n[Players', 1)


def verdict(text: str, rule_set: str | None = None) -> list[str]:
    """The rules a game breaks, under a set named in its own Rulings tag."""
    return [problem.rule for problem in checked(under(text, rule_set)).errors]


@pytest.mark.parametrize(
    ("text", "rule_set", "default", "under_set"),
    [
        # before revision 101 no colour leaves the game
        (medina(*GREY_AGAIN), "boardspace-100", ["MED-B5"], []),
        # from revision 102 a new street touches one merchant at most
        (NEW_STREET_BY_TWO, "boardspace-101", [], []),
        (NEW_STREET_BY_TWO, "boardspace-102", [], ["MED-M2"]),
        # neutral roofs in every 2nd-edition game of 3, and tea only after a first piece
        (NEUTRAL_IN_THREE, "boardspace-103", ["MED-R3"], []),
        (NEUTRAL_IN_THREE, "boardspace", ["MED-R3"], []),
        (TEA_FIRST, "boardspace", [], ["MED-T5"]),
        # the help page puts the well anywhere on the board
        (WELL_ON_BORDER, "bga", ["MED-S3"], []),
        # no new palace of a colour while one of its palaces is stuck without a roof
        (NEW_GREY_BESIDE_STUCK, "french-variant", [], ["MED-B2"]),
    ],
)
def test_a_set_s_game_is_judged_as_its_source_says(
    text: str, rule_set: str, default: list[str], under_set: list[str]
) -> None:
    assert verdict(text) == default
    assert verdict(text, rule_set) == under_set


def test_boardspace_scores_a_merchant_beside_a_stable_from_revision_103() -> None:
    def first_total(rule_set: str | None) -> int:
        return totals(checked(under(STABLE_MERCHANT, rule_set)))[0]

    assert first_total(None) == 7
    assert [first_total(f"boardspace-{r}") for r in (100, 101, 102, 103)] == [6, 6, 6, 7]


def test_boardspace_has_no_tie_break() -> None:
    # Red (a grey palace of 3 and its tile) and blue (a brown palace of 1 and its tile) have
    # 4 points each; the default puts red's larger palace first, Boardspace ranks them level.
    text = medina(
        "1. red grey@C3 grey@C4",
        "2. blue brown@K5 roof@K5",
        "3. green wall@B1 wall@C1",
        "4. red grey@C5 roof@C3",
    )
    for rule_set, ranks in ((None, [1, 2, 3]), ("boardspace", [1, 1, 3])):
        sheet = sheet_of(checked(under(text, rule_set)))
        assert [p.total for p in sheet.players] == [4, 4, 0]
        assert [p.rank for p in sheet.players] == ranks


def test_bsw_keeps_the_new_street_free_where_a_club_s_rulings_do_not() -> None:
    # BrettspielWelt's page lets a new street start anywhere: meridina's default. Under a
    # stricter config (here: Boardspace's newest rules) the record's set=bsw decides.
    outside, _ = rulings_by_game("set=boardspace")
    assert [p.rule for p in checked(NEW_STREET_BY_TWO, outside).errors] == ["MED-M2"]
    assert checked(under(NEW_STREET_BY_TWO, "bsw"), outside).errors == []
    assert verdict(NEW_STREET_BY_TWO, "bsw") == verdict(NEW_STREET_BY_TWO) == []


@given(
    rule_set=st.sampled_from(sorted(RULE_SETS)),
    ruling=st.sampled_from(sorted(RULING_NAMES)),
    data=st.data(),
    set_first=st.booleans(),
)
def test_any_single_ruling_wins_over_any_set_on_either_side(
    rule_set: str, ruling: str, data: st.DataObject, set_first: bool
) -> None:
    kind = RULING_NAMES[ruling]
    if issubclass(kind, Enum):
        choice = data.draw(st.sampled_from([str(member.value) for member in kind]))
    else:
        choice = data.draw(st.integers(1, 5).map(str))
    parts = [f"set={rule_set}", f"{ruling}={choice}"]
    value = "; ".join(parts if set_first else parts[::-1])
    chosen, faults = choose_rulings(value, RULING_NAMES, RULE_SETS)
    assert faults == ()
    expected = dict(RULE_SETS[rule_set].chosen)
    key, single = read_ruling(ruling, choice, RULING_NAMES)
    expected[key] = single
    assert dict(chosen) == expected
