"""``meridina rules``: rule texts from the installed package, and ``python -m meridina``."""

from __future__ import annotations

import json
import subprocess
import sys
from importlib.resources import files
from pathlib import Path

import pytest
from click.testing import CliRunner
from meridina.cli.formats.rule_texts import matching, rule_text
from meridina.cli.main import cli
from meridina.rules.codes import CODES, title

if sys.version_info >= (3, 11):
    import tomllib
else:  # Python 3.10
    import tomli as tomllib

TOP = Path(__file__).resolve().parent.parent


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["rules", *args])
    return result.exit_code, result.stdout, result.stderr


def test_one_rule_prints_its_title_and_the_digests_text() -> None:
    code, out, _ = run("MER-R3")
    assert code == 0
    first, _, body = out.partition("\n\n")
    assert first.startswith("MER-R3 \N{EN DASH} Taller towers stand higher")
    digest = (TOP / "seeds" / "MERIDIAN.md").read_text("utf-8")
    paragraph = digest.split("**MER-R3 \N{EN DASH} Taller towers stand higher.**")[1].split("\n\n")[
        0
    ]
    assert body.strip() == paragraph.strip()


def test_a_rule_comes_with_the_rulings_that_concern_it() -> None:
    code, out, _ = run("MER-R7")
    assert code == 0
    _, _, rulings = out.partition("\nRulings:\n")
    assert rulings.startswith("- own-push: chain, never, any (default chain).")


def test_a_notation_code_prints_its_row_of_the_notation_guide() -> None:
    code, out, _ = run("rec-1")
    assert code == 0
    assert out.startswith("REC-1 \N{EN DASH} Syntax")
    assert "costs only that turn" in out


def test_every_code_has_a_text() -> None:
    missing = [code for code in CODES if not (found := rule_text(code)) or not found.text]
    assert missing == []


def test_a_prefix_lists_its_group_with_titles() -> None:
    code, out, _ = run("MED-T")
    assert code == 0
    lines = out.splitlines()
    assert [line.split()[0] for line in lines] == [f"MED-T{n}" for n in range(1, 7)]
    assert lines[1].split(None, 1)[1] == title("MED-T2")


def test_no_argument_lists_every_rule() -> None:
    code, out, _ = run()
    assert code == 0
    listed = [line.split()[0] for line in out.splitlines()]
    assert sorted(listed) == sorted(CODES)
    assert listed.index("MER-R1") < listed.index("MER-R8") < listed.index("MER-R9")
    assert listed.index("MER-R9") < listed.index("MER-R10") < listed.index("MER-R11")


def test_the_rules_of_a_group_are_listed_by_number() -> None:
    for group in ("MER-S", "MER-T", "MER-R", "MER-E", "MED-T", "MED-R", "REC-"):
        code, out, _ = run(group)
        assert code == 0
        numbers = [int(line.split()[0].removeprefix(group)) for line in out.splitlines()]
        assert numbers == sorted(numbers) and numbers, group
    _, out, _ = run("MER-R")
    assert [line.split()[0] for line in out.splitlines()][-4:] == [
        "MER-R8",
        "MER-R9",
        "MER-R10",
        "MER-R11",
    ]


def test_prefix_groups() -> None:
    assert matching("MER") == matching("mer-")
    assert sorted(matching("MER")) == sorted(c for c in CODES if c.startswith("MER-"))
    assert "MED-TT1" not in matching("MED-T")
    assert matching("M") == []


def test_json_carries_a_title_per_rule() -> None:
    code, out, _ = run("REC", "--format", "json")
    assert code == 0
    assert json.loads(out) == {
        "rules": [{"id": c, "title": title(c)} for c in CODES if c.startswith("REC-")]
    }
    code, out, _ = run("MER-R1", "--format", "json")
    data = json.loads(out)
    assert (data["id"], data["title"], data["source"]) == ("MER-R1", "Tower height", "MERIDIAN.md")
    assert data["text"].startswith("A tower has at least 1 piece.")
    assert [r.split(":")[0] for r in data["rulings"]] == ["empty-meridian"]


