"""Rulings flow one way: config, command line, then the record's tag, read by one parser."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from meridina.notation import driver as check
from meridina.notation import rulings
from meridina.notation.driver import GameReport, check_game
from meridina.notation.reader import parse_text
from meridina.rules.medina.model import Rulings as MedinaRulings
from meridina.rules.medina.model import TieBreak
from test_formats import MEDINA_OK, MERIDIAN_OK, run

ROOFED_SINGLE = MEDINA_OK  # roofs a palace of one building: legal unless min-roof-size > 1
ROOF_RULE = "MED-R1"
STRICT = {"medina": {"min_roof_size": 2}}


def with_tag(record: str, tag: str) -> str:
    return record.replace("[Setup", f"{tag}\n[Setup")


def checked(record: str, outside: check.RulingDefaults | None = None) -> GameReport:
    [parsed] = parse_text(record)
    return check_game(parsed, None, outside)


def rules_of(report: GameReport) -> list[str]:
    return [problem.rule for problem in report.errors]


# ------------------------------------------------------------------ read once, into the setup


def test_the_record_read_is_the_record_checked_not_a_rebuilt_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    spec = check.GAMES["medina"]
    reader, core = spec._parts
    read: list[Any] = []

    def reading(*args: Any) -> Any:
        read.append(reader(*args))
        return read[-1]

    monkeypatch.setitem(spec.__dict__, "_parts", (reading, core))
    report = checked(with_tag(ROOFED_SINGLE, '[Rulings "tie-break=none"]'), STRICT)
    assert len(read) == 1
    assert report.record is read[0]
    assert report.record.setup.rulings == MedinaRulings(min_roof_size=2, tie_break=TieBreak.NONE)


def test_a_misspelt_rulings_tag_read_as_rulings_wins_over_the_config() -> None:
    # [Ruling ...] is read as [Rulings ...] with a warning; the config is under it all the same
    record = with_tag(ROOFED_SINGLE, '[Ruling "min-roof-size=1"]')
    report = checked(record, STRICT)
    assert report.valid, report.errors
    assert report.record.setup.rulings.min_roof_size == 1
    assert [p.message for p in report.problems if p.warning] == [
        "unknown tag [Ruling]: read as [Rulings], which it probably means"
    ]


def test_each_ruling_of_a_tag_is_parsed_once_per_run(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    parse = rulings.read_ruling

    def counted(name: str, *args: Any, **kwargs: Any) -> tuple[str, Any]:
        calls.append(name)
        return parse(name, *args, **kwargs)

    monkeypatch.setattr(rulings, "read_ruling", counted)
    # a value no other test uses, so no earlier game has it kept
    record = with_tag(ROOFED_SINGLE, '[Rulings "tie-break=none;  well-bonus=palace"]')
    first = checked(record, STRICT)
    assert calls == ["tie-break", "well-bonus"]
    games = [check_game(parsed, None, STRICT) for parsed in parse_text(record + "\n" + record)]
    assert calls == ["tie-break", "well-bonus"]  # the same tag's text is not parsed again
    assert [game.record.setup.rulings for game in games] == [first.record.setup.rulings] * 2


# ------------------------------------------------------------------ order of precedence


def test_the_config_applies_where_the_tag_is_silent_and_the_tag_wins_where_it_speaks() -> None:
    assert rules_of(checked(ROOFED_SINGLE)) == []
    assert rules_of(checked(ROOFED_SINGLE, STRICT)) == [ROOF_RULE]
    own = with_tag(ROOFED_SINGLE, '[Rulings "min-roof-size=1"]')
    assert rules_of(checked(own, STRICT)) == []
    other = with_tag(ROOFED_SINGLE, '[Rulings "tie-break=none"]')
    assert rules_of(checked(other, STRICT)) == [ROOF_RULE]
    stricter = with_tag(ROOFED_SINGLE, '[Rulings "min-roof-size=2"]')
    assert rules_of(checked(stricter, {"medina": {"min_roof_size": 1}})) == [ROOF_RULE]


def test_a_faulty_tag_value_leaves_the_config_s_ruling_in_force() -> None:
    record = with_tag(ROOFED_SINGLE, '[Rulings "min-roof-size=x"]')
    report = checked(record, STRICT)
    assert rules_of(report) == ["REC-2", ROOF_RULE]
    assert report.record.setup.rulings.min_roof_size == 2


def test_a_config_for_the_other_game_changes_nothing() -> None:
    report = checked(MERIDIAN_OK, STRICT)
    assert report.valid
    assert report.record.setup.rulings == type(report.record.setup.rulings)()


# ------------------------------------------------------------------ one parser, one sentence

BAD_VALUE = "ruling min-roof-size takes one of: a number"
BAD_ENUM = "ruling tie-break takes one of: palace, none"


@pytest.mark.parametrize(
    ("tag_text", "toml_value", "sentence"),
    [("min-roof-size=-3", "-3", BAD_VALUE), ("tie-break=coin", '"coin"', BAD_ENUM)],
)
def test_a_bad_value_reads_the_same_from_the_tag_and_the_config(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    tag_text: str,
    toml_value: str,
    sentence: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("bad.mrec").write_text(with_tag(ROOFED_SINGLE, f'[Rulings "{tag_text}"]'), "utf-8")
    Path("good.mrec").write_text(ROOFED_SINGLE, "utf-8")
    from_tag = run("validate", "bad.mrec")
    assert f"bad.mrec:4:11: REC-2 {sentence}\n" in from_tag.stdout
    name = tag_text.split("=")[0]
    Path("meridina.toml").write_text(f"[rulings.medina]\n{name} = {toml_value}\n", "utf-8")
    from_config = run("validate", "good.mrec")
    assert from_config.exit_code == 2
    assert from_config.stderr == f"meridina: {tmp_path / 'meridina.toml'}:2: {sentence}\n"


def test_an_unknown_name_lists_the_same_rulings_from_the_tag_and_the_config(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    known = "two-player-turns, empty-meridian, own-push"
    Path("bad.mrec").write_text(
        MERIDIAN_OK.replace("\n\n", '\n[Rulings "own-pushes=any"]\n\n', 1), "utf-8"
    )
    Path("good.mrec").write_text(MERIDIAN_OK, "utf-8")
    from_tag = run("validate", "bad.mrec")
    assert f"REC-2 unknown ruling 'own-pushes' (known: {known})\n" in from_tag.stdout
    Path("meridina.toml").write_text('[rulings.meridian]\nown-pushes = "any"\n', "utf-8")
    from_config = run("validate", "good.mrec")
    assert from_config.stderr == (
        f"meridina: {tmp_path / 'meridina.toml'}:2: "
        f"unknown meridian ruling 'own-pushes' (known: {known})\n"
    )


def test_a_bad_value_on_the_command_line_is_the_same_sentence_as_a_usage_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("good.mrec").write_text(ROOFED_SINGLE, "utf-8")
    for command in ("validate", "score", "replay"):
        given = run(command, "good.mrec", "--rulings", "tie-break=coin")
        assert given.exit_code == 2
        assert f"Invalid value for '--rulings': {BAD_ENUM}\n" in given.stderr
    generated = run("generate", "--game", "medina", "--rulings", "min-roof-size=-3")
    assert f"Invalid value for '--rulings': {BAD_VALUE}\n" in generated.stderr


def test_a_name_no_game_has_on_the_command_line_lists_every_game_s_rulings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("good.mrec").write_text(ROOFED_SINGLE, "utf-8")
    given = run("validate", "good.mrec", "--rulings", "own-pushes=any")
    assert given.exit_code == 2
    assert "unknown ruling 'own-pushes' (known: two-player-turns, empty-meridian, own-push, " in (
        given.stderr
    )
    assert "min-roof-size" in given.stderr


# ------------------------------------------------------------------ each pair of sources


@pytest.fixture
def roof(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder with the roofed single palace, as it is and with its own Rulings tags."""
    monkeypatch.chdir(tmp_path)
    Path("roof.mrec").write_text(ROOFED_SINGLE, "utf-8")
    for size in (1, 2):
        own = with_tag(ROOFED_SINGLE, f'[Rulings "min-roof-size={size}"]')
        Path(f"own{size}.mrec").write_text(own, "utf-8")
    return tmp_path


