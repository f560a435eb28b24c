"""record and annotate check under the rulings validate uses in the same folder."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from meridina.cli.main import cli
from test_formats import run
from test_rulings import ROOF_RULE, ROOFED_SINGLE, with_tag

TURN = "red orange@E5 roof@E5"  # roofs a palace of one building: MED-R1 under min-roof-size=2
HEADER = ROOFED_SINGLE.split("\n\n")[0] + "\n"
NEW_GAME = ["--game", "medina", "--edition", "1", "--players", "Ann red; Ben blue; Cy green"]
STRICT_MESSAGE = "a palace needs 2 buildings to be roofed (ruling min-roof-size)"


def configure(text: str) -> None:
    Path("meridina.toml").write_text(text, "utf-8")


def roof_size(size: int) -> None:
    configure(f"[rulings.medina]\nmin-roof-size = {size}\n")


def piped(*args: str, lines: list[str]) -> Result:
    result = CliRunner().invoke(cli, ["record", *args], input="".join(f"{x}\n" for x in lines))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result


def problem_lines(output: str, prefix: str) -> list[str]:
    return [line.split(": ", 1)[1] for line in output.splitlines() if line.startswith(prefix)]


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    Path("roof.mrec").write_text(ROOFED_SINGLE, "utf-8")
    return tmp_path


# ------------------------------------------------------------------ record


def start_record(how: str) -> list[str]:
    """The record command's arguments for a new game, or for going on with a file."""
    if how == "new":
        return ["-o", "game.mrec", *NEW_GAME, "--setup", "merchant H7"]
    Path("game.mrec").write_text(HEADER, "utf-8")
    return ["game.mrec"]


@pytest.mark.parametrize("how", ["new", "going-on"])
def test_record_refuses_the_turn_validate_rejects_under_the_config(folder: Path, how: str) -> None:
    roof_size(2)
    validated = run("validate", "roof.mrec")
    assert validated.exit_code == 1
    assert problem_lines(validated.stdout, "roof.mrec:") == [f"{ROOF_RULE} {STRICT_MESSAGE}"]
    recorded = piped(*start_record(how), lines=[TURN])
    assert recorded.exit_code == 1
    assert problem_lines(recorded.output, "-:1:") == [f"{ROOF_RULE} {STRICT_MESSAGE}"]
    assert "roof@" not in Path("game.mrec").read_text("utf-8")


@pytest.mark.parametrize("how", ["new", "going-on"])
def test_record_takes_the_turn_a_lenient_config_allows(folder: Path, how: str) -> None:
    roof_size(1)
    recorded = piped(*start_record(how), lines=[TURN])
    assert recorded.exit_code == 0, recorded.output
    assert TURN in Path("game.mrec").read_text("utf-8")
    assert run("validate", "game.mrec").exit_code == 0


def test_the_record_s_own_tag_wins_over_the_config_in_record(folder: Path) -> None:
    roof_size(2)
    Path("own.mrec").write_text(with_tag(HEADER, '[Rulings "min-roof-size=1"]'), "utf-8")
    assert piped("own.mrec", lines=[TURN]).exit_code == 0
    given = ["-o", "new.mrec", *NEW_GAME, "--setup", "merchant H7", "--rulings", "min-roof-size=1"]
    assert piped(*given, lines=[TURN]).exit_code == 0
    assert run("validate", "own.mrec", "new.mrec").exit_code == 0


def test_going_on_with_a_record_the_config_makes_invalid_is_refused_as_validate_does(
    folder: Path,
) -> None:
    roof_size(2)
    refused = piped("roof.mrec", lines=[])
    assert refused.exit_code == 1
    assert f"roof.mrec:6:18: {ROOF_RULE} {STRICT_MESSAGE}" in refused.output


def test_the_recorder_s_legal_list_follows_the_config(folder: Path) -> None:
    Path("game.mrec").write_text(HEADER, "utf-8")
    roof_size(2)
    strict = piped("game.mrec", lines=["legal red orange@E5"])
    roof_size(1)
    lenient = piped("game.mrec", lines=["legal red orange@E5"])
    assert "roof@ E5" in lenient.output
    assert "roof@" not in strict.output


