"""Defaults from meridina.toml or [tool.meridina]: options, rulings, and clear errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from meridina.cli.main import cli
from meridina.rules.toml_values import TomlTable
from test_formats import MEDINA_BAD, MEDINA_OK, MERIDIAN_BAD

ROOFED_SINGLE = MEDINA_OK  # roofs a palace of one building: legal unless min-roof-size > 1


def run(*args: str) -> Result:
    result = CliRunner().invoke(cli, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A project folder with records; commands run from a subfolder of it."""
    (tmp_path / "records").mkdir()
    (tmp_path / "records" / "meridian.mrec").write_text(MERIDIAN_BAD, "utf-8")
    (tmp_path / "records" / "medina.mrec").write_text(MEDINA_BAD, "utf-8")
    (tmp_path / "records" / "roof.mrec").write_text(ROOFED_SINGLE, "utf-8")
    monkeypatch.chdir(tmp_path / "records")
    return tmp_path


def rules_found(result: Result) -> list[str]:
    data = json.loads(result.stdout)
    return [p["rule"] for f in data["files"] for g in f["games"] for p in g["problems"]]


def test_pyproject_table_sets_option_defaults_and_the_command_line_wins(project: Path) -> None:
    (project / "pyproject.toml").write_text(
        '[project]\nname = "club"\n\n[tool.meridina]\nselect = ["MED-"]\nformat = "json"\n',
        "utf-8",
    )
    result = run("validate", "meridian.mrec", "medina.mrec")
    assert rules_found(result) == ["MED-R1"]
    assert rules_found(run("validate", ".", "--select", "MER-")) == ["MER-R2"]
    text = run("validate", "meridian.mrec", "--format", "text", "--select", "MER-")
    assert text.stdout.startswith("meridian.mrec:6:12: MER-R2 ")


def test_meridina_toml_comes_before_pyproject_in_the_same_folder(project: Path) -> None:
    (project / "pyproject.toml").write_text('[tool.meridina]\nselect = ["MED-"]\n', "utf-8")
    (project / "meridina.toml").write_text('select = ["MER-"]\nformat = "json"\n', "utf-8")
    assert rules_found(run("validate", "meridian.mrec", "medina.mrec")) == ["MER-R2"]


def test_a_pyproject_without_the_table_is_passed_over(project: Path) -> None:
    (project / "records" / "pyproject.toml").write_text('[project]\nname = "x"\n', "utf-8")
    (project / "meridina.toml").write_text('ignore = ["MER-R2"]\nformat = "json"\n', "utf-8")
    assert rules_found(run("validate", "meridian.mrec")) == []


def test_rulings_from_config_apply_unless_the_record_says_otherwise(project: Path) -> None:
    assert run("validate", "roof.mrec").exit_code == 0
    (project / "pyproject.toml").write_text(
        "[tool.meridina.rulings.medina]\nmin-roof-size = 2\n", "utf-8"
    )
    strict = run("validate", "roof.mrec")
    assert strict.exit_code == 1
    assert "roof.mrec:6:18: MED-R1 a palace needs 2 buildings to be roofed" in strict.stdout
    own = ROOFED_SINGLE.replace("[Setup", '[Rulings "min-roof-size=1"]\n[Setup')
    Path("own.mrec").write_text(own, "utf-8")
    assert run("validate", "own.mrec").exit_code == 0


@pytest.mark.parametrize(
    ("name", "text", "line", "message"),
    [
        (
            "pyproject.toml",
            '[tool.meridina]\nselect = ["MER"]\nformats = "json"\n',
            3,
            "unknown key",
        ),
        ("meridina.toml", 'select = "MER"\n', 1, "select takes a list of strings"),
        ("meridina.toml", 'color = "pink"\n', 1, "color takes one of: auto, always, never"),
        ("meridina.toml", "[rulings.chess]\nx = 1\n", 1, "unknown game 'chess'"),
        (
            "pyproject.toml",
            '[tool.meridina.rulings.meridian]\n\nown-push = "chain"\nown-pushes = "any"\n',
            4,
            "unknown meridian ruling 'own-pushes'",
        ),
        ("meridina.toml", "[rulings.medina]\n\nmin-roof-size = -3\n", 3, "min-roof-size"),
        ("meridina.toml", "select = [\n", 1, "not valid TOML"),
    ],
)
def test_a_bad_config_is_exit_2_naming_file_and_line(
    project: Path, name: str, text: str, line: int, message: str
) -> None:
    (project / name).write_text(text, "utf-8")
    result = run("validate", "roof.mrec")
    assert result.exit_code == 2
    where = f"meridina: {project / name}:" + ("" if "TOML" in message else f"{line}: ")
    assert result.stderr.startswith(where), result.stderr
    assert message in result.stderr