def configure(size: int) -> None:
    Path("meridina.toml").write_text(f"[rulings.medina]\nmin-roof-size = {size}\n", "utf-8")


@pytest.mark.parametrize("command", ["validate", "score", "replay"])
def test_the_command_line_wins_over_the_config(roof: Path, command: str) -> None:
    configure(2)
    assert run(command, "roof.mrec").exit_code == 1
    assert run(command, "roof.mrec", "--rulings", "min-roof-size=1").exit_code == 0
    configure(1)
    assert run(command, "roof.mrec").exit_code == 0
    assert run(command, "roof.mrec", "--rulings", "min-roof-size=2").exit_code == 1


def test_the_record_s_tag_wins_over_the_command_line(roof: Path) -> None:
    assert run("validate", "own1.mrec", "--rulings", "min-roof-size=2").exit_code == 0
    assert run("validate", "own2.mrec", "--rulings", "min-roof-size=1").exit_code == 1
    strict = run("validate", "roof.mrec", "own1.mrec", "--rulings", "min-roof-size=2")
    assert f"roof.mrec:6:18: {ROOF_RULE} " in strict.stdout
    assert "own1.mrec" not in strict.stdout


def test_the_record_s_tag_wins_over_the_config(roof: Path) -> None:
    configure(2)
    assert run("validate", "own1.mrec").exit_code == 0
    configure(1)
    assert run("validate", "own2.mrec").exit_code == 1


def test_all_three_sources_in_their_order(roof: Path) -> None:
    configure(1)
    given = ("--rulings", "min-roof-size=2")
    assert run("validate", "roof.mrec", *given).exit_code == 1  # command line over config
    assert run("validate", "own1.mrec", *given).exit_code == 0  # tag over both


def stated_rulings(record: str) -> str | None:
    [parsed] = parse_text(record)
    assert parsed.text is not None
    tag = parsed.text.tag("Rulings")
    return None if tag is None else tag.value


def test_generate_plays_under_the_config_s_rulings_and_the_command_line_wins(
    roof: Path,
) -> None:
    plain = ("generate", "--game", "medina", "--edition", "1", "--players", "3")
    configure(3)
    configured = run(*plain)
    assert configured.exit_code == 0
    assert stated_rulings(configured.stdout) == "min-roof-size=3"
    given = run(*plain, "--rulings", "min-roof-size=2")
    assert stated_rulings(given.stdout) == "min-roof-size=2"
    Path("games.mrec").write_text(configured.stdout, "utf-8")
    configure(2)
    assert run("validate", "games.mrec").exit_code == 0  # the record states what it was played by