def test_an_unknown_rule_is_a_usage_error_with_a_suggestion() -> None:
    code, out, err = run("MER-X9")
    assert (code, out) == (2, "")
    assert "did you mean 'MER-R9'?" in err


# ---------------------------------------------------------------- installed, not read from the tree


def test_the_texts_are_package_data() -> None:
    for package, name, source in (
        ("meridina", "MERIDIAN.md", "seeds/MERIDIAN.md"),
        ("meridina", "MEDINA.md", "seeds/MEDINA.md"),
        ("meridina.notation", "README.md", "notation/README.md"),
    ):
        installed = files(package).joinpath(name).read_text("utf-8")
        assert installed == (TOP / source).read_text("utf-8")


def test_pyproject_installs_the_texts_and_the_top_package() -> None:
    config = tomllib.loads((TOP / "pyproject.toml").read_text("utf-8"))["tool"]["setuptools"]
    assert config["package-dir"]["meridina"] == "seeds"
    assert "meridina" in config["packages"]
    assert "*.md" in config["package-data"]["meridina"]
    assert "README.md" in config["package-data"]["meridina.notation"]
    assert (TOP / "seeds" / "__main__.py").is_file()


@pytest.mark.parametrize("args", [["rules", "MER-R3"], ["--help"]])
def test_python_dash_m_meridina(args: list[str]) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "meridina", *args],
        capture_output=True,
        text=True,
        check=False,
        cwd=TOP / "tests",
    )
    assert done.returncode == 0, done.stderr
    expected = (
        "MER-R3 \N{EN DASH} Taller towers stand higher"
        if args[0] == "rules"
        else "Usage: meridina [OPTIONS] COMMAND"
    )
    assert expected in done.stdout


def test_shell_completion_as_the_documentation_describes_it() -> None:
    result = CliRunner().invoke(
        cli,
        [],
        prog_name="meridina",
        env={"_MERIDINA_COMPLETE": "bash_complete", "COMP_WORDS": "meridina ru", "COMP_CWORD": "1"},
    )
    assert result.exit_code == 0
    assert result.stdout.splitlines() == ["plain,rules"]
    documentation = (TOP / "docs" / "index.md").read_text("utf-8")
    assert 'eval "$(_MERIDINA_COMPLETE=bash_source meridina)"' in documentation


# Named rule sets


def test_rulesets_lists_every_set_with_what_it_decides_and_its_source() -> None:
    from meridina.rules.medina.rule_sets import RULE_SETS

    code, out, _ = run("--rulesets")
    assert code == 0
    blocks = out.strip().split("\n\n")
    assert [block.split(" ", 1)[0] for block in blocks] == list(RULE_SETS)
    french = blocks[list(RULE_SETS).index("french-variant")].splitlines()
    assert french[1] == "  decides: stuck-palace=roof"
    assert french[2] == "  other rulings: meridina's defaults"
    assert french[3].startswith("  source: ") and "dorra-spiele.de" in french[3]
    # Boardspace's engine decides every ruling: no line for the defaults
    assert "other rulings" not in blocks[0]


def test_rulesets_json_matches_its_schema_and_expands_each_set() -> None:
    import jsonschema
    from meridina.rules.medina.rule_sets import RULE_SETS
    from test_formats import shipped_schema

    code, out, _ = run("--rulesets", "--format", "json")
    assert code == 0
    data = json.loads(out)
    jsonschema.validate(data, shipped_schema("rulesets"))
    listed = {entry["name"]: entry for entry in data["rulesets"]}
    assert list(listed) == list(RULE_SETS)
    bga = listed["bga"]
    assert bga["game"] == "Medina"
    assert bga["rulings"]["setup-fields"] == "any"
    assert bga["rulings"]["min-roof-size"] == "1"  # a default, not decided by the page
    assert "min-roof-size" not in bga["decides"]
    assert listed["boardspace-100"]["rulings"]["retire-colours"] == "no"
    broken = {**data, "rulesets": [{**bga, "rulings": {"tie-break": 1}}]}
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(broken, shipped_schema("rulesets"))


def test_rulesets_takes_no_rule() -> None:
    code, _, err = run("MED-R3", "--rulesets")
    assert code == 2
    assert "--rulesets lists every set" in err