def test_record_position_checks_its_header_and_entries_under_the_config(folder: Path) -> None:
    # a first merchant next to the ring: MED-S3 unless setup-fields=any
    header = ["--position", "-o", "table.mrec", *NEW_GAME, "--setup", "merchant B2"]
    refused = piped(*header, lines=["grey: C3", "done"])
    assert refused.exit_code != 0
    assert "MED-S3" in refused.output
    configure('[rulings.medina]\nsetup-fields = "any"\n')
    taken = piped(*header, lines=["grey: C3", "done"])
    assert taken.exit_code == 0, taken.output
    assert "MED-S3" not in taken.output
    assert "grey: C3" in Path("table.mrec").read_text("utf-8")
    assert run("validate", "table.mrec").exit_code == 0


# ------------------------------------------------------------------ annotate


def test_annotate_reports_what_validate_reports_under_the_config(folder: Path) -> None:
    roof_size(2)
    validated = run("validate", "roof.mrec")
    annotated = run("annotate", "roof.mrec")
    assert annotated.exit_code == validated.exit_code == 1
    said = [line for line in annotated.stderr.splitlines() if line.startswith("roof.mrec:")]
    assert said == [line for line in validated.stdout.splitlines() if line.startswith("roof.mrec")]
    assert f"{{= ILLEGAL: {ROOF_RULE} {STRICT_MESSAGE}" in annotated.stdout
    assert "leaves this game as written" not in annotated.stdout


def test_annotate_json_has_validate_s_problems_under_the_config(folder: Path) -> None:
    roof_size(2)
    document = json.loads(run("annotate", "--format", "json", "roof.mrec").stdout)
    [game] = document["games"]
    assert [(p["rule"], p["message"]) for p in game["problems"]] == [(ROOF_RULE, STRICT_MESSAGE)]
    assert game["turns"][0]["notes"][0].startswith(f"ILLEGAL: {ROOF_RULE} {STRICT_MESSAGE}")


@pytest.mark.parametrize("mode", [["--in-place"], ["-o", "out.mrec"]])
def test_annotate_writes_the_config_s_verdict_in_every_mode(folder: Path, mode: list[str]) -> None:
    roof_size(2)
    assert run("annotate", *mode, "roof.mrec").exit_code == 1
    written = Path(mode[1] if len(mode) > 1 else "roof.mrec").read_text("utf-8")
    assert f"ILLEGAL: {ROOF_RULE}" in written


def test_annotate_check_and_diff_see_the_config_s_notes(folder: Path) -> None:
    roof_size(1)
    assert run("annotate", "--in-place", "roof.mrec").exit_code == 0
    assert run("annotate", "--check", "roof.mrec").exit_code == 0
    roof_size(2)  # the note annotate would write now says the turn is illegal
    assert run("annotate", "--check", "roof.mrec").exit_code == 1
    assert (
        f"+1. red orange@E5 roof@E5 {{= ILLEGAL: {ROOF_RULE}"
        in run("annotate", "--diff", "roof.mrec").stdout
    )


def test_annotate_takes_rulings_over_the_config_and_under_the_tag(folder: Path) -> None:
    roof_size(2)
    assert run("annotate", "roof.mrec", "--rulings", "min-roof-size=1").exit_code == 0
    roof_size(1)
    assert run("annotate", "roof.mrec", "--rulings", "min-roof-size=2").exit_code == 1
    Path("own.mrec").write_text(with_tag(ROOFED_SINGLE, '[Rulings "min-roof-size=1"]'), "utf-8")
    assert run("annotate", "own.mrec", "--rulings", "min-roof-size=2").exit_code == 0


def test_annotate_and_record_take_the_config_s_rulings_not_validate_s_option_defaults(
    folder: Path,
) -> None:
    configure('format = "sarif"\nquiet = true\n[rulings.medina]\nmin-roof-size = 2\n')
    annotated = run("annotate", "roof.mrec")
    assert annotated.exit_code == 1
    assert annotated.stdout.startswith('[Game "Medina"]')
    Path("game.mrec").write_text(HEADER, "utf-8")
    assert piped("game.mrec", lines=[TURN]).exit_code == 1


@pytest.mark.parametrize("command", [["annotate", "roof.mrec"], ["record", "roof.mrec"]])
def test_a_faulty_config_stops_annotate_and_record_as_it_stops_validate(
    folder: Path, command: list[str]
) -> None:
    configure("[rulings.medina]\nmin-roof-size = big\n")
    validated = run("validate", "roof.mrec")
    stopped = run(*command)
    assert stopped.exit_code == validated.exit_code == 2
    assert stopped.stderr == validated.stderr