# what a pull request can put in its own config file to switch the gate off
SWITCHED_OFF = 'exit-zero = true\nignore = ["MER", "MED", "REC", "DATA"]\n'


def test_config_reads_that_file_alone(
    project: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    (project / "meridina.toml").write_text(SWITCHED_OFF, "utf-8")
    assert run("validate", "meridian.mrec").exit_code == 0  # the pull request's own settings
    base = tmp_path_factory.mktemp("base") / "base.toml"
    base.write_text('select = ["MER-"]\nformat = "json"\n', "utf-8")
    result = run("validate", "meridian.mrec", "medina.mrec", "--config", str(base))
    assert result.exit_code == 1
    assert rules_found(result) == ["MER-R2"]


def test_isolated_reads_no_config_file(project: Path) -> None:
    (project / "meridina.toml").write_text(SWITCHED_OFF, "utf-8")
    for args in (("validate", "meridian.mrec"), ("score", "meridian.mrec", "--game", "1")):
        result = run(*args, "--isolated")
        assert result.exit_code == 1, (args, result.output)


def test_config_and_isolated_together_is_a_usage_error(project: Path) -> None:
    (project / "meridina.toml").write_text(SWITCHED_OFF, "utf-8")
    result = run("validate", "meridian.mrec", "--isolated", "--config", "meridina.toml")
    assert result.exit_code == 2
    assert "--config and --isolated" in result.stderr


def test_a_config_file_that_is_missing_is_exit_2(project: Path) -> None:
    result = run("validate", "meridian.mrec", "--config", "nowhere.toml")
    assert result.exit_code == 2
    assert "nowhere.toml" in result.stderr


@pytest.mark.parametrize(
    "command", ["validate", "score", "replay", "annotate", "generate", "record", "table"]
)
def test_every_command_that_reads_config_takes_config_and_isolated(command: str) -> None:
    shown = run(command, "--help").stdout
    assert "--config FILE" in shown and "--isolated" in shown


def test_a_pyproject_given_by_config_is_read_at_its_tool_table(
    project: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    base = tmp_path_factory.mktemp("base") / "base-pyproject.toml"
    base.write_text('[project]\nname = "club"\n[tool.meridina]\nselect = ["MED-"]\n', "utf-8")
    result = run(
        "validate", "meridian.mrec", "medina.mrec", "--config", str(base), "--format", "json"
    )
    assert rules_found(result) == ["MED-R1"]


def test_pyproject_is_read_as_toml_not_searched_as_text(project: Path) -> None:
    # a table header inside a string is no table; a dotted key is one
    (project / "records" / "pyproject.toml").write_text(
        '[project]\ndescription = """\n[tool.meridina]\n"""\n', "utf-8"
    )
    (project / "pyproject.toml").write_text(
        'tool.meridina.select = ["MED-"]\ntool.meridina.format = "json"\n', "utf-8"
    )
    assert rules_found(run("validate", "meridian.mrec", "medina.mrec")) == ["MED-R1"]


def test_a_pyproject_read_again_unchanged_is_parsed_once(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import meridina.cli.files.config as config

    parsed: list[str] = []
    parse = config._parse

    def counted(path: Path, text: str) -> TomlTable:
        parsed.append(text)
        return parse(path, text)

    monkeypatch.setattr(config, "_parse", counted)
    # a file of its own, passed over (no table) by one command after another
    passed_over = '[project]\nname = "passed-over-once"\n'
    (project / "pyproject.toml").write_text(passed_over, "utf-8")
    for _ in range(3):
        assert run("validate", "medina.mrec").exit_code == 1
    assert parsed.count(passed_over) == 1
    # changed, even to the same size, it is read anew: its table counts from then on
    same_size = '[tool.meridina]\nselect = ["MED-1"]\n'
    same_size += " " * (len(passed_over) - len(same_size))
    (project / "pyproject.toml").write_text(same_size, "utf-8")
    assert len(same_size) == len(passed_over)
    assert rules_found(run("validate", "--format", "json", "medina.mrec")) == []
