"""A record that is a symbolic link is refused (REC-0), and nothing is written through a link.

A pull request can commit ``records/a.mrec -> ../../secrets/token``: read, the link
would show the secret in the output (quoted in a message, a source line, a diff).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import record, run_cli

SECRET = "ghp_SECRETTOKEN1234567890"


@pytest.fixture
def checkout(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A checkout whose records folder holds a good record and a link to a secret outside."""
    secrets = tmp_path / "secrets"
    secrets.mkdir()
    (secrets / "git-credentials").write_text(f"https://user:{SECRET}@example.org\n", "utf-8")
    (secrets / "token.mrec").write_text(record(f"1. orange 7: 3@2 {{ {SECRET} }}", SECRET))
    root = tmp_path / "checkout"
    (root / "records").mkdir(parents=True)
    (root / "records" / "good.mrec").write_text(record("1. orange 7: 3@2"), "utf-8")
    (root / "records" / "a.mrec").symlink_to(secrets / "git-credentials")
    (root / "records" / "b.mrec").symlink_to(secrets / "token.mrec")
    (root / "meridina.toml").write_text("show-source = true\n", "utf-8")
    monkeypatch.chdir(root)
    return root


@pytest.mark.parametrize("output_format", ["text", "json", "github", "junit", "sarif"])
@pytest.mark.parametrize("given", [["records"], ["records/a.mrec", "records/b.mrec"]])
def test_a_linked_record_is_refused_and_nothing_of_it_is_shown(
    checkout: Path, output_format: str, given: list[str]
) -> None:
    result = run_cli("validate", *given, "--format", output_format, "--show-source")
    assert result.exit_code == 2
    everything = result.stdout + result.stderr
    assert SECRET not in everything
    assert "symbolic link" in everything and "REC-0" in everything


@pytest.mark.parametrize("command", ["replay", "score", "draw"])
def test_other_commands_refuse_a_linked_record(checkout: Path, command: str) -> None:
    result = run_cli(command, "records/b.mrec")
    assert result.exit_code == 2
    assert SECRET not in result.stdout + result.stderr
    assert "symbolic link" in result.stderr


@pytest.mark.parametrize("mode", ["--diff", "--check", "--in-place"])
def test_annotate_neither_shows_nor_writes_through_a_link(checkout: Path, mode: str) -> None:
    target = checkout.parent / "secrets" / "token.mrec"
    before = target.read_text("utf-8")
    result = run_cli("annotate", mode, "records/b.mrec", "records/a.mrec")
    assert result.exit_code == 2
    assert SECRET not in result.stdout + result.stderr
    assert target.read_text("utf-8") == before
    assert (checkout / "records" / "b.mrec").is_symlink()


def test_a_report_is_not_written_through_a_link(checkout: Path) -> None:
    target = checkout.parent / "secrets" / "git-credentials"
    before = target.read_text("utf-8")
    (checkout / "report.xml").symlink_to(target)
    result = run_cli("validate", "records/good.mrec", "--format", "junit", "-o", "report.xml")
    assert result.exit_code == 2
    assert "symbolic link" in result.stderr
    assert target.read_text("utf-8") == before
